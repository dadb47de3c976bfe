import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeArtifact } from '../../test/make-artifact';
import { renderWithKit } from '../../test/render';
import { ArtifactCard } from './artifact-card';
import { setReplacingPicture } from './picture-handover';

/** The animation declarations of the styles styled-components wrote for the card's classes. */
function animationRulesOf(card: HTMLElement): string[] {
  const css = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
  return [...card.classList].flatMap((name) =>
    [...css.matchAll(new RegExp(`\\.${name}\\{([^}]*)\\}`, 'g'))].flatMap(([, body]) =>
      body!.split(';').filter((declaration) => declaration.startsWith('animation')),
    ),
  );
}

afterEach(() => setReplacingPicture(false));

describe('ArtifactCard', () => {
  it('makes its entrance as it mounts, staggered by its place in the list (spec section 9)', () => {
    renderWithKit(<ArtifactCard artifact={makeArtifact()} index={2} />);
    const rules = animationRulesOf(screen.getByTestId('artifact-card'));
    expect(rules.some((rule) => rule.startsWith('animation:'))).toBe(true);
    expect(rules).toContain('animation-delay:0.4s');
  });

  it('makes none when it replaces its own picture', () => {
    setReplacingPicture(true);
    renderWithKit(<ArtifactCard artifact={makeArtifact({ name: 'Vase' })} index={2} />);
    const card = screen.getByTestId('artifact-card');
    expect(animationRulesOf(card)).toEqual([]);
    expect(card.textContent).toContain('Vase');
  });
});
