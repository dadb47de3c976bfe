import { execFileSync, spawn } from 'node:child_process';
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

  it('are a configuration nginx accepts (nginx -t), API upstream and releases included', () => {
    out = mkdtempSync(join(tmpdir(), 'hv-nginx-'));
    renderNginx({
      out,
      roots: shellBuild(),
      releasesDir: join(out, 'releases'),
      apiUpstreams: ['127.0.0.1:6001', '127.0.0.1:6002'],
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
