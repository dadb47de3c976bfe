/** Where the search (GET /artifacts, beyond the spec) says how many it found and where its next page starts. */
export const SEARCH_PAGE_HEADERS = { total: 'X-Total-Count', nextCursor: 'X-Next-Cursor' } as const;
