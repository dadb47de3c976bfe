/**
 * The query-key vocabulary and the invalidation contract: every key of artifact data under `artifactKeys.all`, a
 * member's own data keyed by their uid, `artifactsChanged` after a write (docs/architecture.md, "Each remote's data").
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
