/**
 * The app's side of the head start's requests (head-start/state.ts): remotes.json, the route's manifest and its early
 * request, each taken once, as the head start already sent them.
 */
import type { EarlyResponses } from 'shared-ui';
import type { FirstPaintState } from '../head-start/state.ts';

/** `record`'s entry at `key`, taken out: the app takes each of the head start's responses once. */
function takeOnce<T>(record: Partial<Record<string, T>> | undefined, key: string): T | undefined {
  const taken = record?.[key];
  if (record) delete record[key];
  return taken;
}

/** remotes.json as the head start already requested it, the first time it is asked for. */
export function takeRemotesJson(): Promise<Response> | undefined {
  const state: Partial<FirstPaintState> | undefined = window.__firstPaint;
  const response = state?.remotesJson;
  delete state?.remotesJson;
  return response;
}

/** A manifest the head start already requested, the first time the federation runtime asks for it. */
export const takeManifest = (url: string) => takeOnce(window.__firstPaint?.manifests, url);

/**
 * The route's early request as the head start sent it, for the API client: each response once, to the first request
 * of its URL. Dropped once the visitor has moved on to another page (AppLayout) or changed data (the API client).
 */
export const earlyResponses: EarlyResponses = {
  take(url, authorization) {
    const early = takeOnce(window.__firstPaint?.apiResponses, url);
    // Sent with another token (or none), it may answer for someone else: the page asks for itself.
    return early?.authorization === authorization ? early?.response : undefined;
  },
  drop() {
    const state = window.__firstPaint;
    if (state) delete state.apiResponses;
  },
};
