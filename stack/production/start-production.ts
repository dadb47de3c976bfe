/**
 * `pnpm start:production`: the production topology on this machine (topology.ts). Installs Debian's PostgreSQL, Redis,
 * nginx and Prometheus when missing (stack/system-deps.sh, as `pnpm test` does), refuses busy ports, builds the apps
 * whose sources changed since their last build (stack/stale-builds.ts; `--no-build` skips it), starts every part,
 * says where each is, and stops them all on Ctrl+C (SIGINT) or SIGTERM. A part that exits on its own is reported and
 * the others keep running, as a production site does when one API process dies.
 *
 * Logs, the state file and the data live in `.data/production/` (PRODUCTION_DIR moves it).
 */
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { buildStaleApps } from '../stale-builds.ts';
import { releasesDir } from 'site-config/live-releases';
import { ROOT } from '../stack.ts';
import { assertPortsFree } from './processes.ts';
import { productionPorts, productionServices, prometheusCommand, S3_BUCKET } from './services.ts';
import { startProduction, stopProduction } from './topology.ts';

const runtimeDir = resolve(ROOT, process.env.PRODUCTION_DIR || '.data/production');
// One JSON line per request would fill the API processes' logs; LOG_LEVEL=info brings them back.
const env = { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

try {
  // PostgreSQL, Redis, nginx and Prometheus from Debian: installed when missing (as root), or named with the command to run.
  execFileSync('bash', [join(ROOT, 'stack', 'system-deps.sh'), '--servers'], { stdio: 'inherit' });
} catch {
  fail('The servers of the production topology are not installed: see the line above.');
}
try {
  await assertPortsFree(productionServices(runtimeDir, env));
} catch (error) {
  fail((error as Error).message);
}
if (!process.argv.includes('--no-build')) {
  console.log('Building what changed since the last build (the shell, the remotes, the API)...');
  buildStaleApps(env);
}

// Ctrl+C while it starts stops what has started so far (the state file names it).
let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping every part...`);
  stopProduction(runtimeDir).then(
    () => process.exit(0),
    (error: unknown) => fail(`Stopping failed: ${String(error)}`),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

const startedAt = Date.now();
console.log(
  'Starting PostgreSQL, Redis, the object storage, the Auth Emulator, the API processes, nginx and Prometheus...',
);
const topology = await startProduction({
  runtimeDir,
  env,
  onExit: (name, code, signal) => {
    if (!stopping)
      console.error(
        `${name} exited (${signal ?? `code ${code}`}): see ${resolve(runtimeDir, `${name}.log`)}`,
      );
  },
}).catch((error: unknown) => {
  if (stopping) return new Promise<never>(() => undefined);
  return fail(`The production topology did not start: ${(error as Error).message}`);
});

const { urls, services } = topology.state;
const ports = productionPorts(env);
const apis = ports.apiProcesses.map((port) => `127.0.0.1:${port}`).join(', ');
const renders = ports.renderProcesses.map((port) => `127.0.0.1:${port}`).join(', ');
console.log(`
Heritage Vault is running: the production topology, started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.

  Open:           ${urls.shell}  (nginx: the shell's files and the remotes from their builds)
  Pages:          an upstream of ${ports.renderProcesses.length} render processes behind nginx, micro-cached: ${renders}
  API:            ${urls.api}  (nginx, an upstream of ${ports.apiProcesses.length} API processes: ${apis})
  Auth Emulator:  ${urls.authEmulator}
  PostgreSQL:     postgresql://postgres@127.0.0.1:${ports.postgres}/heritage  (data: ${services.postgres?.dataDir})
  Redis:          redis://127.0.0.1:${ports.redis}  (write limits, counted across the API processes)
  Object storage: http://127.0.0.1:${ports.s3}, bucket ${S3_BUCKET}  (members' photos; s3rver, data: ${services.s3?.dataDir})
  Prometheus:     ${
    services.prometheus
      ? `http://127.0.0.1:${ports.prometheus}  (scrapes each API process's /metrics and the release watch's on 127.0.0.1:${ports.releaseWatchMetrics}, alert rules: deploy/prometheus/alerts.yml)`
      : `not running: ${prometheusCommand(env)} is not installed (stack/system-deps.sh --servers installs it)`
  }
  Releases:       ${releasesDir(env)}  (pnpm modules promote|rollback: live on the next page load)
  Logs and PIDs:  ${runtimeDir}  (state.json)

Press Ctrl+C to stop.`);
