/**
 * Kit 1.6's queries, for the releases built against it (as ./artifacts-api.ts says): the same keys as the remotes'
 * own queries, so their writes and these pages refresh each other. Removed at 2.0.0.
 */
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { artifactKeys } from '../data/artifact-keys';
import type { ErrorToast } from '../data/query-client';
import { sharedQueries } from '../data/shared-queries';
import {
  fetchMyLikedArtifacts,
  fetchTopLikedArtifacts,
  searchArtifacts,
  type ArtifactSearch,
} from './artifacts-api';

export const artifactQueries = {
  topLiked: (errorToast: ErrorToast) =>
    queryOptions({
      queryKey: artifactKeys.topLiked(),
      queryFn: ({ signal }) => fetchTopLikedArtifacts(signal),
      meta: { errorToast },
    }),
  search: (search: Pick<ArtifactSearch, 'q' | 'type' | 'limit'>, errorToast: ErrorToast) =>
    infiniteQueryOptions({
      queryKey: artifactKeys.search(search),
      queryFn: ({ signal, pageParam }) => searchArtifacts({ ...search, cursor: pageParam }, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
      placeholderData: keepPreviousData,
      meta: { errorToast },
    }),
  detail: sharedQueries.artifact,
  mine: sharedQueries.myArtifacts,
  liked: (uid: string | undefined, errorToast: ErrorToast) =>
    queryOptions({
      queryKey: artifactKeys.liked(uid),
      queryFn: ({ signal }) => fetchMyLikedArtifacts(signal),
      enabled: !!uid,
      meta: { errorToast },
    }),
};
