import type { PageRoute } from 'first-paint/page-route';
import { ARTIFACT_PATHS } from 'artifact-model/api-paths';
import { markedMember, markedOwnArtifactPerType } from 'first-paint/vite/samples';
import { PREVIEW_PICTURE_SIZES } from 'artifact-model/uploaded-image';

export default {
  path: '/update-artifact/:id',
  title: 'Update Artifact',
  loginToast: 'Please login to update artifacts',
  page: () => import('./update-artifact-page.tsx'),
  firstPaint: {
    // The form previews the artifact's image: the page's largest picture.
    earlyRequest: {
      path: ARTIFACT_PATHS.byId,
      withToken: true,
      images: { count: 1, sizes: PREVIEW_PICTURE_SIZES },
    },
    // Drawn for the artifact's adder only: another member is told why they may not update it. The form holds the
    // description without an input.
    pictures: {
      samples: markedOwnArtifactPerType(['description']).map((data) => ({
        member: markedMember(['email']),
        data,
      })),
    },
  },
} satisfies PageRoute;
