import { describe, expect, it, vi } from 'vitest';
import { takeManifest } from 'first-paint/hand-over/take';
import { PUBLISHED_PAGES } from '../routes/test/published-pages';
import { manifest as unpublished, MANIFEST_URL, preloaded, serve, start } from './test/harness';

const manifest = { pages: PUBLISHED_PAGES.mf_catalogue, ...unpublished };

describe("index.html's inline head start", () => {
  describe('the manifest named by the remotes.json of the build', () => {
    it('are asked for at once, beside remotes.json, and taken once remotes.json names them too', async () => {
      let answerRemotesJson = () => {};
      const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
        if (url !== '/remotes.json') return Response.json(manifest);
        await new Promise<void>((resolve) => (answerRemotesJson = resolve));
        return Response.json({ mf_catalogue: MANIFEST_URL });
      });
      vi.stubGlobal('fetch', fetchMock);
      history.replaceState(null, '', '/artifact-details/abc123');

      const ACCOUNT_URL = 'http://remotes.test/account/mf-manifest.json';
      start({ mf_catalogue: MANIFEST_URL, mf_account: ACCOUNT_URL });
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/remotes.json', MANIFEST_URL, ACCOUNT_URL]);

      answerRemotesJson();
      await vi.waitFor(() => expect(preloaded()).toHaveLength(3));
      expect(fetchMock).toHaveBeenCalledTimes(3);
      expect(await (await takeManifest(MANIFEST_URL))?.json()).toEqual(manifest);
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
      expect(takeManifest(MANIFEST_URL)).toBeUndefined();
      expect(await (await takeManifest(MOVED_URL))?.json()).toEqual(manifest);
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
});
