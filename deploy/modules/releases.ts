/**
 * Module releases (issue #25): each remote built into an immutable, versioned folder any static host can serve as it
 * is, and a small state file saying which release of each remote is live and which was live before it.
 *
 *   releases/<app dir>/<version>/      the build, with release.json (what it is) beside its mf-manifest.json
 *   releases/live.json                 { "<federation name>": { "live": "<version>", "previous": "<version>" | null } }
 *
 * A version is the package's semver plus build metadata that tells two builds apart: `1.2.0+7.3f9c2ab` is the 7th
 * release of mf-account, built from commit 3f9c2ab (`.dirty` when its files had uncommitted changes). The manifest
 * carries it (`metaData.buildInfo.buildVersion`, which @module-federation/vite takes from MF_BUILD_VERSION).
 *
 * The folder is `releases/` at the repository's root, or RELEASES_DIR. The local servers (`pnpm start`, the
 * journeys' stacks) serve `/releases/<version>/` from it and answer remotes.json from live.json on every request,
 * so a promotion or a rollback takes effect on the next page load (site-config/apps.ts). A web server that
 * serves files (nginx, `pnpm start:production`) serves `/releases/<version>/` from the same folder and the shell's
 * `/remotes.json` from `releases/remotes.json`, which promote and rollback write beside live.json.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { liveRemotesJson, REMOTES, type RemoteInfo, type RemoteName } from 'site-config/apps';
import semver from 'semver';
import { discoveryDocument } from 'site-config/discovery';
import {
  KIT_FILE,
  readLiveState,
  releasesDir,
  shellDist,
  type CanaryEnd,
  type LiveEntry,
  type LiveState,
} from 'site-config/live-releases';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** What a release folder says of itself (release.json). */
export interface ReleaseInfo {
  app: string;
  federationName: RemoteName;
  version: string;
  commit: string;
  builtAt: string;
  /** The shared kit's version the release was built against. */
  kit: string;
}

export interface RemoteStatus extends LiveEntry {
  releases: string[];
  /** Each release folder whose release.json is unreadable: what is wrong, naming the file. */
  unreadable: string[];
}

/** A refusal the CLI reports as it is, without a stack trace. */
export class ReleaseError extends Error {}

