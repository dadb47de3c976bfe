/**
 * Sends the page's early request (early-request.ts) as soon as its token is known (a returning member's, once
 * Firebase has answered), unless the app has dropped the head start's responses by then; preloads the pictures the
 * answer names; then draws the page with it.
 */
import { uploadedImageSrcSet } from 'artifact-model/uploaded-image';
import { hint } from './dom.ts';
import { drawWithData, type PageToDraw } from './draw.ts';
import { earlyRequestUrl, type EarlyRequest } from './early-request.ts';
import { fallBack } from './state.ts';

export async function sendEarlyRequest(
  page: PageToDraw & { request: EarlyRequest },
  apiBaseUrl: string,
  drawsWithData: boolean,
): Promise<unknown> {
  const { state, request } = page;
  const member = request.withToken ? await page.session : null;
  if (request.withToken && !member) return fallBack(state, 'no member');
  if (!state.apiResponses) return fallBack(state, 'early requests dropped');
  // The headers the API client sends: the same request, so the same answer.
  const authorization = member ? `Bearer ${member.token}` : undefined;
  const url = earlyRequestUrl(request, location.href, apiBaseUrl, page.pathParams);
  const apiResponse = fetch(url, {
    headers: authorization
      ? { Accept: 'application/json', Authorization: authorization }
      : { Accept: 'application/json' },
  });
  state.apiResponses[url] = { response: apiResponse, authorization };
  const { count = 0, sizes } = request.images ?? {};
  return apiResponse
    .then(async (response) => {
      if (!response.ok) return void fallBack(state, 'early request failed', response.status);
      return count || drawsWithData
        ? { data: (await response.clone().json()) as unknown, headers: response.headers }
        : undefined;
    })
    .then((answer) => {
      if (answer === undefined) return;
      const body = answer.data;
      // The pictures the answer names, as soon as it names them: the page would find them only once its code ran.
      const items = (Array.isArray(body) ? body : [body]).slice(0, count) as { image?: unknown }[];
      for (const { image } of items) {
        if (typeof image !== 'string' || !/^https?:/.test(image)) continue;
        hint({
          rel: 'preload',
          as: 'image',
          fetchpriority: 'high',
          href: image,
          imagesrcset: uploadedImageSrcSet(image),
          imagesizes: sizes,
        });
      }
      return drawWithData(page, answer);
    })
    .catch((error: unknown) => fallBack(state, 'early request failed', error));
}
