/**
 * The one federation and serving setup every vite.config.ts imports, so the host and the remotes can never
 * disagree about what is shared.
 */
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import type { Connect, Plugin, UserConfig } from 'vite';
import { portOf, SHARED_SINGLETONS, type AppInfo } from './apps.ts';

export const sharedConfig = Object.fromEntries(
  SHARED_SINGLETONS.map((name) => [name, { singleton: true, requiredVersion: '*' }]),
);

/** Entry points must always be revalidated; hashed assets never change, so they are cached for a year. */
const NO_CACHE = /(^\/$|\.html$|\/remoteEntry\.js$|\/mf-manifest\.json$|\/remotes\.json$|\/mf-stats\.json$)/;

export function cacheHeaders(): Plugin {
  const middleware: Connect.NextHandleFunction = (req, res, next) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (NO_CACHE.test(path) || !path.includes('.')) res.setHeader('Cache-Control', 'no-cache');
    else if (path.startsWith('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    next();
  };
  return {
    name: 'heritage-cache-headers',
    configurePreviewServer(server) {
      server.middlewares.use(middleware);
    },
  };
}

/** The vite config of a remote: its exposed pages, its port, served to any origin. */
export function remoteConfig(app: AppInfo, exposes: Record<string, string>): UserConfig {
  const port = portOf(app);
  return {
    // A relative base lets the federation runtime resolve chunks against wherever remoteEntry.js was loaded from,
    // so one build can be deployed to any host the shell's remotes.json names.
    base: './',
    plugins: [
      react(),
      federation({
        name: app.name,
        filename: 'remoteEntry.js',
        manifest: true,
        exposes,
        shared: sharedConfig,
        dts: false,
        dev: { remoteHmr: true },
      }),
      cacheHeaders(),
    ],
    server: { port, strictPort: true, origin: `http://localhost:${port}`, cors: true },
    preview: { port, strictPort: true, cors: true },
    build: { target: 'es2022' },
  };
}
