import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Plugin } from 'vite';
import type { RemoteInfo } from './apps.ts';

/** The remotes' one standalone page: each gets it with its own title. */
export const STANDALONE_PAGE = join(import.meta.dirname, 'standalone.html');

/**
 * A remote's standalone dev page (`pnpm --filter <remote> dev`, then its port), from the one template
 * (standalone.html): it renders the remote's screens with the kit's theme (src/standalone.tsx). The dev server
 * answers it for the page's address and any route of it (a path without an extension). The federation plugin reads
 * the template as the app's HTML entry (remoteConfig's `input` in dev) to find the module it prepares.
 */
export function standalonePage(remote: RemoteInfo): Plugin {
  const page = readFileSync(STANDALONE_PAGE, 'utf8').replace('%REMOTE_TITLE%', remote.title);
  return {
    name: 'heritage-standalone-page',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '/').split('?')[0]!;
        const opensPage =
          path === '/' ||
          path === '/index.html' ||
          (!extname(path) && !path.startsWith('/@') && String(req.headers.accept).includes('text/html'));
        if (req.method !== 'GET' || !opensPage) return next();
        server
          .transformIndexHtml('/index.html', page)
          .then((html) => {
            res.setHeader('Content-Type', 'text/html; charset=utf-8');
            res.end(html);
          })
          .catch(next);
      });
    },
  };
}
