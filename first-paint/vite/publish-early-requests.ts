/** A remote's plugin: publishes each page's early request (head-start/early-request.ts) in its manifest. */
import type { Plugin } from 'vite';
import type { EarlyRequest } from '../head-start/early-request.ts';
import type { FirstPaintManifest } from '../head-start/manifest.ts';
import { extendManifest } from './manifest.ts';

export function publishEarlyRequests(
  exposes: Record<string, string>,
  requests: Record<string, EarlyRequest>,
): Plugin {
  return {
    name: 'first-paint-publish-early-requests',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const published: FirstPaintManifest['requestPreloads'] = Object.fromEntries(
          Object.entries(requests).map(([page, request]) => {
            if (!(page in exposes)) this.error(`early requests: ${page} is not exposed`);
            return [page.replace(/^\.\//, ''), request];
          }),
        );
        extendManifest(bundle, { requestPreloads: published }, (message) =>
          this.error(`early requests: ${message}`),
        );
      },
    },
  };
}
