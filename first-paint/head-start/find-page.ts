/**
 * The remote page the location shows, from the pages the remotes publish in their manifests (page-route.ts): every
 * manifest remotes.json names is fetched at once, the build's guess of each beside remotes.json itself, and the first
 * that publishes a page for the path decides. The app takes each response once (hand-over/take.ts). Null when none
 * publishes one; undefined when remotes.json or a manifest failed, so the page may be one of theirs.
 */
import {
  likelyManifestUrl,
  pageOf,
  routerPathname,
  type FoundPage,
  type RemoteManifest,
} from './page-route.ts';
import { fallBack, type FirstPaintState } from './state.ts';

export function findPage(
  state: FirstPaintState,
  builtRemotes: Record<string, string>,
): Promise<FoundPage | null | undefined> {
  const pathname = routerPathname(state);
  const guesses = new Map<string, Promise<Response>>();
  for (const built of Object.values(builtRemotes)) {
    const guess = likelyManifestUrl(built);
    // Handled below, once remotes.json has said whether it is the one.
    if (guess)
      guesses
        .set(guess, fetch(guess))
        .get(guess)!
        .catch(() => undefined);
  }
  return state.remotesJson
    .then(
      (response) => (response.ok ? (response.clone().json() as Promise<Record<string, string>>) : null),
      () => null,
    )
    .then((remotes) => {
      if (!remotes || Object.keys(remotes).length === 0) {
        fallBack(state, 'no manifest in remotes.json');
        return undefined;
      }
      const named = new Set(Object.values(remotes));
      if ([...guesses.keys()].some((guess) => !named.has(guess))) fallBack(state, 'manifest guess dropped');
      return new Promise<FoundPage | null | undefined>((resolve) => {
        let failed = false;
        const lookups = Object.entries(remotes).map(async ([remote, manifestUrl]) => {
          const manifestResponse = guesses.get(manifestUrl) ?? fetch(manifestUrl);
          state.manifests[manifestUrl] = manifestResponse;
          const response = await manifestResponse.catch((error: unknown) => error);
          if (!(response instanceof Response) || !response.ok) {
            failed = true;
            return fallBack(
              state,
              'manifest failed',
              response instanceof Response ? response.status : response,
            );
          }
          const manifest = (await response.clone().json()) as RemoteManifest;
          const found = pageOf(pathname, remote, manifestUrl, manifest);
          if (found) resolve(found);
        });
        lookups.forEach((lookup) =>
          lookup.catch((error: unknown) => {
            failed = true;
            fallBack(state, 'manifest failed', error);
          }),
        );
        void Promise.allSettled(lookups).then(() => resolve(failed ? undefined : null));
      });
    })
    .then((found) => {
      if (found === null) fallBack(state, 'not a remote page');
      return found;
    });
}
