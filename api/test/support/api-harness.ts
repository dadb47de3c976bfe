/** Starts the API for tests: in this process (fast, full HTTP over loopback) or as a real child process. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { startApi, type Api } from '../../src/app.ts';
import { API_ROOT, loadConfig } from '../../src/config.ts';
import { API_PROCESS_ARGS } from '../../scripts/build.ts';
import { TEST_PROJECT_ID } from './firebase-emulator.ts';
import { API_TEST_PORTS, freePort, waitFor } from './ports.ts';
import { createDatabase } from './postgres-cluster.ts';

export type Backend = 'pglite' | 'postgres';
export const BACKENDS: Backend[] = ['pglite', 'postgres'];

export interface TestApi {
  url: string;
  api: Api;
  close(): Promise<void>;
}

/** A new PGlite data folder: a copy of the global set-up's initdb (pglite-template.ts). */
export function tempDataDir(prefix = 'hv-pglite-'): string {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), prefix)), 'pglite');
  fs.cpSync(inject('pgliteTemplate'), dir, { recursive: true });
  return dir;
}

/** Where a test database lives: a fresh PGlite data dir, or a fresh database on the test cluster. */
export async function testDatabaseEnv(backend: Backend): Promise<Record<string, string>> {
  if (backend === 'pglite') return { PGLITE_DATA_DIR: tempDataDir() };
  return { DATABASE_URL: await createDatabase(inject('postgresAdminUrl'), 'hv_test') };
}

export function baseEnv(port: number, extra: Record<string, string> = {}): Record<string, string> {
  return {
    // Child processes inherit the environment: never let a developer's DATABASE_URL leak into a PGlite test.
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...extra,
  };
}

export async function startTestApi(backend: Backend, extra: Record<string, string> = {}): Promise<TestApi> {
  for (let attempt = 0; ; attempt += 1) {
    const port = await freePort(API_TEST_PORTS);
    const database = await testDatabaseEnv(backend);
    const config = loadConfig(baseEnv(port, { ...database, ...extra }));
    const removeDataDir = () => {
      if (database.PGLITE_DATA_DIR)
        fs.rmSync(path.dirname(database.PGLITE_DATA_DIR), { recursive: true, force: true });
    };
    const api = await startApi(config);
    try {
      await api.app.listen({ port, host: '127.0.0.1' });
    } catch (error) {
      await api.close();
      removeDataDir();
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' && attempt < 5) continue;
      throw error;
    }
    return {
      url: `http://127.0.0.1:${port}`,
      api,
      close: async () => {
        await api.close();
        removeDataDir();
      },
    };
  }
}

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** What the API logs once it listens (api/src/main.ts): only the process that bound the port writes it. */
const READY_LINE = 'Heritage Vault API ready';

/**
 * The built API (`node dist/main.js`, built by the global set-up), as in production; resolves once it has logged that
 * it listens and /health answers. Its port was free when picked, but the process takes seconds to bind it, and
 * another test file's API may bind it first: /health alone would then answer from that API, and the tests would
 * read another database (seen once in CI: every acknowledged write "missing" after a restart). So readiness is this
 * process's own log line, and a port lost that way is picked again (PORT, and PUBLIC_URL when it names it).
 */
export async function spawnApiProcess(
  env: Record<string, string>,
  { waitReady = true } = {},
): Promise<ApiProcess> {
  for (let attempt = 1; ; attempt += 1) {
    const started = startApiProcess({ ...env, LOG_LEVEL: 'info' });
    if (!waitReady) return started.handle;
    const outcome = await waitFor(
      async () => {
        const output = started.handle.output();
        if (started.exitCode() !== undefined) return output.includes('EADDRINUSE') ? 'port taken' : 'exited';
        if (!output.includes(READY_LINE)) return undefined;
        const response = await fetch(`${started.handle.url}/health`).catch(() => undefined);
        return response?.ok ? 'ready' : undefined;
      },
      { timeoutMs: 150_000, intervalMs: 100, what: `the API on ${started.handle.url}` },
    );
    if (outcome === 'ready') return started.handle;
    if (outcome === 'port taken' && attempt < 5) {
      const port = String(await apiProcessPort());
      const publicUrl =
        env.PUBLIC_URL === `http://127.0.0.1:${env.PORT}` ? `http://127.0.0.1:${port}` : env.PUBLIC_URL;
      env = { ...env, PORT: port, ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}) };
      continue;
    }
    throw new Error(`API process exited (${started.exitCode()}): ${started.handle.output().slice(-2000)}`);
  }
}

function startApiProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, API_PROCESS_ARGS, {
    cwd: API_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      exitCode = code ?? (signal ? null : code);
      resolve(exitCode);
    }),
  );
  const handle: ApiProcess = {
    url: `http://127.0.0.1:${env.PORT}`,
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (exitCode === undefined) child.kill(signal);
      return exited;
    },
  };
  return { handle, exitCode: () => exitCode };
}

export async function apiProcessPort(): Promise<number> {
  return freePort(API_TEST_PORTS);
}
