/**
 * Release health (issue #56 item 2): POST /telemetry and /api/telemetry take the shell's batches (as sendBeacon sends
 * them: text/plain or JSON) and answer 204; a bad, oversized or hostile batch is refused with what is wrong and
 * stores nothing; each address is limited; the roll-ups keep no address and are read back per release by
 * GET /api/release-health (views, error rate, p75 vitals), on PGlite and PostgreSQL; old minutes are pruned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TELEMETRY_MAX_BYTES, type PageView, type ReleaseHealth } from 'artifact-model/release-health';
import { BACKENDS, startTestApi, type TestApi } from './support/api-harness.ts';
import { http } from './support/http.ts';

const LIMIT = 6;
const view = (release: string, extra: Partial<PageView> = {}): PageView => ({
  modules: [{ remote: 'mf_catalogue', release }],
  errors: [],
  ...extra,
});
const beacon = (url: string, body: unknown, contentType = 'text/plain;charset=UTF-8') =>
  http<{ message?: string; errors?: { field: string }[] }>(url, {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    raw: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe.each(BACKENDS)('release health on %s', (backend) => {
  let server: TestApi;
  beforeAll(async () => {
    server = await startTestApi(backend, { TELEMETRY_LIMIT_PER_ADDRESS: String(LIMIT) });
  });
  afterAll(() => server?.close());
  const health = async (since = new Date(Date.now() - 60_000).toISOString()) =>
    (await http<{ releases: ReleaseHealth[] }>(`${server.url}/api/release-health?since=${since}`)).body
      .releases;

  it('rolls page views up per release: views, error rate, errors by kind and p75 vitals, from either path and type', async () => {
    const views = [
      ...[100, 200, 300, 400].map((lcp) => view('1.0.0+1.abc', { lcp, inp: 40, cls: 0.05, ttfb: 20 })),
      view('1.1.0+2.def', { lcp: 2600, errors: ['error-boundary', 'unhandled-rejection'] }),
      view('1.1.0+2.def', { lcp: 2400 }),
    ];
    expect((await beacon(`${server.url}/api/telemetry`, { views: views.slice(0, 3) })).status).toBe(204);
    expect(
      (await beacon(`${server.url}/telemetry`, { views: views.slice(3) }, 'application/json')).status,
    ).toBe(204);
    const releases = await health();
    expect(releases.find((release) => release.release === '1.0.0+1.abc')).toEqual({
      remote: 'mf_catalogue',
      release: '1.0.0+1.abc',
      views: 4,
      errorViews: 0,
      errorRate: 0,
      errors: { 'remote-load': 0, 'error-boundary': 0, 'unhandled-rejection': 0, 'kit-contract': 0 },
      p75: { lcp: 300, inp: 50, cls: 0.05, ttfb: 50 },
    });
    expect(releases.find((release) => release.release === '1.1.0+2.def')).toMatchObject({
      views: 2,
      errorViews: 1,
      errorRate: 0.5,
      errors: { 'error-boundary': 1, 'unhandled-rejection': 1 },
      p75: { lcp: 2600, inp: null },
    });
    // Nothing of the sender is kept: the roll-ups' columns are the release's and the figures'.
    const { db } = server.api.database;
    const columns = async (table: 'release_minutes' | 'release_samples') =>
      Object.keys((await db.selectFrom(table).selectAll().executeTakeFirstOrThrow()) as object).sort();
    expect(await columns('release_minutes')).toEqual(['error_views', 'minute', 'release', 'remote', 'views']);
    expect(await columns('release_samples')).toEqual([
      'bucket',
      'count',
      'measure',
      'minute',
      'release',
      'remote',
    ]);
  });

  it('refuses a bad, oversized or hostile batch with what is wrong, and stores none of it', async () => {
    const before = await health();
    const refusals: Array<[unknown, number, RegExp]> = [
      ['{"views": [', 400, /Malformed JSON/],
      [{}, 400, /views/],
      [{ views: [] }, 400, /views/],
      [{ views: [view('1.0.0+1.abc', { lcp: -5 })] }, 400, /views\.0\.lcp/],
      [{ views: [view('1.0.0+1.abc', { errors: ['stack: at x.js'] as never })] }, 400, /views\.0\.errors\.0/],
      [{ views: [{ ...view('1.0.0+1.abc'), email: 'ada@example.test' }] }, 400, /email|Unrecognized/],
      [{ views: [view('<script>alert(1)</script>')] }, 400, /views\.0\.modules\.0\.release/],
      [
        { views: [view('1.0.0'), { ...view('1.0.0'), modules: [{ remote: 'x'.repeat(41), release: '1' }] }] },
        400,
        /remote/,
      ],
      [{ views: Array.from({ length: 21 }, () => view('1.0.0+1.abc')) }, 400, /views/],
      [{ views: [view('1.0.0+1.abc')], pad: 'x'.repeat(TELEMETRY_MAX_BYTES) }, 413, /.+/],
    ];
    for (const [body, status, message] of refusals) {
      const answer = await beacon(`${server.url}/api/telemetry`, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(JSON.stringify(answer.body)).toMatch(message);
    }
    expect(await health()).toEqual(before);
  });

  it('limits each address, with a 429 that says so', async () => {
    let status = 0;
    for (let sent = 0; sent <= LIMIT && status !== 429; sent++)
      status = (await beacon(`${server.url}/api/telemetry`, { views: [view('9.9.9')] })).status;
    expect(status).toBe(429);
  });

  it('prunes the minutes older than the retention (30 days unless TELEMETRY_RETENTION_DAYS says)', async () => {
    const store = server.api.database.db;
    const old = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    await store
      .insertInto('release_minutes')
      .values({ remote: 'mf_account', release: 'old', minute: old, views: 1, error_views: 0 })
      .execute();
    await store
      .insertInto('release_samples')
      .values({ remote: 'mf_account', release: 'old', minute: old, measure: 'lcp', bucket: 1, count: 1 })
      .execute();
    expect(await health(new Date(old.getTime() - 60_000).toISOString())).toContainEqual(
      expect.objectContaining({ release: 'old' }),
    );
    const { ReleaseHealthStore } = await import('../src/telemetry/release-health-store.ts');
    expect(await new ReleaseHealthStore(store, 30).prune()).toBe(1);
    expect(
      await store.selectFrom('release_samples').select('release').where('release', '=', 'old').execute(),
    ).toEqual([]);
  });
});
