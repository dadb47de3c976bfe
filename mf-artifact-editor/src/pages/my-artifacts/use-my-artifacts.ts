import { useState } from 'react';
import { flushSync } from 'react-dom';
import {
  artifactsChanged,
  pageDataOf,
  queryClient,
  reloadQueries,
  sharedQueries,
  useAuthStore,
  useQuery,
} from 'shared-ui';
import { FETCH_MY_ARTIFACTS_FAILED } from './my-artifacts-texts';

/** The member's artifacts: the page's first query (PageQuery in shared-ui/src/data/page-query.ts), shared with the Profile's count. */
export const myArtifactsQuery = (uid: string | undefined) =>
  sharedQueries.myArtifacts(uid, { fallback: FETCH_MY_ARTIFACTS_FAILED, exact: true });

/** The signed-in member's artifacts (GET /artifacts/user/me), reloaded for another member or on retry. */
export function useMyArtifacts() {
  const uid = useAuthStore((s) => s.user?.uid);
  const mine = myArtifactsQuery(uid);
  // Deleted here, and so gone from the page in this very render (the cache tells its readers a moment later).
  const [deleted, setDeleted] = useState<readonly string[]>([]);
  const state = pageDataOf(
    useQuery({ ...mine, select: (list) => list.filter((a) => !deleted.includes(a._id)) }),
  );

  /** After a delete: the card goes at once, before the success dialog; every other list and page reloads. */
  const removeArtifact = (id: string) => {
    flushSync(() => setDeleted((ids) => [...ids, id]));
    queryClient.setQueryData(mine.queryKey, (artifacts) => artifacts?.filter((a) => a._id !== id));
    void artifactsChanged(mine.queryKey);
  };

  return { state, retry: () => void reloadQueries(mine.queryKey), removeArtifact };
}
