import type { PageRoute } from 'first-paint/page-route';
import { markedMember } from 'first-paint/vite/samples';

export default {
  path: '/add-artifact',
  title: 'Add Artifact',
  loginToast: 'Please login to add artifacts',
  page: () => import('./add-artifact-page.tsx'),
  handle: {
    links: [
      { in: 'navbar', label: 'Add Artifact', order: 30 },
      { in: 'footer', label: 'Add Artifact', order: 20 },
    ],
  },
  firstPaint: {
    // The form is empty but for the member's name and e-mail, which a member without a name does not have.
    pictures: {
      samples: [
        { member: markedMember(['displayName', 'email']) },
        { member: markedMember(['email'], ['displayName']) },
      ],
    },
  },
} satisfies PageRoute;
