import type { Connect, Plugin } from 'vite';
import { liveRemotesJson, remotesManifest } from 'site-config/apps';
import { installedVersion } from 'site-config/federation';
import { KIT_FILE } from 'site-config/live-releases';

/**
 * remotes.json tells the running shell where each remote's manifest lives. The build writes the defaults into
 * dist (edit it to redeploy a remote elsewhere); the dev server, like the render service (render/) for the built
 * site, answers it from the ports in the environment and each remote's live release (`pnpm modules promote`), read on
 * every request, so nothing about remote locations is baked into the JavaScript.
 */
export function remotesJson(): Plugin {
  const serve: Connect.NextHandleFunction = (req, res, next) => {
    if ((req.url ?? '').split('?')[0] !== '/remotes.json') return next();
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-cache');
    res.end(liveRemotesJson(process.env));
  };
  return {
    name: 'heritage-remotes-json',
    configureServer: (server) => void server.middlewares.use(serve),
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'remotes.json',
        source: JSON.stringify(remotesManifest(), null, 2),
      });
      // The kit this shell provides, for `pnpm modules promote` to check a release against (deploy/modules/releases.ts).
      this.emitFile({
        type: 'asset',
        fileName: KIT_FILE,
        source: JSON.stringify({ 'shared-ui': installedVersion('shared-ui') }),
      });
    },
  };
}
