/**
 * The first remote page of a visit waits on a chain of requests: remotes.json, then the remote's manifest, then its
 * remoteEntry.js and the page's chunks. Left to the app, that chain starts only once the shell's own JavaScript has
 * downloaded and rendered. `startEarlyRemoteLoad` runs inline in index.html instead (shell/vite.config.ts writes it
 * there with the route table's patterns), so the chain runs before the shell's JavaScript: it fetches remotes.json
 * and the current route's manifest, and modulepreloads the remote entry and the page's chunks, and preloads the
 * images the manifest says the page paints first (Home's hero picture, its largest paint). The registry then takes
 * the two responses it would have fetched (`takeEarly*`), once each.
 *
 * When the manifest carries a prerendered picture of the page (shared-ui/build/first-paint.ts) and index.html still
 * shows its own prerendered layout, it puts the picture in the layout's <main>, so the page is on screen before
 * any of its code has run. The build takes the shell's own script tags out of index.html and hands them here
 * (`ShellCode`): on a route the route table marks `prerendered`, once the picture's images have loaded and been
 * painted (or the manifest has none for it); on a member's page without a usable stored token, once Firebase's module
 * has loaded; on a page it may draw with data, its chunks at once and its entry once the picture's first image is
 * painted (or there is known to be none); on every other route at once. On a slow link the shell's 135 KB would otherwise take the
 * bandwidth remotes.json, the manifest and the picture's images need (remotes.json alone took 0.7 s beside them at
 * 1.6 Mbps), and on any link its parsing would hold up the picture's paint.
 *
 * When the manifest names the page's first API request (shared-ui/build/request-preload.ts: Home's most-liked
 * artifacts, All Artifacts' first page), it sends that too, and the API client hands the response to the page's own
 * request (`earlyApiResponses`). The page asks only once the shell and the page have downloaded and rendered, half a
 * second later and more; the answer is usually in by then.
 *
 * When the manifest names a file of pictures of the page drawn with data (shared-ui/build/data-picture.ts), it
 * fetches it beside that request and, once both are in, draws the one the answer and the member fit into the layout's
 * <main>, and puts the member's avatar in the layout's header. The member is the one a usable stored token names, or,
 * for a returning member on a member's page, the one Firebase names once it has refreshed their token: the head start
 * imports Firebase's session for that itself (`ShellCode.firebaseSession`), rather than wait for the shell's code.
 *
 * The manifest need not wait for remotes.json to answer: the build hands the script its own remotes.json
 * (`builtRemotes`), so it asks at once for the manifest that file names for the route, beside remotes.json rather than
 * one round trip after it (150 ms on a slow link, and its turn on a busy main thread on any). remotes.json still
 * decides: when a deployment has edited it to move the remote, the guess is dropped, one wasted request, and the
 * manifest it names is fetched as before. A guess on this machine (the build's default) is made only from a page on
 * this machine.
 *
 * The build bundles it on its own, from the entry head-start.ts (shell/build/head-start-script.ts), and writes the
 * script into index.html: it may import what it needs, and is type-checked with the shell.
 */
import type { ImagePreload, ManifestImagePreloads } from 'shared-ui/build';
import type { ManifestFirstPaint } from 'shared-ui/build/first-paint';
import type {
  ManifestRequestPreloads,
  RequestPreload,
  requestPreloadSearch,
  requestPreloadUrl,
} from 'shared-ui/build/request-preload';
import type { EarlyResponses } from 'shared-ui';
import type { memberOfToken, usableStoredToken } from 'shared-ui/auth/token-claims';
import type { DataPicture, ManifestDataPictures, pictureFor } from 'shared-ui/build/data-picture';
import type { uploadedImageSrcSet } from 'shared-ui/model/uploaded-image';
import {
  MEMBER_HEADER_ATTRIBUTE,
  PAGE_PICTURE_ATTRIBUTE,
  releaseHeldBackStyles,
} from 'shared-ui/build/first-paint-marks';
import type { AuthUser } from 'shared-ui';
import { afterNextPaint } from 'shared-ui/scheduling/after-next-paint';
// With its extension: the shell's vite config reads this module too, through Node's own loader.
import { pathPattern, type RouteEntry } from '../routes/route-table.ts';

