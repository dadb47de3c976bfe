/**
 * Builds the apps the journeys run on, only those whose inputs changed since their last build: each build's output
 * folder keeps a hash of what went into it (its app's files, shared-ui's, site-config's, the model's, the workspace's
 * manifests and lockfile, and the environment a build bakes in: ports and VITE_ variables), and an app whose hash still
 * matches is not built again. A second run of the suite on the same sources starts its servers at once instead of after the build
 * (12 s on this 2-core machine).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  API_PORT_ENV,
  apiPort,
  AUTH_EMULATOR_PORT_ENV,
  authEmulatorPort,
  portOf,
  REMOTES,
  SHELL,
} from 'site-config/apps';
import { ROOT } from './stack.ts';

/** A package of the workspace that `pnpm build` builds, and the folder its build writes. */
export interface Buildable {
  dir: string;
  outDir: string;
}

export const BUILDABLES: readonly Buildable[] = [SHELL, ...Object.values(REMOTES), { dir: 'api' }].map(
  ({ dir }) => ({
    dir,
    outDir: join(ROOT, dir, 'dist'),
  }),
);

/** What every build reads besides its own folder. */
const SHARED_INPUTS = [
  'shared-ui',
  'site-config',
  'model',
  'package.json',
  'pnpm-lock.yaml',
  'pnpm-workspace.yaml',
  'tsconfig.base.json',
  'patches',
];

const HASH_FILE = '.inputs-hash';

/**
 * The environment a build bakes in: where the API, the emulator and each app are (their ports as they take effect,
 * so a port set to its default is the default), the remotes' manifest URLs, and the VITE_ settings. Other ports
 * (PostgreSQL's, Redis's, ...) reach no build: `pnpm start:production` on moved ones reuses `pnpm build`'s builds.
 */
const bakedEnv = (env: NodeJS.ProcessEnv) => [
  ...[SHELL, ...Object.values(REMOTES)].map((app) => [app.portEnv, String(portOf(app, env))]),
  [API_PORT_ENV, String(apiPort(env))],
  [AUTH_EMULATOR_PORT_ENV, String(authEmulatorPort(env))],
  ...Object.entries(env)
    .filter(([name]) => name.startsWith('VITE_') || name.endsWith('_MANIFEST_URL') || name === 'NODE_ENV')
    .sort(([a], [b]) => a.localeCompare(b)),
];

/**
 * The hash of a build's inputs: the files git tracks or would track (so dist/ and node_modules are left out), the
 * .env files vite reads though git ignores them, and the baked environment.
 */
export function inputsHash(dir: string, env: NodeJS.ProcessEnv = process.env): string {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '-co', '--exclude-standard', '--', dir, ...SHARED_INPUTS],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  const envFiles = readdirSync(join(ROOT, dir))
    .filter((name) => name.startsWith('.env'))
    .map((name) => join(dir, name));
  const hash = createHash('sha256');
  for (const file of [...new Set([...listed.split('\0').filter(Boolean), ...envFiles])].sort()) {
    const path = join(ROOT, file);
    // A file deleted but not yet staged is still listed: its absence is part of the input.
    hash.update(`${file}\0${existsSync(path) ? readFileSync(path).toString('base64') : 'deleted'}\0`);
  }
  hash.update(JSON.stringify(bakedEnv(env)));
  return hash.digest('hex');
}

/** The build in `outDir` was made from these inputs. */
export const isFresh = (outDir: string, hash: string) =>
  existsSync(join(outDir, HASH_FILE)) && readFileSync(join(outDir, HASH_FILE), 'utf8') === hash;

/** Records what the build in `outDir` was made from (after it succeeded). */
export const recordInputs = (outDir: string, hash: string) => writeFileSync(join(outDir, HASH_FILE), hash);

/**
 * Builds the apps whose inputs changed (all of them outside a git checkout, where inputs cannot be listed). `quiet`
 * holds the builds' output back (a table of files per app) and shows it only when a build fails.
 */
export function buildStaleApps(env: NodeJS.ProcessEnv = process.env, { quiet = false } = {}): void {
  const pnpm = (args: string[]) => {
    try {
      execFileSync('pnpm', args, {
        cwd: ROOT,
        env,
        stdio: quiet ? 'pipe' : 'inherit',
        maxBuffer: 256 * 1024 * 1024,
      });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
      if (stdout) process.stdout.write(stdout);
      if (stderr) process.stderr.write(stderr);
      throw error;
    }
  };
  let hashes: Map<Buildable, string>;
  try {
    hashes = new Map(BUILDABLES.map((app) => [app, inputsHash(app.dir, env)]));
  } catch {
    console.log('Building the apps...');
    pnpm(['build']);
    return;
  }
  const stale = BUILDABLES.filter((app) => !isFresh(app.outDir, hashes.get(app)!));
  if (!stale.length) {
    console.log('The builds are up to date with the sources: not rebuilt.');
    return;
  }
  console.log(
    `Building ${stale.map((app) => app.dir).join(', ')} (their sources changed since their last build)...`,
  );
  pnpm([...stale.flatMap((app) => ['--filter', `./${app.dir}`]), '--parallel', 'run', 'build']);
  for (const app of stale) recordInputs(app.outDir, hashes.get(app)!);
}

/**
 * Records the inputs of builds a pipeline just made (`dirs`, or every buildable), so the journeys' set-up finds them
 * fresh instead of building them again.
 */
export function recordBuilds(dirs?: readonly string[], env: NodeJS.ProcessEnv = process.env): void {
  for (const app of BUILDABLES.filter(({ dir }) => !dirs || dirs.includes(dir))) {
    try {
      recordInputs(app.outDir, inputsHash(app.dir, env));
    } catch {
      // Outside a git checkout the inputs cannot be listed: the set-up builds again.
    }
  }
}
