import type { PageRoute } from 'shared-ui/shell-remote-contract';

export default {
  path: '/',
  lazy: () => import('./home-page.tsx'),
  handle: { title: 'Home', links: [{ in: 'navbar', label: 'Home', order: 10 }] },
} satisfies PageRoute;
