/**
 * The production topology on one machine (`pnpm start:production`, and the tests that run against it): nginx in front,
 * serving the shell's files and the remotes from their builds on the ports `pnpm start` uses, the pages from an upstream
 * of RENDER_PROCESSES render processes (micro-cached), and the API on API_PORT, proxied to an upstream of API_PROCESSES
 * API processes; PostgreSQL, Redis (write limits counted across processes)
 * and S3-compatible object storage for photos, each a process of its own; the Auth Emulator as `pnpm start` runs it.
 * Module releases are served by nginx from RELEASES_DIR (deploy/modules/releases.ts), remotes.json per visitor by the
 * render processes (canaries), and `pnpm modules watch` runs beside them, taking out an unhealthy canary.
 *
 * startProduction starts it and writes `<runtimeDir>/state.json` (processes.ts), from which a test can stop and start
 * any one service; stopProduction stops whatever the state file names.
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { renderNginx } from '../../deploy/nginx/render.ts';
import { writePrometheusConfig } from '../../deploy/prometheus/config.ts';
import { releasesDir } from 'site-config/live-releases';
import { stackUrls, stopProcess, waitForExit } from '../stack.ts';
import { ensureCluster, ensureDatabase } from './postgres.ts';
import {
  readProductionState,
  spawnService,
  writeProductionState,
  type ProductionService,
  type ProductionState,
  type RunningProductionService,
} from './processes.ts';
import { productionPorts, productionServices, prometheusDir } from './services.ts';

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
  const renders = services.filter((service) => service.name.startsWith('render-'));
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
    // nginx's own answers on the API's server allow the origins the API processes allow.
    env: { ...env, CORS_ORIGINS: apis[0]?.env.CORS_ORIGINS ?? env.CORS_ORIGINS },
    releasesDir: releasesDir(env),
    apiUpstreams: apis.map((api) => `127.0.0.1:${api.ports[0]}`),
    renderUpstreams: renders.map((render) => `127.0.0.1:${render.ports[0]}`),
  });
  // Prometheus scrapes each API process on its own address (nginx refuses /metrics), and the release watch.
  const prometheus = services.find((service) => service.name === 'prometheus');
  if (prometheus)
    writePrometheusConfig(
      prometheusDir(runtimeDir),
      apis.map((api) => `127.0.0.1:${api.ports[0]}`),
      `127.0.0.1:${byName('release-watch').ports[0]}`,
    );
  try {
    // PostgreSQL, Redis, the object storage and the Auth Emulator together; the API processes once the first three
    // answer (the first migrates and seeds an empty database, the others wait on its lock; an API that found Redis
    // away would start by warning that write limits are off), nginx once they answer.
    const startPostgres = async () => {
      ensureCluster(byName('postgres'));
      await start(byName('postgres'));
      ensureDatabase(productionPorts(env).postgres);
    };
    const startBackends = async () => {
      await settled([startPostgres(), start(byName('redis')), start(byName('s3'))]);
      await settled(apis.map(start));
    };
    // The render processes need nothing to start (they ask the remotes and the API per request).
    await settled([startBackends(), start(byName('auth')), ...renders.map(start)]);
    await settled([start(byName('nginx')), ...(prometheus ? [start(prometheus)] : [])]);
    // The release watch reads the API's release health through nginx, so it starts last.
    await start(byName('release-watch'));
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
const STOP_ORDER = [
  'release-watch',
  'prometheus',
  'nginx',
  'render',
  'api',
  'auth',
  's3',
  'redis',
  'postgres',
];

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
