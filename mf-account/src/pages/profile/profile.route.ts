import type { PageRoute } from 'first-paint/page-route';
import { markedMember } from 'first-paint/vite/samples';

export default {
  path: '/profile',
  title: 'Profile',
  loginToast: 'Please login to access your profile',
  page: () => import('./profile-page.tsx'),
  firstPaint: {
    // The member's photo, or the default avatar; the activity counters show loading, as the page first does.
    pictures: {
      samples: [
        { member: markedMember(['displayName', 'email', 'photoURL']) },
        { member: markedMember(['displayName', 'email'], ['photoURL']) },
      ],
    },
  },
} satisfies PageRoute;
