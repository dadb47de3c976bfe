import type { PageRoute } from 'shared-ui/shell-remote-contract';

export default {
  path: '/liked-artifacts',
  lazy: () => import('./liked-artifacts-page.tsx'),
  handle: {
    title: 'Liked Artifacts',
    loginToast: 'Please login to view your liked artifacts',
    links: [
      { in: 'member-menu', label: 'Liked Artifacts', order: 30 },
      { in: 'footer', label: 'Liked Artifacts', order: 30 },
    ],
  },
} satisfies PageRoute;
