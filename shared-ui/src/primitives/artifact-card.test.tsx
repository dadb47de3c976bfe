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

afterEach(() => {
  setReplacingPicture(false);
  // The picture's Web Animations, which the tests below put on the document.
  for (const name of ['getAnimations', 'timeline']) Reflect.deleteProperty(document, name);
});

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

  describe('replacing its own picture', () => {
    /** The entrance's animation name, as the card's styles write it (`animation:<name> 500ms ease both`). */
    const entranceName = () => {
      const { unmount } = renderWithKit(<ArtifactCard artifact={makeArtifact()} />);
      const rule = animationRulesOf(screen.getByTestId('artifact-card')).find((r) =>
        r.startsWith('animation:'),
      );
      unmount();
      return rule!.slice('animation:'.length).split(' ')[0]!;
    };
    /** The picture's animations as the browser's document.getAnimations answers (happy-dom has none), `now` ms in. */
    const pictureAnimations = (
      now: number,
      animations: Array<{ animationName: string; playState: string; startTime: number }>,
    ) => {
      Object.defineProperty(document, 'getAnimations', { value: () => animations, configurable: true });
      Object.defineProperty(document, 'timeline', { value: { currentTime: now }, configurable: true });
    };
    const delayOf = (index: number) => {
      const { unmount } = renderWithKit(
        <ArtifactCard artifact={makeArtifact({ name: 'Vase' })} index={index} />,
      );
      const card = screen.getByTestId('artifact-card');
      expect(card.textContent).toContain('Vase');
      const rules = animationRulesOf(card);
      unmount();
      return rules.find((rule) => rule.startsWith('animation-delay:')) ?? 'none';
    };

    it("carries on the picture's entrance from where it is, and makes none once that has ended", () => {
      const name = entranceName();
      setReplacingPicture(true);
      pictureAnimations(5000, [
        { animationName: 'another', playState: 'running', startTime: 0 },
        { animationName: name, playState: 'finished', startTime: 4500 },
        { animationName: name, playState: 'running', startTime: 4000 },
      ]);
      // 1 s in: the cards up to the third had ended theirs (0.4 s + 0.5 s), the fourth is part-way (0.6 s + 0.5 s).
      expect([0, 2, 3, 5].map(delayOf)).toEqual([
        'none',
        'none',
        'animation-delay:-400ms',
        'animation-delay:0ms',
      ]);
    });

    it('makes none when the picture makes no entrance, or its entrance has ended (or ended at once)', () => {
      const name = entranceName();
      setReplacingPicture(true);
      pictureAnimations(5000, []);
      expect(delayOf(2)).toBe('none');
      setReplacingPicture(true);
      pictureAnimations(5000, [{ animationName: name, playState: 'finished', startTime: 4990 }]);
      expect(delayOf(2)).toBe('none');
    });
  });
});
