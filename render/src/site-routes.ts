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

/**
 * Each page's browser modules, as addresses: the remote's entry and the page's own chunks (its expose's `sync`
 * JavaScript in the manifest), what the browser imports before it can hydrate the page.
 */
export type PageModules = Record<string, string[]>;

/** The fields of a manifest @module-federation/vite writes that say where a page's browser files are. */
interface ManifestFiles {
  metaData?: { publicPath?: string; remoteEntry?: { path: string; name: string } };
  exposes?: Array<{ name: string; assets?: { js?: { sync?: string[] } } }>;
}

/** The browser modules of each page of the manifest at `url` (its files are beside it when `publicPath` is auto). */
export function pageModulesOf(manifest: ManifestFiles, url: string): PageModules {
  const { publicPath = 'auto', remoteEntry } = manifest.metaData ?? {};
  const base = publicPath === 'auto' ? url : new URL(publicPath, url).href;
  const at = (file: string) => new URL(file, base).href;
  const entry = remoteEntry
    ? [at(`${remoteEntry.path ? `${remoteEntry.path}/` : ''}${remoteEntry.name}`)]
    : [];
  return Object.fromEntries(
    (manifest.exposes ?? []).map(({ name, assets }) => [
      name,
      [...entry, ...(assets?.js?.sync ?? []).map(at)],
    ]),
  );
}

export interface SiteRoutes {
  /** The remotes' releases these routes were read from (name to manifest URL). */
  remotes: Record<string, string>;
  routes: RouteEntry[];
  /** Each readable remote's pages' browser modules. */
  modules: Record<string, PageModules>;
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

interface RemotePages {
  pages: Pages;
  modules: PageModules;
}

interface KnownManifest extends RemotePages {
  etag: string | null;
  checkedAt: number;
}

/** Reads the site's routes from the remotes' manifests, keeping each manifest's pages under its ETag. */
export function siteRoutesReader(now = Date.now) {
  const known = new Map<string, KnownManifest>();
  /** One read of a manifest at a time: the pages asked for meanwhile wait for it. */
  const reading = new Map<string, Promise<RemotePages>>();

  async function read(url: string, cached: KnownManifest | undefined): Promise<RemotePages> {
    const response = await fetch(url, {
      headers: cached?.etag ? { 'If-None-Match': cached.etag } : {},
      signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS),
    });
    if (response.status === 304 && cached) {
      cached.checkedAt = now();
      return cached;
    }
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const manifest = (await response.json()) as RemoteManifestFields & ManifestFiles;
    const read = { pages: pagesOf(manifest), modules: pageModulesOf(manifest, url) };
    known.set(url, { ...read, etag: response.headers.get('etag'), checkedAt: now() });
    return read;
  }

  function pagesAt(url: string): Promise<RemotePages> {
    const cached = known.get(url);
    if (cached && now() - cached.checkedAt < MANIFEST_FRESH_MS) return Promise.resolve(cached);
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
          const { pages, modules } = await pagesAt(url);
          return { remote, routes: routesOf(remote, pages), modules };
        } catch (error) {
          console.error(`The ${remote} module's pages could not be read: ${(error as Error).message}`);
          return remote;
        }
      }),
    );
    const readable = read.filter((pages) => typeof pages !== 'string');
    return {
      remotes,
      routes: siteRoutes(readable.flatMap(({ routes }) => routes)),
      modules: Object.fromEntries(readable.map(({ remote, modules }) => [remote, modules])),
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
