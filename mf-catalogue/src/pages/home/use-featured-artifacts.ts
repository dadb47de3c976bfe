import {
  artifactKeys,
  errorMessage,
  pageDataOf,
  queryOptions,
  reloadQueries,
  useQuery,
  type Artifact,
} from 'shared-ui';
import { fetchTopLikedArtifacts } from '../../data/catalogue-api';

export const FEATURED_FETCH_FAILED = 'Failed to fetch featured artifacts';

export type FeaturedState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'success'; artifacts: Artifact[] };

/** Home's most-liked artifacts. */
export const featuredQuery = queryOptions({
  queryKey: artifactKeys.topLiked(),
  queryFn: ({ signal }) => fetchTopLikedArtifacts(signal),
  meta: { errorToast: { fallback: FEATURED_FETCH_FAILED } },
});

/** The most-liked artifacts (GET /artifacts/top-liked); `retry` loads them again after a failure. */
export function useFeaturedArtifacts(): FeaturedState & { retry: () => void } {
  const state = pageDataOf(useQuery(featuredQuery));
  const retry = () => void reloadQueries(featuredQuery.queryKey);
  if (state.status === 'ready') return { status: 'success', artifacts: state.data, retry };
  if (state.status === 'error')
    return { status: 'error', message: errorMessage(state.error, FEATURED_FETCH_FAILED), retry };
  return { status: 'loading', retry };
}
