import { screen } from '@testing-library/react';
import { renderWithKit } from 'shared-ui/test/render';
import { describe, expect, it } from 'vitest';
import { HERO_PRELOADS } from './hero-preload';
import { HeroSlideView } from './hero-slide';
import { HERO_SLIDES } from './hero-slides';

/** A srcset as the test build writes it: each source file at its path from the app's root. */
const asRendered = (srcset: [string, string?][]) =>
  srcset.map(([file, descriptor]) => [`/${file}`, descriptor].filter(Boolean).join(' ')).join(', ');

describe("Home's image preloads", () => {
  it('are exactly the pictures the first hero slide asks for, on the same screens', () => {
    const first = HERO_SLIDES[0]!;
    renderWithKit(<HeroSlideView slide={first} first />);
    const image = screen.getByRole('img', { name: first.alt });
    const source = image.parentElement!.querySelector('source')!;
    const [tall, wide] = HERO_PRELOADS;

    expect(source.getAttribute('media')).toBe(tall!.media);
    expect(source.getAttribute('srcset')).toBe(asRendered(tall!.srcset));
    // The wide picture is what the <img> shows wherever the <source> does not apply.
    expect(wide!.media).toBe(`not all and ${tall!.media}`);
    expect(image.getAttribute('srcset')).toBe(asRendered(wide!.srcset));
    expect(image.getAttribute('sizes')).toBe(wide!.sizes);
    expect(image.getAttribute('fetchpriority')).toBe('high');
  });
});