export interface EarlyRemoteLoad {
  remotesJson: Promise<Response>;
  /** Manifest responses by URL, for the federation runtime's fetch hook. */
  manifests: Record<string, Promise<Response>>;
  /**
   * The route's first API request by URL, with the Authorization header it carried (a member page's), for the API
   * client; gone once the app has dropped them.
   */
  apiResponses?: Record<string, { response: Promise<Response>; authorization?: string }>;
}

declare global {
  interface Window {
    __heritageEarlyRemoteLoad?: EarlyRemoteLoad;
  }
}

/**
 * [path pattern as a regular expression source, remote name, exposed page, whether it is prerendered, whether it is
 * a member's page (its route has a login toast)]
 */
export type EarlyRoute = [
  pattern: string,
  remote: string,
  page: string,
  prerendered: boolean,
  membersOnly: boolean,
];

/** Where the inline script finds the prerendered layout's page slot, and the mark for the remote's base URL. */
export interface EarlyFirstPaint {
  slotSelector: string;
  headerSelector: string;
  baseToken: string;
}

/** The prerendered layout's page slot and the remote base's mark, as shared-ui/build/first-paint-marks.ts names them. */
export function earlyFirstPaint(marks: { attribute: string; baseToken: string }): EarlyFirstPaint {
  return {
    slotSelector: `#root[${marks.attribute}] #main`,
    headerSelector: `#root[${marks.attribute}] header`,
    baseToken: marks.baseToken,
  };
}

/** The shell's own code, which index.html's build takes out of the page for `startEarlyRemoteLoad` to start. */
export interface ShellCode {
  /** The entry module, run as `<script type="module">` would. */
  entry: string;
  /** Its chunks, modulepreloaded. */
  preloads: string[];
  /**
   * The identity provider's chunks (Firebase, the shell's imports of auth/firebase-session.ts and firebase-auth.ts),
   * which the entry imports as soon as it runs on a member's page without a usable stored token (main.tsx):
   * modulepreloaded there by the head start, which imports the session itself, rather than requested only once the
   * entry has run.
   */
  identityProvider: string[];
  /** Of those, auth/firebase-session.ts's: what the head start imports to ask Firebase for a returning member's token. */
  firebaseSession: string;
}

/** What the build gives the inline script (head-start.ts): this build's routes, marks, remotes and API. */
export interface HeadStartSettings {
  routes: EarlyRoute[];
  firstPaint: EarlyFirstPaint;
  shellCode: ShellCode;
  builtRemotes: Record<string, string>;
  apiBaseUrl: string;
}

/** What the head start imports from the kit: bundled into the inline script, passed in so tests can run it. */
export interface HeadStartKit {
  requestUrl: typeof requestPreloadUrl;
  requestSearch: typeof requestPreloadSearch;
  storedToken: typeof usableStoredToken;
  memberOf: typeof memberOfToken;
  srcSetOf: typeof uploadedImageSrcSet;
  pictureFor: typeof pictureFor;
  /** Imports the Firebase session module at this URL (auth/firebase-session.ts). */
  importFirebaseSession: (url: string) => Promise<typeof import('../auth/firebase-session')>;
}

/** The member a page's pictures and first request are for, and the token that says so. */
interface EarlySession {
  token: string;
  member: AuthUser;
}

/**
 * The longest the shell's code waits for what the head start puts before it (Firebase's module, a picture's images):
 * a stalled remotes.json, manifest or image must not leave the site without its code. A picture takes about 2 s over
 * a slow link (1.6 Mbps, 150 ms).
 */
const LONGEST_WAIT_MS = 3000;

/** Settles once `step` has, fulfilled or not, or after LONGEST_WAIT_MS. */
function atMostLongestWait(step: Promise<unknown>): Promise<void> {
  return Promise.race([
    step.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => setTimeout(resolve, LONGEST_WAIT_MS)),
  ]);
}

