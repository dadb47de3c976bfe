/**
 * The remote page the location shows, from the pages the remotes publish in their manifests (`pages`): every
 * manifest remotes.json names is fetched at once, the build's guess of each beside remotes.json itself, and the first
 * that publishes a page for the path decides. The app takes each response once (hand-over/take.ts).
 */
import type { FederationManifest, FirstPaintManifest } from './manifest.ts';
import { matchPath, pathPattern } from './page-route.ts';
import { fallBack, type FirstPaintState } from './state.ts';

export type RemoteManifest = FirstPaintManifest & FederationManifest;

/** A remote's page the location shows, as its manifest publishes it. */
export interface FoundPage {
  page: string;
  prerendered: boolean;
  membersOnly: boolean;
  /** The route's parameters by name, for a request path that names them ('/api/artifacts/:id'). */
  pathParams: Record<string, string>;
  /** The remote's base URL: its manifest's folder. */
  base: string;
  manifest: RemoteManifest;
}

/**
 * The manifest the build's own remotes.json names for the remote (`builtRemotes`), asked for at once, beside
 * remotes.json rather than one round trip after it (150 ms on a slow link, and its turn on a busy main thread on
 * any). remotes.json still decides: when a deployment has edited it to move the remote, the guess is dropped, one
 * wasted request. Never from a public page to this machine: a deployment that edited remotes.json rather than
 * building with the remotes' addresses would send every visitor's browser to a local port (and, in recent Chromes, a
 * prompt).
 */
function likelyManifestUrl(builtManifestUrl: string): string | undefined {
  const onLoopback = (url: string) => /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(new URL(url).hostname);
  return onLoopback(location.href) || !onLoopback(builtManifestUrl) ? builtManifestUrl : undefined;
}

/** Null when no manifest publishes the page; undefined when remotes.json or a manifest failed (it may be theirs). */
export async function findPage(
  state: FirstPaintState,
  pathname: string,
  builtRemotes: Record<string, string>,
): Promise<FoundPage | null | undefined> {
  const guesses = new Map<string, Promise<Response>>();
  for (const guess of Object.values(builtRemotes).map(likelyManifestUrl)) {
    if (!guess) continue;
    guesses.set(guess, fetch(guess));
    // Handled below, once remotes.json has said whether it is the one.
    guesses.get(guess)!.catch(() => undefined);
  }
  const remotesResponse = await state.remotesJson.catch(() => null);
  const remotes = remotesResponse?.ok
    ? ((await remotesResponse.clone().json()) as Record<string, string>)
    : null;
  if (!remotes || Object.keys(remotes).length === 0)
    return void fallBack(state, 'no manifest in remotes.json');
  const named = new Set(Object.values(remotes));
  if ([...guesses.keys()].some((guess) => !named.has(guess))) fallBack(state, 'manifest guess dropped');
  const found = await new Promise<FoundPage | null | undefined>((resolve) => {
    let failed = false;
    const fail = (cause: unknown) => void ((failed = true), fallBack(state, 'manifest failed', cause));
    const lookups = Object.values(remotes).map(async (manifestUrl) => {
      const manifestResponse = guesses.get(manifestUrl) ?? fetch(manifestUrl);
      state.manifests[manifestUrl] = manifestResponse;
      const response = await manifestResponse;
      if (!response.ok) return fail(response.status);
      const manifest = (await response.clone().json()) as RemoteManifest;
      for (const [page, { path, prerendered = false, loginToast }] of Object.entries(manifest.pages ?? {})) {
        const match = matchPath(pathPattern(path), pathname);
        if (match)
          return resolve({
            page,
            prerendered,
            membersOnly: loginToast !== undefined,
            pathParams: { ...match.groups },
            base: new URL('.', manifestUrl).href,
            manifest,
          });
      }
    });
    void Promise.all(lookups.map((lookup) => lookup.catch(fail))).then(() =>
      resolve(failed ? undefined : null),
    );
  });
  if (found === null) fallBack(state, 'not a remote page');
  return found;
}
