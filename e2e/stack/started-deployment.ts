/**
 * A running deployment for the journeys that run against one (E2E_BASE_URL, stack/target.ts), started the way a
 * person starts the site, with the README's `pnpm start`, on ports of its own and a fresh database, and stopped
 * afterwards with all its servers. `pnpm test` proves with it that the journeys need no stack of their own.
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
} from '../../shared-ui/vite-config/apps.ts';
import { ROOT, stackUrls, waitForExit } from '../../stack/stack.ts';

/** Clear of the journeys' own stacks (+0, +100) and of their nginx site (+200). */
const PORT_SHIFT = 300;
const RUNTIME_DIR = join(ROOT, 'e2e', '.stack-deployment');
/** `pnpm start` says this once every server answers (stack/start-stack.ts at the root). */
const READY = 'Heritage Vault is running';
/** It builds the shell and the remotes first: minutes on a busy two-core machine. */
const START_TIMEOUT_MS = 600_000;

export async function withStartedDeployment(
  run: (env: NodeJS.ProcessEnv) => void | Promise<void>,
): Promise<void> {
  const ports = Object.fromEntries(
    [
      ...[SHELL, ...Object.values(REMOTES)].map((app) => [app.portEnv, portOf(app)] as const),
      [API_PORT_ENV, apiPort()] as const,
      [AUTH_EMULATOR_PORT_ENV, authEmulatorPort()] as const,
    ].map(([name, port]) => [name, String(port + PORT_SHIFT)]),
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'heritage-deployment-'));
  const env = { ...process.env, ...ports, PGLITE_DATA_DIR: dataDir };
  const urls = stackUrls(env);
  rmSync(RUNTIME_DIR, { recursive: true, force: true });
  mkdirSync(RUNTIME_DIR, { recursive: true });
  const logFile = join(RUNTIME_DIR, 'pnpm-start.log');
  const log = openSync(logFile, 'a');
  console.log(`\n$ pnpm start (ports +${PORT_SHIFT}; its output: ${logFile})`);
  // Its own process group, so that stopping it stops every server it started.
  const start = spawn('pnpm', ['start'], { cwd: ROOT, env, detached: true, stdio: ['ignore', log, log] });
  try {
    await waitForLine(logFile, READY, start.pid!);
    await run({
      E2E_BASE_URL: urls.shell,
      E2E_API_URL: urls.api,
      FIREBASE_AUTH_EMULATOR_HOST: urls.authEmulator,
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
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function waitForLine(logFile: string, line: string, pid: number): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const text = readFileSync(logFile, 'utf8');
    if (text.includes(line)) return;
    try {
      process.kill(pid, 0);
    } catch {
      throw new Error(`pnpm start exited before the site was up:\n${text.split('\n').slice(-30).join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`pnpm start did not say '${line}' within ${START_TIMEOUT_MS / 1000} s`);
}
