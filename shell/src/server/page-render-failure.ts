/** Why a page could not be rendered on the server: the render service sends it client-rendered and logs this. */
export class PageRenderFailure extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'PageRenderFailure';
  }
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** `error` as a PageRenderFailure: itself if it is one, else one saying `what` and its message, caused by it. */
export const failureOf = (error: unknown, what = '') =>
  error instanceof PageRenderFailure
    ? error
    : new PageRenderFailure(`${what}${messageOf(error)}`, { cause: error });