/** The remote a command names, by its folder (`mf-account`) or its federation name (`mf_account`). */
export function remoteNamed(name: string): RemoteInfo & { name: RemoteName } {
  const remote = Object.values(REMOTES).find(
    (candidate) => candidate.dir === name || candidate.name === name,
  );
  if (!remote) {
    const known = Object.values(REMOTES).map((candidate) => candidate.dir);
    throw new ReleaseError(`'${name}' is not a remote: one of ${known.join(', ')}`);
  }
  return remote;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** Writes a file whole or not at all: a server reading live.json never sees half of it. */
function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

function writeLiveState(state: LiveState, env: NodeJS.ProcessEnv): void {
  mkdirSync(releasesDir(env), { recursive: true });
  writeAtomically(join(releasesDir(env), 'live.json'), `${JSON.stringify(state, null, 2)}\n`);
  writeRemotesJson(env);
  // The same, with each canary and its share, for a host that chooses per visitor (render/src/release-choice.ts).
  writeAtomically(
    join(releasesDir(env), 'discovery.json'),
    `${JSON.stringify(discoveryDocument(env, state), null, 2)}\n`,
  );
}

/**
 * `<releases>/remotes.json`: the shell's remotes.json with each remote's live release, for a web server to serve as a
 * file (deploy/nginx/render.ts). Rendered as the preview servers answer it, from the port and manifest variables in
 * `env`: run `pnpm modules` with the site's. Returns its path.
 */
export function writeRemotesJson(env: NodeJS.ProcessEnv = process.env): string {
  mkdirSync(releasesDir(env), { recursive: true });
  const file = join(releasesDir(env), 'remotes.json');
  writeAtomically(file, `${liveRemotesJson(env)}\n`);
  return file;
}

/** A release folder whose release.json cannot be read as a release's description. */
export interface UnreadableRelease {
  version: string;
  file: string;
  reason: string;
}

/**
 * A remote's releases, oldest first (by release number, the build metadata's first part), and the folders whose
 * release.json is not a release's description (not JSON, or no version), each with its file and why: one corrupt
 * file hides only its own release.
 */
export function readReleases(
  remote: RemoteInfo,
  env: NodeJS.ProcessEnv = process.env,
): { releases: ReleaseInfo[]; unreadable: UnreadableRelease[] } {
  const dir = join(releasesDir(env), remote.dir);
  const releases: ReleaseInfo[] = [];
  const unreadable: UnreadableRelease[] = [];
  if (!existsSync(dir)) return { releases, unreadable };
  for (const version of readdirSync(dir)) {
    const file = join(dir, version, 'release.json');
    if (!existsSync(file)) continue;
    try {
      const info = readJson<Partial<ReleaseInfo> | null>(file);
      if (typeof info?.version !== 'string') throw new Error('it names no version');
      releases.push(info as ReleaseInfo);
    } catch (error) {
      unreadable.push({ version, file, reason: (error as Error).message });
    }
  }
  releases.sort((a, b) => releaseNumber(a.version) - releaseNumber(b.version));
  return { releases, unreadable };
}

/** The releases of a remote whose release.json is readable, oldest first. */
export const releasesOf = (remote: RemoteInfo, env: NodeJS.ProcessEnv = process.env): ReleaseInfo[] =>
  readReleases(remote, env).releases;

const unreadableMessage = ({ file, reason }: UnreadableRelease) =>
  `${file} is not a release's description (${reason})`;

const releaseNumber = (version: string) => Number(/\+(\d+)\./.exec(version)?.[1] ?? 0);

/** What a release's mf-manifest.json says that the checks read. */
interface ReleaseManifest {
  metaData?: {
    remoteEntry?: { name?: string; path?: string };
    /** The server entry a render service loads (#53), when the release was built with one. */
    ssrRemoteEntry?: { name?: string; path?: string };
  };
  exposes?: Array<{ assets?: ManifestAssets }>;
  shared?: Array<{ name: string; requiredVersion?: string; assets?: ManifestAssets }>;
  dataPictures?: Record<string, string>;
}
type ManifestAssets = Partial<Record<'js' | 'css', { sync?: string[]; async?: string[] }>>;

/**
 * A release folder's manifest, refused (naming the file) when it is missing or not JSON, or when it names files the
 * folder does not hold: its remote entry, each exposed module's and shared package's scripts and styles, the pages'
 * data pictures, and its server entry with every module that imports (when it names one). The shell and the render
 * service would load them from this folder, and a missing one shows "This section is unavailable" on every page of
 * the remote, or renders them in the browser only.
 */
function completeManifest(folder: string, what: string): ReleaseManifest {
  const file = join(folder, 'mf-manifest.json');
  let manifest: ReleaseManifest;
  try {
    manifest = readJson<ReleaseManifest>(file);
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'it is missing' : (error as Error).message;
    throw new ReleaseError(`${what} has no readable manifest: ${file} (${reason})`);
  }
  const entryPath = (entry?: { name?: string; path?: string }) =>
    entry?.name ? join(entry.path ?? '', entry.name) : undefined;
  const entries = [entryPath(manifest.metaData?.remoteEntry) ?? 'remoteEntry.js'];
  const serverEntry = entryPath(manifest.metaData?.ssrRemoteEntry);
  const assets = [...(manifest.exposes ?? []), ...(manifest.shared ?? [])].flatMap(({ assets: named }) =>
    (['js', 'css'] as const).flatMap((kind) => [
      ...(named?.[kind]?.sync ?? []),
      ...(named?.[kind]?.async ?? []),
    ]),
  );
  const root = resolve(folder);
  const held = (path: string) => {
    const target = resolve(root, path);
    return target.startsWith(`${root}/`) && existsSync(target);
  };
  const named = [
    ...new Set([
      ...entries,
      ...assets,
      ...Object.values(manifest.dataPictures ?? {}),
      ...(serverEntry ? serverModules(root, serverEntry, held) : []),
    ]),
  ];
  const missing = named.filter((path) => !held(path));
  if (missing.length) {
    throw new ReleaseError(
      `${what} is incomplete: its manifest (${file}) names ${missing.length === 1 ? 'a file' : `${missing.length} files`} ` +
        `it does not hold: ${missing.join(', ')}. The shell would show "This section is unavailable" on its pages.`,
    );
  }
  return manifest;
}

/** A relative import in a built module, static or dynamic: `from "./x.js"`, `import("./x.js")`. */
const RELATIVE_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;
/** A comment's line: a bundled library's documentation names modules of its sources (`* import ... from './x'`). */
const COMMENT_LINE = /^\s*(?:\*|\/\/|\/\*)/;

/**
 * The files of a release's server entry: the entry and every module it reaches through relative imports (its
 * server/ chunks), as folder-relative paths. A render service loads the whole graph; one missing chunk fails the
 * remote's server rendering. Modules the folder does not hold are listed (for the caller to report), not followed.
 */
function serverModules(root: string, entry: string, held: (path: string) => boolean): string[] {
  const seen = new Set<string>();
  const queue = [join(entry)];
  while (queue.length) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    if (!held(path)) continue;
    for (const line of readFileSync(join(root, path), 'utf8').split('\n')) {
      if (COMMENT_LINE.test(line)) continue;
      for (const [, specifier] of line.matchAll(RELATIVE_IMPORT))
        queue.push(relative(root, resolve(root, dirname(path), specifier!)));
    }
  }
  return [...seen];
}

