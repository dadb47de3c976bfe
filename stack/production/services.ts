/**
 * What the production topology runs (topology.ts starts it): each part as a service record (processes.ts), with its
 * command, ports, readiness and stop signal, from the port variables. Nothing here starts anything.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { releaseWatchMetricsPort } from '../../deploy/modules/release-watch-metrics.ts';
import { apiPort, authEmulatorPort, portOf, REMOTES, SHELL } from 'site-config/apps';
import { ROOT, stackServices, stackUrls } from '../stack.ts';
import { databaseUrl, postgresService } from './postgres.ts';
import type { ProductionService } from './processes.ts';

export const S3_BUCKET = 'heritage-photos';

/** The ports of the parts behind nginx, each with its variable; the API processes take the ports after API_PORT. */
export function productionPorts(env: NodeJS.ProcessEnv = process.env) {
  const processes = Number(env.API_PROCESSES ?? 2);
  if (!Number.isInteger(processes) || processes < 1)
    throw new Error(
      `API_PROCESSES must be a whole number of API processes, 1 or more; got "${env.API_PROCESSES}"`,
    );
  const renderProcesses = Number(env.RENDER_PROCESSES ?? 2);
  if (!Number.isInteger(renderProcesses) || renderProcesses < 1)
    throw new Error(
      `RENDER_PROCESSES must be a whole number of render processes, 1 or more; got "${env.RENDER_PROCESSES}"`,
    );
  return {
    postgres: Number(env.POSTGRES_PORT ?? 5432),
    redis: Number(env.REDIS_PORT ?? 6379),
    s3: Number(env.S3_PORT ?? 4568),
    prometheus: Number(env.PROMETHEUS_PORT ?? 9090),
    // The release watch's /metrics, for Prometheus (deploy/modules/release-watch-metrics.ts).
    releaseWatchMetrics: releaseWatchMetricsPort(env),
    apiProcesses: Array.from({ length: processes }, (_, index) => apiPort(env) + 1 + index),
    // Clear of the remotes' ports after the shell's (5174-5176 by default).
    renderProcesses: Array.from({ length: renderProcesses }, (_, index) => portOf(SHELL, env) + 11 + index),
  };
}

/** Debian's Prometheus (stack/system-deps.sh --servers installs it), or PROMETHEUS. */
export const prometheusCommand = (env: NodeJS.ProcessEnv = process.env) =>
  env.PROMETHEUS ?? '/usr/bin/prometheus';

/** Where the topology's Prometheus keeps its configuration (deploy/prometheus/config.ts) and its data. */
export const prometheusDir = (runtimeDir: string) => join(runtimeDir, 'prometheus');

/**
 * The services, PostgreSQL first and nginx last; Prometheus, scraping the API processes, when it is installed (a
 * machine without it runs the rest, and `pnpm start:production` says so).
 */
