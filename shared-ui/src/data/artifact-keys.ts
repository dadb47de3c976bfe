/**
 * The query-key vocabulary and the invalidation contract: what lets a remote's write refresh what the other remotes
 * show, though each remote defines its own queries (a like on Artifact Details, in mf-catalogue, changes Liked
 * Artifacts, in mf-account, and Home's most-liked).
 *
 * - Every key of artifact data starts with `artifactKeys.all`; a remote's new query takes a key under it (a new
 *   sort of the search: `artifactKeys.search({ ...search, sort })`), and so is refreshed by every write.
 * - After a write, the remote that made it calls `artifactsChanged`.
 * - A member's own data carries their uid in its key, so another account never sees it, and it is dropped when
 *   that member signs out or another signs in.
 */
import { hashKey, type QueryKey } from '@tanstack/react-query';
import { queryClient } from './query-client';

export const artifactKeys = {
  all: ['artifacts'] as const,
  topLiked: () => [...artifactKeys.all, 'top-liked'] as const,
  /** A search and its paging: the search's parameters, whatever they are, as the query sends them. */
  search: <S extends object>(search: S) => [...artifactKeys.all, 'search', search] as const,
  /** One artifact as `viewer` sees it (their vote). */
  detail: (id: string, viewer: string | undefined) =>
    [...artifactKeys.all, 'detail', id, viewer ?? null] as const,
  mine: (uid: string | undefined) => [...artifactKeys.all, 'mine', uid] as const,
  liked: (uid: string | undefined) => [...artifactKeys.all, 'liked', uid] as const,
};

/**
 * After a write: every artifact list and page may now say something else. Shown queries load again at once, the
 * rest when next shown. `except` is a query the write's own answer already brought up to date.
 */
export function artifactsChanged(except?: QueryKey): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: artifactKeys.all,
    predicate: (query) => !except || query.queryHash !== hashKey(except),
  });
}
