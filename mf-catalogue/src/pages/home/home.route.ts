import type { PageRoute } from 'first-paint/page-route';
import { ARTIFACT_PATHS } from 'artifact-model/api-paths';
import { HERO_PRELOADS } from './hero-preload.ts';

export default {
  path: '/',
  title: 'Home',
  page: () => import('./home-page.tsx'),
  handle: { links: [{ in: 'navbar', label: 'Home', order: 10 }] },
  // Needs no data for its first screen: the shell shows it prerendered while its code loads.
  firstPaint: { prerendered: true, images: HERO_PRELOADS, earlyRequest: { path: ARTIFACT_PATHS.topLiked } },
} satisfies PageRoute;
