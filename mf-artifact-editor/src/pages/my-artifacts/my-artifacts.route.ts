import type { PageRoute } from 'first-paint/page-route';
import { ARTIFACT_PATHS } from 'artifact-model/api-paths';
import { DRAWN_LIST_LENGTHS, markedList, markedMember } from 'first-paint/vite/samples';
import { CARD_PICTURE_SIZES } from 'artifact-model/uploaded-image';

export default {
  path: '/my-artifacts',
  title: 'My Artifacts',
  loginToast: 'Please login to view your artifacts',
  page: () => import('./my-artifacts-page.tsx'),
  handle: { links: [{ in: 'member-menu', label: 'My Artifacts', order: 20 }] },
  firstPaint: {
    earlyRequest: {
      path: ARTIFACT_PATHS.mine,
      withToken: true,
      images: { count: 3, sizes: CARD_PICTURE_SIZES },
    },
    pictures: {
      samples: DRAWN_LIST_LENGTHS.map((length) => ({ member: markedMember(), data: markedList(length) })),
    },
  },
} satisfies PageRoute;
