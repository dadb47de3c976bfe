import { artifactKeys, queryOptions } from 'shared-ui';
import { fetchTopLikedArtifacts } from '../../data/catalogue-api';

export const FEATURED_FETCH_FAILED = 'Failed to fetch featured artifacts';

/** Home's most-liked artifacts (GET /artifacts/top-liked). */
export const featuredQuery = queryOptions({
  queryKey: artifactKeys.topLiked(),
  queryFn: ({ signal }) => fetchTopLikedArtifacts(signal),
  meta: { errorToast: { fallback: FEATURED_FETCH_FAILED } },
});
