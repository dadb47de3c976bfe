import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderServer } from './server.ts';
import { renderSettings } from './settings.ts';

const dir = mkdtempSync(join(tmpdir(), 'render-server-'));
const dist = join(dir, 'dist');
const releases = join(dir, 'releases');
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="The site."
    />
    <title>Heritage Vault</title>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const CODE = 'export const code = 1;\n'.repeat(100);

/** A built file and, as the build writes them, its Brotli copy. */
function write(path: string, text: string) {
  mkdirSync(join(dist, path, '..'), { recursive: true });
  writeFileSync(join(dist, path), text);
  writeFileSync(join(dist, `${path}.br`), brotliCompressSync(text));
}

/** Nothing listens at port 9: every remote's pages are unavailable, which these tests do not need. */
const settingsWith = (env: NodeJS.ProcessEnv) =>
  renderSettings({
    SHELL_DIST: dist,
    RELEASES_DIR: releases,
    CATALOGUE_PORT: '9',
    EDITOR_PORT: '9',
    ACCOUNT_PORT: '9',
    API_PORT: '9',
    LOG_LEVEL: 'silent',
    ...env,
  });

let app: FastifyInstance;
beforeAll(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  write('index.html', INDEX);
  write('assets/main-D1JXwy_w.js', CODE);
  write('remoteEntry-B-CxckKj.js', CODE);
  writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
  app = await renderServer(settingsWith({}));
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('the render service', () => {
  it("serves the shell's hashed files immutable, as their Brotli copy, with nosniff and no page policy", async () => {
    for (const path of ['/assets/main-D1JXwy_w.js', '/remoteEntry-B-CxckKj.js']) {
      const response = await get(path, { 'accept-encoding': 'br' });
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-encoding'], path).toBe('br');
      expect(response.headers['content-type'], path).toMatch(/javascript/);
      expect(response.headers['x-content-type-options'], path).toBe('nosniff');
      expect(response.headers['content-security-policy'], path).toBeUndefined();
    }
    const plain = await get('/remoteEntry-B-CxckKj.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CODE);
  });

  it('sends a small file the build left uncompressed as it is, and compresses a page', async () => {
    const small = await get('/favicon.svg', { 'accept-encoding': 'zstd, br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('<svg/>');
    const page = await get('/login', { 'accept-encoding': 'zstd, br, gzip' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
  });

  it('answers a file the build does not have with 404, not a page', async () => {
    const response = await get('/assets/no-such-file.js');
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it("answers a page with the shell's document, the page's own head and the pages' security headers", async () => {
    const response = await get('/login');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    const html = response.body;
    // The build's title and description give way to the page's own, once each.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Login - Heritage Vault</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-A1.js"></script>');
    expect(html).toContain('<div id="root"></div>');
  });

  it("answers remotes.json with each remote's live release, read on every request: a promotion needs no restart", async () => {
    const before = JSON.parse((await get('/remotes.json')).body) as Record<string, string>;
    expect(before.mf_account).toBe('http://localhost:9/mf-manifest.json');
    mkdirSync(releases, { recursive: true });
    writeFileSync(
      join(releases, 'live.json'),
      JSON.stringify({ mf_account: { live: '1.2.0+3.abc', previous: null } }),
    );
    const response = await get('/remotes.json');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(response.body).mf_account).toBe(
      'http://localhost:9/releases/1.2.0+3.abc/mf-manifest.json',
    );
  });

  it("answers the sitemap 503 when the artifacts' list cannot be read, rather than a sitemap without them", async () => {
    const withArtifacts = await renderServer(settingsWith({ PUBLIC_ARTIFACT_PAGES: 'true' }));
    try {
      const response = await withArtifacts.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(response.statusCode).toBe(503);
      expect(response.body).toBe("The sitemap is unavailable: the artifacts' list could not be read.");
    } finally {
      await withArtifacts.close();
    }
  });

  it('names the site by PUBLIC_ORIGIN, or else by the address the request came to', async () => {
    expect((await get('/robots.txt', { host: 'heritage.example:8080' })).body).toContain(
      'Sitemap: http://heritage.example:8080/sitemap.xml',
    );
    const behindProxy = await renderServer(settingsWith({ PUBLIC_ORIGIN: 'https://heritage.example/' }));
    try {
      const page = await behindProxy.inject({ method: 'GET', url: '/login' });
      expect(page.body).toContain('<link rel="canonical" href="https://heritage.example/login" />');
    } finally {
      await behindProxy.close();
    }
  });
});
