/**
 * Issue 27: the site behind a real web server, nginx with the configuration the repository ships (deploy/nginx),
 * serves what docs/releasing.md ("Deploying one remote alone") and docs/production.md ("A real web server: nginx")
 * promise. Runs in the nginx project only.
 */
import { SITE_ROUTES as ROUTES } from '../../../shell/src/routes/test/published-pages.ts';
import { expect, test, VIEWPORT_INDEPENDENT } from '../../fixtures/test.ts';

/** Below this size the build writes no compressed copy (site-config/static-serving.ts). */
const MIN_COMPRESSED_BYTES = 1024;

test.describe('nginx', { tag: ['@shell', VIEWPORT_INDEPENDENT] }, () => {
  test("every route of the spec, and any unknown path, is the app with the route's title: a deep link or a reload works", async ({
    request,
  }) => {
    // The render service's pages: the shell's document, its own head (render/), revalidated by browsers, a members'
    // page a visitor asks for a redirect to Login kept by no one, an unknown path Not Found's page as a 404.
    const index = await (await request.get('/index.html')).text();
    // The app: the shell's entry, as its build names it, and its root (drawn by the server, or left for the browser).
    const entry = /<script type="module"[^>]*><\/script>/.exec(index)![0];
    for (const route of ROUTES) {
      const path = route.path === '*' ? '/no-such-page/at-all' : route.path.replace(':id', 'abc123');
      // A members' page, asked by a visitor, is the way to Login (kept by no one); Login is the app's page.
      const response = await request.get(path, { maxRedirects: 0 });
      if (route.loginToast) {
        expect(response.status(), path).toBe(302);
        expect(response.headers()['location'], path).toBe(`/login?from=${encodeURIComponent(path)}`);
        expect(response.headers()['cache-control'], path).toBe('private, no-store');
        continue;
      }
      expect(response.status(), path).toBe(route.path === '*' ? 404 : 200);
      expect(response.headers()['cache-control'], path).toBe('no-cache');
      expect(response.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
      const html = await response.text();
      expect(html, path).toContain(`<title>${route.title} - Heritage Vault</title>`);
      expect(html, path).toContain(entry);
      expect(html, path).toContain('<div id="root">');
    }
    // A missing file is a 404, not the app.
    expect((await request.get('/assets/no-such-file.js')).status()).toBe(404);
  });

  test('hashed files are immutable for a year, entry files and remotes.json revalidated, both from precompressed files', async ({
    request,
  }) => {
    const remotes = (await (await request.get('/remotes.json')).json()) as Record<string, string>;
    const remotesJson = await request.get('/remotes.json');
    expect(remotesJson.headers()['cache-control']).toBe('no-cache');

    const manifestUrl = remotes.mf_catalogue!;
    const manifest = (await (await request.get(manifestUrl)).json()) as {
      exposes: { assets: { js: { sync: string[] } } }[];
    };
    const hashedFile = new URL(manifest.exposes[0]!.assets.js.sync[0]!, manifestUrl).href;
    const entry = new URL('remoteEntry.js', manifestUrl).href;
    for (const [url, cache] of [
      [manifestUrl, 'no-cache'],
      [entry, 'no-cache'],
      [hashedFile, 'public, max-age=31536000, immutable'],
    ] as const) {
      for (const encoding of ['br', 'gzip']) {
        const response = await request.get(url, { headers: { 'Accept-Encoding': encoding } });
        const headers = response.headers();
        expect(headers['cache-control'], url).toBe(cache);
        expect(headers['x-content-type-options'], url).toBe('nosniff');
        if (Number(headers['content-length'] ?? MIN_COMPRESSED_BYTES) >= MIN_COMPRESSED_BYTES) {
          expect(headers['content-encoding'], `${url} for ${encoding}`).toBe(encoding);
          expect(headers['vary'], url).toContain('Accept-Encoding');
        }
      }
    }
  });

  test("a remote's files may be read by the shell's pages, and by no other origin", async ({
    request,
    baseURL,
  }) => {
    const remotes = (await (await request.get('/remotes.json')).json()) as Record<string, string>;
    for (const manifestUrl of Object.values(remotes)) {
      const fromShell = await request.get(manifestUrl, { headers: { Origin: new URL(baseURL!).origin } });
      expect(fromShell.headers()['access-control-allow-origin'], manifestUrl).toBe(new URL(baseURL!).origin);
      const fromElsewhere = await request.get(manifestUrl, {
        headers: { Origin: 'http://elsewhere.example' },
      });
      expect(fromElsewhere.headers()['access-control-allow-origin'], manifestUrl).toBeUndefined();
    }
  });
});
