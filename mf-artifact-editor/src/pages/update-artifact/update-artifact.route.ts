import type { PageRoute } from 'shared-ui/shell-remote-contract';

export default {
  path: '/update-artifact/:id',
  lazy: () => import('./update-artifact-page.tsx'),
  handle: { title: 'Update Artifact', loginToast: 'Please login to update artifacts' },
} satisfies PageRoute;
