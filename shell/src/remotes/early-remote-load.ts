/**
 * The first remote page of a visit waits on a chain of requests: remotes.json, then the remote's manifest, then its
 * remoteEntry.js and the page's chunks. Left to the app, that chain starts only once the shell's own JavaScript has
 * downloaded and rendered. `startEarlyRemoteLoad` runs inline in index.html instead (shell/vite.config.ts writes it
 * there with the route table's patterns), so the chain runs while the shell's JavaScript is still downloading:
 * it fetches remotes.json and the current route's manifest, and modulepreloads the remote entry and the page's
 * chunks, and preloads the images the manifest says the page paints first (Home's hero picture, its largest paint).
 * The registry then takes the two responses it would have fetched (`takeEarly*`), once each.
 *
 * The inline copy is startEarlyRemoteLoad's source: it must stay self-contained (no outer names; types are erased).
 */
import type { ImagePreload, ManifestImagePreloads } from 'shared-ui/build';
import type { RouteEntry } from '../routes/route-table';

export interface EarlyRemoteLoad {
  remotesJson: Promise<Response>;
  /** Manifest responses by URL, for the federation runtime's fetch hook. */
  manifests: Record<string, Promise<Response>>;
}

declare global {
  interface Window {
    __heritageEarlyRemoteLoad?: EarlyRemoteLoad;
  }
}

/** [path pattern as a regular expression source, remote name, exposed page] */
export type EarlyRoute = [pattern: string, remote: string, page: string];

export function startEarlyRemoteLoad(routes: EarlyRoute[]): void {
  const early: EarlyRemoteLoad = { remotesJson: fetch('/remotes.json'), manifests: {} };
  window.__heritageEarlyRemoteLoad = early;
  // A failure here is the registry's to report, when it takes the response.
  early.remotesJson.catch(() => undefined);
  const route = routes.find(([pattern]) => new RegExp(pattern).test(location.pathname));
  if (!route) return;
  const [, remote, page] = route;
  const hint = (attributes: Record<string, string | undefined>) => {
    const link = document.createElement('link');
    for (const [name, value] of Object.entries(attributes)) if (value) link.setAttribute(name, value);
    document.head.appendChild(link);
  };
  const preload = (href: string) => hint({ rel: 'modulepreload', href });
  early.remotesJson
    .then((response) => (response.ok ? response.clone().json() : null))
    .then(async (remotes: Record<string, string> | null) => {
      const manifestUrl = remotes?.[remote];
      if (!manifestUrl) return;
      const manifestResponse = fetch(manifestUrl);
      early.manifests[manifestUrl] = manifestResponse;
      const response = await manifestResponse;
      if (!response.ok) return;
      const manifest = await response.clone().json();
      const base = new URL('.', manifestUrl).href;
      const entry = manifest.metaData.remoteEntry;
      preload(new URL(entry.path ? `${entry.path}/${entry.name}` : entry.name, base).href);
      const exposed = manifest.exposes.find((expose: { name: string }) => expose.name === page);
      const { sync = [], async = [] } = exposed?.assets.js ?? {};
      // Of the page's lazy chunks only the federation's loadShare wrappers are certain to run, at once.
      const shareWrappers = async.filter((asset: string) => asset.includes('__loadShare__'));
      for (const asset of [...sync, ...shareWrappers]) preload(new URL(asset, base).href);
      // As the page's <img> or <source> asks for the image, so the page finds it already loading, or loaded.
      const images: ImagePreload[] = (manifest as ManifestImagePreloads).imagePreloads?.[page] ?? [];
      for (const { srcset, sizes, media } of images) {
        hint({
          rel: 'preload',
          as: 'image',
          fetchpriority: 'high',
          imagesrcset: srcset
            .map(([file, descriptor]) => [new URL(file, base).href, descriptor].filter(Boolean).join(' '))
            .join(', '),
          imagesizes: sizes,
          media,
        });
      }
    })
    // Only a head start: the registry loads the remote itself and reports any failure.
    .catch(() => undefined);
}

/** The route table's remote pages for the inline script: '/artifact-details/:id' matches one segment for ':id'. */
export function earlyRoutes(routes: readonly RouteEntry[]): EarlyRoute[] {
  return routes.flatMap(({ path, source }): EarlyRoute[] =>
    'remote' in source ? [[`^${path.replace(/:[^/]+/g, '[^/]+')}/?$`, source.remote, source.page]] : [],
  );
}

/** remotes.json as index.html already requested it, the first time it is asked for. */
export function takeEarlyRemotesJson(): Promise<Response> | undefined {
  const early = window.__heritageEarlyRemoteLoad;
  const response = early?.remotesJson;
  if (early) delete (early as Partial<EarlyRemoteLoad>).remotesJson;
  return response;
}

/** A manifest index.html already requested, the first time the federation runtime asks for it. */
export function takeEarlyManifest(url: string): Promise<Response> | undefined {
  const manifests = window.__heritageEarlyRemoteLoad?.manifests;
  const response = manifests?.[url];
  if (manifests) delete manifests[url];
  return response;
}