export function startEarlyRemoteLoad(
  routes: EarlyRoute[],
  firstPaint: EarlyFirstPaint,
  shellCode: ShellCode,
  builtRemotes: Record<string, string>,
  apiBaseUrl: string,
  {
    requestUrl,
    requestSearch,
    storedToken,
    memberOf,
    srcSetOf,
    pictureFor,
    importFirebaseSession,
  }: HeadStartKit,
): void {
  const early: EarlyRemoteLoad = { remotesJson: fetch('/remotes.json'), manifests: {}, apiResponses: {} };
  window.__heritageEarlyRemoteLoad = early;
  // A failure here is the registry's to report, when it takes the response.
  early.remotesJson.catch(() => undefined);
  const hint = (attributes: Record<string, string | undefined>) => {
    const link = document.createElement('link');
    for (const [name, value] of Object.entries(attributes)) if (value) link.setAttribute(name, value);
    document.head.appendChild(link);
  };
  const preload = (href: string) => hint({ rel: 'modulepreload', href });
  const whenParsed = (run: () => void) => {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true });
    else run();
  };
  let shellStarted = false;
  // The fonts (first-paint-marks.ts) start with the shell's code on a prerendered route, once the picture's images
  // are in: the picture is the page. Elsewhere the shell starts them once the page is on screen (AfterPageShown): on
  // a slow link they took a quarter of the bandwidth the page's code needed, 300-400 ms of its time to live.
  let fontsWithShellCode = false;
  // What the shell's code waits for on a returning member's page: Firebase's (below).
  let shellCodeWaitsFor: Promise<void> | null = null;
  // What the shell's entry, its chunks loading, waits to run for on a page drawn with data: the picture (below).
  let shellEntryWaitsFor: Promise<void> | null = null;
  // Once, as index.html's own tags would have: the chunks at once, the entry after the document is parsed.
  const startShellCode = () => {
    if (shellStarted) return;
    if (shellCodeWaitsFor) return void shellCodeWaitsFor.then(startShellCode);
    shellStarted = true;
    for (const href of shellCode.preloads) hint({ rel: 'modulepreload', crossorigin: 'anonymous', href });
    const runEntry = () =>
      whenParsed(() => {
        if (fontsWithShellCode) releaseHeldBackStyles();
        const script = document.createElement('script');
        script.type = 'module';
        script.crossOrigin = 'anonymous';
        script.src = shellCode.entry;
        document.head.appendChild(script);
      });
    if (shellEntryWaitsFor) void shellEntryWaitsFor.then(runEntry);
    else runEntry();
  };
  // Settled once each of `images` has loaded, or failed to, and then a frame has painted them (afterNextPaint):
  // code started before that frame held About's paint, on the fast link, back by 45-60 ms.
  const onScreen = (images: HTMLImageElement[]) =>
    Promise.all(
      images
        .filter((img) => !img.complete)
        .map(
          (img) =>
            new Promise((settled) => {
              img.addEventListener('load', settled, { once: true });
              img.addEventListener('error', settled, { once: true });
            }),
        ),
    ).then(() => new Promise<void>((painted) => void afterNextPaint(painted)));
  // The usable stored token, and the member it names as the pages will see them until Firebase answers.
  let token: string | null = null;
  try {
    token = storedToken();
  } catch {
    // storage unreadable: the live app decides who is signed in, and a member's page asks for itself
  }
  const sessionOf = (token: string | null): EarlySession | null => {
    const member = token ? memberOf(token) : null;
    return token && member ? { token, member } : null;
  };
  // The member's avatar in the prerendered layout's header, once the document is parsed (prerenderLayout's
  // memberHeader) and while that layout is still on screen.
  const drawHeader = ({ member }: EarlySession) => {
    const block = document.querySelector(`script[${MEMBER_HEADER_ATTRIBUTE}]`);
    const header = document.querySelector(firstPaint.headerSelector);
    if (!block || !header) return;
    const html = pictureFor(JSON.parse(block.textContent ?? '[]') as DataPicture[], { member });
    if (html === null) return;
    const template = document.createElement('template');
    template.innerHTML = html;
    header.replaceWith(template.content);
  };
  const storedSession = sessionOf(token);
  if (storedSession) whenParsed(() => drawHeader(storedSession));
  // As React Router matches (route-table.ts, pathPattern): each segment decoded, an encoded '/' kept, any case.
  let pathname = location.pathname;
  try {
    pathname = pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    // malformed percent-encoding: React Router matches the path as it is
  }
  const route = routes.find(([pattern]) => new RegExp(pattern, 'i').test(pathname));
  if (!route) return startShellCode();
  const [pattern, remote, page, prerendered, membersOnly] = route;
  fontsWithShellCode = prerendered;
  // The route's parameters by name, for a request path that names them ('/api/artifacts/:id').
  const pathParams: Record<string, string> = { ...new RegExp(pattern, 'i').exec(pathname)?.groups };
  // A returning member (no usable stored token, as after an hour away; or nobody signed in) on a member's page:
  // Firebase must answer before the page can ask for anything. The head start imports it and asks it for the member's
  // token at once: the page's request goes, and the page is drawn, the moment Firebase has refreshed it. A deleted or
  // disabled account, or a sign-out in another tab, gets no token: nothing is asked for or drawn. Firebase's code
  // comes first: the shell's waits until it has loaded (LONGEST_WAIT_MS at most). On a slow link the two
  // shared it, and the refresh went out only 2 s in.
  const returning = membersOnly && !storedSession;
  const sessionModule = returning ? importFirebaseSession(shellCode.firebaseSession) : null;
  const session: Promise<EarlySession | null> = sessionModule
    ? sessionModule.then((module) => module.signedInIdToken()).then(sessionOf, () => null)
    : Promise.resolve(storedSession);
  if (sessionModule) {
    for (const href of shellCode.identityProvider)
      hint({ rel: 'modulepreload', crossorigin: 'anonymous', href });
    void session.then((fresh) => fresh && whenParsed(() => drawHeader(fresh)));
    shellCodeWaitsFor = atMostLongestWait(sessionModule).then(() => {
      shellCodeWaitsFor = null;
    });
  }
  // On a page the head start may draw with data soon (not a returning member's: theirs waits for Firebase), the
  // shell's chunks load at once, but its entry runs once the picture's first image is on screen, or once there is
  // known to be none. On a fast link the entry's first run, on the main thread, came between the picture and that
  // image's paint.
  let pictureSettled = () => {};
  if (!prerendered && !returning)
    shellEntryWaitsFor = atMostLongestWait(new Promise<void>((resolve) => (pictureSettled = resolve)));
  let pictureDrawn: Promise<unknown> = Promise.resolve();
  // On a prerendered route the shell's code waits for the picture, LONGEST_WAIT_MS at most.
  if (prerendered) setTimeout(startShellCode, LONGEST_WAIT_MS);
  else startShellCode();
  // Never from a public page to this machine: a deployment that edited remotes.json rather than building with the
  // remotes' addresses would send every visitor's browser to a local port (and, in recent Chromes, a prompt).
  const onLoopback = (url: string) => /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(new URL(url).hostname);
  const builtManifestUrl = builtRemotes[remote];
  const likelyManifestUrl =
    builtManifestUrl && (onLoopback(location.href) || !onLoopback(builtManifestUrl))
      ? builtManifestUrl
      : undefined;
  const likelyManifest = likelyManifestUrl ? fetch(likelyManifestUrl) : undefined;
  likelyManifest?.catch(() => undefined);
  early.remotesJson
    .then((response) => (response.ok ? response.clone().json() : null))
    .then(async (remotes: Record<string, string> | null) => {
      const manifestUrl = remotes?.[remote];
      if (!manifestUrl) return;
      const manifestResponse =
        likelyManifest && manifestUrl === likelyManifestUrl ? likelyManifest : fetch(manifestUrl);
      early.manifests[manifestUrl] = manifestResponse;
      const response = await manifestResponse;
      if (!response.ok) return;
      const manifest = await response.clone().json();
      const base = new URL('.', manifestUrl).href;
      const request = (manifest as ManifestRequestPreloads).requestPreloads?.[page];
      const picturesFile = (manifest as ManifestDataPictures).dataPictures?.[page];
      // The page's pictures (data-picture.ts), fetched beside its API request when one may be drawn: a member's page
      // only for the member the stored token names, or Firebase's answer may name.
      const drawable = storedSession !== null || returning || (request !== undefined && !request.withToken);
      const pictures: Promise<DataPicture[] | null> =
        picturesFile && drawable
          ? fetch(new URL(picturesFile, base).href)
              .then((response) => (response.ok ? response.json() : null))
              .catch(() => null)
          : Promise.resolve(null);
      // The page drawn with its data, once the pictures and the answer are in; only into the prerendered layout.
      const drawPicture = async (answer?: { data: unknown; headers: Headers }) => {
        const [drawings, member] = await Promise.all([pictures, session]);
        // A member's page is drawn only for a member.
        if (membersOnly && !member) return;
        const slot = document.querySelector(firstPaint.slotSelector);
        const context = {
          member: member?.member ?? null,
          data: answer?.data,
          // By lower-case name, as browsers list them (happy-dom, for one, does not).
          headers: answer
            ? Object.fromEntries([...answer.headers].map(([name, value]) => [name.toLowerCase(), value]))
            : undefined,
          params: pathParams,
          search: request ? requestSearch(request, location.href) : undefined,
        };
        const html = drawings && slot ? pictureFor(drawings, context) : null;
        if (html === null) return;
        // Parsed in a template first, where its images do not load yet.
        const template = document.createElement('template');
        template.innerHTML = html.replaceAll(firstPaint.baseToken, base);
        // The answer's pictures the page shows first (the ones preloaded) load as the page's ArtifactImage draws
        // an uploaded photo: every stored width, chosen by `sizes`. The others wait for the live page, as an empty
        // frame: before the code they would take the link from it (a catalogue page draws 24).
        const shownFirst = request?.images?.count ?? 0;
        template.content.querySelectorAll('img[sizes]').forEach((img, index) => {
          if (index >= shownFirst) {
            img.removeAttribute('src');
            img.setAttribute('alt', '');
            return;
          }
          const srcset = srcSetOf(img.getAttribute('src') ?? undefined);
          if (srcset) img.setAttribute('srcset', srcset);
          // Preloaded already, so nothing is fetched that was not; and the first is waited for below, wherever it is.
          img.removeAttribute('loading');
        });
        slot!.replaceChildren(template.content);
        slot!.setAttribute(PAGE_PICTURE_ATTRIBUTE, '');
        const firstImage = slot!.querySelector('img[src]');
        await onScreen(firstImage ? [firstImage as HTMLImageElement] : []);
      };
      // Sent as soon as its token is known (a returning member's, once Firebase has answered), unless the app has
      // dropped the head start's responses by then.
      const sendRequest = async (request: RequestPreload): Promise<unknown> => {
        const member = request.withToken ? await session : null;
        if (!early.apiResponses || (request.withToken && !member)) return;
        // The headers the API client sends: the same request, so the same answer.
        const authorization = member ? `Bearer ${member.token}` : undefined;
        const url = requestUrl(request, location.href, apiBaseUrl, pathParams);
        const apiResponse = fetch(url, {
          headers: authorization
            ? { Accept: 'application/json', Authorization: authorization }
            : { Accept: 'application/json' },
        });
        early.apiResponses[url] = { response: apiResponse, authorization };
        const { count = 0, sizes } = request.images ?? {};
        return apiResponse
          .then(async (response) =>
            response.ok && (count || picturesFile)
              ? { data: (await response.clone().json()) as unknown, headers: response.headers }
              : undefined,
          )
          .then((answer) => {
            if (answer === undefined) return;
            const body = answer.data;
            // The pictures the answer names, as soon as it names them: the page would find them only once its code
            // ran.
            const items = (Array.isArray(body) ? body : [body]).slice(0, count) as { image?: unknown }[];
            for (const { image } of items) {
              if (typeof image !== 'string' || !/^https?:/.test(image)) continue;
              hint({
                rel: 'preload',
                as: 'image',
                fetchpriority: 'high',
                href: image,
                imagesrcset: srcSetOf(image),
                imagesizes: sizes,
              });
            }
            return drawPicture(answer);
          })
          .catch(() => undefined);
      };
      // A page whose picture needs no answer (the member's own form) is drawn as soon as its pictures are in.
      const drawn = request ? sendRequest(request) : drawPicture();
      if (picturesFile && drawable) pictureDrawn = drawn;
      // As the page's <img> or <source> asks for the image, so the page finds it already loading, or loaded.
      const images: ImagePreload[] = (manifest as ManifestImagePreloads).imagePreloads?.[page] ?? [];
      for (const { srcset, sizes, media } of images) {
        hint({
          rel: 'preload',
          as: 'image',
          fetchpriority: 'high',
          imagesrcset: srcset
            .map(([file, descriptor]) => [new URL(file, base).href, descriptor].filter(Boolean).join(' '))
            .join(', '),
          imagesizes: sizes,
          media,
        });
      }
      const picture = (manifest as ManifestFirstPaint).firstPaint?.[page];
      // Only into the prerendered layout: once the live app has replaced it, the picture is too late.
      const slot = document.querySelector(firstPaint.slotSelector);
      if (picture !== undefined && slot) {
        slot.innerHTML = picture.replaceAll(firstPaint.baseToken, base);
        slot.setAttribute(PAGE_PICTURE_ATTRIBUTE, '');
        // The picture's images before any code, the shell's included: on a slow link code would share their
        // bandwidth, and on any link its parsing would hold up their paint.
        await onScreen([...slot.querySelectorAll('img')].filter((img) => img.loading !== 'lazy'));
      }
      startShellCode();
      const entry = manifest.metaData.remoteEntry;
      preload(new URL(entry.path ? `${entry.path}/${entry.name}` : entry.name, base).href);
      const exposed = manifest.exposes.find((expose: { name: string }) => expose.name === page);
      const { sync = [], async = [] } = exposed?.assets.js ?? {};
      // Of the page's lazy chunks only the federation's loadShare wrappers are certain to run, at once.
      const shareWrappers = async.filter((asset: string) => asset.includes('__loadShare__'));
      for (const asset of [...sync, ...shareWrappers]) preload(new URL(asset, base).href);
    })
    // Only a head start: the registry loads the remote itself and reports any failure.
    .catch(() => undefined)
    .finally(() => {
      startShellCode();
      void pictureDrawn.finally(pictureSettled);
    });
}

