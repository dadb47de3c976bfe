import type { PageRoute } from 'shared-ui/shell-remote-contract';

export default {
  path: '/add-artifact',
  lazy: () => import('./add-artifact-page.tsx'),
  handle: {
    title: 'Add Artifact',
    loginToast: 'Please login to add artifacts',
    links: [
      { in: 'navbar', label: 'Add Artifact', order: 30 },
      { in: 'footer', label: 'Add Artifact', order: 20 },
    ],
  },
} satisfies PageRoute;
