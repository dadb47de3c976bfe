/**
 * `pnpm dev` stopped with Ctrl+C and started again on the same data keeps the accounts with their artifacts (issue
 * #55 item 6): real processes, `pnpm dev` itself (the launcher of `pnpm start`, with dev servers, so nothing is
 * built), on free ports and data folders of the test's own. Before the accounts were kept, the restarted emulator
 * had none: the password sign-in failed, and the API's sweep closed the account and deleted its artifact.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../api/test/support/ports.ts';
import { ROOT } from './stack.ts';

const data = mkdtempSync(join(tmpdir(), 'hv-local-data-'));
/** Eight free ports in a row: the emulator takes the two after its own (stack.ts). */
async function freeRun(): Promise<number[]> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 9_000);
    const run = Array.from({ length: 8 }, (_, index) => base + index);
    const free = await Promise.all(
      run.map((port) =>
        freePort({ min: port, max: port }).then(
          () => true,
          () => false,
        ),
      ),
    );
    if (free.every(Boolean)) return run;
  }
  throw new Error('no eight free ports in a row');
}
const [shell, catalogue, editor, account, api, auth] = await freeRun();
const env: NodeJS.ProcessEnv = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(VITEST|NODE_ENV)/.test(name))),
  SHELL_PORT: String(shell),
  CATALOGUE_PORT: String(catalogue),
  EDITOR_PORT: String(editor),
  ACCOUNT_PORT: String(account),
  API_PORT: String(api),
  AUTH_EMULATOR_PORT: String(auth),
  PGLITE_DATA_DIR: join(data, 'pglite'),
  STACK_RUNTIME_DIR: join(data, 'stack'),
};
const identity = (path: string) =>
  `http://127.0.0.1:${auth}/identitytoolkit.googleapis.com/v1/accounts:${path}?key=local-data-test`;

let running: ChildProcess | undefined;
afterAll(async () => {
  if (running) await ctrlC(running);
  rmSync(data, { recursive: true, force: true });
}, 60_000);

/** `pnpm dev`, in a process group of its own as a terminal runs it; resolves once it printed the site's URL. */
function startDev(): Promise<ChildProcess> {
  // Through pnpm, as a member runs it: pnpm passes the terminal's SIGINT on too, one more signal for the stack.
  const child = spawn('pnpm', ['dev'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  let output = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Press Ctrl+C to stop.')) resolve(child);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`pnpm dev exited with ${code}:\n${output.slice(-3000)}`)));
  });
}

/** Ctrl+C in its terminal: SIGINT to the whole process group. Resolves once the launcher exited. */
async function ctrlC(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (child.exitCode === null) process.kill(-child.pid!, 'SIGINT');
  await exited;
  running = undefined;
}

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

describe('pnpm dev restarted on the same data', () => {
  it('keeps an account made before the restart, which signs in after it, and its artifact', async () => {
    await startDev();
    const member = { email: 'kept@example.org', password: 'Heritage1', returnSecureToken: true };
    const signUp = await post<{ localId: string; idToken: string }>(identity('signUp'), member);
    expect(signUp.status).toBe(200);
    const created = await post<{ artifact: { _id: string } }>(
      `http://localhost:${api}/api/artifacts`,
      {
        name: 'Kept across a restart',
        image: 'https://example.org/kept.png',
        type: 'Other',
        historicalContext: 'Added before pnpm dev was stopped.',
        description: 'An artifact of the local data test.',
        createdAt: '2026',
        discoveredAt: '2026',
        discoveredBy: 'The test suite',
        presentLocation: 'PGlite',
      },
      { Authorization: `Bearer ${signUp.body.idToken}` },
    );
    expect(created.status).toBe(201);
    await ctrlC(running!);

    await startDev();
    const signIn = await post<{ localId?: string; error?: { message: string } }>(
      identity('signInWithPassword'),
      member,
    );
    expect(signIn.body.error?.message).toBeUndefined();
    expect(signIn.body.localId).toBe(signUp.body.localId);
    // The API's sweep runs as it starts: it would have closed an account the emulator no longer has.
    const artifact = await fetch(`http://localhost:${api}/api/artifacts/${created.body.artifact._id}`);
    expect(artifact.status).toBe(200);
  }, 600_000);
});
