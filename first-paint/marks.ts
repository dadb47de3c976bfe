/**
 * What the first paint's three parts agree on: the build (vite/), the head start and the hand-over.
 * Free of imports: the shell's browser code and its inline head script read it too.
 */

/** Stands for the remote's base URL in a published page picture; the shell replaces it with where the remote lives. */
export const FIRST_PAINT_BASE = '%HERITAGE_REMOTE_BASE%/';

/** Marks index.html's prerendered layout (on #root, and on its style in the head) until the live app replaces it. */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';

/** Marks index.html's JSON block of the layout's header drawn for a member (vite/prerender-layout.ts). */
export const MEMBER_HEADER_ATTRIBUTE = 'data-member-header';

/** Marks the layout's page slot once the head start has put a picture of the page into it. */
export const PAGE_PICTURE_ATTRIBUTE = 'data-page-picture';

/**
 * Marks index.html's styles the build holds back (media="print", so the fonts they name wait): the fonts' @font-face
 * rules, 70 KB of fonts that would otherwise share a slow link with the page's code and pictures. Their text shows in
 * the fallback font meanwhile (font-display: swap).
 */
export const HELD_BACK_ATTRIBUTE = 'data-held-back';

/** Lets the held-back styles apply, and so their fonts load: once a page is on screen, or its picture is. */
export function releaseHeldBackStyles(): void {
  for (const style of document.querySelectorAll<HTMLStyleElement>(`style[${HELD_BACK_ATTRIBUTE}]`))
    style.media = 'all';
}
