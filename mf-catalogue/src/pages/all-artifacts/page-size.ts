/** All Artifacts' artifacts per request: a multiple of 1, 2 and 3 columns, and enough to fill a tall screen. */
export const PAGE_SIZE = 24;
