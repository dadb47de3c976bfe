/**
 * Starts the official Firebase Auth Emulator (firebase-tools, a root dev dependency) on a free port, with its own
 * temporary firebase.json so it never collides with the dev stack's 9099.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitFor } from './ports.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/**
 * A demo project of the tests' own: the emulator writes a hub locator file per project id (/tmp/hub-<id>.json), so
 * using the dev stack's `demo-heritage` would overwrite (and on stop delete) that stack's locator.
 */
export const TEST_PROJECT_ID = 'demo-heritage-api-test';

export interface RunningEmulator {
  host: string;
  stop(): Promise<void>;
}

function firebaseCli(): string {
  const candidates = [
    path.join(REPO_ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js'),
    path.join(REPO_ROOT, 'api', 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js'),
  ];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) {
    throw new Error(`firebase-tools is not installed (looked for ${candidates.join(', ')}): run pnpm install at the repo root`);
  }
  return found;
}

export async function startAuthEmulator(): Promise<RunningEmulator> {
  const [port, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-auth-emulator-'));
  fs.writeFileSync(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        // The hub and logging emulators default to 4400/4500: give them free ports too, so that several stacks
        // (the dev stack, other test runs) can run side by side.
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const log = fs.openSync(path.join(dir, 'emulator.log'), 'a');
  const child: ChildProcess = spawn(
    process.execPath,
    [firebaseCli(), 'emulators:start', '--only', 'auth', '--project', TEST_PROJECT_ID, '--config', path.join(dir, 'firebase.json')],
    { cwd: dir, stdio: ['ignore', log, log], detached: true, env: { ...process.env, NO_UPDATE_NOTIFIER: '1', CI: process.env.CI ?? 'true' } },
  );
  let exited = false;
  child.once('exit', () => (exited = true));
  const host = `127.0.0.1:${port}`;
  try {
    await waitFor(
      async () => {
        if (exited) throw new Error(`the emulator exited: ${fs.readFileSync(path.join(dir, 'emulator.log'), 'utf8').slice(-2000)}`);
        const response = await fetch(`http://${host}/emulator/v1/projects/${TEST_PROJECT_ID}/config`);
        return response.ok ? true : undefined;
      },
      { timeoutMs: 240_000, intervalMs: 250, what: `the Auth Emulator on ${host}` },
    );
  } catch (error) {
    if (child.pid && !exited) process.kill(-child.pid, 'SIGKILL');
    throw error;
  }
  return {
    host,
    async stop() {
      if (child.pid && !exited) {
        process.kill(-child.pid, 'SIGTERM');
        await waitFor(async () => (exited ? true : undefined), { timeoutMs: 10_000, what: 'the emulator to stop' }).catch(() => {
          if (child.pid && !exited) process.kill(-child.pid, 'SIGKILL');
        });
      }
      fs.closeSync(log);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
