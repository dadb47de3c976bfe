import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { apiPort, authEmulatorPort, portOf, remotesManifest, SHELL } from '../shared-ui/build/apps.ts';
import { preloadFederationChain, sharedConfig, staticServing } from '../shared-ui/build/federation.ts';
import { prerenderLayout } from '../shared-ui/build/first-paint.ts';
import { defineConfig, type Connect, type Plugin } from 'vite';
import { FIRST_PAINT_ATTRIBUTE, FIRST_PAINT_BASE } from '../shared-ui/build/first-paint-marks.ts';
import { earlyFirstPaint, earlyRoutes, startEarlyRemoteLoad } from './src/remotes/early-remote-load';
import { ROUTES } from './src/routes/route-table';

const port = portOf(SHELL);

// Defaults for the API and the auth emulator follow the ports in the environment; VITE_* variables override them.
process.env.VITE_API_URL ||= `http://localhost:${apiPort()}`;
process.env.VITE_FIREBASE_AUTH_EMULATOR_HOST ||= process.env.VITE_FIREBASE_API_KEY
  ? ''
  : `127.0.0.1:${authEmulatorPort()}`;

/**
 * remotes.json tells the running shell where each remote's manifest lives. The build writes the defaults into
 * dist (edit it to redeploy a remote elsewhere); the local dev and preview servers answer it from the ports in
 * the environment, so nothing about remote locations is baked into the JavaScript.
 */
function remotesJson(): Plugin {
  const serve: Connect.NextHandleFunction = (req, res, next) => {
    if ((req.url ?? '').split('?')[0] !== '/remotes.json') return next();
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-cache');
    res.end(JSON.stringify(remotesManifest(), null, 2));
  };
  return {
    name: 'heritage-remotes-json',
    configureServer: (server) => void server.middlewares.use(serve),
    configurePreviewServer: (server) => void server.middlewares.use(serve),
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'remotes.json',
        source: JSON.stringify(remotesManifest(), null, 2),
      });
    },
  };
}

/**
 * Writes `startEarlyRemoteLoad` inline into index.html's head, with the route table's remote pages, so the first
 * route's remote starts loading while the shell's own JavaScript is still downloading. remotes.json, the first
 * link of that chain, is preloaded ahead of everything: the browser's preload scanner would otherwise queue it
 * behind the shell's scripts for one of the six connections HTTP/1.1 allows per host.
 */
function earlyRemoteLoad(): Plugin {
  const firstPaint = earlyFirstPaint({ attribute: FIRST_PAINT_ATTRIBUTE, baseToken: FIRST_PAINT_BASE });
  const args = [earlyRoutes(ROUTES), firstPaint].map((arg) => JSON.stringify(arg)).join(',');
  const script = `(${startEarlyRemoteLoad.toString()})(${args})`;
  return {
    name: 'heritage-early-remote-load',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'link',
        attrs: { rel: 'preload', href: '/remotes.json', as: 'fetch', crossorigin: '' },
        injectTo: 'head-prepend',
      },
      { tag: 'script', children: script, injectTo: 'head-prepend' },
    ],
  };
}

/**
 * Puts index.html's own stylesheet into the page: it is the fonts' @font-face rules, under 1 KB, and as a file it was
 * one more render-blocking request between the HTML and the first paint (a round trip on a slow link). The file is
 * dropped from the build: nothing else refers to it.
 */
function inlineStylesheet(): Plugin {
  return {
    name: 'heritage-inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) =>
        html.replace(/<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)">/g, (link, fileName: string) => {
          const asset = bundle?.[fileName];
          if (asset?.type !== 'asset') return link;
          delete bundle![fileName];
          return `<style>${String(asset.source)}</style>`;
        }),
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    federation({
      name: SHELL.name,
      remotes: {},
      shared: sharedConfig,
      dts: false,
      dev: { remoteHmr: true },
      // The one federation runtime of the page: built remotes read it from globalThis instead of shipping their own.
      experiments: { provideExternalRuntime: true },
    }),
    remotesJson(),
    earlyRemoteLoad(),
    inlineStylesheet(),
    prerenderLayout('src/layout/first-paint-layout.tsx'),
    preloadFederationChain(),
    staticServing(),
  ],
  server: { port, strictPort: true },
  preview: { port, strictPort: true },
  build: { target: 'es2022' },
});
