/**
 * The discovery document (issue #56): for each remote, the releases visitors may get and each one's share of the
 * traffic, in the shape of the frontend discovery schema (awslabs/frontend-discovery: `microFrontends`, each a list
 * of versions with `deployment.traffic` and `deployment.default`). Made from live.json (`pnpm modules promote|canary|
 * rollback`), read per request by whatever serves remotes.json (render/src/release-choice.ts picks one release per
 * visitor from it) and written beside live.json as discovery.json for any other host.
 */
import { manifestUrlOf, REMOTES, type RemoteInfo, type RemoteName } from './apps.ts';
import { readLiveState, type LiveState } from './live-releases.ts';

type Env = Record<string, string | undefined>;

export const DISCOVERY_SCHEMA = 'https://mfewg.org/schema/v1-pre.json';

/** One release of a micro-frontend as the schema describes it. */
export interface DiscoveredRelease {
  /** Its manifest. */
  url: string;
  /** `version` null: the remote's own build in dist/ (nothing promoted yet). */
  metadata: { version: string | null };
  /** `traffic`: the percentage of visitors' buckets that get it; `default`: the live one, for everyone else. */
  deployment: { traffic: number; default: boolean };
}

export interface DiscoveryDocument {
  schema: string;
  microFrontends: Record<RemoteName, DiscoveredRelease[]>;
}

export function discoveryDocument(
  env: Env = process.env,
  state: LiveState = readLiveState(env),
): DiscoveryDocument {
  const entries = Object.values(REMOTES).map((remote: RemoteInfo) => {
    const entry = state[remote.name as RemoteName];
    const live = entry?.live ?? null;
    const canary = entry?.canary;
    const releases: DiscoveredRelease[] = [
      {
        url: manifestUrlOf(remote, live, env),
        metadata: { version: live },
        deployment: { traffic: 100 - (canary?.percent ?? 0), default: true },
      },
    ];
    if (canary)
      releases.push({
        url: manifestUrlOf(remote, canary.version, env),
        metadata: { version: canary.version },
        deployment: { traffic: canary.percent, default: false },
      });
    return [remote.name, releases];
  });
  return {
    schema: DISCOVERY_SCHEMA,
    microFrontends: Object.fromEntries(entries) as Record<RemoteName, DiscoveredRelease[]>,
  };
}
