import type { PageRoute } from 'shared-ui/shell-remote-contract';

export default {
  path: '/contact',
  lazy: () => import('./contact-page.tsx'),
  handle: { title: 'Contact', links: [{ in: 'navbar', label: 'Contact', order: 50 }] },
} satisfies PageRoute;
