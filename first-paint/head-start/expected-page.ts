/**
 * The build's guess of the page the location shows (HeadStartSettings.expectedPages): the remotes' pages as the
 * shell's build read them from their route modules (vite/expected-pages.ts). The manifests decide (find-page.ts), but
 * they are in only a round trip or two after remotes.json. Until then the head start acts on the guess where waiting
 * for them would delay the page: a returning member's Firebase, and the shell's code on a page not prerendered, start
 * at once (start.ts). On a slow link, waiting for the manifests first made a returning member's page 15 % later (its
 * token refresh went out 300 ms later) and a signed-in member's page live 12-14 % later (bench/README.md).
 */
import type { PublishedPage } from './manifest.ts';
import { pathPattern, type FoundPage } from './page-route.ts';
import { fallBack, type FirstPaintState } from './state.ts';

/** What the head start needs to know of a page before its manifest is in. */
export interface ExpectedPage {
  prerendered?: true;
  membersOnly?: true;
}

/** The guess: each page by its path pattern (page-route.ts, pathPattern). */
export type ExpectedPages = Record<string, ExpectedPage>;

/** The guess made of the pages the remotes publish (their manifests' `pages`). */
export function expectedPagesOf(pages: ReadonlyArray<PublishedPage & { prerendered?: true }>): ExpectedPages {
  return Object.fromEntries(
    pages.map(({ path, prerendered, loginToast }) => [
      pathPattern(path),
      {
        ...(prerendered && { prerendered }),
        ...(loginToast !== undefined && { membersOnly: true as const }),
      },
    ]),
  );
}

/** The page the guess expects at `pathname`, if any. */
export function expectedPage(pathname: string, expected: ExpectedPages): ExpectedPage | undefined {
  return Object.entries(expected).find(([pattern]) => new RegExp(pattern, 'i').test(pathname))?.[1];
}

/**
 * Whether the page the manifests publish (or none) is what `guess` expected; when not, a fallback ('page guess
 * wrong'): what the head start started on the guess has started (the shell's code, Firebase), the rest follows the
 * manifests.
 */
export function checkGuess(
  state: FirstPaintState,
  guess: ExpectedPage | undefined,
  found: FoundPage | null,
): void {
  if (guess === undefined) return;
  const right =
    found !== null &&
    !!guess.prerendered === found.prerendered &&
    !!guess.membersOnly === (found.loginToast !== undefined);
  if (!right) fallBack(state, 'page guess wrong');
}
