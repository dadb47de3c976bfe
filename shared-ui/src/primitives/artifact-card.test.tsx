import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeArtifact } from '../../test/make-artifact';
import { renderWithKit } from '../../test/render';
import { ArtifactCard } from './artifact-card';

/** The animation declarations of the styles styled-components wrote for the card's classes. */
function animationRulesOf(card: HTMLElement): string[] {
  const css = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
  return [...card.classList].flatMap((name) =>
    [...css.matchAll(new RegExp(`\\.${name}\\{([^}]*)\\}`, 'g'))].flatMap(([, body]) =>
      body!.split(';').filter((declaration) => declaration.startsWith('animation')),
    ),
  );
}

describe('ArtifactCard', () => {
  it("names the artifact one level below the list's heading: h2 under a page's h1, h3 when asked (heading-order)", () => {
    const artifact = makeArtifact({ name: 'Bronze Astrolabe' });
    const { unmount } = renderWithKit(<ArtifactCard artifact={artifact} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Bronze Astrolabe' })).toBeTruthy();
    unmount();
    renderWithKit(<ArtifactCard artifact={artifact} headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Bronze Astrolabe' })).toBeTruthy();
  });

  it('makes its entrance as it mounts, staggered by its place in the list (spec section 9)', () => {
    renderWithKit(<ArtifactCard artifact={makeArtifact()} index={2} />);
    const rules = animationRulesOf(screen.getByTestId('artifact-card'));
    expect(rules.some((rule) => rule.startsWith('animation:'))).toBe(true);
    expect(rules).toContain('animation-delay:400ms');
  });

  it('loads a first-row card’s picture at once and first, any other when it nears the screen', () => {
    const { unmount } = renderWithKit(
      <ArtifactCard artifact={makeArtifact({ name: 'Sun Stone' })} priority />,
    );
    const first = screen.getByRole('img', { name: 'Sun Stone' });
    expect([first.getAttribute('loading'), first.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    unmount();
    renderWithKit(<ArtifactCard artifact={makeArtifact({ name: 'Moon Stone' })} index={4} />);
    const later = screen.getByRole('img', { name: 'Moon Stone' });
    expect([later.getAttribute('loading'), later.getAttribute('fetchpriority')]).toEqual(['lazy', 'auto']);
  });
});
