import type { PageRoute } from 'shared-ui/shell-remote-contract';

export default {
  path: '/about',
  lazy: () => import('./about-page.tsx'),
  handle: { title: 'About', links: [{ in: 'navbar', label: 'About', order: 40 }] },
} satisfies PageRoute;
