import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyResponses, takeManifest, takeRemotesJson } from 'first-paint/hand-over/take';
import { emulatorToken } from 'shared-ui/test/tokens';
import { PUBLISHED_PAGES } from '../routes/test/published-pages';
import { manifest, MANIFEST_URL, preloaded, preloadedImages, serve, start } from './test/harness';

describe("index.html's inline head start: the manifest, its hints and the early request", () => {
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

    const remotes = await takeRemotesJson();
    expect(await remotes?.json()).toEqual({ mf_catalogue: MANIFEST_URL });
    expect(takeRemotesJson()).toBeUndefined();
    expect(await (await takeManifest(MANIFEST_URL))?.json()).toEqual({
      pages: PUBLISHED_PAGES.mf_catalogue,
      ...manifest,
    });
    expect(takeManifest(MANIFEST_URL)).toBeUndefined();
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
    expect(earlyResponses.take('http://api.test/artifacts?limit=24', undefined)).toBeUndefined();
    expect(await (await earlyResponses.take(API_URL, undefined))?.json()).toEqual([{ _id: 'early' }]);
    expect(earlyResponses.take(API_URL, undefined)).toBeUndefined();
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
      expect(earlyResponses.take(DETAILS_URL, 'Bearer another-members-token')).toBeUndefined();
      expect(earlyResponses.take(DETAILS_URL, `Bearer ${token}`)).toBeUndefined();
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
      await vi.waitFor(() => expect(window.__firstPaint?.apiResponses?.[DETAILS_URL]).toBeDefined());
      expect(await (await earlyResponses.take(DETAILS_URL, `Bearer ${token}`))?.json()).toEqual({
        _id: 'abc 123',
      });
      expect(earlyResponses.take(DETAILS_URL, `Bearer ${token}`)).toBeUndefined();
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
    // No guess of the build's, whose pages name their requests (head-start-guess.test.ts).
    start({}, {});
    await vi.waitFor(() => expect(preloaded()).toHaveLength(3));

    history.replaceState(null, '', '/all-artifacts');
    start({}, {});
    earlyResponses.drop();
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
    expect((await takeManifest(MANIFEST_URL))?.status).toBe(404);
    expect(preloaded()).toEqual([]);
  });

  it('says a malformed path once, and matches it as it is, as React Router does', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    serve({ '/remotes.json': { mf_catalogue: MANIFEST_URL }, [MANIFEST_URL]: manifest });
    history.replaceState(null, '', '/artifact-details/%E0%A4%A');
    start();

    await vi.waitFor(() => expect(preloaded()).toHaveLength(3));
    expect(window.__firstPaint?.fallbacks['malformed path']).toBe(1);
    expect(debug).toHaveBeenCalledWith('first paint: malformed path', expect.any(URIError));
  });

  it('says why it leaves the page to the app, and counts each reason for the bench', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    serve({ '/remotes.json': { mf_catalogue: MANIFEST_URL } });
    history.replaceState(null, '', '/login');
    start();
    expect(window.__firstPaint?.fallbacks).toEqual({ 'not a remote page': 1 });

    history.replaceState(null, '', '/');
    // No guess of the build's: Home's would send its request to an API that answers nothing here.
    start({}, {});
    await vi.waitFor(() => expect(window.__firstPaint?.fallbacks).toEqual({ 'manifest failed': 1 }));
    expect(debug).toHaveBeenCalledWith('first paint: manifest failed', 404);

    serve({ '/remotes.json': {} });
    start({}, {});
    await vi.waitFor(() =>
      expect(window.__firstPaint?.fallbacks).toEqual({ 'no manifest in remotes.json': 1 }),
    );
    expect(debug).toHaveBeenCalledWith('first paint: not a remote page');
  });
});
