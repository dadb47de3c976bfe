import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '../routes/route-table';
import { routeOf } from '../routes/router';
import { emulatorToken } from 'shared-ui/test/tokens';
import {
  FIRST_PAINT_ATTRIBUTE,
  FIRST_PAINT_BASE,
  HELD_BACK_ATTRIBUTE,
} from 'shared-ui/build/first-paint-marks';
import { mark, markedRecord } from 'shared-ui/build/data-picture';
import { headStartScript } from '../../build/head-start-script';
import {
  earlyApiResponses,
  earlyFirstPaint,
  earlyRoutes,
  takeEarlyManifest,
  takeEarlyRemotesJson,
} from './early-remote-load';

const EARLY_FIRST_PAINT = earlyFirstPaint({
  attribute: FIRST_PAINT_ATTRIBUTE,
  baseToken: FIRST_PAINT_BASE,
});
const MANIFEST_URL = 'http://remotes.test/catalogue/mf-manifest.json';
/**
 * Stands in for auth/firebase-session.ts: a module the inline script imports as the browser would (Node's own
 * import, once `firebase.loaded`), answering `firebase.answer` as the signed-in member's token and counting the calls.
 */
const firebase: { loaded: Promise<void>; answer: Promise<string | null>; asked: number } = {
  loaded: Promise.resolve(),
  answer: Promise.resolve(null),
  asked: 0,
};
(globalThis as { firebase?: typeof firebase }).firebase = firebase;
const FIREBASE_SESSION = `data:text/javascript,${encodeURIComponent(
  'export const signedInIdToken = () => (globalThis.firebase.asked++, globalThis.firebase.answer);',
)}`;
const SHELL_CODE = {
  entry: '/assets/entry-1.js',
  preloads: ['/assets/react-2.js', '/assets/main-3.js'],
  identityProvider: ['/assets/firebase-4.js', '/assets/firebase-auth-5.js'],
  firebaseSession: FIREBASE_SESSION,
};

const PICTURE =
  '<h1>Preserve the Past</h1><img alt="An amphora" src="%HERITAGE_REMOTE_BASE%/assets/hero-1600-8.webp">';

const manifest = {
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

/** The inline script as the build writes it into index.html (bundled and minified), by the remotes.json it wrote. */
const scripts = new Map<string, string>();
const scriptFor = (builtRemotes: Record<string, string>) => {
  const key = JSON.stringify(builtRemotes);
  if (!scripts.has(key))
    scripts.set(
      key,
      headStartScript({
        routes: earlyRoutes(ROUTES),
        firstPaint: EARLY_FIRST_PAINT,
        shellCode: SHELL_CODE,
        builtRemotes,
        apiBaseUrl: 'http://api.test',
      }),
    );
  return scripts.get(key)!;
};

/** Runs the inline script as the browser runs index.html's, with the remotes.json its build wrote (none by default). */
const start = (builtRemotes: Record<string, string> = {}) => {
  const script = scriptFor(builtRemotes);
  // Its one import() (of the Firebase session) goes to the test's own: Node gives code made by `new Function` none.
  expect(script.split('import(')).toHaveLength(2);
  // In the page's global scope, as an inline <script> runs.
  new Function('importModule', script.replace('import(', 'importModule('))((url: string) =>
    firebase.loaded.then(() => import(/* @vite-ignore */ url)),
  );
};

/** Answers each URL with its JSON, or its text when it is a string, or the Response given; 404 otherwise. */
function serve(responses: Record<string, unknown>) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (!(url in responses)) return new Response('missing', { status: 404 });
    const body = responses[url];
    if (body instanceof Response) return body.clone();
    return typeof body === 'string' ? new Response(body) : Response.json(body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The remote's modulepreloads (the shell's own are `shellCodeStarted`'s). */
const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')]
    .map((link) => link.href)
    .filter((href) => href.startsWith('http://remotes.test/'));

/** Whether the shell's chunks are modulepreloaded and its entry is in the page as a module script. */
const shellCodeStarted = () => {
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
const STARTED = { entry: SHELL_CODE.entry, crossOrigin: 'anonymous', preloads: SHELL_CODE.preloads };

const preloadedImages = () =>
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
  delete window.__heritageEarlyRemoteLoad;
  history.replaceState(null, '', '/');
});

describe('the head start picks the page React Router renders', () => {
  const MANIFESTS: Record<string, string> = {
    mf_catalogue: 'http://remotes.test/catalogue/mf-manifest.json',
    mf_artifact_editor: 'http://remotes.test/editor/mf-manifest.json',
    mf_account: 'http://remotes.test/account/mf-manifest.json',
  };
  // Each remote's manifest names a request for every page, so the request the script sends says which page it chose.
  const probeManifest = (remote: string) => ({
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [],
    requestPreloads: Object.fromEntries(
      exposedPages(remote).map((page) => [page, { path: `/${remote}/${page}`, query: [] }]),
    ),
  });
  const exposedPages = (remote: string) =>
    ROUTES.flatMap(({ source }) => ('remote' in source && source.remote === remote ? [source.page] : []));

  /** The page the inline script started loading at `path`: 'remote/Page', or null for none. */
  async function headStartPage(path: string): Promise<string | null> {
    const fetchMock = serve({
      '/remotes.json': MANIFESTS,
      ...Object.fromEntries(Object.entries(MANIFESTS).map(([remote, url]) => [url, probeManifest(remote)])),
    });
    history.replaceState(null, '', path);
    start();
    // The shell's code starts at once on a route that is not prerendered, and on a path with no remote page.
    await vi.waitFor(() => expect(fetchMock.mock.calls.length === 1 || shellCodeStarted()).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 20));
    const apiCall = fetchMock.mock.calls
      .map(([url]) => url)
      .find((url) => url.startsWith('http://api.test/'));
    document.head.innerHTML = '';
    return apiCall ? apiCall.slice('http://api.test/'.length).replace(/\?$/, '') : null;
  }

  const PATHS = [
    ...ROUTES.map(({ path }) => path.replace(':id', 'abc123')).filter((path) => path !== '*'),
    '/about/',
    '/about//',
    '/About',
    '/ALL-ARTIFACTS',
    '/Artifact-Details/AbC',
    '/%61bout',
    '/artifact-details/a%2Fb',
    '/artifact-details/%E2%82%AC',
    '/artifact-details/%E0%A4%A',
    '/artifact-details/abc/extra',
    '/update-artifact/',
    '/Login',
    '/no-such-page',
    '/about/more',
  ];

  it.each(PATHS)('%s', async (path) => {
    const route = routeOf(path);
    const expected = 'remote' in route.source ? `${route.source.remote}/${route.source.page}` : null;
    expect(await headStartPage(path)).toBe(expected);
  });
});

