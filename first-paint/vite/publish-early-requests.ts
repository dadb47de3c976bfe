/** A remote's plugin: publishes each page's early request (head-start/early-request.ts) in its manifest. */
import type { Plugin } from 'vite';
import type { FirstPaintManifest } from '../head-start/manifest.ts';
import { extendManifest } from './manifest.ts';
import type { PageRoutes } from './remote.ts';

export function publishEarlyRequests(routes: PageRoutes): Plugin {
  return {
    name: 'first-paint-publish-early-requests',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const published: FirstPaintManifest['requestPreloads'] = Object.fromEntries(
          [...routes].flatMap(([page, { firstPaint }]) =>
            firstPaint?.earlyRequest ? [[page.replace(/^\.\//, ''), firstPaint.earlyRequest]] : [],
          ),
        );
        extendManifest(bundle, { requestPreloads: published }, (message) =>
          this.error(`early requests: ${message}`),
        );
      },
    },
  };
}
