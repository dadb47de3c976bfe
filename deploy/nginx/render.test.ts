import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REMOTES } from 'site-config/apps';
import {
  API_PROXY_ANSWERS,
  apiConfig,
  apiRequestLimit,
  mainConfig,
  remoteConfig,
  renderNginx,
} from './render.ts';

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
      /upstream heritage_api \{\n {2}server 127\.0\.0\.1:3001 max_fails=0;\n {2}server 127\.0\.0\.1:3002 max_fails=0;/,
    );
    expect(config).toContain('proxy_pass http://heritage_api;');
    expect(config).toContain('proxy_set_header Connection "";');
  });

  it('tries the next process when one refuses or drops the connection, never on a 503 and never for a write', () => {
    expect(config).toContain('proxy_next_upstream error timeout http_502;');
    expect(config).not.toMatch(/http_503|non_idempotent/);
    expect(config).toContain('proxy_next_upstream_tries 2;');
  });

  it('never sets a process aside, so one that is back is used by the next request', () => {
    expect(config).toContain('server 127.0.0.1:3001 max_fails=0;');
    expect(config).toContain('server 127.0.0.1:3002 max_fails=0;');
  });

  it("answers nginx's own 413, 429, 502, 503 and 504 as the API's JSON, with the API's CORS header", () => {
    for (const [status, message] of Object.entries(API_PROXY_ANSWERS)) {
      expect(config).toContain(`error_page ${status} = @api_${status};`);
      expect(config).toContain(`return ${status} '${JSON.stringify({ success: false, message })}';`);
    }
    expect(config).toContain('add_header Access-Control-Allow-Origin $heritage_api_cors_origin always;');
    expect(config).toMatch(
      /map \$http_origin \$heritage_api_cors_origin \{\n {2}default "";\n {2}"http:\/\/localhost:5173" \$http_origin;\n\}/,
    );
    expect(apiConfig(['127.0.0.1:3001'], { CORS_ORIGINS: '*' })).toContain('  default $http_origin;');
  });

  it('limits each client address: 200 requests a second on average, 400 at once, or API_REQUESTS_PER_ADDRESS', () => {
    expect(config).toContain('rate=200r/s;');
    expect(config).toContain('limit_req zone=heritage_api_per_address burst=400 nodelay;');
    expect(config).toContain('limit_req_status 429;');
    expect(apiRequestLimit({ API_REQUESTS_PER_ADDRESS: '50' })).toEqual({ rate: 50, burst: 100 });
    expect(() => apiRequestLimit({ API_REQUESTS_PER_ADDRESS: 'many' })).toThrow(
      'API_REQUESTS_PER_ADDRESS must be a whole number of requests a second, 1 or more; got "many"',
    );
  });

  it("lets a photo's 15 MB through and passes the client's address on", () => {
    expect(config).toContain('client_max_body_size 16m;');
    expect(config).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
  });

  it('passes the host and protocol the browser used on, and the page session cookie untouched', () => {
    // The API's Secure decision for the cookie reads them (TRUST_PROXY); nothing may drop or rewrite a cookie.
    expect(config).toContain('proxy_set_header Host $http_host;');
    expect(config).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
    expect(config).not.toMatch(
      /proxy_(hide|ignore)_headers?\b.*Set-Cookie|proxy_cookie_|proxy_set_header Cookie/i,
    );
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

describe("the API's server, run by nginx in front of API processes that come and go", () => {
  const SITE = 'http://localhost:6173';
  let out: string;
  let nginx: ChildProcess | undefined;
  const servers: Server[] = [];
  afterEach(async () => {
    nginx?.kill('SIGTERM');
    nginx = undefined;
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
    rmSync(out, { recursive: true, force: true });
  });

  /** An API process as far as nginx sees one: it answers every request with its body read (`seen` is told of each). */
  function apiProcess(port: number, seen?: (request: IncomingMessage) => void): Promise<void> {
    const server = createHttpServer((request, response) => {
      seen?.(request);
      request.resume();
      request.on('end', () => {
        response.setHeader('Content-Type', 'application/json');
        response.end(JSON.stringify({ success: true }));
      });
    });
    servers.push(server);
    return new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  }

  /** nginx with the API's server alone, on a free port, in front of `processes` (ports); resolves once it answers. */
  async function startApiNginx(processes: number[], env: NodeJS.ProcessEnv = {}): Promise<string> {
    out = mkdtempSync(join(tmpdir(), 'hv-nginx-api-'));
    const port = await freePort();
    renderNginx({
      out,
      apps: [],
      withMain: true,
      apiUpstreams: processes.map((process) => `127.0.0.1:${process}`),
      env: { API_PORT: String(port), SHELL_PORT: '6173', ...env },
    });
    nginx = spawn('nginx', ['-p', out, '-c', join(out, 'nginx.conf')], { stdio: 'ignore' });
    const url = `http://127.0.0.1:${port}`;
    for (let tries = 0; tries < 50; tries++) {
      if (
        await fetch(url).then(
          () => true,
          () => false,
        )
      )
        return url;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`nginx did not answer on ${url}`);
  }

  const expectApiAnswer = async (response: Response, status: keyof typeof API_PROXY_ANSWERS) => {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(response.headers.get('vary')).toBe('Origin');
    expect(await response.json()).toEqual({ success: false, message: API_PROXY_ANSWERS[status] });
  };

  it('answers 502 as JSON the site may read when no process answers, with CORS for allowed origins only', async () => {
    const url = await startApiNginx([await freePort(), await freePort()]);
    await expectApiAnswer(await fetch(`${url}/api/artifacts`, { headers: { Origin: SITE } }), 502);
    const elsewhere = await fetch(`${url}/api/artifacts`, { headers: { Origin: 'https://evil.example' } });
    expect(elsewhere.status).toBe(502);
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("answers a preflight no process answered for the site's origin, so the request follows and gets the message", async () => {
    const url = await startApiNginx([await freePort()]);
    const preflight = (origin: string) =>
      fetch(`${url}/api/artifacts`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization,content-type',
        },
      });
    const allowed = await preflight(SITE);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(allowed.headers.get('access-control-allow-methods')).toBe('POST');
    expect(allowed.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    await expectApiAnswer(
      await fetch(`${url}/api/artifacts`, { method: 'POST', headers: { Origin: SITE } }),
      502,
    );
  });

  it('uses a process the moment it is back, also when every process was down', async () => {
    const ports = [await freePort(), await freePort()];
    const url = await startApiNginx(ports);
    expect((await fetch(`${url}/api/artifacts`)).status).toBe(502);
    await apiProcess(ports[1]!);
    // With nginx's default (max_fails=1, fail_timeout=10s) both stayed set aside: 502 for up to 10 s more.
    const statuses: number[] = [];
    for (let request = 0; request < 4; request++) statuses.push((await fetch(`${url}/api/artifacts`)).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
  });

  it('answers a body over 16 MB with a 413 as JSON the site may read', async () => {
    const port = await freePort();
    await apiProcess(port);
    const url = await startApiNginx([port]);
    const tooLarge = await fetch(`${url}/api/images`, {
      method: 'POST',
      headers: { Origin: SITE, 'Content-Type': 'application/octet-stream' },
      body: new Uint8Array(17 * 1024 * 1024),
    });
    await expectApiAnswer(tooLarge, 413);
  });

  it("refuses the API processes' /metrics however the path is written; the process never sees the request", async () => {
    const port = await freePort();
    const seen: string[] = [];
    await apiProcess(port, (request) => seen.push(request.url!));
    const url = await startApiNginx([port]);
    seen.length = 0; // nginx's readiness check
    for (const path of [
      '/metrics',
      '/metrics/',
      '/metrics?name[]=x',
      '//metrics',
      '/%6detrics',
      '/./metrics',
    ])
      expect([path, (await fetch(`${url}${path}`)).status]).toEqual([path, 404]);
    expect(seen).toEqual([]);
    expect((await fetch(`${url}/api/artifacts`)).status).toBe(200);
    expect(seen).toEqual(['/api/artifacts']);
  });

  it("sends each request's id to the API: the client's when it is a plain token, else nginx's own", async () => {
    const port = await freePort();
    const ids: Array<string | undefined> = [];
    await apiProcess(port, (request) => ids.push(request.headers['x-request-id'] as string | undefined));
    const url = await startApiNginx([port]);
    ids.length = 0; // nginx's readiness check
    const send = (id?: string) =>
      fetch(`${url}/api/artifacts`, { headers: id ? { 'X-Request-Id': id } : {} });
    await send();
    await send();
    await send('lb-7f3a.1:2');
    await send('a b');
    await send('x'.repeat(129));
    expect(ids[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[1]).not.toBe(ids[0]);
    expect(ids[2]).toBe('lb-7f3a.1:2');
    expect(ids[3]).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[4]).toMatch(/^[0-9a-f]{32}$/);
  });

  it("names the request's id on nginx's own answers too (a 502 when no process answers)", async () => {
    const url = await startApiNginx([await freePort()]);
    const unanswered = await fetch(`${url}/api/artifacts`, { headers: { 'X-Request-Id': 'trace-42' } });
    expect([unanswered.status, unanswered.headers.get('x-request-id')]).toEqual([502, 'trace-42']);
    expect((await fetch(`${url}/api/artifacts`)).headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('answers a client past its per-address limit with a 429 as JSON the site may read', async () => {
    const port = await freePort();
    await apiProcess(port);
    // 1 a second and 2 more at once: the request that found nginx answering was the first, two more pass, the next
    // is one too many.
    const url = await startApiNginx([port], { API_REQUESTS_PER_ADDRESS: '1' });
    const statuses: number[] = [];
    for (let request = 0; request < 2; request++)
      statuses.push((await fetch(`${url}/api/artifacts`, { headers: { Origin: SITE } })).status);
    expect(statuses).toEqual([200, 200]);
    const refused = await fetch(`${url}/api/artifacts`, { headers: { Origin: SITE } });
    await expectApiAnswer(refused, 429);
    expect(refused.headers.get('retry-after')).toBe('5');
  });
});

describe('pages from render processes behind nginx', () => {
  let out: string;
  const servers: Server[] = [];
  let nginx: ChildProcess | undefined;
  const cookies: string[] = [];
  afterEach(async () => {
    nginx?.kill('SIGTERM');
    cookies.length = 0;
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
    rmSync(out, { recursive: true, force: true });
  });

  /**
   * Stand-ins for two render processes: each answers a page with its name and the cache header the render service
   * gives it (a member's request or a members' page private, no-store; any other no-cache), and counts the requests.
   * A visitor with a bucket cookie is answered as while a canary is out: the page names the bucket's release and
   * varies with the cookie (render/src/release-choice.ts).
   */
  async function siteWithTwoRenderProcesses() {
    out = mkdtempSync(join(tmpdir(), 'hv-nginx-'));
    const [shellPort, ...renderPorts] = await Promise.all([1, 2, 3].map(freePort));
    const served: string[] = [];
    const encodings: string[] = [];
    for (const [index, port] of renderPorts.entries()) {
      const server = createHttpServer((request, response) => {
        served.push(`render-${index + 1} ${request.url}`);
        if (request.url === '/remotes.json') cookies.push(String(request.headers.cookie));
        encodings.push(String(request.headers['accept-encoding'] ?? ''));
        const member = /__session=/.test(request.headers.cookie ?? '') || request.url === '/my-artifacts';
        response.setHeader('Cache-Control', member ? 'private, no-store' : 'no-cache');
        response.setHeader('Content-Type', 'text/html');
        const bucket = /hv_bucket=(\w+)/.exec(request.headers.cookie ?? '')?.[1];
        if (bucket) response.setHeader('Vary', 'Cookie');
        response.end(`<title>render-${index + 1}</title>${bucket ? `<p>release of ${bucket}</p>` : ''}`);
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

  it("keeps a page that varies with the cookie (a canary is out) once per visitor: each gets their own release's", async () => {
    const { get, served } = await siteWithTwoRenderProcesses();
    for (const expected of ['MISS', 'HIT'])
      for (const bucket of ['inCanary', 'onLive']) {
        const response = await get('/about', { Cookie: `hv_bucket=${bucket}` });
        expect(response.headers.get('x-page-cache')).toBe(expected);
        expect(await response.text()).toContain(`release of ${bucket}`);
      }
    // A first visit (no bucket yet) is the live release's, kept once for all such visitors.
    expect((await get('/about')).headers.get('x-page-cache')).toBe('MISS');
    expect(await (await get('/about')).text()).not.toContain('release of');
    expect(served.filter((line) => line.endsWith(' /about'))).toHaveLength(3);
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

  it("asks the render service for each visitor's remotes.json with the visitor's cookie, and keeps none", async () => {
    const { get, served } = await siteWithTwoRenderProcesses();
    for (const bucket of ['a', 'a', 'b']) {
      const response = await get('/remotes.json', { Cookie: `hv_bucket=${bucket}` });
      expect(response.headers.get('x-page-cache')).toBeNull();
    }
    expect(served.filter((line) => line.endsWith(' /remotes.json'))).toHaveLength(3);
    expect(cookies).toEqual(['hv_bucket=a', 'hv_bucket=a', 'hv_bucket=b']);
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
