/**
 * Where each app of the site runs: one table for the vite configs, the shell's remotes.json and the e2e stack.
 * Every port can be moved with its environment variable.
 */
import { readLiveState, releasePath } from './live-releases.ts';

export interface AppInfo {
  /** Federation name; remotes are loaded as `<name>/<Page>`. */
  name: string;
  dir: string;
  portEnv: string;
  defaultPort: number;
}

/** A remote: an app, and the variable that tells the shell's build where its manifest is served. */
export interface RemoteInfo extends AppInfo {
  manifestUrlEnv: string;
  /** What its standalone dev page is called. */
  title: string;
}

export const SHELL: AppInfo = { name: 'shell', dir: 'shell', portEnv: 'SHELL_PORT', defaultPort: 5173 };

export const REMOTES = {
  mf_catalogue: {
    name: 'mf_catalogue',
    dir: 'mf-catalogue',
    portEnv: 'CATALOGUE_PORT',
    defaultPort: 5174,
    manifestUrlEnv: 'CATALOGUE_MANIFEST_URL',
    title: 'Catalogue',
  },
  mf_artifact_editor: {
    name: 'mf_artifact_editor',
    dir: 'mf-artifact-editor',
    portEnv: 'EDITOR_PORT',
    defaultPort: 5175,
    manifestUrlEnv: 'EDITOR_MANIFEST_URL',
    title: 'Artifact editor',
  },
  mf_account: {
    name: 'mf_account',
    dir: 'mf-account',
    portEnv: 'ACCOUNT_PORT',
    defaultPort: 5176,
    manifestUrlEnv: 'ACCOUNT_MANIFEST_URL',
    title: 'Account',
  },
} as const satisfies Record<string, RemoteInfo>;

export type RemoteName = keyof typeof REMOTES;

export const API_PORT_ENV = 'API_PORT';
export const API_DEFAULT_PORT = 3000;
export const AUTH_EMULATOR_PORT_ENV = 'AUTH_EMULATOR_PORT';
export const AUTH_EMULATOR_DEFAULT_PORT = 9099;

/**
 * One copy of each for the whole site: the host's copy wins, remotes reuse it. React Router, TanStack Query and the
 * toasts are not here: they travel inside shared-ui (shared-ui/src/router.ts, shared-ui/src/data, shared-ui/src/toast),
 * so one copy of each still serves every app (one router context, one data cache), tree-shaken to what the kit uses
 * (a share of its own is bundled whole: React Router about 56 KB against 10), the toasts' library loaded only when
 * first needed.
 */
export const SHARED_SINGLETONS = ['react', 'react-dom', 'zustand', 'styled-components', 'shared-ui'] as const;

type Env = Record<string, string | undefined>;

export function portOf(app: AppInfo, env: Env = process.env): number {
  return Number(env[app.portEnv] ?? app.defaultPort);
}

export function apiPort(env: Env = process.env): number {
  return Number(env[API_PORT_ENV] ?? API_DEFAULT_PORT);
}

export function authEmulatorPort(env: Env = process.env): number {
  return Number(env[AUTH_EMULATOR_PORT_ENV] ?? AUTH_EMULATOR_DEFAULT_PORT);
}

/**
 * remotes.json: each remote's manifest URL, as its variable (CATALOGUE_MANIFEST_URL, ...) says where a deployment
 * serves it, or on this machine at its port. The local servers answer it with each remote's live release when one
 * was promoted (`withLiveReleases`, live-releases.ts); a build writes the remotes' own builds.
 */
export function remotesManifest(
  env: Env = process.env,
  { withLiveReleases = false } = {},
): Record<RemoteName, string> {
  const live = withLiveReleases ? readLiveState(env) : {};
  const entries = Object.values(REMOTES).map((remote: RemoteInfo) => [
    remote.name,
    manifestUrlOf(remote, live[remote.name as RemoteName]?.live ?? null, env),
  ]);
  return Object.fromEntries(entries) as Record<RemoteName, string>;
}

/**
 * Where a remote's manifest is: its variable (CATALOGUE_MANIFEST_URL, ...) when a deployment serves it elsewhere,
 * or on this machine at its port, under `/releases/<version>/` for a release (`version` null: its own build).
 */
export function manifestUrlOf(remote: RemoteInfo, version: string | null, env: Env = process.env): string {
  const local = `http://localhost:${portOf(remote, env)}${version ? releasePath(version) : '/'}mf-manifest.json`;
  return env[remote.manifestUrlEnv] || local;
}

/**
 * remotes.json as a running site answers it: each remote's live release. The preview servers answer it on every
 * request; `pnpm modules promote|rollback` write it to `<releases>/remotes.json`, the file nginx serves
 * (deploy/modules/releases.ts).
 */
export const liveRemotesJson = (env: Env = process.env): string =>
  JSON.stringify(remotesManifest(env, { withLiveReleases: true }), null, 2);

/**
 * Where the shell's build points the site: the API, and the Auth Emulator unless a real Firebase project is configured
 * (docs/decisions.md, Identity). The build bakes these in; the pages' security policy names the same (page-security.ts).
 */
export function siteAddresses(env: Env = process.env): { apiUrl: string; authEmulatorHost: string } {
  return {
    apiUrl: env.VITE_API_URL || `http://localhost:${apiPort(env)}`,
    authEmulatorHost:
      env.VITE_FIREBASE_AUTH_EMULATOR_HOST ||
      (env.VITE_FIREBASE_API_KEY ? '' : `127.0.0.1:${authEmulatorPort(env)}`),
  };
}
