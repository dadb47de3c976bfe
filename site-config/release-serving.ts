import { join } from 'node:path';
import sirv from 'sirv';
import type { Plugin } from 'vite';
import type { AppInfo } from './apps.ts';
import { releasesDir } from './live-releases.ts';
import { ASSET_SECURITY_HEADERS } from './page-security.ts';
import { cacheControl } from './static-serving.ts';

/**
 * A remote's preview server (`pnpm start`, the journeys) also serves its releases (deploy/modules/releases.ts):
 * `/releases/<version>/...` from `releases/<app>/<version>/`, with the same headers as its build (entry files no-cache,
 * hashed files immutable, the Brotli or gzip copy the build wrote) and the CORS the preview server gives every file.
 * Releases are read from disk on each request, so a new one is served without a restart.
 */
export function releaseServing(app: AppInfo): Plugin {
  return {
    name: 'heritage-release-serving',
    configurePreviewServer(server) {
      const releases = sirv(join(releasesDir(), app.dir), {
        dev: true,
        etag: true,
        brotli: true,
        gzip: true,
        setHeaders(res, pathname) {
          const inRelease = pathname.replace(/^\/[^/]+/, '');
          for (const [name, value] of Object.entries(ASSET_SECURITY_HEADERS)) res.setHeader(name, value);
          const cache = cacheControl(inRelease);
          if (cache) res.setHeader('Cache-Control', cache);
        },
      });
      // Mounted at /releases, so sirv sees `/<version>/<file>`; a file no release has is a 404, not the site's page.
      server.middlewares.use('/releases', (req, res) =>
        releases(req, res, () => {
          res.statusCode = 404;
          res.end('Not found');
        }),
      );
    },
  };
}
