/**
 * The site's routes on the server, as the shell builds them in the browser (shell/src/routes/remote-routes.ts): the
 * pages of the visitor's releases of the remotes (release-choice.ts, read per request: a promotion, a rollback or a
 * canary is followed by the next request) from their manifests' `pages`, the shell's own, and Not Found; matched
 * with React Router's matchRoutes, as the shell's router does. A manifest is asked for again once a second at most,
 * revalidated with its ETag (remotes serve them no-cache), so an unchanged one costs a 304.
 */
import { matchRoutes } from 'react-router-dom';
import { pagesOf, type PublishedPage, type RemoteManifestFields } from 'shared-ui/shell-remote-contract';
import { routesOf, siteRoutes, type RouteEntry } from '../../shell/src/routes/route-table.ts';

type Pages = Record<string, PublishedPage>;

export interface SiteRoutes {
  /** The remotes' releases these routes were read from (name to manifest URL). */
  remotes: Record<string, string>;
  routes: RouteEntry[];
  /** Remotes whose pages could not be read: a path no route matches may be one of theirs. */
  unavailable: string[];
}

export interface MatchedRoute {
  route: RouteEntry;
  params: Record<string, string | undefined>;
}

const MANIFEST_TIMEOUT_MS = 2000;

/**
 * How long a manifest read is taken as current: under load, three manifests asked for on every page would be most of
 * a page's cost (measured: bench/results/render.md). A promotion is followed at once all the same (remotes.json
 * names another manifest); a remote redeployed at the same address, within this.
 */
const MANIFEST_FRESH_MS = 1000;

interface KnownManifest {
  etag: string | null;
  pages: Pages;
  checkedAt: number;
}

/** Reads the site's routes from the remotes' manifests, keeping each manifest's pages under its ETag. */
export function siteRoutesReader(now = Date.now) {
  const known = new Map<string, KnownManifest>();
  /** One read of a manifest at a time: the pages asked for meanwhile wait for it. */
  const reading = new Map<string, Promise<Pages>>();

  async function read(url: string, cached: KnownManifest | undefined): Promise<Pages> {
    const response = await fetch(url, {
      headers: cached?.etag ? { 'If-None-Match': cached.etag } : {},
      signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS),
    });
    if (response.status === 304 && cached) {
      cached.checkedAt = now();
      return cached.pages;
    }
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const pages = pagesOf((await response.json()) as RemoteManifestFields);
    known.set(url, { etag: response.headers.get('etag'), pages, checkedAt: now() });
    return pages;
  }

  function pagesAt(url: string): Promise<Pages> {
    const cached = known.get(url);
    if (cached && now() - cached.checkedAt < MANIFEST_FRESH_MS) return Promise.resolve(cached.pages);
    let pending = reading.get(url);
    if (!pending) {
      pending = read(url, cached).finally(() => reading.delete(url));
      reading.set(url, pending);
    }
    return pending;
  }

  /** The routes of these releases of the remotes (name to manifest URL). */
  return async function readSiteRoutes(remotes: Record<string, string>): Promise<SiteRoutes> {
    const read = await Promise.all(
      Object.entries(remotes).map(async ([remote, url]) => {
        try {
          return routesOf(remote, await pagesAt(url));
        } catch (error) {
          console.error(`The ${remote} module's pages could not be read: ${(error as Error).message}`);
          return remote;
        }
      }),
    );
    return {
      remotes,
      routes: siteRoutes(read.flatMap((pages) => (typeof pages === 'string' ? [] : pages))),
      unavailable: read.filter((pages) => typeof pages === 'string'),
    };
  };
}

/** The route that shows `pathname`, as the shell's router decides it (ranked, case-insensitive). */
export function matchRoute(pathname: string, routes: readonly RouteEntry[]): MatchedRoute {
  const match = matchRoutes([...routes], pathname)?.at(-1);
  if (!match) throw new Error(`the routes have no '*' route for ${pathname}`);
  return { route: match.route, params: match.params };
}
