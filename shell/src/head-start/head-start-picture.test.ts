import { afterEach, describe, expect, it, vi } from 'vitest';
import { HELD_BACK_ATTRIBUTE } from 'first-paint/marks';
import { mark, markedRecord } from 'first-paint/head-start/picture';
import { emulatorToken } from 'shared-ui/test/tokens';
import {
  firebase,
  layout,
  manifest,
  MANIFEST_URL,
  preloaded,
  serve,
  shellCodeStarted,
  start,
  STARTED,
} from './test/harness';

describe("index.html's inline head start", () => {
  describe("the page's prerendered picture", () => {
    it("goes into the prerendered layout's main, on the remote's base, from the manifest itself", async () => {
      const main = layout(true);
      const fetchMock = serve({ '/remotes.json': { mf_catalogue: MANIFEST_URL }, [MANIFEST_URL]: manifest });
      // No guess of the build's, whose Home names an early request this manifest does not.
      start({}, {});

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
          // The manifests say which page is a member's; they have no picture of it.
          const EDITOR_URL = 'http://remotes.test/editor/mf-manifest.json';
          const pictureless = { ...manifest, firstPaint: {} };
          serve({
            '/remotes.json': { mf_catalogue: MANIFEST_URL, mf_artifact_editor: EDITOR_URL },
            [MANIFEST_URL]: pictureless,
            [EDITOR_URL]: pictureless,
          });
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
  });
});
