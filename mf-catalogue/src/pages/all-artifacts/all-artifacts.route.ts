import type { PageRoute } from 'first-paint/page-route';
import { ARTIFACT_PATHS } from 'artifact-model/api-paths';
import { markedSearchPage, searchPageAnswer } from 'first-paint/vite/samples';
import { CARD_PICTURE_SIZES } from 'artifact-model/uploaded-image';
import { PAGE_SIZE } from './page-size.ts';

export default {
  path: '/all-artifacts',
  title: 'All Artifacts',
  page: () => import('./all-artifacts-page.tsx'),
  firstPaint: {
    earlyRequest: {
      path: ARTIFACT_PATHS.search,
      query: [
        ['q', { fromPage: 'q' }],
        ['type', { fromPage: 'type' }],
        ['limit', String(PAGE_SIZE)],
      ],
      // The first row of cards: the page's largest paint is among them.
      images: { count: 3, sizes: CARD_PICTURE_SIZES },
    },
    // The catalogue as every visitor opens it: no search, a full first page, more to come. A search, a type or a
    // collection of one page only is not drawn: the page shows its loading text until its code runs.
    pictures: {
      samples: [{ search: { q: '', type: '' }, ...markedSearchPage(PAGE_SIZE) }],
      answer: searchPageAnswer,
    },
  },
} satisfies PageRoute;
