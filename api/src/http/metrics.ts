/**
 * Prometheus metrics for operators (prom-client), at GET /metrics on every API process: not an API route (no /api
 * shape, not in the OpenAPI document), and never reachable through the public web server (production's nginx refuses
 * it: deploy/nginx/render.ts), so Prometheus scrapes each process on its own address. What is measured:
 *
 * - http_request_duration_seconds: a histogram of every answer's time by method, route and status code, where the
 *   route is the pattern the request matched (`/api/artifacts/:id`, never the id itself; `(no route)` for a 404 no
 *   route matched), so the series stay few; its _count is the request rate. Counted by request-durations.ts.
 * - heritage_db_pool_connections{state}, heritage_db_pool_waiting: the database pool's connections idle and in use,
 *   and the queries waiting for one.
 * - heritage_photo_queue_photos{state}: photos waiting for a decoding slot and being decoded (images/photo-queue.ts).
 * - heritage_redis_up{client}: 1 while each Redis client is connected (with REDIS_URL only).
 * - heritage_object_storage_up: 1 when the photos' bucket answered this scrape (with IMAGE_STORAGE=s3 only).
 * - prom-client's default process metrics (CPU, memory, event loop lag, garbage collection).
 *
 * Each app has a registry of its own, so several apps in one process (the tests) do not share their series.
 */
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { routeAsAddressed } from './api-path-shapes.ts';
import { RequestDurations } from './request-durations.ts';

/** Where the metrics are served. */
export const METRICS_PATH = '/metrics';

/** The route label of a request that matched no route (a 404 of the not-found handler). */
export const NO_ROUTE = '(no route)';

/** What the metrics read from the rest of the API at each scrape. */
export interface MetricSources {
  /** pg.Pool's counts (for PGlite, its one connection's pool). */
  databasePool: { totalCount: number; idleCount: number; waitingCount: number };
  photoQueue: { waitingPhotos: number; photosInProgress: number };
  /** Each Redis client by what it is for, when REDIS_URL is set. */
  redis: Record<string, { reachable: boolean }>;
  /** Asks the photos' bucket whether it answers; undefined when photos are kept in the database. */
  objectStorageReachable: (() => Promise<boolean>) | undefined;
}

export function registerMetrics(app: FastifyInstance, sources: MetricSources): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestDurations = new RequestDurations(
    'http_request_duration_seconds',
    'Time to answer a request, by method, route pattern and status code',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registry,
  );
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeAsAddressed(request) ?? NO_ROUTE;
    if (route !== METRICS_PATH)
      requestDurations.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const pool = sources.databasePool;
  new Gauge({
    name: 'heritage_db_pool_connections',
    help: 'Database pool connections, idle and in use',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
    },
  });
  new Gauge({
    name: 'heritage_db_pool_waiting',
    help: 'Queries waiting for a database connection',
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });
  new Gauge({
    name: 'heritage_photo_queue_photos',
    help: 'Uploaded photos waiting for a decoding slot, and being decoded',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'waiting' }, sources.photoQueue.waitingPhotos);
      this.set({ state: 'processing' }, sources.photoQueue.photosInProgress);
    },
  });
  if (Object.keys(sources.redis).length)
    new Gauge({
      name: 'heritage_redis_up',
      help: 'Whether each Redis client is connected (1) or not (0)',
      labelNames: ['client'] as const,
      registers: [registry],
      collect() {
        for (const [client, connection] of Object.entries(sources.redis))
          this.set({ client }, connection.reachable ? 1 : 0);
      },
    });
  const objectStorageReachable = sources.objectStorageReachable;
  if (objectStorageReachable)
    new Gauge({
      name: 'heritage_object_storage_up',
      help: "Whether the photos' bucket answered (1) or not (0) at this scrape",
      registers: [registry],
      async collect() {
        this.set((await objectStorageReachable()) ? 1 : 0);
      },
    });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Content-Type', registry.contentType).header('Cache-Control', 'no-store');
    return registry.metrics();
  });
}
