/**
 * The remotes' pages as the site's routes, read at run time from each remote's manifest (docs/architecture.md). A
 * remote whose manifest cannot be read, or publishes no `pages` (built before route modules), is `unavailable`.
 */
import { pagesOf, type RemoteManifestFields } from 'shared-ui/shell-remote-contract';
import { ensureRegistered, manifestText } from '../remotes/remote-registry';
import { REMOTE_LABELS } from '../remotes/remote-unavailable';
import {
  openToVisitors,
  routesOf,
  SITE_SETTINGS_ID,
  type RouteEntry,
  type SiteSettings,
} from './route-table';

/** The site's settings the render service wrote into the page; none: every page as its remote publishes it. */
function siteSettings(): SiteSettings {
  const text = document.getElementById(SITE_SETTINGS_ID)?.textContent;
  try {
    return text ? (JSON.parse(text) as SiteSettings) : { publicPaths: [] };
  } catch (error) {
    console.error("The site's settings could not be read", error);
    return { publicPaths: [] };
  }
}

export interface RemoteRoutes {
  routes: RouteEntry[];
  unavailable: string[];
}

/** Every remote's pages; `retry` reads remotes.json and the manifests anew. Never rejects. */
export async function loadRemoteRoutes({ retry = false } = {}): Promise<RemoteRoutes> {
  let remotes: Record<string, string>;
  try {
    remotes = await ensureRegistered(retry);
  } catch (error) {
    console.error(error);
    return { routes: [], unavailable: Object.keys(REMOTE_LABELS) };
  }
  const read = await Promise.all(
    Object.entries(remotes).map(async ([remote, url]) => {
      try {
        const manifest = JSON.parse(await manifestText(url, { fresh: retry })) as RemoteManifestFields;
        return routesOf(remote, pagesOf(manifest));
      } catch (error) {
        console.error(`The ${remote} module's pages could not be read`, error);
        return remote;
      }
    }),
  );
  return {
    // A page the site opens to visitors (PUBLIC_ARTIFACT_PAGES) is not guarded, whatever its remote publishes.
    routes: openToVisitors(
      read.flatMap((pages) => (typeof pages === 'string' ? [] : pages)),
      siteSettings(),
    ),
    unavailable: read.filter((pages) => typeof pages === 'string'),
  };
}
