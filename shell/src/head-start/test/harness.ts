/**
 * The head start's tests' harness: index.html's inline script as the build writes it for this shell's routes, run as
 * the browser runs it, against answers the tests give (first-paint/head-start; each head-start-*.test.ts).
 */
import { headStartScript } from 'first-paint/vite/head-start-script';
import { afterEach, beforeAll, expect, vi } from 'vitest';
import { expectedPagesOf, type ExpectedPages } from 'first-paint/head-start/expected-page';
import { pathPattern } from 'first-paint/head-start/page-route';
import { SHELL_ROUTES } from '../../routes/route-table';
import { PAGE_ROUTES, PUBLISHED_PAGES } from '../../routes/test/published-pages';

export const MANIFEST_URL = 'http://remotes.test/catalogue/mf-manifest.json';
/**
 * Stands in for auth/firebase-session.ts: a module the inline script imports as the browser would (Node's own
 * import, once `firebase.loaded`), answering `firebase.answer` as the signed-in member's token and counting the calls.
 */
export const firebase: { loaded: Promise<void>; answer: Promise<string | null>; asked: number } = {
  loaded: Promise.resolve(),
  answer: Promise.resolve(null),
  asked: 0,
};
(globalThis as { firebase?: typeof firebase }).firebase = firebase;
export const FIREBASE_SESSION = `data:text/javascript,${encodeURIComponent(
  'export const signedInIdToken = () => (globalThis.firebase.asked++, globalThis.firebase.answer);',
)}`;
export const SHELL_CODE = {
  entry: '/assets/entry-1.js',
  preloads: ['/assets/react-2.js', '/assets/main-3.js'],
  identityProvider: ['/assets/firebase-4.js', '/assets/firebase-auth-5.js'],
  firebaseSession: FIREBASE_SESSION,
};

export const PICTURE =
  '<h1>Preserve the Past</h1><img alt="An amphora" src="%HERITAGE_REMOTE_BASE%/assets/hero-1600-8.webp">';

export const manifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      name: 'ArtifactDetails',
      assets: {
        js: {
          sync: ['assets/details-page-1.js'],
          async: [
            'assets/hero-carousel-2.js',
            'assets/_virtual_mf__loadShare__shared-3.js',
            'assets/react-4.js',
          ],
        },
      },
    },
    { name: 'Home', assets: { js: { sync: ['assets/home-page-5.js'], async: [] } } },
  ],
  firstPaint: { Home: PICTURE },
  requestPreloads: {
    AllArtifacts: {
      path: '/artifacts',
      query: [
        ['q', { fromPage: 'q' }],
        ['limit', '24'],
      ],
    },
  },
  imagePreloads: {
    Home: [
      { media: '(max-aspect-ratio: 3/4)', srcset: [['assets/hero-tall-6.webp']] },
      {
        media: 'not all and (max-aspect-ratio: 3/4)',
        sizes: '100vw',
        srcset: [
          ['assets/hero-960-7.webp', '960w'],
          ['assets/hero-1600-8.webp', '1600w'],
        ],
      },
    ],
  },
};

/** The build's guess of the remotes' pages, as the shell's build reads them from their route modules. */
export const EXPECTED_PAGES = expectedPagesOf(Object.values(PAGE_ROUTES).flatMap(Object.values));

/** The inline script as the build writes it into index.html (bundled and minified), by what its build read. */
const scripts = new Map<string, string>();
const scriptFor = (builtRemotes: Record<string, string>, expectedPages: ExpectedPages) => {
  const key = JSON.stringify([builtRemotes, expectedPages]);
  if (!scripts.has(key))
    scripts.set(
      key,
      headStartScript({
        shellPages: SHELL_ROUTES.map(({ path }) => pathPattern(path)),
        shellCode: SHELL_CODE,
        builtRemotes,
        expectedPages,
        apiBaseUrl: 'http://api.test',
      }),
    );
  return scripts.get(key)!;
};

