import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoveryDocument } from 'site-config/discovery';
import type { LiveState } from 'site-config/live-releases';
import {
  BUCKET_COOKIE,
  BUCKETS,
  bucketOf,
  chooseReleases,
  isBucketToken,
  newBucketToken,
} from './release-choice.ts';
import { renderServer } from './server.ts';
import { renderSettings } from './settings.ts';

const ENV = { CATALOGUE_PORT: '9', EDITOR_PORT: '9', ACCOUNT_PORT: '9' };
const LIVE = 'http://localhost:9/releases/1.0.0+1.abc/mf-manifest.json';
const CANARY = 'http://localhost:9/releases/1.1.0+2.def/mf-manifest.json';
const withCanary = (percent: number): LiveState => ({
  mf_account: {
    live: '1.0.0+1.abc',
    previous: null,
    canary: { version: '1.1.0+2.def', percent, since: '2026-11-29T00:00:00.000Z' },
  },
});
const tokens = Array.from({ length: 10_000 }, newBucketToken);

describe("a visitor's release", () => {
  it('spreads 10,000 visitors evenly over the buckets: a canary at N % reaches N % of them, within 1.5 points', () => {
    const buckets = tokens.map((token) => bucketOf(token, 'mf_account'));
    for (const percent of [1, 10, 50, 90]) {
      const reached = buckets.filter((bucket) => bucket < percent * 100).length;
      expect(Math.abs(reached / tokens.length - percent / 100), `${percent} %`).toBeLessThan(0.015);
      // The choice is the bucket's: the canary exactly for the buckets in its share.
      const document = discoveryDocument(ENV, withCanary(percent));
      for (const [index, token] of tokens.slice(0, 300).entries())
        expect(chooseReleases(document, token).mf_account).toBe(
          buckets[index]! < percent * 100 ? CANARY : LIVE,
        );
    }
  });

  it('is the same for the same visitor every time, and moving the share up keeps everyone who had the canary', () => {
    const at10 = discoveryDocument(ENV, withCanary(10));
    const at30 = discoveryDocument(ENV, withCanary(30));
    for (const token of tokens.slice(0, 500)) {
      const first = chooseReleases(at10, token).mf_account;
      expect(chooseReleases(at10, token).mf_account).toBe(first);
      if (first === CANARY) expect(chooseReleases(at30, token).mf_account).toBe(CANARY);
    }
  });

  it('is the live release for everyone at 0 % and the canary for everyone at 100 %; the other remotes keep theirs', () => {
    for (const token of tokens.slice(0, 200)) {
      expect(chooseReleases(discoveryDocument(ENV, withCanary(0)), token).mf_account).toBe(LIVE);
      const all = chooseReleases(discoveryDocument(ENV, withCanary(100)), token);
      expect(all.mf_account).toBe(CANARY);
      expect(all.mf_catalogue).toBe('http://localhost:9/mf-manifest.json');
    }
  });

  it("draws each remote's bucket apart, so one remote's canary visitors are not always another's", () => {
    const same = tokens.filter(
      (token) => bucketOf(token, 'mf_account') < 5000 === bucketOf(token, 'mf_catalogue') < 5000,
    );
    expect(same.length / tokens.length).toBeGreaterThan(0.45);
    expect(same.length / tokens.length).toBeLessThan(0.55);
    expect(tokens.every((token) => bucketOf(token, 'mf_account') < BUCKETS)).toBe(true);
  });

  it('takes only tokens of the shape it makes', () => {
    expect(tokens.every(isBucketToken)).toBe(true);
    for (const bad of [
      undefined,
      '',
      'short',
      'x'.repeat(65),
      'a;b=c-0123456789abcdef',
      '<script>0123456789',
    ])
      expect(isBucketToken(bad), String(bad)).toBe(false);
  });
});

