/**
 * The whole site as processes on this machine: the Auth Emulator, the API, the three remotes and the shell.
 * `pnpm start`, `pnpm dev` and the Playwright journeys all start it through this one module. Every server is
 * started with `node` on its real entry, so a journey can stop one by PID and start it again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  apiPort,
  authEmulatorPort,
  portOf,
  REMOTES,
  SHELL,
  type AppInfo,
  type RemoteName,
} from 'site-config/apps';
import { API_PROCESS_ARGS } from '../api/scripts/build.ts';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const FIREBASE_PROJECT = 'demo-heritage';

export type ServiceName = 'auth' | 'api' | RemoteName | 'shell';
export type Mode = 'preview' | 'dev';

export interface Service {
  name: ServiceName;
  cwd: string;
  args: string[];
  env: Record<string, string>;
  /** Answers 2xx once the service is ready. */
  readyUrl: string;
}

export interface StackOptions {
  mode: Mode;
  /** Where logs, the emulator config and the database live. */
  runtimeDir: string;
  env?: NodeJS.ProcessEnv;
  /** Where a built app is served from in preview mode, if not its own dist/. */
  servedDir?: (app: AppInfo) => string;
  /**
   * Where the Auth Emulator keeps its accounts between runs: imported at start, exported when it stops cleanly
   * (SIGINT or SIGTERM). Without it the emulator starts with none, as the journeys want.
   */
  accountsDir?: string;
}

/**
 * The Auth Emulator's accounts beside the API's PGlite data (`<dir>.accounts`, as its lock is `<dir>.lock`), so
 * the artifacts and the accounts that own them are kept, or deleted, together.
 */
export const accountsDirOf = (pgliteDataDir: string) => `${resolve(ROOT, 'api', pgliteDataDir)}.accounts`;

export function stackUrls(env: NodeJS.ProcessEnv = process.env) {
  return {
    shell: `http://localhost:${portOf(SHELL, env)}`,
    api: `http://localhost:${apiPort(env)}`,
    authEmulator: `127.0.0.1:${authEmulatorPort(env)}`,
    remote: (name: RemoteName) => `http://localhost:${portOf(REMOTES[name], env)}`,
  };
}

function binOf(packageDir: string, pkg: string, bin: string): string {
  const require = createRequire(join(packageDir, 'package.json'));
  return join(dirname(require.resolve(`${pkg}/package.json`)), bin);
}

function viteService(app: AppInfo, { mode, env = process.env, servedDir }: StackOptions): Service {
  const cwd = join(ROOT, app.dir);
  const port = portOf(app, env);
  const args = [
    binOf(cwd, 'vite', 'bin/vite.js'),
    ...(mode === 'preview' ? ['preview'] : []),
    '--port',
    String(port),
  ];
  if (mode === 'preview' && servedDir) args.push('--outDir', servedDir(app));
  const readyPath = app === SHELL ? '/' : mode === 'preview' ? '/mf-manifest.json' : '/';
  return {
    name: app.name as ServiceName,
    cwd,
    args,
    env: {},
    readyUrl: `http://localhost:${port}${readyPath}`,
  };
}

export function stackServices(options: StackOptions): Service[] {
  const { runtimeDir, accountsDir, env = process.env } = options;
  const urls = stackUrls(env);
  const authPort = authEmulatorPort(env);
  const firebaseConfig = join(runtimeDir, 'firebase.json');
  mkdirSync(runtimeDir, { recursive: true });
  // --import refuses a folder that does not exist; an empty one is a first run (the emulator starts with none).
  if (accountsDir) mkdirSync(accountsDir, { recursive: true });
  const emulatorTmp = join(runtimeDir, 'auth-emulator-tmp');
  mkdirSync(emulatorTmp, { recursive: true });
  writeFileSync(
    firebaseConfig,
    JSON.stringify(
      {
        emulators: {
          auth: { host: '127.0.0.1', port: authPort },
          // The hub and logging ports default to 4400 and 4500 for every emulator on the machine: a second stack
          // would crash on them a minute after start. Derive them from the auth port so stacks never share one.
          hub: { host: '127.0.0.1', port: authPort + 1 },
          logging: { host: '127.0.0.1', port: authPort + 2 },
          ui: { enabled: false },
        },
      },
      null,
      2,
    ),
  );
  const services: Service[] = [
    {
      name: 'auth',
      cwd: runtimeDir,
      args: [
        // Node's own type stripping, no tsx: the emulator's folder may be outside the workspace, where tsx is not found.
        ...(accountsDir ? [join(ROOT, 'stack', 'stop-once.ts')] : []),
        binOf(ROOT, 'firebase-tools', 'lib/bin/firebase.js'),
        'emulators:start',
        '--only',
        'auth',
        '--project',
        FIREBASE_PROJECT,
        '--config',
        firebaseConfig,
        ...(accountsDir ? ['--import', accountsDir, '--export-on-exit', accountsDir] : []),
      ],
      // The emulator finds its own hub (to export, among others) through a file named after the project in the
      // temporary folder: shared, another stack's emulator would overwrite or delete it.
      env: { TMPDIR: emulatorTmp },
      readyUrl: `http://${urls.authEmulator}/`,
    },
  ];
  if (existsSync(join(ROOT, 'api', 'package.json'))) {
    const shellOrigin = urls.shell;
    services.push({
      name: 'api',
      cwd: join(ROOT, 'api'),
      // The production build (`pnpm build` writes it); dev mode runs the source, so an edit needs no build.
      args: options.mode === 'preview' ? API_PROCESS_ARGS : ['--import', 'tsx', 'src/main.ts'],
      env: {
        PORT: String(apiPort(env)),
        FIREBASE_AUTH_EMULATOR_HOST: urls.authEmulator,
        FIREBASE_PROJECT_ID: FIREBASE_PROJECT,
        PGLITE_DATA_DIR: env.PGLITE_DATA_DIR ?? join(runtimeDir, 'pglite'),
        CORS_ORIGINS:
          env.CORS_ORIGINS ??
          [shellOrigin, ...Object.values(REMOTES).map((r) => `http://localhost:${portOf(r, env)}`)].join(','),
        PUBLIC_URL: env.PUBLIC_URL ?? urls.api,
      },
      readyUrl: `${urls.api}/health`,
    });
  }
  for (const remote of Object.values(REMOTES)) services.push(viteService(remote, options));
  services.push(options.mode === 'preview' ? renderService(options) : viteService(SHELL, options));
  return services;
}

