/**
 * The journeys run on two stacks of their own, both started by the global set-up:
 * - 'main' serves every page journey;
 * - 'failures' serves the failure-mode journeys (project 'stack-failures'), which stop, restart and redeploy its
 *   servers. On a stack of their own they run alongside the page journeys instead of after them, and never disturb
 *   them.
 * The 'failures' stack is the same site on ports moved by PORT_SHIFT: the same remote builds (copies, so
 * a redeploy swaps only its own), and a shell built for its API and emulator, whose addresses a build bakes in.
 * A worker learns its stack from E2E_STACK and the port variables (fixtures/test.ts sets them from the project).
 */
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  API_PORT_ENV,
  apiPort,
  AUTH_EMULATOR_PORT_ENV,
  authEmulatorPort,
  portOf,
  REMOTES,
  SHELL,
  type AppInfo,
} from 'site-config/apps';
import { renderNginx } from '../../deploy/nginx/render.ts';
import { inputsHash, isFresh, recordInputs } from '../../stack/stale-builds.ts';
import {
  RENDER_PROCESS,
  ROOT,
  stackServices,
  startService,
  stopServices,
  waitForUrl,
  type RunningService,
  type Service,
  type ServiceName,
  type StackOptions,
} from '../../stack/stack.ts';

export type JourneyStack = 'main' | 'failures';
export const JOURNEY_STACKS: readonly JourneyStack[] = ['main', 'failures'];

const run = promisify(execFile);

/** How far each stack's ports are from the main stack's: clear of them and of the two above the emulator's port
 * that it also takes (hub, logging). */
const PORT_SHIFT: Record<JourneyStack, number> = { main: 0, failures: 100 };

/** The stack a process works on: 'main' unless E2E_STACK says otherwise. */
export const currentStack = (env: NodeJS.ProcessEnv = process.env): JourneyStack =>
  env.E2E_STACK === 'failures' ? 'failures' : 'main';

/** The environment variables that put a process on `stack`, from any stack: its name and its ports. */
export function stackEnvOf(
  stack: JourneyStack,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const delta = PORT_SHIFT[stack] - PORT_SHIFT[currentStack(env)];
  const shift = (port: number) => String(port + delta);
  return {
    E2E_STACK: stack,
    // Each stack's module releases (deploy/modules/releases.ts) are its own: never the developer's releases/.
    RELEASES_DIR: join(runtimeDirOf(stack), 'releases'),
    SHELL_DIST: servedDirOf(stack, SHELL),
    [API_PORT_ENV]: shift(apiPort(env)),
    [AUTH_EMULATOR_PORT_ENV]: shift(authEmulatorPort(env)),
    ...Object.fromEntries(
      [SHELL, ...Object.values(REMOTES)].map((app) => [app.portEnv, shift(portOf(app, env))]),
    ),
  };
}

/** Logs, the emulator's config, the database and the PIDs of `stack`. */
export const runtimeDirOf = (stack: JourneyStack) =>
  join(ROOT, 'e2e', stack === 'main' ? '.stack' : '.stack-failures');

/**
 * The 'failures' stack's shell, built for its ports. It outlives a run (the runtime folders do not), so an unchanged
 * shell is not built again (stack/stale-builds.ts).
 */
const FAILURES_SHELL_DIR = join(ROOT, 'e2e', '.stack-builds', 'failures-shell');

/**
 * Where `stack` serves a built app from: the apps' own dist/ for 'main'; for 'failures', copies of the remotes (a
 * redeploy swaps its own copy) and the shell built for its ports.
 */
export function servedDirOf(stack: JourneyStack, app: AppInfo): string {
  if (stack === 'main') return join(ROOT, app.dir, 'dist');
  return app === SHELL ? FAILURES_SHELL_DIR : join(runtimeDirOf(stack), 'dist', app.dir);
}

/**
 * Prepares the 'failures' stack's builds: copies of the remotes' dist/ and, unless it is up to date, a shell built for
 * its ports (5 s). Runs after the apps are built.
 */
export async function buildFailuresStack(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  rmSync(join(runtimeDirOf('failures'), 'dist'), { recursive: true, force: true });
  for (const remote of Object.values(REMOTES)) {
    cpSync(join(ROOT, remote.dir, 'dist'), servedDirOf('failures', remote), { recursive: true });
  }
  await buildShellFor(FAILURES_SHELL_DIR, { ...env, ...stackEnvOf('failures', env) });
}

/**
 * A shell built for another site's addresses (they are baked in) into `outDir`, unless the one there was built from
 * the same sources and environment (stack/stale-builds.ts): 5 s.
 */
