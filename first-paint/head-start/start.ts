/**
 * The head start: index.html's inline script, which runs before the shell's code (vite/head-start.ts writes it there,
 * bundled from entry.ts). The first remote page of a visit waits on a chain of requests: remotes.json, then the
 * remote's manifest, then its remoteEntry.js and the page's chunks. Left to the app, that chain starts only once the
 * shell's own JavaScript has downloaded and rendered. The head start runs it at once: it fetches remotes.json and the
 * current route's manifest (page-route.ts), modulepreloads the remote entry and the page's chunks and preloads the
 * images the page paints first (remote-hints.ts). The app takes the two responses it would have fetched, once each
 * (hand-over/take.ts).
 *
 * It paints the page first: a prerendered page's picture from the manifest, or a page with data drawn from its
 * pictures and its early request's answer (draw.ts, send-early-request.ts), into index.html's prerendered layout,
 * and the member's avatar into its header (session.ts). It starts the shell's code, taken out of index.html by the
 * build, when that allows (shell-code.ts): on a prerendered route once the picture's images are painted; on a
 * returning member's page once Firebase's module has loaded; on a page it may draw with data, its chunks at once and
 * its entry once the picture's first image is painted (or there is known to be none); on every other route at once.
 *
 * Whatever it leaves to the app, it says why (state.ts: a console.debug line, and a count per reason).
 */
import { hint, LONGEST_WAIT_MS, whenParsed } from './dom.ts';
import { drawPrerendered, drawWithData, type PageToDraw } from './draw.ts';
import type { FederationManifest, FirstPaintManifest } from './manifest.ts';
import { likelyManifestUrl, matchRoute } from './page-route.ts';
import type { Picture } from './picture.ts';
import { preloadFirstImages, preloadPageCode } from './remote-hints.ts';
import { sendEarlyRequest } from './send-early-request.ts';
import { drawHeader, firebaseSession, storedSession, type Session } from './session.ts';
import type { HeadStartSettings } from './settings.ts';
import { shellCodeStarter } from './shell-code.ts';
import { fallBack, type FirstPaintState } from './state.ts';

export function startHeadStart({ routes, shellCode, builtRemotes, apiBaseUrl }: HeadStartSettings): void {
  const state: FirstPaintState = {
    remotesJson: fetch('/remotes.json'),
    manifests: {},
    apiResponses: {},
    fallbacks: {},
  };
  window.__firstPaint = state;
  // Handled where the registry takes the response, which reports it; the chain below says it too.
  state.remotesJson.catch(() => undefined);
  const shell = shellCodeStarter(state, shellCode);
  const stored = storedSession(state);
  if (stored) whenParsed(() => drawHeader(state, stored));
  const matched = matchRoute(state, routes);
  if (!matched) return shell.start();
  const [, remote, page, prerendered, membersOnly] = matched.route;
  shell.fontsWithCode = prerendered;
  // A returning member on a member's page: Firebase must answer before the page can ask for anything. The head start
  // imports it and asks it for the member's token at once: the page's request goes, and the page is drawn, the moment
  // Firebase has refreshed it. Firebase's code comes first: the shell's waits until it has loaded (LONGEST_WAIT_MS at
  // most). On a slow link the two shared it, and the refresh went out only 2 s in.
  const returning = membersOnly && !stored;
  const sessionModule = returning
    ? (import(/* @vite-ignore */ shellCode.firebaseSession) as Promise<{
        signedInIdToken(): Promise<string | null>;
      }>)
    : null;
  const session: Promise<Session | null> = sessionModule
    ? firebaseSession(state, sessionModule)
    : Promise.resolve(stored);
  if (sessionModule) {
    for (const href of shellCode.identityProvider)
      hint({ rel: 'modulepreload', crossorigin: 'anonymous', href });
    void session.then((fresh) => fresh && whenParsed(() => drawHeader(state, fresh)));
    shell.waitFor(sessionModule);
  }
  // On a page the head start may draw with data soon (not a returning member's: theirs waits for Firebase), the
  // shell's chunks load at once, but its entry runs once the picture's first image is on screen, or once there is
  // known to be none. On a fast link the entry's first run, on the main thread, came between the picture and that
  // image's paint.
  let pictureSettled = () => {};
  if (!prerendered && !returning)
    shell.entryWaitsFor(new Promise<void>((resolve) => (pictureSettled = resolve)));
  let pictureDrawn: Promise<unknown> = Promise.resolve();
  // On a prerendered route the shell's code waits for the picture, LONGEST_WAIT_MS at most.
  if (prerendered)
    setTimeout(() => {
      if (!shell.started) fallBack(state, 'longest wait');
      shell.start();
    }, LONGEST_WAIT_MS);
  else shell.start();
  const guess = likelyManifestUrl(builtRemotes[remote]);
  const guessed = guess ? fetch(guess) : undefined;
  // Handled below, once remotes.json has said whether it is the one.
  guessed?.catch(() => undefined);
  state.remotesJson
    .then(
      (response) => (response.ok ? (response.clone().json() as Promise<Record<string, string>>) : null),
      () => null,
    )
    .then(async (remotes) => {
      const manifestUrl = remotes?.[remote];
      if (!manifestUrl) return fallBack(state, 'no manifest in remotes.json');
      if (guessed && manifestUrl !== guess) fallBack(state, 'manifest guess dropped');
      const manifestResponse = guessed && manifestUrl === guess ? guessed : fetch(manifestUrl);
      state.manifests[manifestUrl] = manifestResponse;
      const response = await manifestResponse.catch((error: unknown) => error);
      if (!(response instanceof Response) || !response.ok)
        return fallBack(state, 'manifest failed', response instanceof Response ? response.status : response);
      const manifest = (await response.clone().json()) as FirstPaintManifest & FederationManifest;
      const base = new URL('.', manifestUrl).href;
      const request = manifest.requestPreloads?.[page];
      const picturesFile = manifest.dataPictures?.[page];
      // The page's pictures (picture.ts), fetched beside its early request when one may be drawn: a member's page only
      // for the member the stored token names, or Firebase's answer may name.
      const drawable = stored !== null || returning || (request !== undefined && !request.withToken);
      const pictures: Promise<Picture[] | null> =
        picturesFile && drawable
          ? fetch(new URL(picturesFile, base).href)
              .then((response) => (response.ok ? response.json() : Promise.reject(response.status)))
              .catch((error: unknown) => (fallBack(state, 'pictures failed', error), null))
          : Promise.resolve(null);
      const toDraw: PageToDraw = {
        state,
        base,
        membersOnly,
        pathParams: matched.pathParams,
        request,
        pictures,
        session,
      };
      // A page whose picture needs no answer (the member's own form) is drawn as soon as its pictures are in.
      const drawn = request
        ? sendEarlyRequest({ ...toDraw, request }, apiBaseUrl, picturesFile !== undefined)
        : drawWithData(toDraw).catch((error: unknown) => fallBack(state, 'head start failed', error));
      if (picturesFile && drawable) pictureDrawn = drawn;
      preloadFirstImages(manifest, page, base);
      const picture = manifest.firstPaint?.[page];
      if (picture !== undefined) await drawPrerendered(state, picture, base);
      shell.start();
      preloadPageCode(manifest, page, base);
    })
    .catch((error: unknown) => fallBack(state, 'head start failed', error))
    .finally(() => {
      shell.start();
      void pictureDrawn.finally(pictureSettled);
    });
}