/**
 * A build whose manifest names a server entry it did not build (@module-federation/vite 1.23.0 names it on every
 * build; sources from before #53 have no server build) has none: the name is taken out, so the manifest says what
 * the release holds and a render service renders its pages in the browser.
 */
function dropUnbuiltServerEntry(folder: string): void {
  for (const name of ['mf-manifest.json', 'mf-stats.json']) {
    const file = join(folder, name);
    if (!existsSync(file)) continue;
    const manifest = readJson<ReleaseManifest>(file);
    const entry = manifest.metaData?.ssrRemoteEntry;
    if (!entry?.name || existsSync(join(folder, entry.path ?? '', entry.name))) continue;
    delete manifest.metaData!.ssrRemoteEntry;
    writeFileSync(file, JSON.stringify(manifest, null, 2));
    // Its compressed copies said otherwise: a server sending them would name the missing entry again.
    rmSync(`${file}.br`, { force: true });
    rmSync(`${file}.gz`, { force: true });
  }
}

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
/** The version in a package's package.json. */
export const packageVersion = (dir: string) =>
  readJson<{ version: string }>(join(dir, 'package.json')).version;

/** Whether an app's own build script builds its server entry (`vite build --ssr`). */
const buildsServerEntry = (dir: string) =>
  /\bvite build --ssr\b/.test(
    readJson<{ scripts?: { build?: string } }>(join(dir, 'package.json')).scripts?.build ?? '',
  );

/**
 * Builds a remote into a new release folder (never over an existing one) and returns what it is. It does not go live:
 * `promote` does that.
 */
export function release(
  remote: RemoteInfo,
  env: NodeJS.ProcessEnv = process.env,
  /**
   * The app's sources to build: its folder, a changed copy of it (the journeys' variants), or its folder in a
   * worktree of an earlier commit (the skew journey's previous releases).
   */
  sourceDir = join(ROOT, remote.dir),
): ReleaseInfo {
  // The commit of the sources built: this checkout's, or another's (a worktree of an earlier commit).
  const commit = git(sourceDir, 'rev-parse', '--short', 'HEAD');
  // The app's own files, the kit and the model it bundles, and the build tooling (site-config): a change in any makes
  // this build not the commit's.
  const dirty =
    git(sourceDir, 'status', '--porcelain', '--', '.', '../shared-ui', '../model', '../site-config') !== '';
  // Numbered after every release folder, those whose release.json is unreadable too.
  const { releases, unreadable } = readReleases(remote, env);
  const numbers = [...releases.map((info) => info.version), ...unreadable.map((bad) => bad.version)].map(
    releaseNumber,
  );
  const number = Math.max(0, ...numbers) + 1;
  const version = `${packageVersion(sourceDir)}+${number}.${commit}${dirty ? '.dirty' : ''}`;
  const target = join(releasesDir(env), remote.dir, version);
  if (existsSync(target))
    throw new ReleaseError(`${remote.dir} ${version} exists already: releases are immutable`);

  const building = `${target}.building`;
  rmSync(building, { recursive: true, force: true });
  try {
    // The app's own vite (its node_modules), with the project's Node.js; errors go to the terminal.
    const vite = join(sourceDir, 'node_modules', 'vite', 'bin', 'vite.js');
    const build = (...args: string[]) =>
      execFileSync(process.execPath, [vite, 'build', '--outDir', building, ...args], {
        cwd: sourceDir,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...env, MF_BUILD_VERSION: version },
      });
    build('--emptyOutDir');
    // Its server entry too, when its sources build one (their build script does, as each remote's since #53).
    if (buildsServerEntry(sourceDir)) build('--ssr');
    else dropUnbuiltServerEntry(building);
    const info: ReleaseInfo = {
      app: remote.dir,
      federationName: remote.name as RemoteName,
      version,
      commit: `${commit}${dirty ? ' (with uncommitted changes)' : ''}`,
      builtAt: new Date().toISOString(),
      kit: packageVersion(join(sourceDir, 'node_modules', 'shared-ui')),
    };
    completeManifest(building, `The build of ${remote.dir} ${version}`);
    writeFileSync(join(building, 'release.json'), `${JSON.stringify(info, null, 2)}\n`);
    // The folder appears whole: a server never serves half a release.
    renameSync(building, target);
    return info;
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
}

