/**
 * The app's side of the head start's requests (head-start/state.ts): remotes.json, the route's manifest and its early
 * request, each taken once, as the head start already sent them.
 */
import type { EarlyResponses } from 'shared-ui';
import type { FirstPaintState } from '../head-start/state.ts';

/** remotes.json as the head start already requested it, the first time it is asked for. */
export function takeRemotesJson(): Promise<Response> | undefined {
  const state = window.__firstPaint;
  const response = state?.remotesJson;
  if (state) delete (state as Partial<FirstPaintState>).remotesJson;
  return response;
}

/** A manifest the head start already requested, the first time the federation runtime asks for it. */
export function takeManifest(url: string): Promise<Response> | undefined {
  const manifests = window.__firstPaint?.manifests;
  const response = manifests?.[url];
  if (manifests) delete manifests[url];
  return response;
}

/**
 * The route's early request as the head start sent it, for the API client: each response once, to the first request
 * of its URL. Dropped once the visitor has moved on to another page (AppLayout) or changed data (the API client).
 */
export const earlyResponses: EarlyResponses = {
  take(url, authorization) {
    const responses = window.__firstPaint?.apiResponses;
    const early = responses?.[url];
    if (!responses || !early) return undefined;
    delete responses[url];
    // Sent with another token (or none), it may answer for someone else: the page asks for itself.
    return early.authorization === authorization ? early.response : undefined;
  },
  drop() {
    const state = window.__firstPaint;
    if (state) delete state.apiResponses;
  },
};
