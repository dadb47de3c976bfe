/**
 * A page's early request: its first API request, sent by the head start before any of the app's code has run. A page
 * that shows data asks for it only once the shell and the page have downloaded and rendered (half a second and
 * more); the request itself then takes 20-150 ms more. A remote names, for an exposed page, the GET the page makes as
 * it opens; the build publishes it in the remote's manifest (`requestPreloads`, vite/remote.ts), the
 * head start sends it as soon as the manifest arrives (send-early-request.ts), and the API client hands the response
 * to the page's own request for the same URL, once (shared-ui/src/api/api-client.ts, hand-over/take.ts).
 *
 * A member's page names its request `withToken`: the head start sends it only while the stored ID token is usable
 * (spec section 4, shared-ui/src/auth/token-claims.ts) and with that token, and the API client hands the response
 * only to a request carrying the same token. Each response is taken once and never kept: nothing of one member's
 * can reach another.
 */

/** One query parameter: a fixed value, or the page URL's parameter of that name, trimmed and left out when blank. */
export type EarlyRequestParam = [name: string, value: string | { fromPage: string }];

export interface EarlyRequest {
  /**
   * The path under the API's base URL, as the page's request has it ('/artifacts/top-liked'); a `:name` segment is
   * the page route's parameter of that name ('/api/artifacts/:id' on '/artifact-details/:id').
   */
  path: string;
  /** The query, in the order the page's request writes it. */
  query?: EarlyRequestParam[];
  /** Sent only with a member's token: the stored one while it is usable, or the one Firebase has just refreshed. */
  withToken?: true;
  /**
   * The answer's pictures the page shows first (the `image` of the artifact, or of the first `count` artifacts of a
   * list), preloaded as the page's <img> will ask for them, with these `sizes`.
   */
  images?: { count: number; sizes: string };
}

/**
 * The page URL's parameters the request takes (`fromPage`), by name, trimmed, '' when absent or blank: what the
 * answer depends on besides the path, so a page drawn with it (picture.ts) can be drawn for exactly these.
 */
export function earlyRequestSearch(request: EarlyRequest, pageUrl: string): Record<string, string> {
  const pageParams = new URL(pageUrl).searchParams;
  return Object.fromEntries(
    (request.query ?? []).flatMap(([, value]) =>
      typeof value === 'string' ? [] : [[value.fromPage, (pageParams.get(value.fromPage) ?? '').trim()]],
    ),
  );
}

/**
 * The URL the page will ask for, opened at `pageUrl` with the route's `pathParams` (the head start bundles it).
 */
export function earlyRequestUrl(
  request: EarlyRequest,
  pageUrl: string,
  apiBaseUrl: string,
  pathParams: Record<string, string> = {},
): string {
  const pageSearch = earlyRequestSearch(request, pageUrl);
  const path = request.path.replace(/:([\w-]+)/g, (_, name: string) =>
    encodeURIComponent(pathParams[name] ?? ''),
  );
  const query = new URLSearchParams();
  for (const [name, value] of request.query ?? []) {
    const resolved = typeof value === 'string' ? value : pageSearch[value.fromPage];
    if (resolved) query.set(name, resolved);
  }
  const search = query.toString();
  return `${apiBaseUrl.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
}
