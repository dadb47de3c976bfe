/**
 * The routes the web benchmark and the budget journey load, derived from the site's routes (the remotes' route modules and the shell's own) so a new route
 * cannot be forgotten silently: `benchRoutes` throws when the table has a path this list does not know.
 */
import type { RemoteName } from 'site-config/apps';
import { SITE_ROUTES as ROUTES } from '../../shell/src/routes/test/published-pages.ts';

/** Ids the parameterised routes need: an artifact the signed-in member owns (and so may update). */
export interface RouteIds {
  artifactId: string;
}

export interface BenchRoute {
  /** The route table's path (`/artifact-details/:id`), the key of results and budgets. */
  pattern: string;
  /** The path actually loaded. */
  path: (ids: RouteIds) => string;
  /** Protected: loaded signed in. Public routes are loaded signed out, as a first-time visitor sees them. */
  needsMember: boolean;
  /** The remote whose page the route renders (null: one of the shell's own pages). */
  remote: RemoteName | null;
  /** The document title the route sets ('{title} - Heritage Vault'). */
  title: string;
}

export const NOT_FOUND_PATH = '/no-such-page';

const CONCRETE: Record<string, (ids: RouteIds) => string> = {
  '/artifact-details/:id': (ids) => `/artifact-details/${ids.artifactId}`,
  '/update-artifact/:id': (ids) => `/update-artifact/${ids.artifactId}`,
  '*': () => NOT_FOUND_PATH,
};

export function benchRoutes(): BenchRoute[] {
  return ROUTES.map((route) => {
    const concrete = CONCRETE[route.path];
    if (!concrete && /[:*]/.test(route.path))
      throw new Error(`bench/web/routes.ts: no concrete path for ${route.path}`);
    return {
      pattern: route.path,
      path: concrete ?? (() => route.path),
      needsMember: route.loginToast !== undefined,
      remote: 'remote' in route.source ? (route.source.remote as RemoteName) : null,
      title: route.title,
    };
  });
}

export function benchRoute(pattern: string): BenchRoute {
  const route = benchRoutes().find((r) => r.pattern === pattern);
  if (!route) throw new Error(`no route ${pattern} in the shell's route table`);
  return route;
}
