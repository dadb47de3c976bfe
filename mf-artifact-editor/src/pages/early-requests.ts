/**
 * The API request each of this remote's member pages makes as it opens, sent by the shell's index.html with the
 * member's stored token while the page's code downloads (first-paint/head-start/early-request.ts).
 * early-requests.test.tsx checks that each is exactly the request its page makes.
 */
import type { EarlyRequest } from 'first-paint/head-start/early-request';
import { CARD_PICTURE_SIZES, PREVIEW_PICTURE_SIZES } from 'artifact-model/uploaded-image';

export const EARLY_REQUESTS: Record<string, EarlyRequest> = {
  './MyArtifacts': {
    path: '/artifacts/user/me',
    withToken: true,
    images: { count: 3, sizes: CARD_PICTURE_SIZES },
  },
  // The form previews the artifact's image: the page's largest picture.
  './UpdateArtifact': {
    path: '/api/artifacts/:id',
    withToken: true,
    images: { count: 1, sizes: PREVIEW_PICTURE_SIZES },
  },
};
