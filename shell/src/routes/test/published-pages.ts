/**
 * What each remote's manifest publishes as its `pages` (site-config/published-pages.ts), read from the
 * remotes' route modules as their builds read them, and the site's routes the shell makes of them: the stand-in of the
 * tests, the journeys and the bench for the manifests the shell reads at run time.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  publishedPage,
  type PageRoute,
  type RemoteManifestFields,
} from '../../../../shared-ui/src/shell-remote-contract.ts';
import { REMOTES } from 'site-config/apps';
import { remotePages } from 'site-config/pages';
import { routesOf, siteRoutes, type RouteEntry } from '../route-table.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Each remote's route modules, by exposed page name ('Home'). */
export const PAGE_ROUTES: Record<string, Record<string, PageRoute>> = Object.fromEntries(
  await Promise.all(
    Object.values(REMOTES).map(async ({ name, dir }) => [
      name,
      Object.fromEntries(
        await Promise.all(
          remotePages(join(ROOT, dir)).map(async ({ expose, route }) => {
            const module = (await import(/* @vite-ignore */ join(ROOT, dir, route))) as {
              default: PageRoute;
            };
            return [expose.slice(2), module.default];
          }),
        ),
      ),
    ]),
  ),
);

export const PUBLISHED_PAGES: Record<string, NonNullable<RemoteManifestFields['pages']>> = Object.fromEntries(
  Object.entries(PAGE_ROUTES).map(([remote, routes]) => [
    remote,
    Object.fromEntries(Object.entries(routes).map(([page, route]) => [page, publishedPage(route)])),
  ]),
);

/** The site's routes as the shell makes them of those manifests (remote-routes.ts). */
export const SITE_ROUTES: RouteEntry[] = siteRoutes(
  Object.entries(PUBLISHED_PAGES).flatMap(([remote, pages]) => routesOf(remote, pages)),
);
