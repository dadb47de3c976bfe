/**
 * What the head start leaves on `window.__firstPaint` for the app to take (hand-over/take.ts), and why it fell back
 * wherever it did: each fallback is a `console.debug` line starting 'first paint:' with its reason, and a count under
 * that reason in `window.__firstPaint.fallbacks`, which the bench reports.
 */
export interface FirstPaintState {
  remotesJson: Promise<Response>;
  /** Manifest responses by URL, for the federation runtime's fetch hook. */
  manifests: Record<string, Promise<Response>>;
  /**
   * The route's early request by URL, with the Authorization header it carried (a member page's), for the API
   * client; gone once the app has dropped them.
   */
  apiResponses?: Record<string, { response: Promise<Response>; authorization?: string }>;
  fallbacks: Partial<Record<FallbackReason, number>>;
}

declare global {
  interface Window {
    __firstPaint?: FirstPaintState;
  }
}

/** Why the head start left something to the app, which then does it itself. Short, as they are in index.html. */
export type FallbackReason =
  | 'not a remote page' // the path is none of the remotes' pages (the shell renders it)
  | 'storage unreadable' // the stored token could not be read (the app decides who is signed in)
  | 'malformed path' // the path's percent-encoding is malformed (matched as it is, as React Router does)
  | 'no manifest in remotes.json' // it failed or names no manifest (the registry reports it)
  | 'manifest guess dropped' // remotes.json names another manifest than the build's (that one is fetched)
  | 'manifest failed' // a remote's manifest did not load (the registry reports it)
  | 'page guess wrong' // the manifests publish another page than the build's guess (expected-page.ts)
  | 'pictures failed' // the page's file of pictures did not load
  | 'firebase failed' // Firebase's session did not load or answer (the app asks it again)
  | 'no member' // a member's page with no member known: nothing is asked for or drawn
  | 'no picture fits' // no picture of the page fits what it shows (or the member's header)
  | 'picture too late' // the live app replaced the prerendered layout first
  | 'early requests dropped' // the app dropped the early requests before this one was sent
  | 'early request failed' // the page asks for itself
  | 'early request guess dropped' // the manifest names another early request than the build's guess (it is sent)
  | 'longest wait' // a picture or Firebase took LONGEST_WAIT_MS: the shell's code starts regardless
  | 'head start failed'; // anything else the head start threw

/** Says why the head start left something to the app, and counts it. */
export function fallBack(state: FirstPaintState, reason: FallbackReason, cause?: unknown): void {
  state.fallbacks[reason] = (state.fallbacks[reason] ?? 0) + 1;
  console.debug(`first paint: ${reason}`, ...(cause === undefined ? [] : [cause]));
}
