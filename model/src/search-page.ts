/** Where the search (GET /artifacts, beyond the spec) says how many it found and where its next page starts. */
export const SEARCH_PAGE_HEADERS = { total: 'X-Total-Count', nextCursor: 'X-Next-Cursor' } as const;

/** The orders the search (and All Artifacts' Sort select) offers; the first is the default, left out of a URL. */
export const ARTIFACT_SORTS = ['newest', 'oldest', 'name', 'most-liked'] as const;
export type ArtifactSort = (typeof ARTIFACT_SORTS)[number];
export const DEFAULT_ARTIFACT_SORT: ArtifactSort = 'newest';

export function isArtifactSort(value: unknown): value is ArtifactSort {
  return (ARTIFACT_SORTS as readonly unknown[]).includes(value);
}