async function buildShellFor(outDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const inputs = inputsHash(SHELL.dir, env);
  if (isFresh(outDir, inputs)) return;
  const shell = join(ROOT, SHELL.dir);
  const vite = join(shell, 'node_modules', 'vite', 'bin', 'vite.js');
  await run(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir'], { cwd: shell, env });
  recordInputs(outDir, inputs);
}

/** The services of `stack`, as its set-up starts them and as a journey restarts one. */
export function journeyServices(stack: JourneyStack, env: NodeJS.ProcessEnv = process.env): Service[] {
  const runtimeDir = runtimeDirOf(stack);
  const options: StackOptions = {
    mode: 'preview',
    runtimeDir,
    env: { ...env, ...stackEnvOf(stack, env), PGLITE_DATA_DIR: join(runtimeDir, 'pglite') },
    servedDir: (app) => servedDirOf(stack, app),
  };
  // The main stack's API also answers the pages nginx serves (the nginx site below uses the main stack's API).
  if (stack === 'main') {
    const origins = [SHELL, ...Object.values(REMOTES)].map((app) => `http://localhost:${portOf(app, env)}`);
    options.env!.CORS_ORIGINS ??= [...origins, nginxSiteUrls(env).shell].join(',');
  }
  // Every server of the stack gets its ports: the shell's preview server answers remotes.json from them.
  return stackServices(options).map((service) => ({
    ...service,
    env: { ...stackEnvOf(stack, env), ...service.env },
  }));
}

export interface StackState {
  pids: Partial<Record<ServiceName, number>>;
  /** Why the stack did not start, when it did not. */
  error?: string;
}

const stateFile = (stack: JourneyStack) => join(runtimeDirOf(stack), 'state.json');

export const readStackState = (stack: JourneyStack = currentStack()): StackState =>
  JSON.parse(readFileSync(stateFile(stack), 'utf8')) as StackState;

/** Written whole (a rename), so a worker waiting for the stack never reads half a file. */
export function writeStackState(state: StackState, stack: JourneyStack = currentStack()): void {
  mkdirSync(runtimeDirOf(stack), { recursive: true });
  const file = stateFile(stack);
  writeFileSync(`${file}.tmp`, JSON.stringify(state, null, 2));
  renameSync(`${file}.tmp`, file);
}

/** Waits until `stack` has started (its state is written), and fails with its error if it could not. */
export async function waitForStack(stack: JourneyStack, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(stateFile(stack))) {
    if (Date.now() > deadline)
      throw new Error(`The ${stack} journey stack did not start within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const { error } = readStackState(stack);
  if (error) throw new Error(`The ${stack} journey stack did not start: ${error}`);
}

/**
 * The site as a production host serves it: nginx with the shipped configuration (deploy/nginx/render.ts) serving the
 * same builds on the main stack's ports moved by 200, with a shell built for those addresses, and the main stack's API
 * and Auth Emulator. The project `nginx` runs the serving checks through it.
 */
const NGINX_PORT_SHIFT = 200;
const NGINX_SHELL_DIR = join(ROOT, 'e2e', '.stack-builds', 'nginx-shell');
const nginxDir = () => join(ROOT, 'e2e', '.stack-nginx');

/** The environment of the nginx site: its own ports and remotes, the main stack's API and emulator. */
function nginxSiteEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const port = (app: AppInfo) => String(portOf(app, env) + NGINX_PORT_SHIFT);
  return {
    ...env,
    ...Object.fromEntries([SHELL, ...Object.values(REMOTES)].map((app) => [app.portEnv, port(app)])),
    ...Object.fromEntries(
      Object.values(REMOTES).map((remote) => [
        remote.manifestUrlEnv,
        `http://localhost:${port(remote)}/mf-manifest.json`,
      ]),
    ),
    [API_PORT_ENV]: String(apiPort(env)),
    [AUTH_EMULATOR_PORT_ENV]: String(authEmulatorPort(env)),
  };
}

export const nginxSiteUrls = (env: NodeJS.ProcessEnv = process.env) => ({
  shell: `http://localhost:${portOf(SHELL, env) + NGINX_PORT_SHIFT}`,
});

/**
 * Builds the nginx site's shell (unless up to date), starts a render process for its pages, renders the configuration
 * and starts nginx in the foreground. Returns both, nginx first.
 */
export async function startNginxSite(env: NodeJS.ProcessEnv = process.env): Promise<RunningService[]> {
  const siteEnv = nginxSiteEnv(env);
  await buildShellFor(NGINX_SHELL_DIR, siteEnv);
  const dir = nginxDir();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // The render service as production runs it behind nginx (stack/production/services.ts): on loopback, the shell's
  // port plus 11.
  const renderPort = portOf(SHELL, siteEnv) + 11;
  const render = await startService(
    {
      name: 'shell',
      ...RENDER_PROCESS,
      env: {
        SHELL_DIST: NGINX_SHELL_DIR,
        // The main stack's server build (one for every address: the API's is the render service's setting); one
        // built here, outside the shell's package, would not find the React it leaves to Node.
        SHELL_SERVER_DIST: join(ROOT, SHELL.dir, 'dist-server'),
        RENDER_PORT: String(renderPort),
        HOST: '127.0.0.1',
        TRUST_PROXY: 'loopback',
      },
      readyUrl: `http://127.0.0.1:${renderPort}/robots.txt`,
    },
    dir,
    siteEnv,
  );
  renderNginx({
    out: dir,
    roots: { [SHELL.dir]: NGINX_SHELL_DIR },
    withMain: true,
    env: siteEnv,
    renderUpstreams: [`127.0.0.1:${renderPort}`],
  });
  try {
    return [await runNginx(dir, [`${nginxSiteUrls(env).shell}/`]), render];
  } catch (error) {
    await stopServices([render]);
    throw error;
  }
}

/**
 * Runs nginx in the foreground with `dir`/nginx.conf (deploy/nginx/render.ts's main configuration, everything under
 * `dir`) and waits until each of `readyUrls` answers. Its errors go to `dir`/error.log.
 */
export async function runNginx(dir: string, readyUrls: string[]): Promise<RunningService> {
  const child = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
  for (const url of readyUrls) await waitForUrl(url, 30_000, child);
  return { name: 'shell', pid: child.pid!, child };
}