/**
 * The checks a release passes before any visitor gets it, live or as a canary: it was released, its release.json is
 * readable, its folder holds every file its manifest names, and the live shell's kit satisfies its kit range.
 */
function refuseUnfit(
  remote: RemoteInfo,
  version: string,
  env: NodeJS.ProcessEnv,
  refused: 'be promoted' | 'go out as a canary',
): void {
  const { releases, unreadable } = readReleases(remote, env);
  const corrupt = unreadable.find((bad) => bad.version === version);
  if (corrupt)
    throw new ReleaseError(`${remote.dir} ${version} cannot ${refused}: ${unreadableMessage(corrupt)}`);
  const known = releases.map((info) => info.version);
  if (!known.includes(version)) {
    throw new ReleaseError(
      `${remote.dir} has no release ${version}: ${known.length ? `its releases are ${known.join(', ')}` : 'it has none yet (pnpm modules release ' + remote.dir + ')'}`,
    );
  }
  const folder = join(releasesDir(env), remote.dir, version);
  refuseIncompatibleKit(remote, version, completeManifest(folder, `${remote.dir} ${version}`), env);
}

/**
 * Makes `version` the live release of the remote for every visitor; the one live until now becomes `previous`. A
 * canary of that version ends there (promoted); a canary of another version stays out beside it.
 */
export function promote(
  remote: RemoteInfo,
  version: string,
  env: NodeJS.ProcessEnv = process.env,
): LiveEntry {
  refuseUnfit(remote, version, env, 'be promoted');
  const state = readLiveState(env);
  const current = state[remote.name as RemoteName];
  if (current?.live === version) throw new ReleaseError(`${remote.dir} ${version} is live already`);
  const entry: LiveEntry = { ...current, live: version, previous: current?.live ?? null };
  if (entry.canary?.version === version) entry.canary = null;
  writeLiveState({ ...state, [remote.name]: entry }, env);
  return entry;
}

/**
 * Puts `version` live for `percent` % of visitors beside the live release (issue #56), or moves the share of the
 * canary already out: the same checks as a promotion. A visitor's bucket decides (render/src/release-choice.ts), so
 * each keeps the release they got; raising the share keeps everyone who had the canary on it.
 */
export function canary(
  remote: RemoteInfo,
  version: string,
  percent: number,
  env: NodeJS.ProcessEnv = process.env,
  now = new Date(),
): LiveEntry {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new ReleaseError(`--percent must be a whole number from 0 to 100, not '${percent}'`);
  refuseUnfit(remote, version, env, 'go out as a canary');
  const state = readLiveState(env);
  const current = state[remote.name as RemoteName];
  if ((current?.live ?? null) === version)
    throw new ReleaseError(`${remote.dir} ${version} is live already: a canary is a release that is not`);
  // Moving the share keeps the canary's start: its health is read since it first went out.
  const since = current?.canary?.version === version ? current.canary.since : now.toISOString();
  const entry: LiveEntry = {
    live: current?.live ?? null,
    previous: current?.previous ?? null,
    canaryEnded: current?.canaryEnded ?? null,
    canary: { version, percent, since },
  };
  writeLiveState({ ...state, [remote.name]: entry }, env);
  return entry;
}