export function productionServices(
  runtimeDir: string,
  env: NodeJS.ProcessEnv = process.env,
): ProductionService[] {
  const ports = productionPorts(env);
  mkdirSync(runtimeDir, { recursive: true });
  // The Auth Emulator and the API's settings as `pnpm start` has them (stack/stack.ts).
  const embedded = stackServices({ mode: 'preview', runtimeDir, env });
  const auth = embedded.find((service) => service.name === 'auth')!;
  const api = embedded.find((service) => service.name === 'api')!;
  const render = embedded.find((service) => service.name === 'shell')!;
  const { PGLITE_DATA_DIR: _embeddedDatabase, ...apiEnv } = api.env;
  const s3Dir = join(runtimeDir, 's3');
  const authPort = authEmulatorPort(env);
  const sitePorts = [SHELL, ...Object.values(REMOTES)].map((app) => portOf(app, env));
  const urls = stackUrls(env);
  return [
    postgresService(runtimeDir, ports.postgres),
    {
      name: 'redis',
      command: env.REDIS_SERVER ?? '/usr/bin/redis-server',
      // Only write-limit counters live in it: nothing to persist.
      args: ['--port', String(ports.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      cwd: runtimeDir,
      env: {},
      ports: [ports.redis],
      ready: { tcp: ports.redis },
      stopSignal: 'SIGTERM',
    },
    {
      name: 's3',
      command: process.execPath,
      args: ['--import', 'tsx', join(ROOT, 'stack', 'production', 's3-server.ts')],
      cwd: ROOT,
      env: { S3_PORT: String(ports.s3), S3_DIRECTORY: s3Dir, S3_BUCKET },
      ports: [ports.s3],
      ready: { urls: [`http://127.0.0.1:${ports.s3}/`] },
      stopSignal: 'SIGTERM',
      dataDir: s3Dir,
    },
    {
      ...auth,
      command: process.execPath,
      ports: [authPort, authPort + 1, authPort + 2],
      ready: { urls: [auth.readyUrl] },
      stopSignal: 'SIGTERM',
    },
    ...ports.apiProcesses.map((port, index): ProductionService => ({
      name: `api-${index + 1}`,
      command: process.execPath,
      args: api.args,
      cwd: api.cwd,
      env: {
        ...apiEnv,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl(ports.postgres),
        REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
        IMAGE_STORAGE: 's3',
        S3_BUCKET,
        S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
        S3_FORCE_PATH_STYLE: 'true',
        AWS_ACCESS_KEY_ID: 'S3RVER',
        AWS_SECRET_ACCESS_KEY: 'S3RVER',
        // nginx on loopback names the client in X-Forwarded-For: the write limit counts per client.
        TRUST_PROXY: 'loopback',
        // In the record, so a process started again from another shell (startProductionService) logs as the others.
        ...(env.LOG_LEVEL ? { LOG_LEVEL: env.LOG_LEVEL } : {}),
      },
      ports: [port],
      ready: { urls: [`http://127.0.0.1:${port}/health`] },
      stopSignal: 'SIGTERM',
    })),
    ...ports.renderProcesses.map((port, index): ProductionService => ({
      name: `render-${index + 1}`,
      command: process.execPath,
      args: render.args,
      cwd: render.cwd,
      // The site's variables (the remotes' ports, RELEASES_DIR for remotes.json) are the environment's, as nginx's.
      env: { ...render.env, RENDER_PORT: String(port), HOST: '127.0.0.1', TRUST_PROXY: 'loopback' },
      ports: [port],
      ready: { urls: [`http://127.0.0.1:${port}/robots.txt`] },
      stopSignal: 'SIGTERM',
    })),
    ...(existsSync(prometheusCommand(env)) ? [prometheusService(runtimeDir, ports.prometheus, env)] : []),
    {
      name: 'nginx',
      command: env.NGINX ?? 'nginx',
      args: ['-p', join(runtimeDir, 'nginx'), '-c', join(runtimeDir, 'nginx', 'nginx.conf')],
      cwd: runtimeDir,
      env: {},
      ports: [...sitePorts, apiPort(env)],
      ready: {
        urls: [
          `${urls.shell}/`,
          ...Object.values(REMOTES).map((remote) => `${urls.remote(remote.name)}/mf-manifest.json`),
          `${urls.api}/health`,
        ],
      },
      // Its fast shutdown: a graceful one (SIGQUIT) would wait for a browser's keep-alive connections.
      stopSignal: 'SIGTERM',
    },
    {
      // Takes out a canary whose health falls below the live release's (deploy/modules/release-watch.ts), reading
      // the API's release health through nginx and live.json from RELEASES_DIR, as the render processes do; tells
      // Prometheus of its verdicts and rollbacks at its /metrics.
      name: 'release-watch',
      command: process.execPath,
      args: [join(ROOT, 'deploy', 'modules', 'bin.js'), 'watch'],
      cwd: ROOT,
      env: {
        RELEASE_HEALTH_URL: `http://127.0.0.1:${apiPort(env)}`,
        RELEASE_WATCH_METRICS_PORT: String(ports.releaseWatchMetrics),
      },
      ports: [ports.releaseWatchMetrics],
      // It serves its metrics before its first look at the canaries.
      ready: { urls: [`http://127.0.0.1:${ports.releaseWatchMetrics}/metrics`] },
      stopSignal: 'SIGTERM',
    },
  ];
}

function prometheusService(runtimeDir: string, port: number, env: NodeJS.ProcessEnv): ProductionService {
  const dir = prometheusDir(runtimeDir);
  return {
    name: 'prometheus',
    command: prometheusCommand(env),
    args: [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      // A machine's own look at its topology: two days of series are plenty.
      '--storage.tsdb.retention.time=2d',
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    cwd: dir,
    env: {},
    ports: [port],
    ready: { urls: [`http://127.0.0.1:${port}/-/ready`] },
    stopSignal: 'SIGTERM',
    dataDir: join(dir, 'data'),
  };
}
