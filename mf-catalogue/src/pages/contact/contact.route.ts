import type { PageRoute } from 'first-paint/page-route';

export default {
  path: '/contact',
  title: 'Contact',
  page: () => import('./contact-page.tsx'),
  handle: { links: [{ in: 'navbar', label: 'Contact', order: 50 }] },
  firstPaint: { prerendered: true },
} satisfies PageRoute;
