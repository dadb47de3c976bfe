/**
 * Starts the official Firebase Auth Emulator (firebase-tools, a root dev dependency) on a free port, with its own
 * temporary firebase.json so it never collides with the dev stack's 9099. The API tests and the benchmarks under
 * bench/ (through bench/lib/support.mjs) both start it here; neither imports vitest from this module.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePorts, waitFor } from './ports.ts';

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
    throw new Error(
      `firebase-tools is not installed (looked for ${candidates.join(', ')}): run pnpm install at the repo root`,
    );
  }
  return found;
}

export interface EmulatorOptions {
  /** A demo project id of the caller's own (the emulator keeps a hub locator file per project id). */
  projectId?: string;
  /** Where its three ports (auth, hub, logging) may be taken from; any free port when not given. */
  ports?: { min: number; max: number };
}

export async function startAuthEmulator({
  projectId = TEST_PROJECT_ID,
  ports,
}: EmulatorOptions = {}): Promise<RunningEmulator> {
  const [port, hubPort, loggingPort] = (await freePorts(3, ports)) as [number, number, number];
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
    [
      firebaseCli(),
      'emulators:start',
      '--only',
      'auth',
      '--project',
      projectId,
      '--config',
      path.join(dir, 'firebase.json'),
    ],
    {
      cwd: dir,
      stdio: ['ignore', log, log],
      detached: true,
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1', CI: process.env.CI ?? 'true' },
    },
  );
  let exited = false;
  child.once('exit', () => (exited = true));
  const host = `127.0.0.1:${port}`;
  try {
    await waitFor(
      async () => {
        if (exited)
          throw new Error(
            `the emulator exited: ${fs.readFileSync(path.join(dir, 'emulator.log'), 'utf8').slice(-2000)}`,
          );
        const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}/config`);
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
        await waitFor(async () => (exited ? true : undefined), {
          timeoutMs: 10_000,
          what: 'the emulator to stop',
        }).catch(() => {
          if (child.pid && !exited) process.kill(-child.pid, 'SIGKILL');
        });
      }
      fs.closeSync(log);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Signs a new e-mail/password user up through the emulator's REST API; returns its uid and ID token. */
export async function signUpUser(
  host: string,
  { email, password = 'Secret123', displayName }: { email: string; password?: string; displayName?: string },
): Promise<{ uid: string; token: string }> {
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=test-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email,
        password,
        returnSecureToken: true,
        ...(displayName ? { displayName } : {}),
      }),
    },
  );
  if (!response.ok) throw new Error(`signUp failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { idToken: string; localId: string };
  return { uid: body.localId, token: body.idToken };
}
