/**
 * The API request each data page makes as it opens. The build publishes them in the manifest, and the shell's
 * index.html sends them while the page's code downloads (first-paint/head-start/early-request.ts).
 * early-requests.test.tsx checks that each is exactly the request its page makes, so an early request never fetches
 * what the page does not use.
 */
import type { EarlyRequest } from 'first-paint/head-start/early-request';
import { CARD_PICTURE_SIZES, DETAILS_PICTURE_SIZES } from 'artifact-model/uploaded-image';

/** All Artifacts' artifacts per request: a multiple of 1, 2 and 3 columns, and enough to fill a tall screen. */
export const PAGE_SIZE = 24;

export const EARLY_REQUESTS: Record<string, EarlyRequest> = {
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
