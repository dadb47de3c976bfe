import type { PageRoute } from 'first-paint/page-route';
import { ARTIFACT_PATHS } from 'artifact-model/api-paths';
import { mark } from 'first-paint/head-start/picture';
import { markedList } from 'first-paint/vite/samples';
import { SEARCH_PAGE_HEADERS } from 'artifact-model/search-page';
import { CARD_PICTURE_SIZES } from 'artifact-model/uploaded-image';
import { PAGE_SIZE } from './page-size.ts';

// A picture's context names headers in lower case, as the Fetch API's Headers lists them.
const TOTAL = SEARCH_PAGE_HEADERS.total.toLowerCase();
const NEXT_CURSOR = SEARCH_PAGE_HEADERS.nextCursor.toLowerCase();

export default {
  path: '/all-artifacts',
  title: 'All Artifacts',
  page: () => import('./all-artifacts-page.tsx'),
  handle: {
    links: [
      { in: 'navbar', label: 'All Artifacts', order: 20 },
      { in: 'footer', label: 'Browse Artifacts', order: 10 },
    ],
  },
  firstPaint: {
    earlyRequest: {
      path: ARTIFACT_PATHS.search,
      query: [
        ['q', { fromPage: 'q' }],
        ['type', { fromPage: 'type' }],
        ['sort', { fromPage: 'sort' }],
        ['limit', String(PAGE_SIZE)],
      ],
      // The first row of cards: the page's largest paint is among them.
      images: { count: 3, sizes: CARD_PICTURE_SIZES },
    },
    // The catalogue as every visitor opens it: no search, newest first, a full first page, more to come. A search, a
    // type, a sort or a collection of one page only is not drawn: the page shows its loading text until its code runs.
    pictures: {
      samples: [
        {
          search: { q: '', type: '', sort: '' },
          data: markedList(PAGE_SIZE),
          headers: { [TOTAL]: mark(`headers.${TOTAL}`), [NEXT_CURSOR]: mark(`headers.${NEXT_CURSOR}`) },
        },
      ],
      // What searchArtifacts (src/data/catalogue-api.ts) makes of the answer. Its own parsing cannot be reused: it
      // reads the count as a number, and in a sample the count is a mark, a text.
      answer: ({ data, headers = {} }) => ({
        items: data,
        total: headers[TOTAL],
        nextCursor: headers[NEXT_CURSOR],
      }),
    },
  },
} satisfies PageRoute;
