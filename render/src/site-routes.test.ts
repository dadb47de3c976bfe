import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorReleases } from './release-choice.ts';
import { matchRoute, pageModulesOf, siteRoutesReader } from './site-routes.ts';

/** A remote's server: its manifest and each release's, with an ETag of their text, as the remotes serve them. */
const manifests: Record<string, { title: string; contract?: string; beforeRouteModules?: true }> = {
  '/mf-manifest.json': { title: 'Profile' },
  '/releases/1.1.0+2.abc/mf-manifest.json': { title: 'Your Profile' },
  '/releases/2.0.0+3.def/mf-manifest.json': { title: 'Profile 2', contract: '2.0.0' },
  '/releases/1.0.0+1.old/mf-manifest.json': { title: 'Profile', beforeRouteModules: true },
};
const asked: string[] = [];
let server: Server;
let port: number;
const dir = mkdtempSync(join(tmpdir(), 'render-routes-'));

beforeAll(async () => {
  server = createServer((request, response) => {
    const manifest = manifests[request.url!];
    if (!manifest) return void response.writeHead(404).end();
    const body = JSON.stringify({
      ...(!manifest.beforeRouteModules && {
        pages: { Profile: { path: '/profile', title: manifest.title } },
      }),
      ...(manifest.contract && { shellRemoteContract: manifest.contract }),
    });
    const etag = `"${Buffer.from(body).toString('base64').slice(-16)}"`;
    asked.push(`${request.url} ${request.headers['if-none-match'] === etag ? '304' : '200'}`);
    if (request.headers['if-none-match'] === etag) return void response.writeHead(304).end();
    response.writeHead(200, { ETag: etag, 'Content-Type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('the render service reads the routes', () => {
  it('of the live releases: a manifest read once a second at most, then revalidated; a promotion at once', async () => {
    let clock = 0;
    const env = {
      ACCOUNT_PORT: String(port),
      ACCOUNT_MANIFEST_URL: '',
      // The other remotes are not there: their pages are unavailable, which this test does not need.
      CATALOGUE_PORT: '9',
      EDITOR_PORT: '9',
      RELEASES_DIR: dir,
    };
    const readRoutes = siteRoutesReader(() => clock);
    // The live releases, as a visitor without a bucket gets them, read per request.
    const read = () => readRoutes(visitorReleases(env, undefined).remotes);
    const titleOf = async () => matchRoute('/profile', (await read()).routes).route.title;

    expect(await titleOf()).toBe('Profile');
    expect(await titleOf()).toBe('Profile');
    expect(asked).toEqual(['/mf-manifest.json 200']);

    clock += 1000;
    expect(await titleOf()).toBe('Profile');
    expect(asked.at(-1)).toBe('/mf-manifest.json 304');

    // Promoted: remotes.json names the release's manifest, read on the next request, whatever the clock.
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'live.json'),
      JSON.stringify({ mf_account: { live: '1.1.0+2.abc', previous: null } }),
    );
    expect(await titleOf()).toBe('Your Profile');
    expect(asked.at(-1)).toBe('/releases/1.1.0+2.abc/mf-manifest.json 200');
    expect((await read()).unavailable.sort()).toEqual(['mf_artifact_editor', 'mf_catalogue']);

    // A release built to another major of the shell-remote contract: its pages are not read, the remote unavailable.
    writeFileSync(
      join(dir, 'live.json'),
      JSON.stringify({ mf_account: { live: '2.0.0+3.def', previous: null } }),
    );
    const refused = await read();
    expect(refused.unavailable).toContain('mf_account');
    expect(matchRoute('/profile', refused.routes).route.title).toBe('Page Not Found');

    // A release built before route modules publishes no pages: kit 2 does not run it, the remote is unavailable.
    writeFileSync(
      join(dir, 'live.json'),
      JSON.stringify({ mf_account: { live: '1.0.0+1.old', previous: null } }),
    );
    const beforeRouteModules = await read();
    expect(beforeRouteModules.unavailable).toContain('mf_account');
    expect(matchRoute('/profile', beforeRouteModules.routes).route.title).toBe('Page Not Found');
  });

  it('matches a path as the shell does: ranked, case-insensitive, a trailing slash ignored; else Not Found', async () => {
    const routes = [
      { path: '/artifact-details/:id', title: 'Artifact Details', source: { remote: 'r', page: 'D' } },
      { path: '*', title: 'Page Not Found', source: { shell: 'NotFound' as const } },
    ];
    expect(matchRoute('/Artifact-Details/abc/', routes)).toMatchObject({
      route: { title: 'Artifact Details' },
      params: { id: 'abc' },
    });
    expect(matchRoute('/artifact-details', routes).route.title).toBe('Page Not Found');
  });

  it("finds each page's browser modules in its manifest: the remote's entry and the page's own chunks", () => {
    const manifest = {
      metaData: { publicPath: 'auto', remoteEntry: { path: '', name: 'remoteEntry.js' } },
      exposes: [
        { name: 'Profile', assets: { js: { sync: ['assets/profile-page.js'], async: ['assets/react.js'] } } },
      ],
    };
    const url = 'https://account.example/releases/1.1.0+2.abc/mf-manifest.json';
    expect(pageModulesOf(manifest, url)).toEqual({
      Profile: [
        'https://account.example/releases/1.1.0+2.abc/remoteEntry.js',
        'https://account.example/releases/1.1.0+2.abc/assets/profile-page.js',
      ],
    });
    // A remote built to serve its files from one address says so: they are there.
    const fixed = {
      ...manifest,
      metaData: { ...manifest.metaData, publicPath: 'https://cdn.example/account/' },
    };
    expect(pageModulesOf(fixed, url).Profile![0]).toBe('https://cdn.example/account/remoteEntry.js');
  });
});