describe("the render service's remotes.json, per visitor", () => {
  const dir = mkdtempSync(join(tmpdir(), 'release-choice-'));
  let app: Awaited<ReturnType<typeof renderServer>>;
  beforeAll(async () => {
    mkdirSync(join(dir, 'dist'));
    writeFileSync(
      join(dir, 'dist', 'index.html'),
      '<!doctype html><html><head><title>x</title></head><body></body></html>',
    );
    mkdirSync(join(dir, 'releases'));
    writeFileSync(join(dir, 'releases', 'live.json'), JSON.stringify(withCanary(50)));
    app = await renderServer(
      renderSettings({
        ...ENV,
        API_PORT: '9',
        SHELL_DIST: join(dir, 'dist'),
        RELEASES_DIR: join(dir, 'releases'),
        LOG_LEVEL: 'silent',
      }),
    );
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const remotesOf = async (cookie?: string) => {
    const response = await app.inject({ url: '/remotes.json', headers: cookie ? { cookie } : {} });
    return {
      remotes: JSON.parse(response.body) as Record<string, string>,
      setCookie: response.headers['set-cookie'],
    };
  };

  it('gives two visitors with buckets on either side of a 50 % canary different releases, each the same on reload', async () => {
    const inCanary = tokens.find((token) => bucketOf(token, 'mf_account') < 5000)!;
    const onLive = tokens.find((token) => bucketOf(token, 'mf_account') >= 5000)!;
    for (let load = 0; load < 3; load++) {
      expect((await remotesOf(`${BUCKET_COOKIE}=${inCanary}`)).remotes.mf_account).toBe(CANARY);
      expect((await remotesOf(`${BUCKET_COOKIE}=${onLive}`)).remotes.mf_account).toBe(LIVE);
    }
    expect((await remotesOf(`${BUCKET_COOKIE}=${onLive}`)).setCookie).toBeUndefined();
  });

  it("sets a new visitor's bucket cookie with remotes.json, replaces a forged one, and sets none on a page (nginx keeps it)", async () => {
    for (const cookie of [undefined, `${BUCKET_COOKIE}=not;a-token`]) {
      const response = await app.inject({ url: '/remotes.json', headers: cookie ? { cookie } : {} });
      expect(String(response.headers['set-cookie'])).toMatch(
        new RegExp(`^${BUCKET_COOKIE}=[A-Za-z0-9_-]{16}; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax$`),
      );
    }
    expect((await app.inject({ url: '/login' })).headers['set-cookie']).toBeUndefined();
  });
});

describe("the render service's page, per visitor", () => {
  const dir = mkdtempSync(join(tmpdir(), 'release-choice-page-'));
  /** The catalogue's two releases, whose About pages are titled apart. */
  const titles: Record<string, string> = {
    '/releases/1.0.0+1.abc/mf-manifest.json': 'About',
    '/releases/1.1.0+2.def/mf-manifest.json': 'About the canary',
  };
  const catalogue = createServer((request, response) => {
    const title = titles[request.url!];
    if (!title) return void response.writeHead(404).end();
    response
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ pages: { About: { path: '/about', title } } }));
  });
  let app: Awaited<ReturnType<typeof renderServer>>;
  const writeLiveState = (percent: number | null) =>
    writeFileSync(
      join(dir, 'releases', 'live.json'),
      JSON.stringify({
        mf_catalogue: {
          live: '1.0.0+1.abc',
          previous: null,
          ...(percent !== null && {
            canary: { version: '1.1.0+2.def', percent, since: '2026-11-29T00:00:00.000Z' },
          }),
        },
      }),
    );
  beforeAll(async () => {
    await new Promise<void>((resolve) => catalogue.listen(0, '127.0.0.1', resolve));
    mkdirSync(join(dir, 'dist'));
    writeFileSync(
      join(dir, 'dist', 'index.html'),
      '<!doctype html><html><head><title>x</title></head><body></body></html>',
    );
    mkdirSync(join(dir, 'releases'));
    app = await renderServer(
      renderSettings({
        ...ENV,
        CATALOGUE_PORT: String((catalogue.address() as AddressInfo).port),
        API_PORT: '9',
        SHELL_DIST: join(dir, 'dist'),
        RELEASES_DIR: join(dir, 'releases'),
        LOG_LEVEL: 'silent',
      }),
    );
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => catalogue.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });
  /** The visitor's About page (its title: its route's, from the release's manifest) and their remotes.json. */
  const about = async (token?: string) => {
    const headers = token ? { cookie: `${BUCKET_COOKIE}=${token}` } : {};
    const page = await app.inject({ url: '/about', headers });
    const remotes = await app.inject({ url: '/remotes.json', headers });
    return {
      title: /<title>([^<]*) - Heritage Vault<\/title>/.exec(page.body)?.[1],
      vary: String(page.headers.vary ?? ''),
      manifest: (JSON.parse(remotes.body) as Record<string, string>).mf_catalogue,
    };
  };
  const inCanary = tokens.find((token) => bucketOf(token, 'mf_catalogue') < 5000)!;
  const onLive = tokens.find((token) => bucketOf(token, 'mf_catalogue') >= 5000)!;

  it("draws the page with the release the visitor's remotes.json names: the canary's for its share", async () => {
    writeLiveState(50);
    expect(await about(inCanary)).toMatchObject({
      title: 'About the canary',
      manifest: expect.stringContaining('/releases/1.1.0+2.def/'),
    });
    expect(await about(onLive)).toMatchObject({
      title: 'About',
      manifest: expect.stringContaining('/releases/1.0.0+1.abc/'),
    });
    // A first load, without a bucket yet: the live release, the page and its remotes.json alike.
    expect(await about()).toMatchObject({
      title: 'About',
      manifest: expect.stringContaining('/releases/1.0.0+1.abc/'),
    });
  });

  it('says the page varies with the cookie while a canary is out, and not otherwise (a cache keeps one copy then)', async () => {
    writeLiveState(50);
    expect((await about(onLive)).vary).toMatch(/\bCookie\b/i);
    writeLiveState(null);
    const live = await about(inCanary);
    expect(live.vary).not.toMatch(/\bCookie\b/i);
    expect(live.title).toBe('About');
  });
});
