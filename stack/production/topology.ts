/**
 * The production topology on one machine (`pnpm start:production`, and the tests that run against it): nginx in front,
 * serving the shell and the remotes from their builds on the ports `pnpm start` uses and the API on API_PORT,
 * proxied to an upstream of API_PROCESSES API processes; PostgreSQL, Redis (write limits counted across processes)
 * and S3-compatible object storage for photos, each a process of its own; the Auth Emulator as `pnpm start` runs it.
 * Module releases are served by nginx from RELEASES_DIR (deploy/modules/releases.ts).
 *
 * startProduction starts it and writes `<runtimeDir>/state.json` (processes.ts), from which a test can stop and start
 * any one service; stopProduction stops whatever the state file names.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { renderNginx } from '../../deploy/nginx/render.ts';
import { apiPort, authEmulatorPort, portOf, REMOTES, SHELL } from '../../shared-ui/vite-config/apps.ts';
import { releasesDir } from '../../shared-ui/vite-config/live-releases.ts';
import { ROOT, stackServices, stackUrls, stopProcess, waitForExit } from '../stack.ts';
import { databaseUrl, ensureDatabase, postgresService } from './postgres.ts';
import {
  readProductionState,
  spawnService,
  writeProductionState,
  type ProductionService,
  type ProductionState,
  type RunningProductionService,
} from './processes.ts';

export const S3_BUCKET = 'heritage-photos';

/** The ports of the parts behind nginx, each with its variable; the API processes take the ports after API_PORT. */
export function productionPorts(env: NodeJS.ProcessEnv = process.env) {
  const processes = Number(env.API_PROCESSES ?? 2);
  if (!Number.isInteger(processes) || processes < 1)
    throw new Error(
      `API_PROCESSES must be a whole number of API processes, 1 or more; got "${env.API_PROCESSES}"`,
    );
  return {
    postgres: Number(env.POSTGRES_PORT ?? 5432),
    redis: Number(env.REDIS_PORT ?? 6379),
    s3: Number(env.S3_PORT ?? 4568),
    apiProcesses: Array.from({ length: processes }, (_, index) => apiPort(env) + 1 + index),
  };
}

/** The services in the order they start, without starting anything (PostgreSQL's cluster is created if missing). */
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
      },
      ports: [port],
      ready: { urls: [`http://127.0.0.1:${port}/health`] },
      stopSignal: 'SIGTERM',
    })),
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
  ];
}

export interface ProductionTopology {
  state: ProductionState;
  /** Stops every service the state file names (a test may have restarted one), nginx first, PostgreSQL last. */
  stop(): Promise<void>;
}

export interface ProductionOptions {
  /** Logs, the state file, the configuration, and the data of PostgreSQL and the object storage. */
  runtimeDir: string;
  env?: NodeJS.ProcessEnv;
  /** Told when a service exits that was not asked to (the topology keeps the others running). */
  onExit?: (name: string, code: number | null, signal: NodeJS.Signals | null) => void;
}

/** Starts the topology from the current builds (build them first: stack/start-production.ts does). */
export async function startProduction({
  runtimeDir,
  env = process.env,
  onExit,
}: ProductionOptions): Promise<ProductionTopology> {
  const services = productionServices(runtimeDir, env);
  const byName = (name: string) => services.find((service) => service.name === name)!;
  const apis = services.filter((service) => service.name.startsWith('api-'));
  const state: ProductionState = { urls: stackUrls(env), services: {} };
  let stopping = false;
  const start = async (service: ProductionService) => {
    const { running, child } = await spawnService(service, runtimeDir, { env });
    state.services[service.name] = running;
    writeProductionState(runtimeDir, state);
    watch(service.name, child);
  };
  const watch = (name: string, child: ChildProcess) =>
    child.once('exit', (code, signal) => {
      if (!stopping) onExit?.(name, code, signal);
    });
  const stop = async () => {
    stopping = true;
    await stopProduction(runtimeDir);
  };

  writeProductionState(runtimeDir, state);
  renderNginx({
    out: join(runtimeDir, 'nginx'),
    withMain: true,
    env,
    releasesDir: releasesDir(env),
    apiUpstreams: apis.map((api) => `127.0.0.1:${api.ports[0]}`),
  });
  try {
    // The Auth Emulator, Redis and the object storage alongside PostgreSQL; the API processes once it answers (the
    // first migrates and seeds an empty database, the others wait on its lock), nginx once they answer.
    await settled([
      start(byName('postgres')).then(async () => {
        ensureDatabase(productionPorts(env).postgres);
        await settled(apis.map(start));
      }),
      start(byName('redis')),
      start(byName('s3')),
      start(byName('auth')),
    ]);
    await start(byName('nginx'));
  } catch (error) {
    await stop();
    throw error;
  }
  return { state, stop };
}

/** Waits for every start, so that none is left running unrecorded when one fails; then fails with the first. */
async function settled(starts: Array<Promise<unknown>>): Promise<void> {
  const failure = (await Promise.allSettled(starts)).find((result) => result.status === 'rejected');
  if (failure) throw (failure as PromiseRejectedResult).reason;
}

/** The order services stop in: the reverse of their start, so nothing loses what it depends on first. */
const STOP_ORDER = ['nginx', 'api', 'auth', 's3', 'redis', 'postgres'];

/** Stops every service `<runtimeDir>/state.json` names, and waits until each is gone. */
export async function stopProduction(runtimeDir: string): Promise<void> {
  const services = Object.values(readProductionState(runtimeDir).services);
  const group = (service: RunningProductionService) => STOP_ORDER.indexOf(service.name.replace(/-\d+$/, ''));
  for (const index of STOP_ORDER.keys()) {
    await Promise.all(
      services
        .filter((service) => group(service) === index)
        .map(async (service) => {
          stopProcess(service.pid, service.stopSignal);
          await waitForExit(service.pid, 30_000);
        }),
    );
  }
}
