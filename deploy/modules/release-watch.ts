/**
 * Release health for the team and the automatic rollback (issue #56 items 2 and 3). The API keeps what real visits
 * say of each release (GET /api/release-health: views, error rate, p75 web vitals; api/README.md, "Release health");
 * `pnpm modules status` shows it for each live and canary release, and `pnpm modules watch` (which `pnpm
 * start:production` runs) takes a canary out when, once it has its minimum of views, its error rate exceeds the live
 * release's by more than a margin or its p75 LCP is worse by more than a ratio. The rule is canaryVerdict; its
 * thresholds are settings (docs/releasing.md):
 *
 *   CANARY_MIN_VIEWS            50     views a canary needs before it is judged
 *   CANARY_ERROR_MARGIN         0.02   how far its share of views with an error may exceed the live release's
 *   CANARY_LCP_RATIO            1.25   how many times the live release's p75 LCP its own may be
 *   CANARY_WATCH_SECONDS        30     how often the watcher looks
 *   RELEASE_HEALTH_URL          the site's API (VITE_API_URL, or localhost:API_PORT)
 *   RELEASE_WATCH_METRICS_PORT  9091   where the watcher serves its verdicts to Prometheus (release-watch-metrics.ts)
 */
import type { ReleaseHealth } from 'artifact-model/release-health';
import { REMOTES, siteAddresses, type RemoteName } from 'site-config/apps';
import { readLiveState } from 'site-config/live-releases';
import { releaseWatchMetrics, type ReleaseWatchMetrics } from './release-watch-metrics.ts';
import { endCanary, ReleaseError } from './releases.ts';

/** What a remote's own build (nothing promoted) is called in release health: the shell reports it so. */
export const BUILD_RELEASE = 'build';

export interface CanaryThresholds {
  minViews: number;
  errorMargin: number;
  lcpRatio: number;
}

function setting(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max)
    throw new ReleaseError(`${name} must be a number from ${min} to ${max}, not '${raw}'`);
  return value;
}

export function canaryThresholds(env: NodeJS.ProcessEnv = process.env): CanaryThresholds {
  return {
    minViews: setting(env, 'CANARY_MIN_VIEWS', 50, 1, 1_000_000),
    errorMargin: setting(env, 'CANARY_ERROR_MARGIN', 0.02, 0, 1),
    lcpRatio: setting(env, 'CANARY_LCP_RATIO', 1.25, 1, 100),
  };
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;

/**
 * Why a canary must be taken out, or null while it may stay (too few views yet, or as healthy as the live release
 * within the thresholds). No figure of the live release counts as none: 0 errors, and no LCP to compare.
 */
export function canaryVerdict(
  canary: ReleaseHealth | undefined,
  live: ReleaseHealth | undefined,
  { minViews, errorMargin, lcpRatio }: CanaryThresholds,
): string | null {
  if (!canary || canary.views < minViews) return null;
  const liveRate = live?.views ? live.errorRate : 0;
  if (canary.errorRate > liveRate + errorMargin)
    return (
      `error rate ${percent(canary.errorRate)} over ${canary.views} views against the live release's ` +
      `${percent(liveRate)} (margin ${percent(errorMargin)})`
    );
  const canaryLcp = canary.p75.lcp;
  const liveLcp = live?.p75.lcp;
  if (canaryLcp !== null && liveLcp && canaryLcp > liveLcp * lcpRatio)
    return `p75 LCP ${canaryLcp} ms against the live release's ${liveLcp} ms (at most ${lcpRatio} times)`;
  return null;
}

export const healthUrl = (env: NodeJS.ProcessEnv = process.env) =>
  (env.RELEASE_HEALTH_URL || siteAddresses(env).apiUrl).replace(/\/+$/, '');

/** Every release's health since `since`, from the API. */
export async function fetchReleaseHealth(
  since: Date,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ReleaseHealth[]> {
  const url = `${healthUrl(env)}/api/release-health?since=${encodeURIComponent(since.toISOString())}`;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new ReleaseError(`Release health could not be read from ${url}: ${(error as Error).message}`);
  }
  if (!response.ok)
    throw new ReleaseError(`Release health could not be read: ${url} answered ${response.status}`);
  return ((await response.json()) as { releases: ReleaseHealth[] }).releases;
}

export const healthOf = (releases: readonly ReleaseHealth[], remote: string, version: string | null) =>
  releases.find((health) => health.remote === remote && health.release === (version ?? BUILD_RELEASE));

/**
 * One look at every canary: each whose verdict says so is taken out, with the reason. Returns what was done. What it
 * finds goes to `metrics` (release-watch-metrics.ts); a canary it cannot take out stays unhealthy there, and the look
 * ends with a ReleaseError saying why (the watcher tries again at its next look).
 */
export async function watchOnce(
  env: NodeJS.ProcessEnv = process.env,
  now = new Date(),
  metrics: ReleaseWatchMetrics = releaseWatchMetrics(),
): Promise<string[]> {
  const thresholds = canaryThresholds(env);
  const state = readLiveState(env);
  const done: string[] = [];
  for (const remote of Object.values(REMOTES)) {
    const entry = state[remote.name as RemoteName];
    metrics.canaryOut(remote.dir, entry?.canary?.version ?? null);
    if (!entry?.canary) continue;
    // The canary and the live release over the same minutes: since the canary went out.
    const releases = await fetchReleaseHealth(new Date(entry.canary.since), env);
    const reason = canaryVerdict(
      healthOf(releases, remote.name, entry.canary.version),
      healthOf(releases, remote.name, entry.live),
      thresholds,
    );
    if (!reason) continue;
    metrics.canaryUnhealthy(remote.dir, entry.canary.version);
    let ended;
    try {
      ended = endCanary(remote, `automatic rollback: ${reason}`, env, now);
    } catch (error) {
      throw new ReleaseError(
        `${remote.dir}: canary ${entry.canary.version} could not be taken out (${reason}): ${(error as Error).message}`,
      );
    }
    // Taken out now, or by someone else since live.json was read: either way it is out.
    metrics.canaryOut(remote.dir, null);
    if (!ended) continue;
    metrics.rolledBack(remote.dir);
    done.push(`${remote.dir}: canary ${ended.version} taken out at ${ended.at}: ${ended.reason}`);
  }
  metrics.checked(now);
  return done;
}
