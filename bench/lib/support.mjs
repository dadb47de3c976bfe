// What every benchmark under bench/ needs, in one place: the Auth Emulator, the PostgreSQL helpers and free ports
// come from the API's own test support (loaded through tsx, so nothing is copied), and the rest (starting the API
// process, seeding, medians, clean-up) is written here once.
//
// BENCH_API_DIR runs and seeds another copy of the api package (bench/api/compare-votes.mjs uses it for an older
// revision); everything else, the benchmark's own code included, stays this repo's.
//
// Ports: BENCH_PORT_BASE (default 3150) is the first API port; the API processes take BENCH_PORT_BASE and the next
// few, and every other port a benchmark needs (emulator, ceiling, web servers) comes from BENCH_PORT_BASE+10 to
// BENCH_PORT_BASE+49.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

register();

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The api package whose processes are started: this repo's, or BENCH_API_DIR (another revision's, to compare). */
export const apiRoot = path.resolve(process.env.BENCH_API_DIR ?? path.join(repoRoot, 'api'));
/** require() from this repo's api package, for its dependencies (pg, autocannon). */
export const requireFromApi = createRequire(path.join(repoRoot, 'api', 'package.json'));

const emulatorModule = await import('../../api/test/support/firebase-emulator.ts');
const portsModule = await import('../../api/test/support/ports.ts');
const postgresModule = await import('../../api/test/support/postgres-cluster.ts');

export const { startAuthEmulator, signUpUser } = emulatorModule;
export const { waitFor } = portsModule;
export const { createDatabase } = postgresModule;

export const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 3150);
export const PORT_RANGE = { min: PORT_BASE + 10, max: PORT_BASE + 49 };

/** A free port for a helper server, inside the benchmark's own range. */
export const freePort = () => portsModule.freePort(PORT_RANGE);

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const log = (...args) => console.error('[bench]', ...args);

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export const round = (value, digits = 1) => Number(value.toFixed(digits));

/** The commit measured, with a mark when the work tree has changes. */
export function gitRevision() {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: repoRoot,
      encoding: 'utf8',
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: repoRoot,
      encoding: 'utf8',
    }).trim();
    return dirty ? `${commit}+changes` : commit;
  } catch {
    return 'unknown';
  }
}

export function machine() {
  return {
    revision: gitRevision(),
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model,
    node: process.version,
    loadavg: os.loadavg().map((value) => round(value, 2)),
  };
}

/** Clean-ups run last-in first-out: at the end, or a tail of them early (one backend's servers before the next). */
export function createCleanups() {
  const list = [];
  return {
    add: (cleanup) => list.push(cleanup),
    get size() {
      return list.length;
    },
    async runFrom(size) {
      const tail = list.splice(size);
      for (const cleanup of tail.reverse()) await cleanup();
    },
    async runAll() {
      await this.runFrom(0);
    },
  };
}

/** The Auth Emulator for a benchmark, stopped with the other clean-ups. */
export async function startBenchEmulator(cleanups, projectId) {
  const emulator = await startAuthEmulator({ projectId, ports: PORT_RANGE });
  cleanups.add(() => emulator.stop());
  return emulator.host;
}

/** `count` e-mail/password users, a few at a time (the emulator is one Node process). */
export async function signUpUsers(host, count, prefix = 'bench') {
  const users = [];
  const stamp = Date.now().toString(36);
  for (let start = 0; start < count; start += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - start) }, async (_, index) => {
        const email = `${prefix}${start + index}-${stamp}@example.test`;
        const { token } = await signUpUser(host, { email });
        return { email, token, position: 0, hotNext: 'like' };
      }),
    );
    users.push(...batch);
  }
  return users;
}

/**
 * The environment of an API process for a benchmark: no starter data, quiet logs, the emulator's project, and write
 * limits out of the way (a benchmark sends thousands of votes a minute per member on purpose).
 */
export function apiEnv({ port, projectId, emulatorHost, database, extra = {} }) {
  return {
    // A PGlite run must not inherit DATABASE_URL from the benchmark's own environment (empty = unset for the API).
    DATABASE_URL: '',
    ...database,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_STARTER: 'false',
    LOG_LEVEL: 'warn',
    WRITE_LIMIT_PER_MEMBER: '1000000',
    WRITE_LIMIT_PER_ADDRESS: '1000000',
    FIREBASE_PROJECT_ID: projectId,
    ...(emulatorHost ? { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost } : {}),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...extra,
  };
}

/** `pnpm --filter api seed:scale -- <count>` with the given environment; returns what it printed. */
export function seed(env, count, what = `seeding ${count} artifacts`) {
  log(what);
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/seed-scale.ts', String(count)], {
    cwd: apiRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  log(output.trim());
  return output;
}

/**
 * How the API of `apiRoot` runs in production: its build (`node dist/main.js`, built here), or for an older revision
 * without a build script (BENCH_API_DIR) its source through tsx.
 */
async function apiProcessArgs() {
  const buildScript = path.join(apiRoot, 'scripts', 'build.ts');
  if (!existsSync(buildScript)) return ['--import', 'tsx', 'src/main.ts'];
  const { buildApi, API_PROCESS_ARGS } = await import(pathToFileURL(buildScript).href);
  await buildApi();
  return API_PROCESS_ARGS;
}

/** The real API process (see apiProcessArgs), stopped with SIGTERM by the clean-ups. */
export async function startApiProcess(cleanups, env) {
  const child = spawn(process.execPath, await apiProcessArgs(), {
    cwd: apiRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  cleanups.add(async () => {
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
  });
  const url = `http://127.0.0.1:${env.PORT}`;
  const ready = waitFor(
    async () => {
      const response = await fetch(`${url}/health`).catch(() => undefined);
      return response?.ok ? true : undefined;
    },
    { timeoutMs: 240_000, intervalMs: 200, what: `the API on ${url}` },
  );
  const failed = exited.then((code) => {
    throw new Error(`the API exited with ${code} before it was ready`);
  });
  await Promise.race([ready, failed]);
  failed.catch(() => undefined);
  return url;
}

/** A throwaway database on the PostgreSQL server of DATABASE_URL (an admin connection string), dropped at the end. */
export async function throwawayDatabase(cleanups, adminUrl, prefix) {
  const url = await createDatabase(adminUrl, prefix);
  const name = new URL(url).pathname.slice(1);
  cleanups.add(async () => {
    const pg = requireFromApi('pg');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${name} with (force)`);
    } finally {
      await admin.end();
    }
  });
  return url;
}
