/**
 * `pnpm start`: builds the shell and remotes, then serves the whole site on its embedded defaults (Auth Emulator,
 * PGlite with the starter collection). `pnpm dev`: the same with dev servers and hot reload across apps.
 */
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, startStack, stackUrls, stopProcess, waitForExit, type Mode } from './stack.ts';

const mode: Mode = process.argv.includes('--dev') ? 'dev' : 'preview';
const runtimeDir = join(ROOT, '.data', 'stack');

if (mode === 'preview' && !process.argv.includes('--no-build')) {
  console.log('Building the shell and the remotes...');
  execSync('pnpm build', { cwd: ROOT, stdio: 'inherit' });
}

console.log('Starting the Auth Emulator, the API, the remotes and the shell...');
const running = await startStack({
  mode,
  runtimeDir,
  env: { ...process.env, PGLITE_DATA_DIR: process.env.PGLITE_DATA_DIR ?? join(ROOT, 'api', '.data', 'pglite') },
});
const urls = stackUrls();
console.log(`
Heritage Vault is running${mode === 'dev' ? ' in dev mode (hot reload)' : ''}.

  Open:           ${urls.shell}
  API:            ${urls.api}  (OpenAPI at ${urls.api}/docs)
  Auth Emulator:  ${urls.authEmulator}
  Logs:           ${runtimeDir}

Press Ctrl+C to stop.`);

// A server that keeps a browser's keep-alive connection open may not exit on SIGTERM: waitForExit then kills it.
const stop = async () => {
  await Promise.all(
    running.map(async ({ pid }) => {
      stopProcess(pid);
      await waitForExit(pid, 5000);
    }),
  );
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
for (const service of running) {
  service.child.on('exit', (code) => {
    if (code !== null && code !== 0) console.error(`${service.name} stopped (exit ${code}); see ${runtimeDir}/${service.name}.log`);
  });
}
