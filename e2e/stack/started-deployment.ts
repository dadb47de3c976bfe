/**
 * A running deployment for the journeys that run against one (E2E_BASE_URL, stack/target.ts), started the way a
 * person starts the site, with one of the README's commands, on fresh data, and stopped afterwards with all its
 * servers:
 * - `pnpm start` (the embedded default): `pnpm test` proves with it that the journeys need no stack of their own;
 * - `pnpm start:production` (nginx, two API processes, PostgreSQL, Redis, object storage: stack/production).
 * The site's own ports are the defaults, free once the journeys' own stacks have stopped, so both find `pnpm build`'s
 * builds fresh and build nothing (stack/stale-builds.ts); production's other servers move by 400, clear of a
 * PostgreSQL or Redis that Debian's packages may have started on their usual ports.
 * Each with a releases folder of its own that the release and canary journeys use (E2E_RELEASES_DIR).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  API_PORT_ENV,
  apiPort,
  AUTH_EMULATOR_PORT_ENV,
  authEmulatorPort,
  portOf,
  REMOTES,
  SHELL,
} from 'site-config/apps';
import { isRunning, ROOT, stackUrls, waitForExit } from '../../stack/stack.ts';
import { productionPorts } from '../../stack/production/services.ts';

export type DeploymentCommand = 'start' | 'start:production';

/** How far production's own servers (PostgreSQL, Redis, object storage, Prometheus) move from their defaults. */
const PRODUCTION_SERVERS_SHIFT = 400;
const RUNTIME_DIR: Record<DeploymentCommand, string> = {
  start: join(ROOT, 'e2e', '.stack-deployment'),
  'start:production': join(ROOT, 'e2e', '.stack-production'),
};
/** Both commands say this once every server answers (stack/start-stack.ts, stack/production/start-production.ts). */
const READY = 'Heritage Vault is running';
/** It builds the shell and the remotes first if theirs are stale: minutes on a busy two-core machine. */
const START_TIMEOUT_MS = 600_000;

/** The port variables of a deployment started by `command`: the site's, and production's servers' moved. */
function deploymentPorts(command: DeploymentCommand): Record<string, string> {
  const production = productionPorts(process.env);
  return Object.fromEntries([
    ...[SHELL, ...Object.values(REMOTES)].map((app) => [app.portEnv, String(portOf(app))]),
    [API_PORT_ENV, String(apiPort())],
    [AUTH_EMULATOR_PORT_ENV, String(authEmulatorPort())],
    ...(command === 'start:production'
      ? Object.entries({
          POSTGRES_PORT: production.postgres,
          REDIS_PORT: production.redis,
          S3_PORT: production.s3,
          PROMETHEUS_PORT: production.prometheus,
        }).map(([name, port]) => [name, String(port + PRODUCTION_SERVERS_SHIFT)])
      : []),
  ]);
}

export async function withStartedDeployment(
  run: (env: NodeJS.ProcessEnv) => void | Promise<void>,
  command: DeploymentCommand = 'start',
): Promise<void> {
  const runtimeDir = RUNTIME_DIR[command];
  const ports = deploymentPorts(command);
  const dataDir = command === 'start' ? mkdtempSync(join(tmpdir(), 'heritage-deployment-')) : undefined;
  const releases = join(runtimeDir, 'releases');
  const own = dataDir
    ? { PGLITE_DATA_DIR: dataDir, RELEASES_DIR: releases }
    : { PRODUCTION_DIR: join(runtimeDir, 'production'), RELEASES_DIR: releases };
  const env = { ...process.env, ...ports, ...own };
  const urls = stackUrls(env);
  rmSync(runtimeDir, { recursive: true, force: true });
  mkdirSync(runtimeDir, { recursive: true });
  const logFile = join(runtimeDir, `pnpm-${command.replace(':', '-')}.log`);
  const log = openSync(logFile, 'a');
  console.log(`\n$ pnpm ${command} (its output: ${logFile})`);
  // Its own process group, so that stopping it stops every server it started.
  const start = spawn('pnpm', [command], { cwd: ROOT, env, detached: true, stdio: ['ignore', log, log] });
  try {
    await waitForLine(logFile, READY, start.pid!, command);
    await run({
      E2E_BASE_URL: urls.shell,
      E2E_API_URL: urls.api,
      FIREBASE_AUTH_EMULATOR_HOST: urls.authEmulator,
      // The release journeys release and promote as `pnpm modules` would there: in its folder, with its ports.
      ...ports,
      E2E_RELEASES_DIR: releases,
    });
  } finally {
    try {
      // Ctrl+C, as a person stops it.
      process.kill(-start.pid!, 'SIGINT');
    } catch {
      // already gone
    }
    await waitForExit(start.pid!, 30_000);
    try {
      // Whatever of the group outlived its launcher.
      process.kill(-start.pid!, 'SIGKILL');
    } catch {
      // all gone
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

async function waitForLine(
  logFile: string,
  line: string,
  pid: number,
  command: DeploymentCommand,
): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const text = readFileSync(logFile, 'utf8');
    if (text.includes(line)) return;
    if (!isRunning(pid))
      throw new Error(
        `pnpm ${command} exited before the site was up:\n${text.split('\n').slice(-30).join('\n')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`pnpm ${command} did not say '${line}' within ${START_TIMEOUT_MS / 1000} s`);
}
