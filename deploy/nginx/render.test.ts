import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer as createHttpServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REMOTES } from '../../shared-ui/vite-config/apps.ts';
import { apiConfig, mainConfig, remoteConfig, renderNginx } from './render.ts';

describe("nginx's main configuration", () => {
  it('runs the workers as root when started as root, so a checkout under a 0700 folder is readable', () => {
    expect(mainConfig('/tmp/out', ['/tmp/out/shell.conf'], 0)).toMatch(/^user root;$/m);
  });

  it('says nothing of the user otherwise (nginx keeps the user that started it)', () => {
    expect(mainConfig('/tmp/out', ['/tmp/out/shell.conf'], 1000)).not.toMatch(/^user /m);
  });
});

describe("the API's server", () => {
  const config = apiConfig(['127.0.0.1:3001', '127.0.0.1:3002'], { API_PORT: '6000' });

  it('listens on API_PORT and proxies to an upstream of every API process, with keep-alive connections', () => {
    expect(config).toMatch(/^ {2}listen 6000;$/m);
    expect(config).toMatch(
      /upstream heritage_api \{\n {2}server 127\.0\.0\.1:3001;\n {2}server 127\.0\.0\.1:3002;/,
    );
    expect(config).toContain('proxy_pass http://heritage_api;');
    expect(config).toContain('proxy_set_header Connection "";');
  });

  it('tries the next process when one refuses or drops the connection, never on a 503 and never for a write', () => {
    expect(config).toContain('proxy_next_upstream error timeout http_502;');
    expect(config).not.toMatch(/http_503|non_idempotent/);
  });

  it("lets a photo's 15 MB through and passes the client's address on", () => {
    expect(config).toContain('client_max_body_size 16m;');
    expect(config).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
  });
});

describe('module releases served by nginx', () => {
  const remote = REMOTES.mf_account;

  it("serves a remote's releases from the releases folder, hashed files immutable and entry files revalidated", () => {
    const config = remoteConfig(remote, '/srv/mf-account', {}, '/srv/releases');
    expect(config).toMatch(/location \/releases\/ \{\n {4}alias \/srv\/releases\/mf-account\/;/);
    expect(config).toContain('add_header Cache-Control $mf_account_release_cache always;');
    expect(config).toContain('"~^/releases/[^/]+/assets/" "public, max-age=31536000, immutable";');
    expect(config).toMatch(/default "no-cache";/);
  });

  it('serves no releases when no folder is given', () => {
    expect(remoteConfig(remote, '/srv/mf-account', {})).not.toContain('/releases/');
  });
});

describe('the rendered files', () => {
  let out: string;
  /** A shell build as far as the configuration reads it: its index.html (the pages' policy hashes its scripts). */
  const shellBuild = () => {
    mkdirSync(join(out, 'shell'));
    writeFileSync(join(out, 'shell', 'index.html'), '<!doctype html><title>Heritage Vault</title>');
    return { shell: join(out, 'shell') };
  };
  afterEach(() => rmSync(out, { recursive: true, force: true }));

  it("serve the shell's remotes.json from the releases folder, written there with each live release", () => {
    out = mkdtempSync(join(tmpdir(), 'hv-nginx-'));
    const releases = join(out, 'releases');
    const env = { SHELL_PORT: '6173', ACCOUNT_PORT: '6176' };
    renderNginx({
      out,
      roots: shellBuild(),
      releasesDir: releases,
      apiUpstreams: ['127.0.0.1:6001'],
      withMain: true,
      env,
    });
    expect(readFileSync(join(out, 'shell.conf'), 'utf8')).toContain(
      `alias ${join(releases, 'remotes.json')};`,
    );
    expect(JSON.parse(readFileSync(join(releases, 'remotes.json'), 'utf8'))).toMatchObject({
      mf_account: 'http://localhost:6176/mf-manifest.json',
    });
    expect(readFileSync(join(out, 'nginx.conf'), 'utf8')).toContain(`include ${join(out, 'api.conf')};`);
  });

  it('are a configuration nginx accepts (nginx -t), API and render upstreams and releases included', () => {
    out = mkdtempSync(join(tmpdir(), 'hv-nginx-'));
    renderNginx({
      out,
      roots: shellBuild(),
      releasesDir: join(out, 'releases'),
      apiUpstreams: ['127.0.0.1:6001', '127.0.0.1:6002'],
      renderUpstreams: ['127.0.0.1:6184', '127.0.0.1:6185'],
      withMain: true,
      env: {
        SHELL_PORT: '6173',
        CATALOGUE_PORT: '6174',
        EDITOR_PORT: '6175',
        ACCOUNT_PORT: '6176',
        API_PORT: '6000',
      },
    });
    expect(() =>
      execFileSync('nginx', ['-t', '-q', '-p', out, '-c', join(out, 'nginx.conf')], { stdio: 'pipe' }),
    ).not.toThrow();
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe("the shell's remotes.json, served by nginx from the releases folder", () => {
  let out: string;
  afterEach(() => rmSync(out, { recursive: true, force: true }));

  it('is answered whole after a promotion rewrote it within the same second to the same size (never a 304)', async () => {
    out = mkdtempSync(join(tmpdir(), 'hv-nginx-'));
    const ports = await Promise.all([1, 2, 3, 4].map(freePort));
    const env = {
      SHELL_PORT: String(ports[0]),
      CATALOGUE_PORT: String(ports[1]),
      EDITOR_PORT: String(ports[2]),
      ACCOUNT_PORT: String(ports[3]),
    };
    mkdirSync(join(out, 'shell'));
    writeFileSync(join(out, 'shell', 'index.html'), '<!doctype html><title>Heritage Vault</title>');
    const releases = join(out, 'releases');
    renderNginx({ out, roots: { shell: join(out, 'shell') }, releasesDir: releases, withMain: true, env });
    const remotesJson = join(releases, 'remotes.json');
    // As promote writes it: whole, by a rename.
    const promote = (version: string) => {
      writeFileSync(
        `${remotesJson}.tmp`,
        JSON.stringify({ mf_account: `/releases/${version}/mf-manifest.json` }),
      );
      renameSync(`${remotesJson}.tmp`, remotesJson);
    };
    promote('1.0.0+1.abc1234');
    const nginx = spawn('nginx', ['-p', out, '-c', join(out, 'nginx.conf')], { stdio: 'ignore' });
    try {
      const url = `http://127.0.0.1:${ports[0]}/remotes.json`;
      let first: Response | undefined;
      for (let tries = 0; !first && tries < 50; tries++) {
        first = await fetch(url).catch(() => new Promise<undefined>((r) => setTimeout(r, 100)));
      }
      expect(await first!.json()).toEqual({ mf_account: '/releases/1.0.0+1.abc1234/mf-manifest.json' });
      promote('1.0.0+2.abc1234');
      const validators: Record<string, string> = {};
      for (const [header, validator] of [
        ['last-modified', 'if-modified-since'],
        ['etag', 'if-none-match'],
      ] as const) {
        const value = first!.headers.get(header);
        if (value) validators[validator] = value;
      }
      const again = await fetch(url, { headers: validators });
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ mf_account: '/releases/1.0.0+2.abc1234/mf-manifest.json' });
    } finally {
      nginx.kill('SIGTERM');
    }
  });
});

describe('pages from render processes behind nginx', () => {
  let out: string;
  const servers: Server[] = [];
  let nginx: ChildProcess | undefined;
  afterEach(async () => {
    nginx?.kill('SIGTERM');
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
    rmSync(out, { recursive: true, force: true });
  });

  /**
   * Stand-ins for two render processes: each answers a page with its name and the cache header the render service
   * gives it (a member's request or a members' page private, no-store; any other no-cache), and counts the requests.
   */
  async function siteWithTwoRenderProcesses() {
    out = mkdtempSync(join(tmpdir(), 'hv-nginx-'));
    const [shellPort, ...renderPorts] = await Promise.all([1, 2, 3].map(freePort));
    const served: string[] = [];
    const encodings: string[] = [];
    for (const [index, port] of renderPorts.entries()) {
      const server = createHttpServer((request, response) => {
        served.push(`render-${index + 1} ${request.url}`);
        encodings.push(String(request.headers['accept-encoding'] ?? ''));
        const member = /__session=/.test(request.headers.cookie ?? '') || request.url === '/my-artifacts';
        response.setHeader('Cache-Control', member ? 'private, no-store' : 'no-cache');
        response.setHeader('Content-Type', 'text/html');
        response.end(`<title>render-${index + 1}</title>`);
      });
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      servers.push(server);
    }
    mkdirSync(join(out, 'shell'));
    writeFileSync(join(out, 'shell', 'index.html'), '<!doctype html><title>Heritage Vault</title>');
    renderNginx({
      out,
      apps: ['shell'],
      roots: { shell: join(out, 'shell') },
      renderUpstreams: renderPorts.map((port) => `127.0.0.1:${port}`),
      withMain: true,
      env: { SHELL_PORT: String(shellPort) },
    });
    nginx = spawn('nginx', ['-p', out, '-c', join(out, 'nginx.conf')], { stdio: 'ignore' });
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${shellPort}${path}`, { headers });
    for (let tries = 0; tries < 50; tries++) {
      if (
        await get('/robots.txt').then(
          () => true,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    served.length = 0;
    encodings.length = 0;
    return { get, served, encodings };
  }

  it('keeps an anonymous public page a few seconds; never a member request or a page marked private', async () => {
    const { get, served } = await siteWithTwoRenderProcesses();
    const first = await get('/about');
    expect(first.headers.get('x-page-cache')).toBe('MISS');
    // Browsers still revalidate it: nginx passes the render service's header on.
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect((await get('/about')).headers.get('x-page-cache')).toBe('HIT');
    expect(served.filter((line) => line.endsWith(' /about'))).toHaveLength(1);

    for (let visit = 0; visit < 2; visit++) {
      const member = await get('/about', { Cookie: '__session=a-session' });
      expect(member.headers.get('x-page-cache')).toBe('BYPASS');
      expect(member.headers.get('cache-control')).toBe('private, no-store');
      expect((await get('/my-artifacts')).headers.get('x-page-cache')).toBe('MISS');
    }
    expect(served.filter((line) => line.endsWith(' /about'))).toHaveLength(3);
    expect(served.filter((line) => line.endsWith(' /my-artifacts'))).toHaveLength(2);
  });

  it('asks for a page in the one encoding the client takes best, and keeps a copy for each', async () => {
    const { get, encodings } = await siteWithTwoRenderProcesses();
    for (const accepted of ['gzip, deflate, br, zstd', 'gzip', 'identity'])
      for (const expected of ['MISS', 'HIT'])
        expect((await get('/contact', { 'Accept-Encoding': accepted })).headers.get('x-page-cache')).toBe(
          expected,
        );
    expect(encodings).toEqual(['br', 'gzip', '']);
  });

  it('sends a page to the other render process when one is down: no request fails', async () => {
    const { get, served } = await siteWithTwoRenderProcesses();
    await new Promise((resolve) => servers[0]!.close(resolve));
    servers.shift();
    // Not kept (a member's request), so each reaches a render process.
    for (let visit = 0; visit < 6; visit++) {
      const response = await get(`/all-artifacts?visit=${visit}`, { Cookie: '__session=s' });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('<title>render-2</title>');
    }
    expect(served).toHaveLength(6);
  });
});
