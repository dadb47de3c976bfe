/**
 * The API request each data page makes as it opens. The build publishes them in the manifest, and the shell's
 * index.html sends them while the page's code downloads (shared-ui/build/request-preload.ts).
 * request-preloads.test.tsx checks that each is exactly the request its page makes, so a preload never fetches
 * what the page does not use.
 */
import type { RequestPreload } from 'shared-ui/build/request-preload';
import { CARD_PICTURE_SIZES, DETAILS_PICTURE_SIZES } from 'shared-ui/model/uploaded-image';

/** All Artifacts' artifacts per request: a multiple of 1, 2 and 3 columns, and enough to fill a tall screen. */
export const PAGE_SIZE = 24;

export const REQUEST_PRELOADS: Record<string, RequestPreload> = {
  './Home': { path: '/artifacts/top-liked' },
  './AllArtifacts': {
    path: '/artifacts',
    query: [
      ['q', { fromPage: 'q' }],
      ['type', { fromPage: 'type' }],
      ['limit', String(PAGE_SIZE)],
    ],
    // The first row of cards: the page's largest paint is among them.
    images: { count: 3, sizes: CARD_PICTURE_SIZES },
  },
  './ArtifactDetails': {
    path: '/api/artifacts/:id',
    withToken: true,
    images: { count: 1, sizes: DETAILS_PICTURE_SIZES },
  },
};
