/**
 * The head start: index.html's inline script, which runs before the shell's code. The build bundles this entry on its
 * own into one minified script, with its settings in place of HEAD_START_SETTINGS (vite/head-start-script.ts). The
 * first remote page of a visit waits on a chain of requests: remotes.json, the remote's manifest, its remoteEntry.js
 * and the page's chunks. Left to the app, that chain starts only once the shell's own JavaScript has downloaded and
 * rendered; the head start runs it at once (find-page.ts, remote-hints.ts), and the app takes the responses, once
 * each (hand-over/take.ts). It paints the page first, into index.html's prerendered layout (draw.ts): a prerendered
 * page's picture, or a page drawn with its early request's answer (early-request.ts), and the member's header.
 *
 * It starts the shell's code (shell-code.ts): on the shell's own pages at once; on a prerendered page once the
 * picture's images are painted; on a returning member's page once Firebase's module has loaded; on a page it may
 * draw with data, its chunks at once and its entry once the picture's first image is painted (or there is known to
 * be none); on every other page once it is known; LONGEST_WAIT_MS after it began at the latest. "At once" is on the
 * build's guess of the page (expected-page.ts): the manifests come too late for those two.
 */
import { hint, LONGEST_WAIT_MS, whenParsed } from './dom.ts';
import { drawHeader, drawPrerendered, drawWithData, type PageToDraw } from './draw.ts';
import { sendEarlyRequest } from './early-request.ts';
import { expectedPage, guessedRight, sameRequest } from './expected-page.ts';
import { findPage } from './find-page.ts';
import { matchPath, routerPathname } from './page-route.ts';
import type { Picture } from './picture.ts';
import { preloadFirstImages, preloadPageCode } from './remote-hints.ts';
import { firebaseSession, storedSession, type Session, type SessionModule } from './session.ts';
import type { HeadStartSettings } from './settings.ts';
import { shellCodeStarter } from './shell-code.ts';
import { fallBack, type FirstPaintState } from './state.ts';

declare const HEAD_START_SETTINGS: HeadStartSettings;

