/** What the page's remote loads, hinted from its manifest as soon as it is in, so it downloads beside the picture. */
import { hint, preloadImage } from './dom.ts';
import type { FederationManifest, FirstPaintManifest } from './manifest.ts';

/**
 * The images the manifest says the page paints first (Home's hero picture, its largest paint), preloaded as the
 * page's <img> or <source> asks for them, so the page finds them already loading, or loaded.
 */
export function preloadFirstImages(manifest: FirstPaintManifest, page: string, base: string): void {
  for (const { srcset, sizes, media } of manifest.imagePreloads?.[page] ?? []) {
    preloadImage({
      imagesrcset: srcset
        .map(([file, descriptor]) => [new URL(file, base).href, descriptor].filter(Boolean).join(' '))
        .join(', '),
      imagesizes: sizes,
      media,
    });
  }
}

/** The remote's entry and the page's chunks, modulepreloaded: not its lazy chunks, only the share wrappers of those. */
export function preloadPageCode(manifest: FederationManifest, page: string, base: string): void {
  const preload = (href: string) => hint({ rel: 'modulepreload', href });
  const entry = manifest.metaData.remoteEntry;
  preload(new URL(entry.path ? `${entry.path}/${entry.name}` : entry.name, base).href);
  const exposed = manifest.exposes.find((expose) => expose.name === page);
  const { sync = [], async = [] } = exposed?.assets.js ?? {};
  // Of the page's lazy chunks only the federation's loadShare wrappers are certain to run, at once.
  const shareWrappers = async.filter((asset) => asset.includes('__loadShare__'));
  for (const asset of [...sync, ...shareWrappers]) preload(new URL(asset, base).href);
}
