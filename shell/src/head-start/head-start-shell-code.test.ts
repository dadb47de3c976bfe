import { afterEach, describe, expect, it, vi } from 'vitest';
import { HELD_BACK_ATTRIBUTE } from 'first-paint/marks';
import { emulatorToken } from 'shared-ui/test/tokens';
import {
  firebase,
  manifest,
  MANIFEST_URL,
  serve,
  SHELL_CODE,
  shellCodeStarted,
  start,
  STARTED,
} from './test/harness';

describe("index.html's inline head start: the shell's own code", () => {
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

      it("are preloaded on a member's page without a usable stored token, where the shell needs them at once", async () => {
        serve({ '/remotes.json': { mf_artifact_editor: MANIFEST_URL }, [MANIFEST_URL]: manifest });
        // Expired, as a returning member's is.
        localStorage.setItem('token', emulatorToken(7200));
        history.replaceState(null, '', '/my-artifacts');
        start();
        await vi.waitFor(() =>
          expect(identityProviderPreloads()).toEqual(
            SHELL_CODE.identityProvider.map((href) => ({ href, crossOrigin: 'anonymous' })),
          ),
        );
      });

      it("come first on a returning member's page: the shell's code waits for Firebase's, 3 s at most", async () => {
        for (const loads of [true, false]) {
          vi.useFakeTimers();
          try {
            serve({ '/remotes.json': { mf_artifact_editor: MANIFEST_URL }, [MANIFEST_URL]: manifest });
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

      it('wait on a public page, and on a member page whose stored token is usable', async () => {
        for (const [path, token, remote] of [
          ['/all-artifacts', null, 'mf_catalogue'],
          ['/my-artifacts', emulatorToken(60), 'mf_artifact_editor'],
        ] as const) {
          // A picture to draw, whose file never answers: the shell's entry waits for it.
          serve({
            '/remotes.json': { [remote]: MANIFEST_URL },
            [MANIFEST_URL]: { ...manifest, dataPictures: { AllArtifacts: 'p.json', MyArtifacts: 'p.json' } },
            'http://remotes.test/catalogue/p.json': new Promise(() => undefined),
            'http://api.test/artifacts?limit=24': new Promise(() => undefined),
          });
          if (token) localStorage.setItem('token', token);
          history.replaceState(null, '', path);
          start();
          // The shell's entry waits for the page's picture there (below).
          await vi.waitFor(() => expect(shellCodeStarted()).toBe('chunks only'));
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
});
