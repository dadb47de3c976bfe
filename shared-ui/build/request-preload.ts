/**
 * A page's first API request, started by the shell's index.html before any of the app's code has run. A page that
 * shows data asks for it only once the shell and the page have downloaded and rendered (half a second and more);
 * the request itself then takes 20-150 ms more. A remote names, for an exposed page, the GET the page makes as it
 * opens; the build publishes it in the remote's manifest (`requestPreloads`), the shell's inline head start
 * (shell/src/remotes/early-remote-load.ts) sends it as soon as the manifest arrives, and the API client hands the
 * response to the page's own request for the same URL, once (shared-ui/src/api/api-client.ts).
 *
 * Only for requests without credentials: the inline script has no token.
 */
import type { Plugin } from 'vite';
import { extendManifest } from './manifest.ts';

/** One query parameter: a fixed value, or the page URL's parameter of that name, trimmed and left out when blank. */
export type RequestPreloadParam = [name: string, value: string | { fromPage: string }];

export interface RequestPreload {
  /** The path under the API's base URL, as the page's request has it ('/artifacts/top-liked'). */
  path: string;
  /** The query, in the order the page's request writes it. */
  query?: RequestPreloadParam[];
}

/** What a remote's build adds to its manifest: the first request of each exposed page that names one ('Home'). */
export interface ManifestRequestPreloads {
  requestPreloads?: Record<string, RequestPreload>;
}

/** The URL the page will ask for, opened at `pageUrl` (the shell's inline head start bundles it). */
export function requestPreloadUrl(preload: RequestPreload, pageUrl: string, apiBaseUrl: string): string {
  const pageParams = new URL(pageUrl).searchParams;
  const query = new URLSearchParams();
  for (const [name, value] of preload.query ?? []) {
    const resolved = typeof value === 'string' ? value : (pageParams.get(value.fromPage) ?? '').trim();
    if (resolved) query.set(name, resolved);
  }
  const search = query.toString();
  return `${apiBaseUrl.replace(/\/+$/, '')}${preload.path}${search ? `?${search}` : ''}`;
}

/** Publishes each page's first request in the remote's manifest, by exposed page name without its './'. */
export function publishRequestPreloads(
  exposes: Record<string, string>,
  preloads: Record<string, RequestPreload>,
): Plugin {
  return {
    name: 'heritage-publish-request-preloads',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const published: ManifestRequestPreloads['requestPreloads'] = Object.fromEntries(
          Object.entries(preloads).map(([page, preload]) => {
            if (!(page in exposes)) this.error(`request preloads: ${page} is not exposed`);
            return [page.replace(/^\.\//, ''), preload];
          }),
        );
        extendManifest(bundle, { requestPreloads: published }, (message) =>
          this.error(`request preloads: ${message}`),
        );
      },
    },
  };
}
