/**
 * Which release of each remote is live (deploy/modules/releases.ts writes it; `pnpm modules` is its command line):
 * `releases/live.json` at the repository's root, or under RELEASES_DIR. Read on every request by the local servers,
 * so a promotion or a rollback takes effect on the next page load without a rebuild or a restart.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RemoteName } from './apps.ts';

type Env = Record<string, string | undefined>;

/** This package's folder is at the repository's root. */
const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A release put live for a share of visitors beside the live one (`pnpm modules canary`). */
export interface CanaryEntry {
  version: string;
  /** The share of visitors' buckets that load it, 0-100. */
  percent: number;
  /** When it went out (ISO): its health is read from then on. */
  since: string;
}

/** How the last canary of a remote ended when it was taken out rather than promoted: what, why and when. */
export interface CanaryEnd {
  version: string;
  reason: string;
  at: string;
}

export interface LiveEntry {
  live: string | null;
  previous: string | null;
  canary?: CanaryEntry | null;
  /** The last canary taken out (`pnpm modules rollback`, or the watcher's automatic rollback). */
  canaryEnded?: CanaryEnd | null;
}
export type LiveState = Partial<Record<RemoteName, LiveEntry>>;

export function releasesDir(env: Env = process.env): string {
  return resolve(REPOSITORY_ROOT, env.RELEASES_DIR || 'releases');
}

export function readLiveState(env: Env = process.env): LiveState {
  const file = resolve(releasesDir(env), 'live.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as LiveState) : {};
}

/**
 * Where a remote's server serves one of its releases: `/releases/<version>/` beside its own build. A version has
 * only characters a URL path takes as they are (semver: digits, letters, `.`, `-`, `+`).
 */
export const releasePath = (version: string) => `/releases/${version}/`;

/** The file in the shell's build that says which kit it provides: `{ "shared-ui": "1.1.0" }`. */
export const KIT_FILE = 'kit.json';

/** The shell build the local servers serve: shell/dist, or SHELL_DIST (the journeys' failures stack has its own). */
export function shellDist(env: Env = process.env): string {
  return resolve(REPOSITORY_ROOT, env.SHELL_DIST || 'shell/dist');
}