describe("index.html's inline head start (startEarlyRemoteLoad, bundled)", () => {
  it("fetches the route's manifest and preloads its entry, page chunks and share wrappers, not its lazy chunks", async () => {
    const fetchMock = serve({ '/remotes.json': { mf_catalogue: MANIFEST_URL }, [MANIFEST_URL]: manifest });
    history.replaceState(null, '', '/artifact-details/abc123');

    start();

    await vi.waitFor(() => expect(preloaded()).toHaveLength(3));
    expect(preloaded()).toEqual([
      'http://remotes.test/catalogue/remoteEntry.js',
      'http://remotes.test/catalogue/assets/details-page-1.js',
      'http://remotes.test/catalogue/assets/_virtual_mf__loadShare__shared-3.js',
    ]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/remotes.json', MANIFEST_URL]);
  });

  it("preloads the images the manifest says the route's page paints first, as the page asks for them", async () => {
    serve({ '/remotes.json': { mf_catalogue: MANIFEST_URL }, [MANIFEST_URL]: manifest });
    start();

    await vi.waitFor(() => expect(preloadedImages()).toHaveLength(2));
    expect(preloadedImages()).toEqual([
      {
        as: 'image',
        srcset: 'http://remotes.test/catalogue/assets/hero-tall-6.webp',
        sizes: null,
        media: '(max-aspect-ratio: 3/4)',
        fetchPriority: 'high',
      },
      {
        as: 'image',
        srcset:
          'http://remotes.test/catalogue/assets/hero-960-7.webp 960w, http://remotes.test/catalogue/assets/hero-1600-8.webp 1600w',
        sizes: '100vw',
        media: 'not all and (max-aspect-ratio: 3/4)',
        fetchPriority: 'high',
      },
    ]);
  });

  it('preloads no image for a page the manifest names none for', async () => {
    serve({ '/remotes.json': { mf_catalogue: MANIFEST_URL }, [MANIFEST_URL]: manifest });
    history.replaceState(null, '', '/artifact-details/abc123');
    start();
    await vi.waitFor(() => expect(preloaded()).toHaveLength(3));
    expect(preloadedImages()).toEqual([]);
  });

  it('hands each early response over once, unread, then leaves the registry to fetch', async () => {
    serve({ '/remotes.json': { mf_catalogue: MANIFEST_URL }, [MANIFEST_URL]: manifest });
    start();
    await vi.waitFor(() => expect(preloaded()).toHaveLength(2));

    const remotes = await takeEarlyRemotesJson();
    expect(await remotes?.json()).toEqual({ mf_catalogue: MANIFEST_URL });
    expect(takeEarlyRemotesJson()).toBeUndefined();
    expect(await (await takeEarlyManifest(MANIFEST_URL))?.json()).toEqual(manifest);
    expect(takeEarlyManifest(MANIFEST_URL)).toBeUndefined();
  });

  it("sends the page's first API request the manifest names, as the API client will, and hands it over once", async () => {
    const API_URL = 'http://api.test/artifacts?q=bronze+age&limit=24';
    const fetchMock = serve({
      '/remotes.json': { mf_catalogue: MANIFEST_URL },
      [MANIFEST_URL]: manifest,
      [API_URL]: [{ _id: 'early' }],
    });
    history.replaceState(null, '', '/all-artifacts?q=%20bronze%20age');
    start();

    await vi.waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toContain(API_URL));
    expect(fetchMock.mock.calls.find(([url]) => url === API_URL)?.[1]).toEqual({
      headers: { Accept: 'application/json' },
    });
    expect(earlyApiResponses.take('http://api.test/artifacts?limit=24', undefined)).toBeUndefined();
    expect(await (await earlyApiResponses.take(API_URL, undefined))?.json()).toEqual([{ _id: 'early' }]);
    expect(earlyApiResponses.take(API_URL, undefined)).toBeUndefined();
  });

  describe("a member page's request", () => {
    const DETAILS_URL = 'http://api.test/api/artifacts/abc%20123';
    const PHOTO = 'http://api.test/images/0b9d8c7e-1111-4222-8333-944455566677/1080.webp';
    const memberManifest = {
      ...manifest,
      requestPreloads: {
        ArtifactDetails: {
          path: '/api/artifacts/:id',
          withToken: true,
          images: { count: 1, sizes: '540px' },
        },
      },
    };
    afterEach(() => localStorage.clear());

    it('goes with the stored token while it is usable, and is handed only to a request with that token', async () => {
      const token = emulatorToken(60);
      localStorage.setItem('token', token);
      const fetchMock = serve({
        '/remotes.json': { mf_catalogue: MANIFEST_URL },
        [MANIFEST_URL]: memberManifest,
        [DETAILS_URL]: { _id: 'abc 123', image: PHOTO },
      });
      history.replaceState(null, '', '/artifact-details/abc%20123');
      start();

      await vi.waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toContain(DETAILS_URL));
      expect(fetchMock.mock.calls.find(([url]) => url === DETAILS_URL)?.[1]).toEqual({
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      });
      // Its picture, as the page's <img> asks for it, as soon as the answer names it.
      await vi.waitFor(() =>
        expect(preloadedImages()).toContainEqual({
          as: 'image',
          srcset: expect.stringContaining('1080.webp 1080w') as string,
          sizes: '540px',
          media: null,
          fetchPriority: 'high',
        }),
      );
      expect(earlyApiResponses.take(DETAILS_URL, 'Bearer another-members-token')).toBeUndefined();
      expect(earlyApiResponses.take(DETAILS_URL, `Bearer ${token}`)).toBeUndefined();
    });

    it('is handed over to the same token, once', async () => {
      const token = emulatorToken(60);
      localStorage.setItem('token', token);
      serve({
        '/remotes.json': { mf_catalogue: MANIFEST_URL },
        [MANIFEST_URL]: memberManifest,
        [DETAILS_URL]: { _id: 'abc 123' },
      });
      history.replaceState(null, '', '/artifact-details/abc%20123');
      start();
      await vi.waitFor(() =>
        expect(window.__heritageEarlyRemoteLoad?.apiResponses?.[DETAILS_URL]).toBeDefined(),
      );
      expect(await (await earlyApiResponses.take(DETAILS_URL, `Bearer ${token}`))?.json()).toEqual({
        _id: 'abc 123',
      });
      expect(earlyApiResponses.take(DETAILS_URL, `Bearer ${token}`)).toBeUndefined();
    });

    it('is not sent without a stored token, nor with one older than the sync max age', async () => {
      for (const stored of [null, emulatorToken(6 * 60)]) {
        if (stored) localStorage.setItem('token', stored);
        const fetchMock = serve({
          '/remotes.json': { mf_catalogue: MANIFEST_URL },
          [MANIFEST_URL]: memberManifest,
        });
        history.replaceState(null, '', '/artifact-details/abc123');
        start();
        await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith(MANIFEST_URL));
        await vi.waitFor(() => expect(preloaded().length).toBeGreaterThan(0));
        expect(
          fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith('http://api.test')),
        ).toEqual([]);
        document.head.innerHTML = '';
      }
    });
  });

  it('sends no API request for a page the manifest names none for, nor once the app has dropped them', async () => {
    const fetchMock = serve({ '/remotes.json': { mf_catalogue: MANIFEST_URL }, [MANIFEST_URL]: manifest });
    history.replaceState(null, '', '/artifact-details/abc123');
    start();
    await vi.waitFor(() => expect(preloaded()).toHaveLength(3));

    history.replaceState(null, '', '/all-artifacts');
    start();
    earlyApiResponses.drop();
    await vi.waitFor(() => expect(preloaded()).toHaveLength(4));
    expect(
      fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith('http://api.test')),
    ).toEqual([]);
  });

  it('only fetches remotes.json on a shell page, and preloads nothing when the manifest is missing', async () => {
    const fetchMock = serve({ '/remotes.json': { mf_catalogue: MANIFEST_URL } });
    history.replaceState(null, '', '/login');
    start();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/remotes.json']);

    history.replaceState(null, '', '/');
    start();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith(MANIFEST_URL));
    expect((await takeEarlyManifest(MANIFEST_URL))?.status).toBe(404);
    expect(preloaded()).toEqual([]);
  });

  describe('the manifest named by the remotes.json of the build', () => {
    it('is asked for at once, beside remotes.json, and taken once remotes.json names it too', async () => {
      let answerRemotesJson = () => {};
      const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
        if (url !== '/remotes.json') return Response.json(manifest);
        await new Promise<void>((resolve) => (answerRemotesJson = resolve));
        return Response.json({ mf_catalogue: MANIFEST_URL });
      });
      vi.stubGlobal('fetch', fetchMock);
      history.replaceState(null, '', '/artifact-details/abc123');

      start({ mf_catalogue: MANIFEST_URL, mf_account: 'http://remotes.test/account/mf-manifest.json' });
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/remotes.json', MANIFEST_URL]);

      answerRemotesJson();
      await vi.waitFor(() => expect(preloaded()).toHaveLength(3));
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(await (await takeEarlyManifest(MANIFEST_URL))?.json()).toEqual(manifest);
    });

    it('is dropped, even when it fails, for the one remotes.json names when a deployment has moved the remote', async () => {
      const MOVED_URL = 'http://moved.test/catalogue/mf-manifest.json';
      const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
        if (url === '/remotes.json') return Response.json({ mf_catalogue: MOVED_URL });
        if (url === MOVED_URL) return Response.json(manifest);
        throw new TypeError('Failed to fetch');
      });
      vi.stubGlobal('fetch', fetchMock);
      history.replaceState(null, '', '/artifact-details/abc123');

      start({ mf_catalogue: MANIFEST_URL });
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith(MOVED_URL));
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/remotes.json', MANIFEST_URL, MOVED_URL]);
      expect(takeEarlyManifest(MANIFEST_URL)).toBeUndefined();
      expect(await (await takeEarlyManifest(MOVED_URL))?.json()).toEqual(manifest);
    });

    it('is asked for on this machine only from a page on this machine', async () => {
      const LOCAL_URL = 'http://localhost:5174/mf-manifest.json';
      const happyDOM = (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM;
      const pageUrl = location.href;
      const firstRequests = async (page: string) => {
        happyDOM.setURL(page);
        const fetchMock = serve({
          '/remotes.json': { mf_catalogue: MANIFEST_URL },
          [MANIFEST_URL]: manifest,
        });
        start({ mf_catalogue: LOCAL_URL });
        return fetchMock.mock.calls.map(([url]) => url);
      };
      try {
        expect(await firstRequests('http://127.0.0.1:5173/artifact-details/abc123')).toEqual([
          '/remotes.json',
          LOCAL_URL,
        ]);
        expect(await firstRequests('https://heritage.example.org/artifact-details/abc123')).toEqual([
          '/remotes.json',
        ]);
      } finally {
        happyDOM.setURL(pageUrl);
      }
    });
  });

  describe("the shell's own code", () => {
    it('starts at once on a shell page, once', () => {
      serve({ '/remotes.json': { mf_catalogue: MANIFEST_URL } });
      history.replaceState(null, '', '/login');
      start();
      expect(shellCodeStarted()).toEqual(STARTED);
      expect(document.head.querySelectorAll('script[type="module"]')).toHaveLength(1);
    });

    it("starts its chunks at once but its entry only once the document is parsed, as index.html's tags would", () => {
      serve({ '/remotes.json': { mf_catalogue: MANIFEST_URL } });
      history.replaceState(null, '', '/login');
      const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
      start();
      expect(shellCodeStarted()).toBe('chunks only');

      readyState.mockReturnValue('interactive');
      document.dispatchEvent(new Event('DOMContentLoaded'));
      expect(shellCodeStarted()).toEqual(STARTED);
    });

    describe("the identity provider's chunks", () => {
      const identityProviderPreloads = () =>
        [...document.head.querySelectorAll('link[rel="modulepreload"][href*="firebase"]')].map((link) => ({
          href: link.getAttribute('href'),
          crossOrigin: link.getAttribute('crossorigin'),
        }));
      afterEach(() => localStorage.clear());

      it("are preloaded on a member's page without a usable stored token, where the shell needs them at once", () => {
        serve({ '/remotes.json': { mf_catalogue: MANIFEST_URL }, [MANIFEST_URL]: manifest });
        // Expired, as a returning member's is.
        localStorage.setItem('token', emulatorToken(7200));
        history.replaceState(null, '', '/my-artifacts');
        start();
        expect(identityProviderPreloads()).toEqual(
          SHELL_CODE.identityProvider.map((href) => ({ href, crossOrigin: 'anonymous' })),
        );
      });

      it("come first on a returning member's page: the shell's code waits for Firebase's, 3 s at most", async () => {
        for (const loads of [true, false]) {
          vi.useFakeTimers();
          try {
            serve({ '/remotes.json': { mf_catalogue: MANIFEST_URL }, [MANIFEST_URL]: manifest });
            localStorage.setItem('token', emulatorToken(7200));
            let load!: () => void;
            firebase.loaded = new Promise((resolve) => (load = resolve));
            history.replaceState(null, '', '/my-artifacts');
            start();
            await vi.advanceTimersByTimeAsync(2000);
            expect(shellCodeStarted(), 'while Firebase loads').toBe(false);
            if (loads) load();
            await vi.advanceTimersByTimeAsync(loads ? 10 : 1000);
            expect(shellCodeStarted(), loads ? 'once Firebase has loaded' : 'after 3 s').toEqual(STARTED);
          } finally {
            vi.useRealTimers();
          }
          document.head.innerHTML = '';
        }
      });

      it('wait on a public page, and on a member page whose stored token is usable', () => {
        for (const [path, token] of [
          ['/all-artifacts', null],
          ['/my-artifacts', emulatorToken(60)],
        ] as const) {
          serve({ '/remotes.json': { mf_catalogue: MANIFEST_URL }, [MANIFEST_URL]: manifest });
          if (token) localStorage.setItem('token', token);
          history.replaceState(null, '', path);
          start();
          // The shell's entry waits for the page's picture there (below).
          expect(shellCodeStarted()).toBe('chunks only');
          expect(identityProviderPreloads()).toEqual([]);
          document.head.innerHTML = '';
        }
      });
    });

    it('starts its chunks at once on a page not prerendered, its entry once the manifest draws no picture, and leaves the fonts to the page', async () => {
      serve({ '/remotes.json': { mf_catalogue: MANIFEST_URL }, [MANIFEST_URL]: manifest });
      document.head.innerHTML = `<style media="print" ${HELD_BACK_ATTRIBUTE}>@font-face{}</style>`;
      history.replaceState(null, '', '/all-artifacts');
      start();
      expect(shellCodeStarted()).toBe('chunks only');
      await vi.waitFor(() => expect(shellCodeStarted()).toEqual(STARTED));
      expect(document.head.querySelector('style')?.media).toBe('print');
    });

    it('starts on a prerendered page when the manifest has no picture for it, or remotes.json or the manifest fail', async () => {
      const withoutPictures = { ...manifest, firstPaint: {} };
      for (const responses of [
        { '/remotes.json': { mf_catalogue: MANIFEST_URL }, [MANIFEST_URL]: withoutPictures },
        { '/remotes.json': { mf_catalogue: MANIFEST_URL } },
        {},
      ]) {
        document.head.innerHTML = '';
        serve(responses);
        start();
        expect(shellCodeStarted()).toBe(false);
        await vi.waitFor(() => expect(shellCodeStarted()).toEqual(STARTED));
      }
    });

    it('starts after 3 s when remotes.json does not answer', () => {
      vi.useFakeTimers();
      try {
        vi.stubGlobal(
          'fetch',
          vi.fn(() => new Promise<Response>(() => undefined)),
        );
        history.replaceState(null, '', '/about');
        start();
        vi.advanceTimersByTime(2999);
        expect(shellCodeStarted()).toBe(false);
        vi.advanceTimersByTime(1);
        expect(shellCodeStarted()).toEqual(STARTED);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  describe("the page's prerendered picture", () => {
    const layout = (marked: boolean) => {
      document.body.innerHTML = `<div id="root" ${marked ? 'data-first-paint inert' : ''}><main id="main"><p>Loading</p></main></div>`;
      return document.getElementById('main')!;
    };

    it("goes into the prerendered layout's main, on the remote's base, from the manifest itself", async () => {
      const main = layout(true);
      const fetchMock = serve({ '/remotes.json': { mf_catalogue: MANIFEST_URL }, [MANIFEST_URL]: manifest });
      start();

      await vi.waitFor(() => expect(main.querySelector('h1')?.textContent).toBe('Preserve the Past'));
      expect(main.querySelector('img')?.getAttribute('src')).toBe(
        'http://remotes.test/catalogue/assets/hero-1600-8.webp',
      );
      expect(main.textContent).not.toContain('Loading');
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/remotes.json', MANIFEST_URL]);
    });

    it("starts the shell's code, the page's and the held-back fonts only once the picture's images have loaded or failed", async () => {
      // happy-dom loads no images, so every one is `complete`: here they are still on their way.
      vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(false);
      const main = layout(true);
      document.head.innerHTML = `<style media="print" ${HELD_BACK_ATTRIBUTE}>@font-face{}</style>`;
      const fonts = document.head.querySelector('style')!;
      serve({ '/remotes.json': { mf_catalogue: MANIFEST_URL }, [MANIFEST_URL]: manifest });
      start();
      await vi.waitFor(() => expect(main.querySelector('img')).not.toBeNull());
      // Let every pending fetch and promise settle: the code still waits for the image.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(preloaded()).toEqual([]);
      expect(shellCodeStarted()).toBe(false);
      expect(fonts.media).toBe('print');

      main.querySelector('img')!.dispatchEvent(new Event('error'));
      await vi.waitFor(() => expect(preloaded()).toHaveLength(2));
      expect(shellCodeStarted()).toEqual(STARTED);
      expect(fonts.media).toBe('all');
    });

    it('is left out once the live app has replaced the prerendered layout', async () => {
      const main = layout(false);
      serve({ '/remotes.json': { mf_catalogue: MANIFEST_URL }, [MANIFEST_URL]: manifest });
      start();
      await vi.waitFor(() => expect(preloaded()).toHaveLength(2));
      expect(main.innerHTML).toBe('<p>Loading</p>');
    });

    describe('the header, for the member the stored token names', () => {
      const headers = [
        {
          sample: { member: markedRecord('member', ['uid', 'displayName']) },
          html: `<header>Account menu for ${mark('member.displayName')}</header>`,
        },
        {
          sample: { member: markedRecord('member', ['uid'], { displayName: null }) },
          html: '<header>Account menu</header>',
        },
      ];
      const layoutWithHeaders = () => {
        document.body.innerHTML =
          '<div id="root" data-first-paint inert><header>Login Register</header><main id="main"></main></div>' +
          `<script type="application/json" data-member-header>${JSON.stringify(headers).replace(/</g, '\\u003c')}</script>`;
      };
      const storeToken = (claims: Record<string, unknown>) =>
        localStorage.setItem('token', emulatorToken(60, claims));
      afterEach(() => localStorage.clear());

      it('takes the place of the sign-in buttons at once, the name escaped', () => {
        layoutWithHeaders();
        storeToken({ user_id: 'ada', name: 'Ada <b>Lovelace</b>' });
        serve({});
        start();
        expect(document.querySelector('header')!.textContent).toBe('Account menu for Ada <b>Lovelace</b>');
        expect(document.querySelector('header b')).toBeNull();
      });

      it('is the one the member fits, and is not drawn without a usable token', () => {
        layoutWithHeaders();
        storeToken({ user_id: 'ada' });
        serve({});
        start();
        expect(document.querySelector('header')!.textContent).toBe('Account menu');

        layoutWithHeaders();
        localStorage.setItem('token', 'not-a-token');
        start();
        expect(document.querySelector('header')!.textContent).toBe('Login Register');
      });

      it("is drawn on a returning member's page once Firebase names the member, and not on a public page", async () => {
        for (const path of ['/my-artifacts', '/all-artifacts']) {
          layoutWithHeaders();
          firebase.answer = Promise.resolve(emulatorToken(0, { user_id: 'ada', name: 'Ada' }));
          serve({});
          history.replaceState(null, '', path);
          start();
          if (path === '/my-artifacts')
            await vi.waitFor(() =>
              expect(document.querySelector('header')!.textContent).toBe('Account menu for Ada'),
            );
          else {
            await new Promise((resolve) => setTimeout(resolve, 20));
            expect(document.querySelector('header')!.textContent).toBe('Login Register');
          }
        }
      });
    });

    describe('drawn with the answer to its first request', () => {
      const DETAILS_URL = 'http://api.test/api/artifacts/abc';
      const PHOTO = 'http://api.test/images/0b9d8c7e-1111-4222-8333-944455566677/1080.webp';
      const picture = (vote: string) =>
        `<h1>${mark('data.name')}</h1><p>${vote}, ${mark('member.displayName')}, ${mark('params.id')}</p>` +
        `<img alt="${mark('data.name')}" src="${mark('data.image')}" sizes="540px">` +
        '<img alt="" src="%HERITAGE_REMOTE_BASE%/assets/frame.svg">';
      const PICTURES_URL = 'http://remotes.test/catalogue/assets/pictures-ArtifactDetails-1.json';
      const pictureManifest = {
        ...manifest,
        requestPreloads: {
          ArtifactDetails: {
            path: '/api/artifacts/:id',
            withToken: true,
            images: { count: 1, sizes: '540px' },
          },
        },
        dataPictures: { ArtifactDetails: 'assets/pictures-ArtifactDetails-1.json' },
      };
      const pictures = ['liked', null].map((myVote) => ({
        sample: {
          member: markedRecord('member', ['uid', 'displayName']),
          data: markedRecord('data', ['name', 'image'], { myVote }),
        },
        html: picture(myVote ? 'Liked' : 'Like'),
      }));
      const signIn = () =>
        localStorage.setItem('token', emulatorToken(60, { user_id: 'ada', name: 'Ada <Lovelace>' }));
      /** Opens the details page with `answer` from the API (none: it fails). */
      const open = (answer?: unknown) => {
        const fetchMock = serve({
          '/remotes.json': { mf_catalogue: MANIFEST_URL },
          [MANIFEST_URL]: pictureManifest,
          [PICTURES_URL]: pictures,
          ...(answer === undefined ? {} : { [DETAILS_URL]: answer }),
        });
        history.replaceState(null, '', '/artifact-details/abc');
        start();
        return fetchMock;
      };
      afterEach(() => localStorage.clear());

      it("fills in the member's and the answer's texts, escaped, into the picture the answer fits", async () => {
        const main = layout(true);
        signIn();
        open({ _id: 'abc', name: '<img src=x onerror=alert(1)>', image: PHOTO, myVote: null });

        await vi.waitFor(() =>
          expect(main.querySelector('h1')?.textContent).toBe('<img src=x onerror=alert(1)>'),
        );
        expect(main.querySelector('p')!.textContent).toBe('Like, Ada <Lovelace>, abc');
        const [photo, frame] = [...main.querySelectorAll('img')];
        expect(photo!.getAttribute('src')).toBe(PHOTO);
        // Every stored width, as the page's ArtifactImage asks for an uploaded photo.
        expect(photo!.getAttribute('srcset')).toContain('1080.webp 1080w');
        expect(photo!.getAttribute('srcset')).toContain('480.webp 480w');
        expect(frame!.getAttribute('src')).toBe('http://remotes.test/catalogue/assets/frame.svg');
        expect(frame!.hasAttribute('srcset')).toBe(false);
        expect(main.querySelectorAll('img')).toHaveLength(2);
      });

      it("runs the shell's entry once the picture's first image has loaded or failed, its chunks at once", async () => {
        // happy-dom loads no images, so every one is `complete`: here they are still on their way.
        vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(false);
        const main = layout(true);
        signIn();
        open({ _id: 'abc', name: 'Vase', image: PHOTO, myVote: null });
        await vi.waitFor(() => expect(main.querySelector('h1')?.textContent).toBe('Vase'));
        // Let every pending fetch and promise settle: the entry still waits for the photo.
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(shellCodeStarted()).toBe('chunks only');

        main.querySelector('img')!.dispatchEvent(new Event('load'));
        await vi.waitFor(() => expect(shellCodeStarted()).toEqual(STARTED));
      });

      it("runs the shell's entry only once a frame has painted the picture's first image", async () => {
        vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(false);
        const frames: FrameRequestCallback[] = [];
        vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
        const main = layout(true);
        signIn();
        open({ _id: 'abc', name: 'Vase', image: PHOTO, myVote: null });
        await vi.waitFor(() => expect(main.querySelector('h1')?.textContent).toBe('Vase'));
        main.querySelector('img')!.dispatchEvent(new Event('load'));
        await vi.waitFor(() => expect(frames).toHaveLength(1));
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(shellCodeStarted()).toBe('chunks only');

        frames[0]!(performance.now());
        await vi.waitFor(() => expect(shellCodeStarted()).toEqual(STARTED));
      });

      it('does not wait for a frame in a page opened in the background, which paints none', async () => {
        vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(false);
        vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
        const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
        const main = layout(true);
        signIn();
        open({ _id: 'abc', name: 'Vase', image: PHOTO, myVote: null });
        await vi.waitFor(() => expect(main.querySelector('h1')?.textContent).toBe('Vase'));
        main.querySelector('img')!.dispatchEvent(new Event('load'));
        await vi.waitFor(() => expect(shellCodeStarted()).toEqual(STARTED));
        expect(frame).not.toHaveBeenCalled();
      });

      it("runs the shell's entry once nothing is drawn, and after 3 s at most", async () => {
        const main = layout(true);
        signIn();
        open();
        await vi.waitFor(() => expect(shellCodeStarted()).toEqual(STARTED));
        expect(main.innerHTML).toBe('<p>Loading</p>');
        document.head.innerHTML = '';

        vi.useFakeTimers();
        try {
          serve({
            '/remotes.json': { mf_catalogue: MANIFEST_URL },
            [MANIFEST_URL]: pictureManifest,
            [PICTURES_URL]: pictures,
          });
          // The API never answers.
          const served = globalThis.fetch;
          vi.stubGlobal(
            'fetch',
            vi.fn((url: string, init?: RequestInit) =>
              url === DETAILS_URL ? new Promise<Response>(() => undefined) : served(url, init),
            ),
          );
          history.replaceState(null, '', '/artifact-details/abc');
          start();
          await vi.advanceTimersByTimeAsync(2999);
          expect(shellCodeStarted()).toBe('chunks only');
          await vi.advanceTimersByTimeAsync(1);
          expect(shellCodeStarted()).toEqual(STARTED);
        } finally {
          vi.useRealTimers();
        }
      });

      describe('for a returning member (no usable stored token)', () => {
        const FRESH = emulatorToken(0, { user_id: 'ada', name: 'Ada' });
        const expiredToken = () => localStorage.setItem('token', emulatorToken(7200));

        it("asks Firebase for the member's token at once, then sends the request with it and draws the page", async () => {
          const main = layout(true);
          expiredToken();
          let answer!: (token: string | null) => void;
          firebase.answer = new Promise((resolve) => (answer = resolve));
          const fetchMock = open({ _id: 'abc', name: 'Vase', image: PHOTO, myVote: null });

          await vi.waitFor(() => expect(firebase.asked).toBe(1));
          // Nothing goes to the API before Firebase has answered.
          await vi.waitFor(() => expect(preloaded()).toHaveLength(3));
          expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain(DETAILS_URL);
          answer(FRESH);

          await vi.waitFor(() => expect(main.querySelector('h1')?.textContent).toBe('Vase'));
          expect(main.querySelector('p')!.textContent).toBe('Like, Ada, abc');
          expect(fetchMock.mock.calls.find(([url]) => url === DETAILS_URL)?.[1]).toEqual({
            headers: { Accept: 'application/json', Authorization: `Bearer ${FRESH}` },
          });
          expect(earlyApiResponses.take(DETAILS_URL, `Bearer ${FRESH}`)).toBeDefined();
        });

        it('asks for nothing and draws nothing when Firebase names no member, or fails', async () => {
          for (const answer of [() => Promise.resolve(null), () => Promise.reject(new Error('network'))]) {
            const main = layout(true);
            expiredToken();
            firebase.answer = answer();
            const fetchMock = open({ _id: 'abc', name: 'Vase', image: PHOTO, myVote: null });
            await vi.waitFor(() => expect(preloaded()).toHaveLength(3));
            await Promise.all(fetchMock.mock.results.map((result) => result.value));
            await new Promise((resolve) => setTimeout(resolve, 20));
            expect(main.innerHTML).toBe('<p>Loading</p>');
            expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain(DETAILS_URL);
            document.head.innerHTML = '';
            delete window.__heritageEarlyRemoteLoad;
          }
        });

        it('is not asked for on a public page, nor with a usable stored token', async () => {
          firebase.answer = Promise.resolve(FRESH);
          for (const [path, stored] of [
            ['/all-artifacts', null],
            ['/artifact-details/abc', emulatorToken(60)],
          ] as const) {
            if (stored) localStorage.setItem('token', stored);
            serve({ '/remotes.json': { mf_catalogue: MANIFEST_URL }, [MANIFEST_URL]: pictureManifest });
            history.replaceState(null, '', path);
            start();
            await vi.waitFor(() => expect(preloaded().length).toBeGreaterThan(0));
            expect(firebase.asked, path).toBe(0);
            localStorage.clear();
            document.head.innerHTML = '';
          }
        });
      });

      it('is not drawn for an answer no picture fits, a failed answer, without a member, or once the app is live', async () => {
        const cases: Array<[string, () => HTMLElement, unknown]> = [
          [
            'another vote',
            () => (signIn(), layout(true)),
            { name: 'Vase', image: PHOTO, myVote: 'disliked' },
          ],
          ['a missing text', () => (signIn(), layout(true)), { name: 'Vase', myVote: null }],
          ['a failed answer', () => (signIn(), layout(true)), undefined],
          [
            'no stored token, and Firebase names no member',
            () => layout(true),
            { name: 'Vase', image: PHOTO, myVote: null },
          ],
          ['the live app', () => (signIn(), layout(false)), { name: 'Vase', image: PHOTO, myVote: null }],
        ];
        for (const [name, prepare, answer] of cases) {
          const main = prepare();
          const fetchMock = open(answer);
          await vi.waitFor(() => expect(preloaded()).toHaveLength(3));
          await Promise.all(fetchMock.mock.results.map((result) => result.value));
          await new Promise((resolve) => setTimeout(resolve, 20));
          expect(main.innerHTML, name).toBe('<p>Loading</p>');
          localStorage.clear();
          document.head.innerHTML = '';
          delete window.__heritageEarlyRemoteLoad;
        }
      });

      it("draws a public page for a visitor from the answer's body and headers, for the page URL's query its sample names", async () => {
        const PAGE_PICTURES_URL = 'http://remotes.test/catalogue/assets/pictures-AllArtifacts-1.json';
        const card = (index: number) =>
          `<h3>${mark(`data.${index}.name`)}</h3>` +
          `<img sizes="100vw" alt="${mark(`data.${index}.name`)}" src="${mark(`data.${index}.image`)}">`;
        const searchPictures = [
          {
            sample: {
              search: { q: '' },
              data: [0, 1].map((index) => markedRecord(`data.${index}`, ['name', 'image'])),
              headers: { 'x-total-count': mark('headers.x-total-count') },
            },
            html: `${card(0)}${card(1)}<p>Showing 2 of ${mark('headers.x-total-count')}</p>`,
          },
        ];
        const answer = () =>
          Response.json(
            [
              { name: 'Rosetta Stone', image: 'http://img.test/rosetta.webp' },
              { name: 'Sutton Hoo Helmet', image: 'http://img.test/helmet.webp' },
            ],
            { headers: { 'X-Total-Count': '30' } },
          );
        const openAt = (path: string) => {
          const fetchMock = serve({
            '/remotes.json': { mf_catalogue: MANIFEST_URL },
            [MANIFEST_URL]: {
              ...manifest,
              requestPreloads: {
                AllArtifacts: {
                  ...manifest.requestPreloads.AllArtifacts,
                  images: { count: 1, sizes: '100vw' },
                },
              },
              dataPictures: { AllArtifacts: 'assets/pictures-AllArtifacts-1.json' },
            },
            [PAGE_PICTURES_URL]: searchPictures,
            'http://api.test/artifacts?limit=24': answer(),
            'http://api.test/artifacts?q=bronze&limit=24': answer(),
          });
          history.replaceState(null, '', path);
          start();
          return fetchMock;
        };

        const main = layout(true);
        openAt('/all-artifacts');
        await vi.waitFor(() => expect(main.querySelector('h3')?.textContent).toBe('Rosetta Stone'));
        expect(main.querySelector('p')!.textContent).toBe('Showing 2 of 30');
        // The pictures the page shows first load; the others wait for the live page, an empty frame.
        const [first, second] = [...main.querySelectorAll('img')];
        expect(first!.getAttribute('src')).toBe('http://img.test/rosetta.webp');
        expect(second!.hasAttribute('src')).toBe(false);
        expect(second!.getAttribute('alt')).toBe('');

        // A search is not what the sample shows: the page keeps its loading state.
        document.head.innerHTML = '';
        delete window.__heritageEarlyRemoteLoad;
        const searching = layout(true);
        const fetchMock = openAt('/all-artifacts?q=bronze');
        await vi.waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toContain(PAGE_PICTURES_URL));
        await Promise.all(fetchMock.mock.results.map((result) => result.value));
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(searching.innerHTML).toBe('<p>Loading</p>');
      });
    });
  });
});
