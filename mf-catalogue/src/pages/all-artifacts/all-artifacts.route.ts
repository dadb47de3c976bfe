import type { PageRoute } from 'shared-ui/shell-remote-contract';

export default {
  path: '/all-artifacts',
  lazy: () => import('./all-artifacts-page.tsx'),
  handle: { title: 'All Artifacts' },
} satisfies PageRoute;
