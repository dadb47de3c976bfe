import { pageDataOf, reloadQueries, sharedQueries, useQueries } from 'shared-ui';
import { likedArtifactsQuery } from '../../data/liked-artifacts';
import { STATS_FAILED } from './profile-texts';

export interface ProfileStats {
  totalLiked: number;
  totalAdded: number;
}

// The spec's own text, not the server's: the page asks for two lists, and neither message would say which failed.
const STATS_TOAST = { fallback: STATS_FAILED, exact: true, id: 'profile-stats-error' };

/** The counters come from the lengths of the member's two lists (the lists' own pages share them); either failing fails both. */
export function useProfileStats(uid: string) {
  const likedList = likedArtifactsQuery(uid, STATS_TOAST);
  const addedList = sharedQueries.myArtifacts(uid, STATS_TOAST);
  const state = useQueries({
    queries: [likedList, addedList],
    combine: ([liked, added]) =>
      pageDataOf<ProfileStats>({
        data:
          liked.data && added.data
            ? { totalLiked: liked.data.length, totalAdded: added.data.length }
            : undefined,
        isError: liked.isError || added.isError,
        error: liked.error ?? added.error,
      }),
  });
  return { state, retry: () => void reloadQueries(likedList.queryKey, addedList.queryKey) };
}
