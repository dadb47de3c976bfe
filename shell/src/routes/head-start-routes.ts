/** The route table's remote pages, for the first paint's head start (first-paint/head-start/settings.ts). */
import type { HeadStartRoute } from 'first-paint/head-start/settings';
// With its extension: the shell's vite config reads this module too, through Node's own loader.
import { pathPattern, ROUTES, type RouteEntry } from './route-table.ts';

export function headStartRoutes(routes: readonly RouteEntry[] = ROUTES): HeadStartRoute[] {
  return routes.flatMap(({ path, source, prerendered = false, loginToast }): HeadStartRoute[] =>
    'remote' in source
      ? [[pathPattern(path), source.remote, source.page, prerendered, loginToast !== undefined]]
      : [],
  );
}
