/**
 * The API request each of this remote's member pages makes as it opens, sent by the shell's index.html with the
 * member's stored token while the page's code downloads (shared-ui/build/request-preload.ts).
 * request-preloads.test.tsx checks that each is exactly the request its page makes.
 */
import type { RequestPreload } from 'shared-ui/build/request-preload';
import { CARD_PICTURE_SIZES, PREVIEW_PICTURE_SIZES } from 'shared-ui/model/uploaded-image';

export const REQUEST_PRELOADS: Record<string, RequestPreload> = {
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
