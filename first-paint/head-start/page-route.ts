/** The route React Router will render, matched by the head start, which runs before any library has loaded. */
import { fallBack, type FirstPaintState } from './state.ts';

/**
 * A route's path as the source of the regular expression React Router compiles it to (its `compilePath`, for the
 * routes' patterns: static segments and `:param`). Matched case-insensitively against the decoded pathname, as React
 * Router does; a unit test holds the two to the same answers (shell/src/head-start/head-start-routes.test.ts).
 */
export function pathPattern(path: string): string {
  const escaped = path.replace(/\/*$/, '').replace(/[\\.*+^${}|()[\]]/g, '\\$&');
  // Each parameter a named group, so the head start can fill a member page's request path with it.
  return `^${escaped.replace(/\/:(\w+)/g, '/(?<$1>[^\\/]+)')}\\/*$`;
}

/** `pathname` matched against a pattern of pathPattern's. */
export const matchPath = (pattern: string, pathname: string) => new RegExp(pattern, 'i').exec(pathname);

/** The current location's pathname as React Router matches it: each segment decoded, an encoded '/' kept. */
export function routerPathname(state: FirstPaintState): string {
  try {
    return location.pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch (error) {
    fallBack(state, 'malformed path', error);
    return location.pathname;
  }
}
