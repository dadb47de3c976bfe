import type { PageRoute } from 'shared-ui/shell-remote-contract';

export default {
  path: '/',
  lazy: () => import('./home-page.tsx'),
  handle: { title: 'Home' },
} satisfies PageRoute;
