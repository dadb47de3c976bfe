/**
 * Playwright's global set-up: builds the apps (unless E2E_NO_BUILD=1), starts the whole stack on a fresh
 * database, and records each server's PID so failure-mode journeys can stop and restart one. Returns the
 * teardown that stops everything.
 */
import { execSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { startStack, stopProcess, ROOT, waitForExit } from './stack.ts';
import { E2E_RUNTIME_DIR, readStackState, writeStackState } from './stack-state.ts';

export default async function globalSetup() {
  if (process.env.E2E_NO_BUILD !== '1') execSync('pnpm build', { cwd: ROOT, stdio: 'inherit' });
  rmSync(E2E_RUNTIME_DIR, { recursive: true, force: true });
  const running = await startStack({ mode: 'preview', runtimeDir: E2E_RUNTIME_DIR });
  writeStackState({ pids: Object.fromEntries(running.map((s) => [s.name, s.pid])) });
  return async () => {
    // Read again: a journey that restarted a server recorded the new PID.
    const { pids } = readStackState();
    await Promise.all(
      Object.values(pids).map(async (pid) => {
        stopProcess(pid);
        await waitForExit(pid);
      }),
    );
  };
}