/**
 * Takes the canary out (every visitor gets the live release from their next load) and records why and when: by
 * `pnpm modules rollback`, or by the watcher when its health fell below the live release's (release-watch.ts). Null
 * when the remote has no canary.
 */
export function endCanary(
  remote: RemoteInfo,
  reason: string,
  env: NodeJS.ProcessEnv = process.env,
  now = new Date(),
): CanaryEnd | null {
  const state = readLiveState(env);
  const current = state[remote.name as RemoteName];
  if (!current?.canary) return null;
  const ended: CanaryEnd = { version: current.canary.version, reason, at: now.toISOString() };
  writeLiveState({ ...state, [remote.name]: { ...current, canary: null, canaryEnded: ended } }, env);
  return ended;
}

/**
 * A release whose kit range (its manifest's requiredVersion of shared-ui) the live shell's kit does not satisfy would
 * only show the module fallback (shell/src/remotes/kit-contract.ts): refused, with what to do instead.
 */
function refuseIncompatibleKit(
  remote: RemoteInfo,
  version: string,
  manifest: ReleaseManifest,
  env: NodeJS.ProcessEnv,
): void {
  const required = manifest.shared?.find((shared) => shared.name === 'shared-ui')?.requiredVersion;
  const kitFile = join(shellDist(env), KIT_FILE);
  if (!required || !existsSync(kitFile)) return;
  const provided = readJson<{ 'shared-ui': string }>(kitFile)['shared-ui'];
  if (semver.satisfies(provided, required)) return;
  throw new ReleaseError(
    `${remote.dir} ${version} was built for shared-ui ${required}, and the shell (${shellDist(env)}) provides ` +
      `shared-ui ${provided}: it would show its fallback instead of its pages. Ship the kit first (build and deploy ` +
      `the shell with it), or release ${remote.dir} from sources that depend on shared-ui ${provided}.`,
  );
}

/**
 * Ends the remote's canary when it has one (the live release stays). Otherwise puts the previous release back live;
 * the one it replaces becomes `previous`, so a second rollback undoes it. After a first promotion the previous one is
 * the build in dist/ (`previous: null`, as promote says): rolling back puts it back live (`live: null`).
 */
export function rollback(
  remote: RemoteInfo,
  env: NodeJS.ProcessEnv = process.env,
): LiveEntry & { endedCanary?: CanaryEnd } {
  const ended = endCanary(remote, 'rolled back by pnpm modules rollback', env);
  const state = readLiveState(env);
  const current = state[remote.name as RemoteName];
  if (ended) return { ...current!, endedCanary: ended };
  if (!current || (current.live === null && current.previous === null)) {
    throw new ReleaseError(`${remote.dir} has no previous release to roll back to`);
  }
  const entry: LiveEntry = { ...current, live: current.previous, previous: current.live };
  writeLiveState({ ...state, [remote.name]: entry }, env);
  return entry;
}

/**
 * For each remote, by federation name: the live release (null: its unreleased build in dist/), the previous one, its
 * canary and share (null: none), how its last canary was taken out, all its releases, and the release folders whose release.json is unreadable (the others are listed all the same).
 */
export function status(env: NodeJS.ProcessEnv = process.env): Record<RemoteName, RemoteStatus> {
  const state = readLiveState(env);
  return Object.fromEntries(
    Object.values(REMOTES).map((remote) => {
      const { releases, unreadable } = readReleases(remote, env);
      return [
        remote.name,
        {
          live: state[remote.name]?.live ?? null,
          previous: state[remote.name]?.previous ?? null,
          canary: state[remote.name]?.canary ?? null,
          canaryEnded: state[remote.name]?.canaryEnded ?? null,
          releases: releases.map((info) => info.version),
          unreadable: unreadable.map(unreadableMessage),
        },
      ];
    }),
  ) as Record<RemoteName, RemoteStatus>;
}
