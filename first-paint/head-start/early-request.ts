/**
 * A page's early request: its first API request, sent by the head start before any of the app's code has run (the
 * page would ask for it only once the shell and the page have downloaded and rendered, half a second and more). The
 * page's route module names it, its remote's build publishes it in the manifest (`requestPreloads`), and the API
 * client hands the response to the page's own request for the same URL, once (hand-over/take.ts). A member's request
 * (`withToken`) goes only with a usable token (spec section 4) and is handed only to a request carrying the same
 * token: each response is taken once and never kept, so nothing of one member's can reach another.
 */
import { uploadedImageSrcSet } from 'artifact-model/uploaded-image';
import { preloadImage } from './dom.ts';
import { fallBack, type FirstPaintState } from './state.ts';

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

/** The URL the page will ask for, opened at `pageUrl` with the route's `pathParams`. */
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

/** What the page's picture is drawn from: the early request's answer. */
export type Answer = { data: unknown; headers: Headers };

/**
 * Sends the page's early request as soon as its `session` is known (a returning member's, once Firebase has
 * answered), unless the app has dropped the head start's responses by then, and preloads the pictures the answer
 * names. Gives the answer, for the page's picture.
 */
export async function sendEarlyRequest(
  page: {
    state: FirstPaintState;
    request: EarlyRequest;
    session: Promise<{ token: string } | null>;
    pathParams: Record<string, string>;
  },
  apiBaseUrl: string,
): Promise<Answer | undefined> {
  const { state, request } = page;
  const member = request.withToken ? await page.session : null;
  if (request.withToken && !member) return void fallBack(state, 'no member');
  if (!state.apiResponses) return void fallBack(state, 'early requests dropped');
  // The headers the API client sends: the same request, so the same answer.
  const authorization = member ? `Bearer ${member.token}` : undefined;
  const url = earlyRequestUrl(request, location.href, apiBaseUrl, page.pathParams);
  const apiResponse = fetch(url, {
    headers: { Accept: 'application/json', ...(authorization && { Authorization: authorization }) },
  });
  state.apiResponses[url] = { response: apiResponse, authorization };
  const response = await apiResponse;
  if (!response.ok) return void fallBack(state, 'early request failed', response.status);
  const { count = 0, sizes } = request.images ?? {};
  const answer = { data: (await response.clone().json()) as unknown, headers: response.headers };
  // The pictures the answer names, as soon as it names them: the page would find them only once its code ran.
  const items = (Array.isArray(answer.data) ? answer.data : [answer.data]).slice(0, count);
  for (const { image } of items as { image?: unknown }[]) {
    if (typeof image !== 'string' || !/^https?:/.test(image)) continue;
    preloadImage({ href: image, imagesrcset: uploadedImageSrcSet(image), imagesizes: sizes });
  }
  return answer;
}
