import type { PageRoute } from 'shared-ui/shell-remote-contract';

export default {
  path: '/my-artifacts',
  lazy: () => import('./my-artifacts-page.tsx'),
  handle: {
    title: 'My Artifacts',
    loginToast: 'Please login to view your artifacts',
    links: [{ in: 'member-menu', label: 'My Artifacts', order: 20 }],
  },
} satisfies PageRoute;
