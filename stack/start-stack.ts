/**
 * `pnpm start`: builds the apps whose sources changed since their last build (stale-builds.ts; `--verbose` shows the
 * builds' output), then serves the whole site on its embedded defaults (Auth Emulator, PGlite with the starter
 * collection). `pnpm dev`: the same with dev servers and hot reload across apps. Both keep the emulator's accounts
 * beside the PGlite data (stack.ts accountsDirOf), so a restart keeps the accounts with their artifacts.
 *
 * The services are the ones the journeys start (stack.ts). concurrently runs them side by side, each one's output
 * prefixed with its name in its colour, and stops them all on Ctrl+C or when one of them exits. This launcher adds
 * what concurrently does not do: it refuses ports already in use, waits until every service answers, and then says
 * where to open the site.
 */
import concurrently from 'concurrently';
import { join } from 'node:path';
import { concurrentlyCommands } from './concurrently-commands.ts';
import { buildStaleApps } from './stale-builds.ts';
import {
  accountsDirOf,
  assertPortFree,
  ROOT,
  stackServices,
  stackUrls,
  waitForUrl,
  type Mode,
} from './stack.ts';

const mode: Mode = process.argv.includes('--dev') ? 'dev' : 'preview';
// Where the logs and the emulator's config go; a test that runs this moves it (STACK_RUNTIME_DIR), as it moves the data.
const runtimeDir = process.env.STACK_RUNTIME_DIR ?? join(ROOT, '.data', 'stack');
const env = {
  ...process.env,
  PGLITE_DATA_DIR: process.env.PGLITE_DATA_DIR ?? join(ROOT, 'api', '.data', 'pglite'),
  // One JSON line per request would drown the other servers' output; LOG_LEVEL=info brings them back.
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};
const services = stackServices({ mode, runtimeDir, env, accountsDir: accountsDirOf(env.PGLITE_DATA_DIR) });

try {
  await Promise.all(services.map(assertPortFree));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

// Only what changed since the last build (stale-builds.ts), and its file tables under --verbose only.
if (mode === 'preview' && !process.argv.includes('--no-build'))
  buildStaleApps(env, { quiet: !process.argv.includes('--verbose') });

console.log('Starting the Auth Emulator, the API, the remotes and the shell...');
const { commands, result } = concurrently(concurrentlyCommands(services, process.execPath, env), {
  prefix: 'name',
  padPrefix: true,
  // One server down is the site down: stop the others, and exit non-zero.
  killOthersOn: ['failure', 'success'],
  // A server that keeps a browser's keep-alive connection open may not exit on SIGTERM; the Auth Emulator's export
  // of its accounts can take several seconds on a busy machine, and a SIGKILL would leave it exporting unwatched.
  killTimeout: 15_000,
});
let stopping = false;
result.then(
  () => process.exit(0),
  (events: Array<{ command: { name: string }; exitCode: number | string; killed: boolean }>) => {
    const died = events.find((event) => !event.killed && event.exitCode !== 0 && event.exitCode !== 'SIGINT');
    if (died && !stopping)
      console.error(`\n${died.command.name} stopped (exit ${died.exitCode}): see its lines above.`);
    process.exit(stopping ? 0 : 1);
  },
);
process.on('SIGINT', () => (stopping = true));
process.on('SIGTERM', () => (stopping = true));

const urls = stackUrls();
// Generous: a fresh database takes the API 10 s on an idle machine, and a busy one can take several times that.
try {
  await Promise.all(services.map((service) => waitForUrl(service.readyUrl, 240_000)));
} catch (error) {
  console.error(`\n${(error as Error).message}: stopping.`);
  for (const command of commands) command.kill();
  await result.catch(() => undefined);
  process.exit(1);
}
console.log(`
Heritage Vault is running${mode === 'dev' ? ' in dev mode (hot reload)' : ''}.

  Open:           ${urls.shell}
  API:            ${urls.api}  (OpenAPI at ${urls.api}/docs)
  Auth Emulator:  ${urls.authEmulator}

Press Ctrl+C to stop.`);
