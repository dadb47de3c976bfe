/**
 * The build's guess of the page the location shows (HeadStartSettings.expectedPages): the remotes' pages as the
 * shell's build read them from their route modules (vite/expected-pages.ts). The manifests decide (find-page.ts), but
 * they are in only a round trip or two after remotes.json. Until then the head start acts on the guess where waiting
 * for them would delay the page: a returning member's Firebase, the shell's code on a page not prerendered, and the
 * page's early request start at once (entry.ts). On a slow link, waiting for the manifests first made a returning
 * member's page 15 % later (its token refresh went out 300 ms later) and a signed-in member's page live 12-14 % later
 * (bench/results/web-readings.md).
 */
import type { EarlyRequest } from './early-request.ts';
import type { FoundPage } from './find-page.ts';
import type { PageRoute } from '../page-route.ts';
import { matchPath, pathPattern } from './page-route.ts';

/** What the head start needs to know of a page before its manifest is in. */
export interface ExpectedPage {
  prerendered?: true;
  membersOnly?: true;
  /** Its early request, as its manifest publishes it (`requestPreloads`). */
  request?: EarlyRequest;
}

/** The guess, by the pages' path patterns. */
export type ExpectedPages = Record<string, ExpectedPage>;

/** The guess made of the remotes' route modules, as their manifests publish them (`pages`, `requestPreloads`). */
export function expectedPagesOf(routes: ReadonlyArray<Omit<PageRoute, 'page'>>): ExpectedPages {
  return Object.fromEntries(
    routes.map(({ path, loginToast, firstPaint }) => [
      pathPattern(path),
      {
        ...(firstPaint?.prerendered && { prerendered: true as const }),
        ...(loginToast !== undefined && { membersOnly: true as const }),
        ...(firstPaint?.earlyRequest && { request: firstPaint.earlyRequest }),
      },
    ]),
  );
}

/** The page the guess expects at `pathname`, if any, with the route's parameters. */
export function expectedPage(
  pathname: string,
  expected: ExpectedPages,
): (ExpectedPage & { pathParams: Record<string, string> }) | undefined {
  for (const [pattern, page] of Object.entries(expected)) {
    const match = matchPath(pattern, pathname);
    if (match) return { ...page, pathParams: { ...match.groups } };
  }
  return undefined;
}

/** Whether the manifest's early request is the one the guess sent (the same object, written by the same build). */
export const sameRequest = (guessed: EarlyRequest | undefined, published: EarlyRequest | undefined) =>
  JSON.stringify(guessed) === JSON.stringify(published);

/** Whether the page the manifests publish (or none: null) is the one the guess expected. */
export const guessedRight = (guess: ExpectedPage, found: FoundPage | null) =>
  found !== null && !!guess.prerendered === found.prerendered && !!guess.membersOnly === found.membersOnly;
