import {
  artifactKeys,
  infiniteQueryOptions,
  keepPreviousData,
  queryClient,
  useInfiniteQuery,
  type Artifact,
} from 'shared-ui';
import { searchArtifacts, type ArtifactSearch } from '../../data/catalogue-api';
import { PAGE_SIZE } from './page-size';
import { FETCH_ARTIFACTS_FAILED } from './all-artifacts-texts';
import type { ListSearch } from './use-search-query';

export interface ArtifactPages {
  items: Artifact[];
  total: number;
  nextCursor: string | null;
  failed: boolean;
  loadingMore: boolean;
}

/**
 * The server's search, a page at a time (GET /artifacts?q=&type=&sort=&limit=&cursor=), so the first cards show at
 * once however large the collection is. A new search keeps the previous results on screen, marked stale, until
 * its first page arrives.
 */
export const artifactPagesQuery = ({ term, type, sort }: ListSearch) => {
  // The default order is not sent: it is the API's own (one key for the newest-first list however it was asked for).
  const search: ArtifactSearch = { q: term, type, ...(sort && { sort }), limit: PAGE_SIZE };
  return infiniteQueryOptions({
    queryKey: artifactKeys.search(search),
    queryFn: ({ signal, pageParam }) => searchArtifacts({ ...search, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
    meta: { errorToast: { fallback: FETCH_ARTIFACTS_FAILED } },
  });
};

export function useArtifactPages(listSearch: ListSearch) {
  const search = artifactPagesQuery(listSearch);
  const query = useInfiniteQuery(search);
  const pages = query.data?.pages ?? [];
  // The collection can change between pages: never show one artifact twice.
  const items = [...new Map(pages.flatMap((page) => page.items).map((item) => [item._id, item])).values()];
  const last = pages.at(-1);
  const shown: ArtifactPages | null =
    query.isError && !last
      ? { items: [], total: 0, nextCursor: null, failed: true, loadingMore: false }
      : last
        ? {
            items,
            total: last.total,
            nextCursor: last.nextCursor,
            failed: false,
            loadingMore: query.isFetchingNextPage,
          }
        : null;

  return {
    /** The results of the current search, or null while its first page loads. */
    current: query.isPlaceholderData ? null : shown,
    /** The last results shown, while the current search loads. */
    stale: query.isPlaceholderData ? shown : null,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetching) void query.fetchNextPage();
    },
    retry: () => void queryClient.resetQueries({ queryKey: search.queryKey }),
  };
}