/** The route table's remote pages for the inline script. */
export function earlyRoutes(routes: readonly RouteEntry[]): EarlyRoute[] {
  return routes.flatMap(({ path, source, prerendered = false, loginToast }): EarlyRoute[] =>
    'remote' in source
      ? [[pathPattern(path), source.remote, source.page, prerendered, loginToast !== undefined]]
      : [],
  );
}

/** remotes.json as index.html already requested it, the first time it is asked for. */
export function takeEarlyRemotesJson(): Promise<Response> | undefined {
  const early = window.__heritageEarlyRemoteLoad;
  const response = early?.remotesJson;
  if (early) delete (early as Partial<EarlyRemoteLoad>).remotesJson;
  return response;
}

/** A manifest index.html already requested, the first time the federation runtime asks for it. */
export function takeEarlyManifest(url: string): Promise<Response> | undefined {
  const manifests = window.__heritageEarlyRemoteLoad?.manifests;
  const response = manifests?.[url];
  if (manifests) delete manifests[url];
  return response;
}

/**
 * The route's first API request as index.html sent it, for the API client: each response once, to the first request
 * of its URL. Dropped once the visitor has moved on to another page (AppLayout) or changed data (the API client).
 */
export const earlyApiResponses: EarlyResponses = {
  take(url, authorization) {
    const responses = window.__heritageEarlyRemoteLoad?.apiResponses;
    const early = responses?.[url];
    if (!responses || !early) return undefined;
    delete responses[url];
    // Sent with another token (or none), it may answer for someone else: the page asks for itself.
    return early.authorization === authorization ? early.response : undefined;
  },
  drop() {
    const early = window.__heritageEarlyRemoteLoad;
    if (early) delete early.apiResponses;
  },
};
