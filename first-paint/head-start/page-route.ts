/**
 * Which remote page the head start loads: the route React Router will render, found among the pages the remotes'
 * manifests publish (`pages`), and where each manifest likely is.
 */
import type { FederationManifest, FirstPaintManifest, PublishedPage } from './manifest.ts';
import { fallBack, type FirstPaintState } from './state.ts';

/**
 * A route's path as the source of the regular expression React Router compiles it to (its `compilePath`, for the
 * routes' patterns: static segments and `:param`), for the head start, which runs before any library has loaded.
 * Matched case-insensitively against the decoded pathname, as React Router does; a unit test holds the two to the
 * same answers (shell/src/head-start/head-start-routes.test.ts).
 */
export function pathPattern(path: string): string {
  const escaped = path.replace(/\/*$/, '').replace(/[\\.*+^${}|()[\]]/g, '\\$&');
  // Each parameter a named group, so the head start can fill a member page's request path with it.
  return `^${escaped.replace(/\/:(\w+)/g, '/(?<$1>[^\\/]+)')}\\/*$`;
}

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

/** Whether `pathname` is one of `patterns` (pathPattern's). */
export const matchesAny = (pathname: string, patterns: readonly string[]) =>
  patterns.some((pattern) => new RegExp(pattern, 'i').test(pathname));

export type RemoteManifest = FirstPaintManifest & FederationManifest;

/** A remote's page the location shows, as its manifest publishes it. */
export interface FoundPage extends PublishedPage {
  remote: string;
  page: string;
  prerendered: boolean;
  /** The route's parameters by name, for a request path that names them ('/api/artifacts/:id'). */
  pathParams: Record<string, string>;
  manifestUrl: string;
  manifest: RemoteManifest;
}

/** The page of `manifest` (the remote's) that shows `pathname`, if any. */
export function pageOf(
  pathname: string,
  remote: string,
  manifestUrl: string,
  manifest: RemoteManifest,
): FoundPage | null {
  for (const [page, { prerendered = false, ...published }] of Object.entries(manifest.pages ?? {})) {
    const match = new RegExp(pathPattern(published.path), 'i').exec(pathname);
    if (match)
      return {
        ...published,
        remote,
        page,
        prerendered,
        pathParams: { ...match.groups },
        manifestUrl,
        manifest,
      };
  }
  return null;
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
