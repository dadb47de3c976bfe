import type { PageRoute } from 'first-paint/page-route';

export default {
  path: '/about',
  title: 'About',
  page: () => import('./about-page.tsx'),
  handle: { links: [{ in: 'navbar', label: 'About', order: 40 }] },
  firstPaint: { prerendered: true },
} satisfies PageRoute;
