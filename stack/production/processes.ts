/**
 * The processes of the production topology (topology.ts) and its state file, `<runtimeDir>/state.json`: each service's
 * PID, ports, command and data folder. Everything a service needs to start is in its record, so another process (a
 * fault test) can stop one by PID and start it again (stopProductionService, startProductionService).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listening, stopProcess, waitForExit, waitForUrl } from '../stack.ts';

export interface ProductionService {
  /** postgres, redis, s3, auth, api-1, api-2, ..., nginx */
  name: string;
  command: string;
  args: string[];
  cwd: string;
  /** Its own variables, over the environment of whoever starts it. */
  env: Record<string, string>;
  /** Every port it listens on: each must be free before it starts. */
  ports: number[];
  /** Ready when each URL answers below 500, the port accepts connections, or the command exits 0. */
  ready: { urls: string[] } | { tcp: number } | { command: string[] };
  stopSignal: NodeJS.Signals;
  /** The user it runs as (PostgreSQL refuses root). */
  user?: { uid: number; gid: number };
  /** Where it keeps its data, if anywhere. */
  dataDir?: string;
}

export interface RunningProductionService extends ProductionService {
  pid: number;
}

export interface ProductionState {
  urls: { shell: string; api: string; authEmulator: string };
  services: Record<string, RunningProductionService>;
}

const STARTUP_TIMEOUT_MS = 240_000;

const stateFile = (runtimeDir: string) => join(runtimeDir, 'state.json');

/** What the topology in `runtimeDir` runs; nothing if it never started there. */
export const readProductionState = (runtimeDir: string): ProductionState =>
  existsSync(stateFile(runtimeDir))
    ? (JSON.parse(readFileSync(stateFile(runtimeDir), 'utf8')) as ProductionState)
    : { urls: { shell: '', api: '', authEmulator: '' }, services: {} };

/** Written whole (a rename): a reader never sees half of it. */
export function writeProductionState(runtimeDir: string, state: ProductionState): void {
  mkdirSync(runtimeDir, { recursive: true });
  writeFileSync(`${stateFile(runtimeDir)}.tmp`, JSON.stringify(state, null, 2));
  renameSync(`${stateFile(runtimeDir)}.tmp`, stateFile(runtimeDir));
}

const portInUse = async (port: number) =>
  (await listening(`http://127.0.0.1:${port}`)) || (await listening(`http://localhost:${port}`));

/** Fails, naming each busy port and the service that needs it. */
export async function assertPortsFree(services: ProductionService[]): Promise<void> {
  const busy: string[] = [];
  for (const service of services)
    for (const port of service.ports) if (await portInUse(port)) busy.push(`${port} (${service.name})`);
  if (busy.length) {
    throw new Error(
      `Port${busy.length > 1 ? 's' : ''} ${busy.join(', ')} already in use by another process. Stop it, or ` +
        'choose other ports (docs/production.md: Production topology, the port variables).',
    );
  }
}

async function whenReady(service: ProductionService, child: ChildProcess): Promise<void> {
  const { ready } = service;
  if ('urls' in ready) {
    for (const url of ready.urls) await waitForUrl(url, STARTUP_TIMEOUT_MS, child);
    return;
  }
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the process exited with ${child.exitCode ?? child.signalCode}`);
    const up =
      'tcp' in ready
        ? await portInUse(ready.tcp)
        : spawnSync(ready.command[0]!, ready.command.slice(1)).status === 0;
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`not ready within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

/**
 * Starts a service with its output in `<runtimeDir>/<name>.log` and waits until it is ready: its variables over `env`.
 * `detached`: in a process group of its own, to outlive the process that starts it (a test restarting one service of
 * a running topology).
 */
export async function spawnService(
  service: ProductionService,
  runtimeDir: string,
  { detached = false, env = process.env }: { detached?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<{ running: RunningProductionService; child: ChildProcess }> {
  await assertPortsFree([service]);
  const logFile = join(runtimeDir, `${service.name}.log`);
  const log = openSync(logFile, 'a');
  const child = spawn(service.command, service.args, {
    cwd: service.cwd,
    env: { ...env, ...service.env },
    stdio: ['ignore', log, log],
    detached,
    ...service.user,
  });
  if (detached) child.unref();
  try {
    await whenReady(service, child);
  } catch (error) {
    child.kill('SIGKILL');
    const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n') : '';
    throw new Error(`${service.name} did not start: ${(error as Error).message}\n${tail}`, { cause: error });
  }
  return { running: { ...service, pid: child.pid! }, child };
}

/** Stops one service of a running topology (with its own stop signal unless told) and waits until it is gone. */
export async function stopProductionService(
  runtimeDir: string,
  name: string,
  signal?: NodeJS.Signals,
): Promise<void> {
  const service = readProductionState(runtimeDir).services[name];
  if (!service) throw new Error(`The production topology has no service '${name}'`);
  stopProcess(service.pid, signal ?? service.stopSignal);
  await waitForExit(service.pid, 30_000);
}

/** Starts one service of a running topology again, as it was started, and records its new PID. */
export async function startProductionService(runtimeDir: string, name: string): Promise<number> {
  const service = readProductionState(runtimeDir).services[name];
  if (!service) throw new Error(`The production topology has no service '${name}'`);
  const { running } = await spawnService(service, runtimeDir, { detached: true });
  const state = readProductionState(runtimeDir);
  writeProductionState(runtimeDir, { ...state, services: { ...state.services, [name]: running } });
  return running.pid;
}
