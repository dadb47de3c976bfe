import type { PageRoute } from 'first-paint/page-route';
import { markedMember } from 'first-paint/vite/samples';

export default {
  path: '/profile',
  title: 'Profile',
  loginToast: 'Please login to access your profile',
  page: () => import('./profile-page.tsx'),
  handle: { links: [{ in: 'member-menu', label: 'Profile', order: 10 }] },
  firstPaint: {
    // The member's photo, or the default avatar; the e-mail verified or not (the status and its button); the activity
    // counters show loading, as the page first does.
    pictures: {
      samples: [true, false].flatMap((emailVerified) => [
        { member: { ...markedMember(['displayName', 'email', 'photoURL']), emailVerified } },
        { member: { ...markedMember(['displayName', 'email'], ['photoURL']), emailVerified } },
      ]),
    },
  },
} satisfies PageRoute;
