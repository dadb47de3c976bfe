import type { PageRoute } from 'first-paint/page-route';
import { ARTIFACT_PATHS } from 'artifact-model/api-paths';
import { markedArtifact, markedMember } from 'first-paint/vite/samples';
import { DETAILS_PICTURE_SIZES } from 'artifact-model/uploaded-image';

export default {
  path: '/artifact-details/:id',
  title: 'Artifact Details',
  loginToast: 'Please login to view artifact details',
  page: () => import('./artifact-details-page.tsx'),
  firstPaint: {
    earlyRequest: {
      path: ARTIFACT_PATHS.byId,
      withToken: true,
      images: { count: 1, sizes: DETAILS_PICTURE_SIZES },
    },
    // The member's vote draws the Like and Dislike buttons: one picture for each.
    pictures: {
      samples: [null, 'liked' as const, 'disliked' as const].map((myVote) => ({
        member: markedMember(),
        data: markedArtifact('data', { myVote }),
      })),
    },
  },
} satisfies PageRoute;
