/**
 * Home's largest paint is the first hero slide's picture. The build publishes it in the remote's manifest, and the
 * shell's index.html preloads it together with the page's code instead of when the page has rendered.
 * The slide renders its picture with the same media query and sizes; hero-preload.test.tsx checks that the files
 * and descriptors below are exactly what the first slide asks for, so a preload never fetches an image the page
 * does not use.
 */
import type { ImagePreload } from 'first-paint/head-start/manifest';

/** Portrait screens get the tall picture. */
export const HERO_TALL_MEDIA = '(max-aspect-ratio: 3/4)';
export const HERO_SIZES = '100vw';

const HERO_DIR = 'src/assets/hero';

export const HERO_PRELOADS: ImagePreload[] = [
  { media: HERO_TALL_MEDIA, srcset: [[`${HERO_DIR}/hero-gallery-tall-800.webp`]] },
  {
    media: `not all and ${HERO_TALL_MEDIA}`,
    sizes: HERO_SIZES,
    srcset: [
      [`${HERO_DIR}/hero-gallery-wide-960.webp`, '960w'],
      [`${HERO_DIR}/hero-gallery-wide-1280.webp`, '1280w'],
      [`${HERO_DIR}/hero-gallery-wide-1600.webp`, '1600w'],
    ],
  },
];