function startHeadStart(settings: HeadStartSettings): void {
  const { shellPages, shellCode, builtRemotes, expectedPages, apiBaseUrl } = settings;
  const remotesJson = fetch('/remotes.json');
  // Handled where the registry takes the response, which reports it; the chain below says it too.
  remotesJson.catch(() => undefined);
  const state: FirstPaintState = { remotesJson, manifests: {}, apiResponses: {}, fallbacks: {} };
  window.__firstPaint = state;
  const shell = shellCodeStarter(state, shellCode);
  const stored = storedSession(state);
  if (stored) whenParsed(() => drawHeader(state, stored));
  // The shell's own pages need no manifest; it fetches them itself, for its routes.
  const pathname = routerPathname(state);
  if (shellPages.some((pattern) => matchPath(pattern, pathname)))
    return (fallBack(state, 'not a remote page'), shell.start());
  let pictureDrawn: Promise<unknown> = Promise.resolve();
  let pictureSettled = () => {};
  const pictureSettles = new Promise<void>((resolve) => (pictureSettled = resolve));
  // Until the page is known, and on a prerendered route until its picture is painted, the shell's code waits,
  // LONGEST_WAIT_MS at most.
  setTimeout(() => {
    if (!shell.started) fallBack(state, 'longest wait');
    shell.start();
  }, LONGEST_WAIT_MS);
  let sessionModule: SessionModule | null = null;
  let session: Promise<Session | null> = Promise.resolve(stored);
  let shellBegun = false;
  /**
   * What the page needs before anything else, started once each: on the build's guess (expected-page.ts) at once,
   * else once the manifests say.
   */
  const begin = ({ prerendered, membersOnly }: { prerendered: boolean; membersOnly: boolean }) => {
    // A returning member on a member's page: Firebase must answer before the page can ask for anything. The head
    // start imports it and asks it for the member's token at once: the page's request goes, and the page is drawn,
    // the moment Firebase has refreshed it. Firebase's code comes first: the shell's waits until it has loaded
    // (LONGEST_WAIT_MS at most). On a slow link the two shared it, and the refresh went out only 2 s in.
    const returning = membersOnly && !stored;
    if (returning && !sessionModule) {
      sessionModule = import(/* @vite-ignore */ shellCode.firebaseSession) as SessionModule;
      session = firebaseSession(state, sessionModule);
      for (const href of shellCode.identityProvider)
        hint({ rel: 'modulepreload', crossorigin: 'anonymous', href });
      void session.then((fresh) => fresh && whenParsed(() => drawHeader(state, fresh)));
      shell.waitFor(sessionModule);
    }
    if (prerendered || shellBegun) return;
    shellBegun = true;
    // On a page the head start may draw with data soon (not a returning member's: theirs waits for Firebase), the
    // shell's chunks load at once, but its entry runs once the picture's first image is on screen, or once there is
    // known to be none. On a fast link the entry's first run, on the main thread, came between the picture and that
    // image's paint.
    if (!sessionModule) shell.entryWaitsFor(pictureSettles);
    shell.start();
  };
  const guess = expectedPage(pathname, expectedPages);
  if (guess) begin({ prerendered: !!guess.prerendered, membersOnly: !!guess.membersOnly });
  // The page's early request on the guess, beside remotes.json and the manifests rather than after them: the page
  // uses its answer when its manifest names the same request; otherwise it is left for no one to take.
  const requestOnGuess = guess?.request && {
    request: guess.request,
    answer: sendEarlyRequest(
      { state, request: guess.request, session, pathParams: guess.pathParams },
      apiBaseUrl,
    ),
  };
  // Handled where the page draws with it; unused, it is only a request the API answered.
  requestOnGuess?.answer.catch(() => undefined);
  findPage(state, pathname, builtRemotes)
    .then(async (found) => {
      if (guess && found !== undefined && !guessedRight(guess, found)) fallBack(state, 'page guess wrong');
      if (!found) return;
      const { page, prerendered, membersOnly, base, manifest } = found;
      shell.fontsWithCode = prerendered;
      begin({ prerendered, membersOnly });
      const returning = membersOnly && !stored;
      const request = manifest.requestPreloads?.[page];
      const picturesFile = manifest.dataPictures?.[page];
      // The page's pictures (picture.ts), fetched beside its early request when one may be drawn: a member's page
      // only for the member the stored token names, or Firebase's answer may name.
      const drawable = stored !== null || returning || (request !== undefined && !request.withToken);
      const pictures: Promise<Picture[] | null> =
        picturesFile && drawable
          ? fetch(new URL(picturesFile, base).href)
              .then((response) => (response.ok ? response.json() : Promise.reject(response.status)))
              .catch((error: unknown) => (fallBack(state, 'pictures failed', error), null))
          : Promise.resolve(null);
      const toDraw: PageToDraw = {
        ...found,
        state,
        request,
        pictures,
        // Firebase's answer on a returning member's page; on a page the guess took for one, as the manifests say.
        session: returning ? session : Promise.resolve(stored),
      };
      const guessSent = requestOnGuess !== undefined && sameRequest(requestOnGuess.request, request);
      if (requestOnGuess && !guessSent) fallBack(state, 'early request guess dropped');
      const answer = request
        ? guessSent
          ? requestOnGuess.answer
          : sendEarlyRequest({ ...toDraw, request }, apiBaseUrl)
        : undefined;
      // A page whose picture needs no answer (the member's own form) is drawn as soon as its pictures are in.
      const drawn = answer
        ? answer
            .then((answer) => answer && drawWithData(toDraw, answer))
            .catch((error: unknown) => fallBack(state, 'early request failed', error))
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

startHeadStart(HEAD_START_SETTINGS);
