import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReleaseHealth } from 'artifact-model/release-health';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canaryThresholds, canaryVerdict, watchOnce } from './release-watch.ts';
import { releaseWatchMetrics } from './release-watch-metrics.ts';
import { canary, promote, remoteNamed, status } from './releases.ts';

const DEFAULTS = canaryThresholds({});
const health = (release: string, views: number, errorRate: number, lcp: number | null): ReleaseHealth => ({
  remote: 'mf_account',
  release,
  views,
  errorViews: Math.round(views * errorRate),
  errorRate,
  errors: {},
  p75: { lcp, inp: null, cls: null, ttfb: null },
});

describe('the automatic rollback rule', () => {
  it('has the stated defaults: 50 views, an error-rate margin of 2 points, an LCP ratio of 1.25', () => {
    expect(DEFAULTS).toEqual({ minViews: 50, errorMargin: 0.02, lcpRatio: 1.25 });
    expect(
      canaryThresholds({ CANARY_MIN_VIEWS: '10', CANARY_ERROR_MARGIN: '0.1', CANARY_LCP_RATIO: '2' }),
    ).toEqual({
      minViews: 10,
      errorMargin: 0.1,
      lcpRatio: 2,
    });
    for (const [name, value] of [
      ['CANARY_MIN_VIEWS', '0'],
      ['CANARY_ERROR_MARGIN', '5'],
      ['CANARY_LCP_RATIO', 'fast'],
    ] as const)
      expect(() => canaryThresholds({ [name]: value })).toThrow(new RegExp(`^${name} must be a number`));
  });

  it('judges no canary before its minimum of views, however bad', () => {
    expect(canaryVerdict(health('c', 49, 1, 9000), health('l', 1000, 0, 1000), DEFAULTS)).toBeNull();
    expect(canaryVerdict(undefined, health('l', 1000, 0, 1000), DEFAULTS)).toBeNull();
  });

  it('takes out a canary whose error rate exceeds the live one by more than the margin, and says by how much', () => {
    expect(canaryVerdict(health('c', 50, 0.05, 1000), health('l', 1000, 0.04, 1000), DEFAULTS)).toBeNull();
    expect(canaryVerdict(health('c', 50, 0.1, 1000), health('l', 1000, 0.04, 1000), DEFAULTS)).toBe(
      "error rate 10.0 % over 50 views against the live release's 4.0 % (margin 2.0 %)",
    );
    // No views of the live release: its error rate counts as 0.
    expect(canaryVerdict(health('c', 50, 0.04, 1000), undefined, DEFAULTS)).toMatch(/^error rate 4\.0 %/);
  });

  it('takes out a canary whose p75 LCP is worse than the ratio allows; no live LCP, no comparison', () => {
    expect(canaryVerdict(health('c', 60, 0, 1250), health('l', 100, 0, 1000), DEFAULTS)).toBeNull();
    expect(canaryVerdict(health('c', 60, 0, 1300), health('l', 100, 0, 1000), DEFAULTS)).toBe(
      "p75 LCP 1300 ms against the live release's 1000 ms (at most 1.25 times)",
    );
    expect(canaryVerdict(health('c', 60, 0, 9000), health('l', 100, 0, null), DEFAULTS)).toBeNull();
  });
});

