/**
 * Issue 9, serving: what the browser downloads for the home page is compressed (Brotli, precompressed at build
 * time), hashed files are cached for a year, entry files are revalidated, every shared library is downloaded
 * once although four separately built apps take part, and Home's hero picture is in the document as served.
 */
import type { Response } from '@playwright/test';
import { createHash } from 'node:crypto';
import { expect, test, VIEWPORT_INDEPENDENT } from '../../fixtures/test.ts';

/** A content hash in the name: chunks under assets/, and the shell's own federation entry (remoteEntry-<hash>.js). */
const HASHED = /\/[^/]+-[\w-]{8}\.(js|css)$/;
const ENTRY = /\/(remoteEntry\.js|mf-manifest\.json)$/;

test(
  'the home page arrives compressed, hashed files are immutable, entry files are revalidated',
  { tag: ['@shell', VIEWPORT_INDEPENDENT, '@catalogue'] },
  async ({ page }) => {
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.goto('/');
    await expect(
      page.getByRole('list', { name: 'Featured Artifacts' }).getByTestId('artifact-card').first(),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');

    const scripts = responses.filter((r) => r.request().resourceType() === 'script' && r.status() === 200);
    // Every script is one or the other: a hashed file, cached for good, or an entry file, revalidated.
    for (const script of scripts)
      expect(script.url()).toMatch(new RegExp(`${HASHED.source}|${ENTRY.source}`));
    const hashed = scripts.filter((r) => HASHED.test(new URL(r.url()).pathname));
    expect(hashed.length).toBeGreaterThan(10);
    for (const response of hashed) {
      const headers = await response.allHeaders();
      expect(headers['cache-control'], response.url()).toBe('public, max-age=31536000, immutable');
      // Tiny chunks are not worth compressing; everything else is Brotli.
      if (Number(headers['content-length'] ?? Infinity) > 1024)
        expect(headers['content-encoding'], response.url()).toBe('br');
    }

    // The catalogue's manifest and remote entry, at least.
    const entries = responses.filter((r) => ENTRY.test(new URL(r.url()).pathname));
    expect(entries.length).toBeGreaterThanOrEqual(2);
    for (const response of entries)
      expect((await response.allHeaders())['cache-control'], response.url()).toBe('no-cache');
  },
);

test(
  'a revalidated entry file costs a 304, not a second download',
  { tag: ['@shell', VIEWPORT_INDEPENDENT, '@catalogue'] },
  async ({ page }) => {
    await page.goto('/');
    const manifest = await page.evaluate(
      async () => (await (await fetch('/remotes.json')).json()) as Record<string, string>,
    );
    const remoteEntry = new URL('remoteEntry.js', manifest.mf_catalogue).href;
    const first = await page.request.get(remoteEntry, { headers: { 'Accept-Encoding': 'br' } });
    expect(first.status()).toBe(200);
    const etag = first.headers()['etag'];
    expect(etag).toBeTruthy();
    const again = await page.request.get(remoteEntry, {
      headers: { 'Accept-Encoding': 'br', 'If-None-Match': etag! },
    });
    expect(again.status()).toBe(304);
  },
);

test(
  "React is downloaded once: the remotes use the shell's copy, not their own",
  { tag: ['@shell', VIEWPORT_INDEPENDENT, '@catalogue'] },
  async ({ page, shell }) => {
    const scripts: Response[] = [];
    page.on('response', (r) => void (r.request().resourceType() === 'script' && scripts.push(r)));
    await page.goto('/');
    await expect(
      page.getByRole('list', { name: 'Featured Artifacts' }).getByTestId('artifact-card').first(),
    ).toBeVisible();
    await shell.navigate('All Artifacts');
    await expect(page.getByTestId('artifact-card').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // React's production builds link every error to react.dev/errors: the files that hold it are React itself. The
    // shell provides React DOM's two entry points, the renderer (react-dom/client) and react-dom (flushSync, which
    // React Router's data mode calls), each once; no remote sends a copy of its own.
    const withReact: string[] = [];
    for (const response of scripts)
      if ((await response.text()).includes('react.dev/errors/')) withReact.push(response.url());
    expect(withReact.length).toBeGreaterThanOrEqual(1);
    expect(withReact.length).toBeLessThanOrEqual(2);
    expect(new Set(withReact).size).toBe(withReact.length);
    for (const url of withReact) expect(new URL(url).origin).toBe(new URL(page.url()).origin);
  },
);

test(
  "Home's hero picture starts loading with the page's code: one download, the one the screen shows",
  { tag: ['@shell', '@catalogue'] },
  async ({ page }) => {
    const heroRequests: string[] = [];
    page.on(
      'request',
      (request) => void (/hero-gallery/.test(request.url()) && heroRequests.push(request.url())),
    );
    const served = await (await page.goto('/'))!.text();
    const hero = page.getByRole('img', { name: 'A golden amphora on a pedestal in a museum gallery' });
    await expect(hero).toBeVisible();
    await expect
      .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
      .toBeTruthy();
    const shown = await hero.evaluate((img: HTMLImageElement) => img.currentSrc);

    // Home comes rendered on the server (#53): the picture is in the document as served, so the browser starts it
    // with the page, and the one it chose is that same download.
    expect(served).toContain(new URL(shown).pathname);
    await page.waitForLoadState('networkidle');
    expect(heroRequests).toEqual([shown]);
  },
);

test(
  "every route's page carries the site's security headers; its files are never sniffed",
  { tag: ['@shell', VIEWPORT_INDEPENDENT, '@catalogue'] },
  async ({ page, request }) => {
    // The render service answers a path no route has with Not Found's page, as a 404.
    const pages = {
      '/': 200,
      '/all-artifacts': 200,
      '/artifact-details/0badc0de-0000-4000-8000-000000000000': 200,
      '/no-such-page': 404,
    };
    for (const [path, status] of Object.entries(pages)) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(status);
      const headers = response.headers();
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy'], path).toContain('camera=()');
      const policy = Object.fromEntries(
        headers['content-security-policy']!.split('; ').map((directive) => {
          const [name, ...sources] = directive.split(' ');
          return [name, sources];
        }),
      );
      expect(policy['frame-ancestors'], path).toEqual(["'none'"]);
      expect(policy['object-src'], path).toEqual(["'none'"]);
      // No inline script runs but React's own in a page rendered on the server, allowed by the hash of what this very
      // page carries. A JSON data block (a page's JSON-LD, a rendered page's answers, the site's settings) is data:
      // the browser never runs it.
      expect(policy['script-src'], path).not.toContain("'unsafe-inline'");
      const html = await response.text();
      for (const [, data] of html.matchAll(
        /<script type="application\/(?:ld\+)?json"[^>]*>([\s\S]*?)<\/script>/g,
      ))
        expect(() => JSON.parse(data!), path).not.toThrow();
      const inline = [
        ...html.matchAll(
          /<script(?![^>]*\ssrc=)(?![^>]*\stype="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g,
        ),
      ];
      expect(inline.length, path).toBeLessThanOrEqual(1);
      for (const [, script] of inline) {
        const digest = createHash('sha256').update(script!).digest('base64');
        expect(policy['script-src'], path).toContain(`'sha256-${digest}'`);
      }
    }

    // A file is not a document: the one header it needs, and no policy repeated on each of a page's 40 files.
    await page.goto('/');
    const manifestUrl = (
      await page.evaluate(async () => (await (await fetch('/remotes.json')).json()) as Record<string, string>)
    ).mf_catalogue!;
    for (const url of [manifestUrl, new URL('remoteEntry.js', manifestUrl).href]) {
      const headers = (await request.get(url)).headers();
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['content-security-policy'], url).toBeUndefined();
    }
  },
);
