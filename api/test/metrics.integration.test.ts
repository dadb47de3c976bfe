/**
 * What operators see of an API process (issue #56 item 4): Prometheus metrics at /metrics, after some requests, with
 * the route pattern as the route label (never a raw id), the database pool, the photo queue, Redis and object storage
 * health; and the request id each answer names (X-Request-Id), taken from the request when it is a plain token.
 * One API in this process, on PGlite, with Redis and an S3-compatible bucket of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApi, type TestApi } from './support/api-harness.ts';
import { http } from './support/http.ts';
import { startRedis, type RunningRedis } from './support/redis-server.ts';
import { s3Env, startS3, type RunningS3 } from './support/s3-server.ts';
import { waitFor } from './support/ports.ts';

let redis: RunningRedis;
let s3: RunningS3;
let server: TestApi;

beforeAll(async () => {
  [redis, s3] = await Promise.all([startRedis(), startS3('heritage-photos')]);
  // The API runs in this process, and the SDK reads the credentials from the environment.
  const photos = s3Env(s3);
  Object.assign(process.env, {
    AWS_ACCESS_KEY_ID: photos.AWS_ACCESS_KEY_ID,
    AWS_SECRET_ACCESS_KEY: photos.AWS_SECRET_ACCESS_KEY,
  });
  server = await startTestApi(BACKENDS[0]!, { ...photos, REDIS_URL: redis.url, SEED_STARTER: 'false' });
  // Both Redis clients connected (the write limits' and the photo slots'), as a process that has been up a while.
  await waitFor(
    async () => (await metricLines()).includes('heritage_redis_up{client="photo_slots"} 1') || undefined,
    {
      timeoutMs: 10_000,
      what: 'the photo slots to reach Redis',
    },
  );
});
afterAll(async () => {
  await server?.close();
  await Promise.all([redis?.kill(), s3?.close()]);
});

/** The metrics, one sample a line (comments left out). */
async function metricLines(): Promise<string[]> {
  const response = await fetch(`${server.url}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return (await response.text()).split('\n').filter((line) => line && !line.startsWith('#'));
}

/** The count of answers the histogram holds for these labels (0 when there is no such series). */
async function answered(method: string, route: string, status: number): Promise<number> {
  const series = `http_request_duration_seconds_count{method="${method}",route="${route}",status_code="${status}"} `;
  const line = (await metricLines()).find((sample) => sample.startsWith(series));
  return line ? Number(line.slice(series.length)) : 0;
}

describe('GET /metrics', () => {
  it('counts answers by method, route pattern and status, never by the raw URL', async () => {
    const missing = crypto.randomUUID();
    const before = await answered('GET', '/api/artifacts/:id', 404);
    expect((await http(`${server.url}/api/artifacts/${missing}`)).status).toBe(404);
    expect((await http(`${server.url}/artifacts/${missing}`)).status).toBe(404);
    expect((await http(`${server.url}/api/artifacts`)).status).toBe(200);
    expect((await http(`${server.url}/no/such/route/${missing}`)).status).toBe(404);

    expect(await answered('GET', '/api/artifacts/:id', 404)).toBe(before + 1);
    expect(await answered('GET', '/artifacts/:id', 404)).toBeGreaterThanOrEqual(1);
    expect(await answered('GET', '/api/artifacts', 200)).toBeGreaterThanOrEqual(1);
    expect(await answered('GET', '(no route)', 404)).toBeGreaterThanOrEqual(1);
    const lines = await metricLines();
    expect(lines.filter((line) => line.includes(missing))).toEqual([]);
    // A histogram: buckets up to +Inf and the sum, for latency percentiles.
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/artifacts",status_code="200"\} \d+$/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^http_request_duration_seconds_sum\{method="GET",route="\/api\/artifacts",status_code="200"\} /,
      ),
    );
  });

  it('reports the database pool, the photo queue, Redis and object storage', async () => {
    const lines = await metricLines();
    for (const series of [
      /^heritage_db_pool_connections\{state="idle"\} \d+$/,
      /^heritage_db_pool_connections\{state="in_use"\} \d+$/,
      /^heritage_db_pool_waiting \d+$/,
      /^heritage_photo_queue_photos\{state="waiting"\} 0$/,
      /^heritage_photo_queue_photos\{state="processing"\} 0$/,
      /^heritage_redis_up\{client="write_limit"\} 1$/,
      /^heritage_redis_up\{client="photo_slots"\} 1$/,
      /^heritage_object_storage_up 1$/,
      /^process_cpu_seconds_total \d/,
      /^nodejs_eventloop_lag_seconds \d/,
    ])
      expect(lines).toContainEqual(expect.stringMatching(series));
  });

  it('says when Redis and object storage are away, and when they are back', async () => {
    await Promise.all([redis.kill(), s3.stop()]);
    await waitFor(
      async () => (await metricLines()).includes('heritage_redis_up{client="write_limit"} 0') || undefined,
      {
        timeoutMs: 10_000,
        what: 'the metrics to say Redis is away',
      },
    );
    const away = await metricLines();
    expect(away).toContain('heritage_redis_up{client="photo_slots"} 0');
    expect(away).toContain('heritage_object_storage_up 0');

    await Promise.all([redis.start(), s3.start()]);
    await waitFor(
      async () => {
        const back = await metricLines();
        return (
          [
            'heritage_redis_up{client="write_limit"} 1',
            'heritage_redis_up{client="photo_slots"} 1',
            'heritage_object_storage_up 1',
          ].every((line) => back.includes(line)) || undefined
        );
      },
      { timeoutMs: 10_000, what: 'the metrics to say Redis and object storage are back' },
    );
  });

  it('is no API route: not under /api, not in the OpenAPI document, and not counted itself', async () => {
    expect((await http(`${server.url}/api/metrics`)).status).toBe(404);
    const openapi = await http<{ paths: Record<string, unknown> }>(`${server.url}/openapi.json`);
    expect(Object.keys(openapi.body.paths)).not.toContain('/metrics');
    await metricLines();
    expect((await metricLines()).filter((line) => line.includes('route="/metrics"'))).toEqual([]);
  });
});

describe('the request id', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it('is a new one on each answer when the request brings none', async () => {
    const [first, second] = [await http(`${server.url}/health`), await http(`${server.url}/health`)];
    expect(first.headers.get('x-request-id')).toMatch(UUID);
    expect(second.headers.get('x-request-id')).toMatch(UUID);
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
  });

  it("is the request's own X-Request-Id (the web server's) on every answer, refusals included", async () => {
    const id = '5f0c6e2b9a8d4c7e1b3a2f6d8e9c0b1a';
    const headers = { 'X-Request-Id': id };
    expect((await http(`${server.url}/health`, { headers })).headers.get('x-request-id')).toBe(id);
    const missing = await http(`${server.url}/api/artifacts/${crypto.randomUUID()}`, { headers });
    expect([missing.status, missing.headers.get('x-request-id')]).toEqual([404, id]);
    const refused = await http(`${server.url}/api/artifacts`, { method: 'POST', headers, raw: '{' });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.headers.get('x-request-id')).toBe(id);
    // Refused by an onRequest hook (a query that is not UTF-8 text): the id and the security headers are set first.
    const notText = await http(`${server.url}/api/artifacts?q=%FF`, { headers });
    expect(notText.status).toBe(400);
    expect(notText.headers.get('x-request-id')).toBe(id);
    expect(notText.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('is a new one when the request brings one that is not a plain token (spaces, quotes, too long)', async () => {
    for (const given of ['a b', 'id"}{"admin":true', 'x'.repeat(129)]) {
      const answer = await http(`${server.url}/health`, { headers: { 'X-Request-Id': given } });
      expect(answer.headers.get('x-request-id')).toMatch(UUID);
    }
  });

  it("may be read by the site's pages (CORS exposes it)", async () => {
    const answer = await http(`${server.url}/api/artifacts`, {
      headers: { Origin: 'http://localhost:5173' },
    });
    expect(answer.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
  });
});
