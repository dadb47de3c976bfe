import type { PageRoute } from 'shared-ui/shell-remote-contract';

export default {
  path: '/artifact-details/:id',
  lazy: () => import('./artifact-details-page.tsx'),
  handle: { title: 'Artifact Details', loginToast: 'Please login to view artifact details' },
} satisfies PageRoute;