describe('pnpm modules watch', () => {
  const remote = remoteNamed('mf-account');
  let dir: string;
  let server: Server;
  let answer: ReleaseHealth[];
  let asked: string[];
  let env: NodeJS.ProcessEnv;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hv-watch-'));
    for (const version of ['1.0.0+1.abc1234', '1.1.0+2.abc1234']) {
      const folder = join(dir, remote.dir, version);
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'mf-manifest.json'), JSON.stringify({ metaData: {} }));
      writeFileSync(join(folder, 'remoteEntry.js'), '');
      writeFileSync(join(folder, 'release.json'), JSON.stringify({ app: remote.dir, version }));
    }
    asked = [];
    // The API's GET /api/release-health, as far as the watcher reads it.
    server = createServer((request, response) => {
      asked.push(request.url!);
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ releases: answer }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    env = {
      RELEASES_DIR: dir,
      SHELL_DIST: join(dir, 'no-shell'),
      RELEASE_HEALTH_URL: `http://127.0.0.1:${port}`,
    };
    promote(remote, '1.0.0+1.abc1234', env);
    canary(remote, '1.1.0+2.abc1234', 50, env, new Date('2026-11-29T02:00:00.000Z'));
  });
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes out a canary whose page throws, once it has its views, and status records why and when; the live release stays', async () => {
    answer = [health('1.0.0+1.abc1234', 40, 0, 900), health('1.1.0+2.abc1234', 20, 1, 900)];
    expect(await watchOnce(env)).toEqual([]);
    expect(status(env).mf_account.canary).toMatchObject({ version: '1.1.0+2.abc1234' });
    // Read since the canary went out.
    expect(asked[0]).toBe('/api/release-health?since=2026-11-29T02%3A00%3A00.000Z');

    answer = [health('1.0.0+1.abc1234', 80, 0, 900), health('1.1.0+2.abc1234', 50, 1, 900)];
    const at = new Date('2026-11-29T02:30:00.000Z');
    expect(await watchOnce(env, at)).toEqual([
      expect.stringMatching(/^mf-account: canary 1\.1\.0\+2\.abc1234 taken out at 2026-11-29T02:30:00\.000Z/),
    ]);
    expect(status(env).mf_account).toMatchObject({
      live: '1.0.0+1.abc1234',
      canary: null,
      canaryEnded: {
        version: '1.1.0+2.abc1234',
        at: at.toISOString(),
        reason:
          "automatic rollback: error rate 100.0 % over 50 views against the live release's 0.0 % (margin 2.0 %)",
      },
    });
  });

  it('tells Prometheus of its looks, of its verdict against a canary and of the rollback that ended it', async () => {
    const metrics = releaseWatchMetrics();
    const scraped = () => metrics.registry.metrics();
    answer = [health('1.0.0+1.abc1234', 40, 0, 900), health('1.1.0+2.abc1234', 20, 1, 900)];
    await watchOnce(env, new Date('2026-11-29T02:10:00.000Z'), metrics);
    expect(await scraped()).toContain('heritage_release_watch_last_check_timestamp_seconds 1795918200\n');
    expect(await scraped()).not.toMatch(/^heritage_canary_unhealthy\{/m);
    // Every app's counter is there from 0, so that increase() sees the first rollback.
    for (const app of ['mf-catalogue', 'mf-artifact-editor', 'mf-account'])
      expect(await scraped()).toContain(`heritage_canary_rollbacks_total{app="${app}"} 0\n`);

    answer = [health('1.0.0+1.abc1234', 80, 0, 900), health('1.1.0+2.abc1234', 50, 1, 900)];
    await watchOnce(env, new Date('2026-11-29T02:30:00.000Z'), metrics);
    const text = await scraped();
    expect(text).toContain('heritage_canary_rollbacks_total{app="mf-account"} 1\n');
    expect(text).toContain('heritage_canary_rollbacks_total{app="mf-catalogue"} 0\n');
    expect(text).toContain('heritage_release_watch_last_check_timestamp_seconds 1795919400\n');
    // Taken out at the same look: no longer unhealthy.
    expect(text).not.toMatch(/^heritage_canary_unhealthy\{/m);
  });

  it('keeps a canary it could not take out unhealthy, says why, and takes it out at a later look', async () => {
    const metrics = releaseWatchMetrics();
    answer = [health('1.0.0+1.abc1234', 80, 0, 900), health('1.1.0+2.abc1234', 50, 1, 900)];
    // live.json cannot be written: its temporary file's name is taken by a folder.
    const blocker = join(dir, `live.json.${process.pid}.tmp`);
    mkdirSync(blocker);
    await expect(watchOnce(env, new Date(), metrics)).rejects.toThrow(
      /^mf-account: canary 1\.1\.0\+2\.abc1234 could not be taken out \(error rate 100\.0 %.*\): EISDIR/,
    );
    expect(status(env).mf_account.canary).toMatchObject({ version: '1.1.0+2.abc1234' });
    let text = await metrics.registry.metrics();
    expect(text).toContain('heritage_canary_unhealthy{app="mf-account",version="1.1.0+2.abc1234"} 1\n');
    expect(text).toContain('heritage_canary_rollbacks_total{app="mf-account"} 0\n');

    rmSync(blocker, { recursive: true });
    expect(await watchOnce(env, new Date(), metrics)).toHaveLength(1);
    text = await metrics.registry.metrics();
    expect(text).not.toMatch(/^heritage_canary_unhealthy\{/m);
    expect(text).toContain('heritage_canary_rollbacks_total{app="mf-account"} 1\n');
  });

  it('leaves a healthy canary out', async () => {
    answer = [health('1.0.0+1.abc1234', 500, 0.01, 1000), health('1.1.0+2.abc1234', 500, 0.02, 1100)];
    expect(await watchOnce(env)).toEqual([]);
    expect(status(env).mf_account.canary).toMatchObject({ version: '1.1.0+2.abc1234', percent: 50 });
  });

  it("says so when the API's health cannot be read, and takes nothing out", async () => {
    env.RELEASE_HEALTH_URL = 'http://127.0.0.1:9';
    await expect(watchOnce(env)).rejects.toThrow(
      /^Release health could not be read from http:\/\/127\.0\.0\.1:9\//,
    );
    expect(status(env).mf_account.canary).not.toBeNull();
  });
});
