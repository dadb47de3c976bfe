import type { PageRoute } from 'first-paint/page-route';

export default {
  path: '/contact',
  title: 'Contact',
  page: () => import('./contact-page.tsx'),
  firstPaint: { prerendered: true },
} satisfies PageRoute;
