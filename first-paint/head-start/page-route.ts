/** Which remote page the head start loads: the route React Router will render, and where its manifest likely is. */
import type { HeadStartRoute } from './settings.ts';
import { fallBack, type FirstPaintState } from './state.ts';

/** The current location's remote page and its parameters, or null (said) for a page the shell renders itself. */
export function matchRoute(
  state: FirstPaintState,
  routes: readonly HeadStartRoute[],
): { route: HeadStartRoute; pathParams: Record<string, string> } | null {
  // As React Router matches (shell/src/routes/route-table.ts, pathPattern): each segment decoded, an encoded '/' kept,
  // any case.
  let pathname = location.pathname;
  try {
    pathname = pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch (error) {
    fallBack(state, 'malformed path', error);
  }
  const route = routes.find(([pattern]) => new RegExp(pattern, 'i').test(pathname));
  if (!route) {
    fallBack(state, 'not a remote page');
    return null;
  }
  // The route's parameters by name, for a request path that names them ('/api/artifacts/:id').
  return { route, pathParams: { ...new RegExp(route[0], 'i').exec(pathname)?.groups } };
}

/**
 * The manifest the build's own remotes.json names for the remote (`builtRemotes`), asked for at once, beside
 * remotes.json rather than one round trip after it (150 ms on a slow link, and its turn on a busy main thread on
 * any). remotes.json still decides: when a deployment has edited it to move the remote, the guess is dropped, one
 * wasted request. Never from a public page to this machine: a deployment that edited remotes.json rather than
 * building with the remotes' addresses would send every visitor's browser to a local port (and, in recent Chromes, a
 * prompt).
 */
export function likelyManifestUrl(builtManifestUrl: string | undefined): string | undefined {
  const onLoopback = (url: string) => /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(new URL(url).hostname);
  return builtManifestUrl && (onLoopback(location.href) || !onLoopback(builtManifestUrl))
    ? builtManifestUrl
    : undefined;
}
