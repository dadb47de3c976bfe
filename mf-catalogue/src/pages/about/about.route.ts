import type { PageRoute } from 'first-paint/page-route';

export default {
  path: '/about',
  title: 'About',
  page: () => import('./about-page.tsx'),
  firstPaint: { prerendered: true },
} satisfies PageRoute;