/**
 * Runs the inline script as the browser runs index.html's, with the remotes.json its build wrote (none by default)
 * and its guess of the remotes' pages (theirs by default).
 */
export const start = (builtRemotes: Record<string, string> = {}, expectedPages = EXPECTED_PAGES) => {
  const script = scriptFor(builtRemotes, expectedPages);
  // Its one import() (of the Firebase session) goes to the test's own: Node gives code made by `new Function` none.
  expect(script.split('import(')).toHaveLength(2);
  // In the page's global scope, as an inline <script> runs.
  new Function('importModule', script.replace('import(', 'importModule('))((url: string) =>
    firebase.loaded.then(() => import(/* @vite-ignore */ url)),
  );
};

/**
 * Answers each URL with its JSON, or its text when it is a string, or the Response (or pending promise) given; 404
 * otherwise. A manifest
 * remotes.json names publishes its remote's pages (`pages`) unless the test says what it publishes.
 */
export function serve(responses: Record<string, unknown>) {
  const remotes = responses['/remotes.json'];
  if (remotes && typeof remotes === 'object' && !(remotes instanceof Response))
    for (const [remote, url] of Object.entries(remotes as Record<string, string>)) {
      const served = responses[url];
      if (
        served &&
        typeof served === 'object' &&
        !(served instanceof Response || served instanceof Promise) &&
        !('pages' in served)
      )
        responses = { ...responses, [url]: { pages: PUBLISHED_PAGES[remote], ...served } };
    }
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (!(url in responses)) return new Response('missing', { status: 404 });
    const body = responses[url];
    if (body instanceof Response) return body.clone();
    // A promise that never settles: a request that never answers.
    if (body instanceof Promise) return body as Promise<Response>;
    return typeof body === 'string' ? new Response(body) : Response.json(body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The remote's modulepreloads (the shell's own are `shellCodeStarted`'s). */
export const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')]
    .map((link) => link.href)
    .filter((href) => href.startsWith('http://remotes.test/'));

/** Whether the shell's chunks are modulepreloaded and its entry is in the page as a module script. */
export const shellCodeStarted = () => {
  // Firebase's are the identity provider's (below).
  const preloads = [
    ...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"][crossorigin]'),
  ].filter((link) => !SHELL_CODE.identityProvider.includes(link.getAttribute('href')!));
  const entry = document.head.querySelector<HTMLScriptElement>('script[type="module"]');
  if (!entry) return preloads.length === 0 ? false : 'chunks only';
  return {
    entry: entry.getAttribute('src'),
    crossOrigin: entry.crossOrigin,
    preloads: preloads.map((link) => link.getAttribute('href')),
  };
};
export const STARTED = { entry: SHELL_CODE.entry, crossOrigin: 'anonymous', preloads: SHELL_CODE.preloads };

export const preloadedImages = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => ({
    as: link.getAttribute('as'),
    srcset: link.getAttribute('imagesrcset'),
    sizes: link.getAttribute('imagesizes'),
    media: link.getAttribute('media'),
    fetchPriority: link.getAttribute('fetchpriority'),
  }));

// The shell's entry goes into the page as a module script; happy-dom loads none, and need not say so.
beforeAll(() => {
  (
    window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }
  ).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
});

afterEach(async () => {
  // A returning member's page starts the shell's code once Firebase's module has loaded: before the next page.
  await new Promise((resolve) => setTimeout(resolve, 50));
  firebase.loaded = Promise.resolve();
  firebase.answer = Promise.resolve(null);
  firebase.asked = 0;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  delete window.__firstPaint;
  history.replaceState(null, '', '/');
});

/** index.html's prerendered layout (`marked`) or the live app's, with its page slot. */
export const layout = (marked: boolean) => {
  document.body.innerHTML = `<div id="root" ${marked ? 'data-first-paint inert' : ''}><main id="main"><p>Loading</p></main></div>`;
  return document.getElementById('main')!;
};
