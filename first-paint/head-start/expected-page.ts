/**
 * The build's guess of the page the location shows (HeadStartSettings.expectedPages): the remotes' pages as the
 * shell's build read them from their route modules (vite/expected-pages.ts). The manifests decide (find-page.ts), but
 * they are in only a round trip or two after remotes.json. Until then the head start acts on the guess where waiting
 * for them would delay the page: a returning member's Firebase, and the shell's code on a page not prerendered, start
 * at once (entry.ts). On a slow link, waiting for the manifests first made a returning member's page 15 % later (its
 * token refresh went out 300 ms later) and a signed-in member's page live 12-14 % later (bench/README.md).
 */
import type { FoundPage } from './find-page.ts';
import type { ManifestPage } from './manifest.ts';
import { matchPath, pathPattern } from './page-route.ts';

/** What the head start needs to know of a page before its manifest is in, by the page's path pattern. */
export type ExpectedPages = Record<string, { prerendered?: true; membersOnly?: true }>;

/** The guess made of the pages the remotes publish (their manifests' `pages`). */
export function expectedPagesOf(pages: readonly ManifestPage[]): ExpectedPages {
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
export const expectedPage = (pathname: string, expected: ExpectedPages) =>
  Object.entries(expected).find(([pattern]) => matchPath(pattern, pathname))?.[1];

/** Whether the page the manifests publish (or none: null) is the one the guess expected. */
export const guessedRight = (guess: ExpectedPages[string], found: FoundPage | null) =>
  found !== null && !!guess.prerendered === found.prerendered && !!guess.membersOnly === found.membersOnly;
