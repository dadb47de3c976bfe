/**
 * What `pnpm modules watch` tells Prometheus (prom-client, as the API's metrics: api/src/http/metrics.ts), at GET
 * /metrics on 127.0.0.1:RELEASE_WATCH_METRICS_PORT (9091), scraped as job "heritage-release-watch"
 * (deploy/prometheus/config.ts) for the alerts of deploy/prometheus/alerts.yml:
 *
 * - heritage_canary_unhealthy{app,version}: 1 from the watcher's verdict against that canary until the canary is out,
 *   so a rollback that fails keeps it at 1 (a rollback that succeeds ends it at the same look).
 * - heritage_canary_rollbacks_total{app}: canaries the watcher took out, from 0 for every app (so Prometheus's
 *   increase() sees the first one).
 * - heritage_release_watch_last_check_timestamp_seconds: when the watcher last looked at every canary (0: never).
 *
 * `app` is the remote's folder name (mf-account), as `pnpm modules` takes it.
 */
import { createServer, type Server } from 'node:http';
import { Counter, Gauge, Registry } from 'prom-client';
import { REMOTES } from 'site-config/apps';
import { ReleaseError } from './releases.ts';

/** The default port: clear of every port of the production topology (stack/production/services.ts). */
const DEFAULT_METRICS_PORT = 9091;

export function releaseWatchMetricsPort(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.RELEASE_WATCH_METRICS_PORT;
  if (raw === undefined || raw === '') return DEFAULT_METRICS_PORT;
  const port = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(port >= 1 && port <= 65_535))
    throw new ReleaseError(`RELEASE_WATCH_METRICS_PORT must be a port number from 1 to 65535, not '${raw}'`);
  return port;
}

export interface ReleaseWatchMetrics {
  registry: Registry;
  /** The watcher's verdict is against this canary: 1 until canaryOut. */
  canaryUnhealthy(app: string, version: string): void;
  /** The app has no canary, or another one, than the one judged unhealthy. */
  canaryOut(app: string, currentCanary: string | null): void;
  rolledBack(app: string): void;
  checked(at: Date): void;
}

export function releaseWatchMetrics(): ReleaseWatchMetrics {
  const registry = new Registry();
  const unhealthy = new Gauge({
    name: 'heritage_canary_unhealthy',
    help: 'A canary release the watcher judged unhealthy and has not seen out yet (1)',
    labelNames: ['app', 'version'] as const,
    registers: [registry],
  });
  const rollbacks = new Counter({
    name: 'heritage_canary_rollbacks_total',
    help: 'Canary releases the watcher took out automatically',
    labelNames: ['app'] as const,
    registers: [registry],
  });
  for (const remote of Object.values(REMOTES)) rollbacks.inc({ app: remote.dir }, 0);
  const lastCheck = new Gauge({
    name: 'heritage_release_watch_last_check_timestamp_seconds',
    help: 'When the watcher last looked at every canary, in seconds since the epoch (0: not yet)',
    registers: [registry],
  });
  lastCheck.set(0);
  // One canary per app: the version judged unhealthy, whose series ends when it is out.
  const judged = new Map<string, string>();
  const canaryOut = (app: string, currentCanary: string | null) => {
    const version = judged.get(app);
    if (version === undefined || version === currentCanary) return;
    unhealthy.remove({ app, version });
    judged.delete(app);
  };
  return {
    registry,
    canaryUnhealthy(app, version) {
      canaryOut(app, version);
      judged.set(app, version);
      unhealthy.set({ app, version }, 1);
    },
    canaryOut,
    rolledBack(app) {
      rollbacks.inc({ app });
    },
    checked(at) {
      lastCheck.set(at.getTime() / 1000);
    },
  };
}

/** Serves the metrics at GET /metrics on 127.0.0.1:port (0: any free port); resolves once listening. */
export async function serveReleaseWatchMetrics(registry: Registry, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      (error: Error) => response.writeHead(500).end(error.message),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) =>
      reject(
        new ReleaseError(
          `The release watch cannot serve its metrics on 127.0.0.1:${port} (RELEASE_WATCH_METRICS_PORT): ${error.message}`,
        ),
      ),
    );
    server.listen(port, '127.0.0.1', resolve);
  });
  return server;
}
