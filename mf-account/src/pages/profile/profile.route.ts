import type { PageRoute } from 'shared-ui/shell-remote-contract';

export default {
  path: '/profile',
  lazy: () => import('./profile-page.tsx'),
  handle: {
    title: 'Profile',
    loginToast: 'Please login to access your profile',
    links: [{ in: 'member-menu', label: 'Profile', order: 10 }],
  },
} satisfies PageRoute;