/** How to start a render process (render/): its folder and node's arguments. */
export const RENDER_PROCESS = { cwd: join(ROOT, 'render'), args: ['--import', 'tsx', 'src/main.ts'] };

/**
 * The render service (render/) where the shell's server is: every page of the site, the shell's built files and
 * remotes.json. In dev mode the shell's Vite dev server answers instead, for hot reload.
 */
function renderService({ env = process.env, servedDir }: StackOptions): Service {
  const port = portOf(SHELL, env);
  return {
    name: 'shell',
    ...RENDER_PROCESS,
    env: servedDir ? { SHELL_DIST: servedDir(SHELL) } : {},
    readyUrl: `http://localhost:${port}/`,
  };
}

export async function waitForUrl(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} was not ready within ${timeoutMs / 1000} s`);
}

export interface RunningService {
  name: ServiceName;
  pid: number;
  child: ChildProcess;
}

/**
 * Something already listens at `url`'s host and port: a server left over from another run would be tested in place of
 * ours, or ours would die on EADDRINUSE. A TCP connection, not a request: any listener counts, not only HTTP ones.
 */
export function listening(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Fails, saying which, when another process already listens at the service's address. */
export async function assertPortFree(service: Service): Promise<void> {
  if (await listening(service.readyUrl)) {
    throw new Error(
      `${service.name}: ${new URL(service.readyUrl).host} is already in use by another process. ` +
        'Stop it, or choose other ports (README: the port variables).',
    );
  }
}

/** Starts one service with its output in `<runtimeDir>/<name>.log`, and waits until it answers. */
export async function startService(
  service: Service,
  runtimeDir: string,
  env = process.env,
): Promise<RunningService> {
  await assertPortFree(service);
  const log = openSync(join(runtimeDir, `${service.name}.log`), 'a');
  const child = spawn(process.execPath, service.args, {
    cwd: service.cwd,
    env: { ...env, ...service.env },
    stdio: ['ignore', log, log],
  });
  try {
    // Generous: a fresh database takes the API 10 s on an idle machine, and a busy one can take several times that.
    await waitForUrl(service.readyUrl, 240_000, child);
  } catch (error) {
    child.kill('SIGKILL');
    const tail = readFileSync(join(runtimeDir, `${service.name}.log`), 'utf8')
      .split('\n')
      .slice(-30)
      .join('\n');
    throw new Error(`${service.name} did not start: ${(error as Error).message}\n${tail}`, { cause: error });
  }
  return { name: service.name, pid: child.pid!, child };
}

/** Starts the whole stack: see startServices. */
export function startStack(options: StackOptions): Promise<RunningService[]> {
  return startServices(stackServices(options), options.runtimeDir, options.env);
}

/**
 * Starts services all at once: none needs another to start (the API reaches the emulator only to verify a token).
 * If any fails, the ones already started are stopped before the error goes on.
 */
export async function startServices(
  services: Service[],
  runtimeDir: string,
  env = process.env,
): Promise<RunningService[]> {
  const started: RunningService[] = [];
  const results = await Promise.allSettled(
    services.map(async (service) => {
      const running = await startService(service, runtimeDir, env);
      started.push(running);
      return running;
    }),
  );
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (!failure) return started;
  await stopServices(started);
  throw failure.reason;
}

/** Stops services and waits until they are gone. */
export async function stopServices(services: Array<Pick<RunningService, 'pid'>>): Promise<void> {
  await Promise.allSettled(
    services.map(async ({ pid }) => {
      stopProcess(pid);
      await waitForExit(pid);
    }),
  );
}

export function stopProcess(pid: number, signal: NodeJS.Signals = 'SIGTERM'): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

/** Whether a process of this PID is running (signal 0 checks without sending anything). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function waitForExit(pid: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isRunning(pid)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  stopProcess(pid, 'SIGKILL');
}
