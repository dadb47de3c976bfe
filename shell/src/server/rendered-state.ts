/**
 * What a server-rendered page brings for the browser to hydrate from (#53): the answers of its loaders (TanStack
 * Query's dehydrated cache) and React Router's hydration data, in a JSON data block with this id (data: the page's
 * security policy runs no inline script but its own). No data block: the page was sent client-rendered.
 */
export const RENDERED_STATE_ID = 'rendered-state';

/**
 * The state: TanStack Query's DehydratedState, React Router's HydrationState and the member the page was rendered for
 * (the auth store's user, null for a visitor), named by the shell's modules (this one stays free of imports: the
 * render service reads it too).
 */
export interface RenderedState<Queries = unknown, Router = unknown, Member = unknown> {
  queries: Queries;
  router: Router;
  member: Member | null;
}

/** The state as the page's data block: `<` escaped, so no text of the data can close the element. */
export const renderedStateHtml = (state: RenderedState) =>
  `<script type="application/json" id="${RENDERED_STATE_ID}">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`;

/** The state the server wrote into this page, if it rendered it. */
export function readRenderedState<Queries, Router, Member>(): RenderedState<Queries, Router, Member> | null {
  const text = document.getElementById(RENDERED_STATE_ID)?.textContent;
  return text ? (JSON.parse(text) as RenderedState<Queries, Router, Member>) : null;
}
