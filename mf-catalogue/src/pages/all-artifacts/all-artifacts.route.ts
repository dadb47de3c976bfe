import type { PageRoute } from 'shared-ui/shell-remote-contract';

export default {
  path: '/all-artifacts',
  lazy: () => import('./all-artifacts-page.tsx'),
  handle: {
    title: 'All Artifacts',
    links: [
      { in: 'navbar', label: 'All Artifacts', order: 20 },
      { in: 'footer', label: 'Browse Artifacts', order: 10 },
    ],
  },
} satisfies PageRoute;
