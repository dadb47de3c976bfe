import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  releaseWatchMetrics,
  releaseWatchMetricsPort,
  serveReleaseWatchMetrics,
} from './release-watch-metrics.ts';

describe("the release watch's metrics", () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
    server = undefined;
  });

  it('are served at GET /metrics on loopback in the Prometheus text format, and nothing else is', async () => {
    const metrics = releaseWatchMetrics();
    metrics.canaryUnhealthy('mf-account', '1.1.0+2.abc1234');
    server = await serveReleaseWatchMetrics(metrics.registry, 0);
    const address = server.address() as { address: string; port: number };
    expect(address.address).toBe('127.0.0.1');
    const response = await fetch(`http://127.0.0.1:${address.port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toContain('heritage_canary_unhealthy{app="mf-account",version="1.1.0+2.abc1234"} 1\n');
    expect(text).toContain('# TYPE heritage_canary_rollbacks_total counter\n');
    expect(text).toContain('heritage_release_watch_last_check_timestamp_seconds 0\n');
    expect((await fetch(`http://127.0.0.1:${address.port}/`)).status).toBe(404);
  });

  it('say clearly when their port is taken', async () => {
    server = await serveReleaseWatchMetrics(releaseWatchMetrics().registry, 0);
    const { port } = server.address() as { port: number };
    await expect(serveReleaseWatchMetrics(releaseWatchMetrics().registry, port)).rejects.toThrow(
      `The release watch cannot serve its metrics on 127.0.0.1:${port} (RELEASE_WATCH_METRICS_PORT): listen EADDRINUSE`,
    );
  });

  it('end a canary judged unhealthy once the app has another canary or none', async () => {
    const metrics = releaseWatchMetrics();
    const unhealthy = async () =>
      (await metrics.registry.getSingleMetric('heritage_canary_unhealthy')!.get()).values;
    metrics.canaryUnhealthy('mf-account', '1.1.0');
    metrics.canaryOut('mf-account', '1.1.0');
    expect(await unhealthy()).toEqual([{ value: 1, labels: { app: 'mf-account', version: '1.1.0' } }]);
    metrics.canaryOut('mf-account', '1.2.0');
    expect(await unhealthy()).toEqual([]);
  });

  it('are on port 9091 unless RELEASE_WATCH_METRICS_PORT says another', () => {
    expect(releaseWatchMetricsPort({})).toBe(9091);
    expect(releaseWatchMetricsPort({ RELEASE_WATCH_METRICS_PORT: '7091' })).toBe(7091);
    for (const raw of ['0', '70000', 'metrics', '90.5'])
      expect(() => releaseWatchMetricsPort({ RELEASE_WATCH_METRICS_PORT: raw })).toThrow(
        `RELEASE_WATCH_METRICS_PORT must be a port number from 1 to 65535, not '${raw}'`,
      );
  });
});
