/**
 * The request histogram counts what prom-client's Histogram would: cumulative buckets (a value on a bound counts in
 * it), +Inf, _sum and _count per method, route and status, written out by prom-client's registry.
 */
import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations } from '../src/http/request-durations.ts';

const BOUNDS = [0.01, 0.1, 1];
const ANSWERS: [method: string, route: string, status: number, seconds: number][] = [
  ['GET', '/api/artifacts/:id', 200, 0.004],
  ['GET', '/api/artifacts/:id', 200, 0.01],
  ['GET', '/api/artifacts/:id', 200, 0.5],
  ['GET', '/api/artifacts/:id', 200, 7],
  ['GET', '/api/artifacts/:id', 404, 0.02],
  ['POST', '/api/artifacts', 201, 0.2],
  ['GET', '/artifacts/:id', 200, 0.05],
];

describe('RequestDurations', () => {
  it("writes the same exposition as prom-client's own Histogram", async () => {
    const ours = new Registry();
    const durations = new RequestDurations('http_request_duration_seconds', 'Time to answer', BOUNDS, ours);
    const theirs = new Registry();
    const histogram = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer',
      labelNames: ['method', 'route', 'status_code'],
      buckets: BOUNDS,
      registers: [theirs],
    });
    for (const [method, route, status, seconds] of ANSWERS) {
      durations.observe(method, route, status, seconds);
      histogram.observe({ method, route, status_code: String(status) }, seconds);
    }

    const exposition = await ours.metrics();
    expect(exposition).toBe(await theirs.metrics());
    expect(exposition).toContain(
      'http_request_duration_seconds_bucket{le="0.01",method="GET",route="/api/artifacts/:id",status_code="200"} 2\n',
    );
    expect(exposition).toContain(
      'http_request_duration_seconds_bucket{le="1",method="GET",route="/api/artifacts/:id",status_code="200"} 3\n',
    );
    expect(exposition).toContain(
      'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/artifacts/:id",status_code="200"} 4\n',
    );
    expect(exposition).toContain(
      'http_request_duration_seconds_sum{method="GET",route="/api/artifacts/:id",status_code="200"} 7.514\n',
    );
    expect(exposition).toContain(
      'http_request_duration_seconds_count{method="POST",route="/api/artifacts",status_code="201"} 1\n',
    );
  });

  it('starts again from nothing when the registry is reset', async () => {
    const registry = new Registry();
    const durations = new RequestDurations(
      'http_request_duration_seconds',
      'Time to answer',
      BOUNDS,
      registry,
    );
    durations.observe('GET', '/health', 200, 0.001);
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain('_count');
  });
});
