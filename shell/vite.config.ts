import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { portOf, remotesManifest, SHELL, siteAddresses } from '../shared-ui/build/apps.ts';
import {
  installedVersion,
  preloadFederationChain,
  sharedConfigFor,
  staticServing,
} from '../shared-ui/build/federation.ts';
import { KIT_FILE } from '../shared-ui/build/live-releases.ts';
import { markedMember } from '../shared-ui/build/artifact-samples.ts';
import { prerenderLayout } from '../shared-ui/build/first-paint.ts';
import { shellDocumentHeaders } from '../shared-ui/build/page-security.ts';
import { defineConfig, type Connect, type Plugin, type Rollup } from 'vite';
import {
  FIRST_PAINT_ATTRIBUTE,
  FIRST_PAINT_BASE,
  HELD_BACK_ATTRIBUTE,
} from '../shared-ui/build/first-paint-marks.ts';
import { headStartScript } from './build/head-start-script.ts';
import { earlyFirstPaint, earlyRoutes, type ShellCode } from './src/remotes/early-remote-load.ts';
import { ROUTES } from './src/routes/route-table.ts';

const port = portOf(SHELL);

// Defaults for the API and the auth emulator follow the ports in the environment; VITE_* variables override them.
Object.assign(process.env, {
  VITE_API_URL: siteAddresses().apiUrl,
  VITE_FIREBASE_AUTH_EMULATOR_HOST: siteAddresses().authEmulatorHost,
});

/**
 * remotes.json tells the running shell where each remote's manifest lives. The build writes the defaults into
 * dist (edit it to redeploy a remote elsewhere); the local dev and preview servers answer it from the ports in
 * the environment and each remote's live release (`pnpm modules promote`), read on every request, so nothing about
 * remote locations is baked into the JavaScript.
 */
function remotesJson(): Plugin {
  const serve: Connect.NextHandleFunction = (req, res, next) => {
    if ((req.url ?? '').split('?')[0] !== '/remotes.json') return next();
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-cache');
    res.end(JSON.stringify(remotesManifest(process.env, { withLiveReleases: true }), null, 2));
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
      // The kit this shell provides, for `pnpm modules promote` to check a release against (deploy/modules/releases.ts).
      this.emitFile({
        type: 'asset',
        fileName: KIT_FILE,
        source: JSON.stringify({ 'shared-ui': installedVersion('shared-ui') }),
      });
    },
  };
}

/** Stands in the inline script for the shell's code until the bundle is written (`ShellCode`): a string, quoted. */
const SHELL_CODE_PLACEHOLDER = '%HERITAGE_SHELL_CODE%';
const SHELL_CODE_MARK = JSON.stringify(SHELL_CODE_PLACEHOLDER);

/** The modules the shell imports Firebase through (auth/start-auth.ts): its session, and what connects it to the kit. */
const FIREBASE_SESSION_MODULE = 'src/auth/firebase-session.ts';
const FIREBASE_AUTH_MODULE = 'src/auth/firebase-auth.ts';

/**
 * The URLs (on the build's `base`) of the files a dynamic import of `module` (a path from the shell's root) loads
 * beyond `loaded`: its chunk and the chunks that chunk imports, as Vite's own preload of that import would list them.
 * The same URLs the shell's own imports resolve to, so the head start's import of one is the same module instance.
 */
function chunksOfDynamicImport(
  bundle: Rollup.OutputBundle,
  module: string,
  loaded: string[],
  base: string,
): string[] {
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
  const start = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/${module}`));
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName) || loaded.includes(`${base}${fileName}`)) return;
    files.add(fileName);
    chunks.find((chunk) => chunk.fileName === fileName)?.imports.forEach(visit);
  };
  if (start) visit(start.fileName);
  return [...files].map((fileName) => `${base}${fileName}`);
}

/**
 * Writes the head start (shell/src/remotes/head-start.ts, bundled by shell/build/head-start-script.ts) inline into
 * index.html's head, with the route table's remote pages, so the first
 * route's remote starts loading before the shell's own JavaScript. remotes.json, the first link of that chain, is
 * preloaded ahead of everything. Once the bundle is complete (after preloadFederationChain, listed before this
 * plugin, has added its hints), the shell's entry script and modulepreload tags move out of the page and into the
 * inline script's `ShellCode`, which starts them. The remotes.json this build writes goes in too, as the script's
 * guess of where the route's manifest is.
 */
function earlyRemoteLoad(): Plugin {
  const firstPaint = earlyFirstPaint({
    attribute: FIRST_PAINT_ATTRIBUTE,
    baseToken: FIRST_PAINT_BASE,
  });
  const script = headStartScript({
    routes: earlyRoutes(ROUTES),
    firstPaint,
    shellCode: SHELL_CODE_PLACEHOLDER as unknown as ShellCode,
    builtRemotes: remotesManifest(),
    apiBaseUrl: process.env.VITE_API_URL!,
  });
  let base = '/';
  return {
    name: 'heritage-early-remote-load',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: () => [
      {
        tag: 'link',
        attrs: { rel: 'preload', href: '/remotes.json', as: 'fetch', crossorigin: '' },
        injectTo: 'head-prepend',
      },
      { tag: 'script', children: script, injectTo: 'head-prepend' },
    ],
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset' || typeof html.source !== 'string') return;
        const entries: string[] = [];
        const preloads: string[] = [];
        const page = html.source
          .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_tag, src: string) => {
            entries.push(src);
            return '';
          })
          .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
            preloads.push(href);
            return '';
          });
        if (entries.length !== 1 || !page.includes(SHELL_CODE_MARK))
          this.error(
            `index.html: expected one entry script and the inline script, found ${entries.length} entries`,
          );
        const loaded = [...entries, ...preloads];
        const sessionChunks = chunksOfDynamicImport(bundle, FIREBASE_SESSION_MODULE, loaded, base);
        const authChunks = chunksOfDynamicImport(bundle, FIREBASE_AUTH_MODULE, loaded, base);
        if (!sessionChunks[0] || authChunks.length === 0)
          this.error(
            `index.html: no chunk of ${FIREBASE_SESSION_MODULE} or ${FIREBASE_AUTH_MODULE} in the bundle`,
          );
        const shellCode: ShellCode = {
          entry: entries[0]!,
          preloads,
          firebaseSession: sessionChunks[0],
          identityProvider: [...new Set([...sessionChunks, ...authChunks])],
        };
        html.source = page.replace(SHELL_CODE_MARK, JSON.stringify(shellCode));
      },
    },
  };
}

/**
 * Puts index.html's own stylesheet into the page: it is the fonts' @font-face rules, under 1 KB, and as a file it was
 * one more render-blocking request between the HTML and the first paint (a round trip on a slow link). The file is
 * dropped from the build: nothing else refers to it. It is held back (media="print") until the early remote load
 * starts the shell's code, so the fonts do not take the bandwidth of a prerendered page's images.
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
          return `<style media="print" ${HELD_BACK_ATTRIBUTE}>${String(asset.source)}</style>`;
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
      shared: sharedConfigFor(),
      dts: false,
      dev: { remoteHmr: true },
      // The one federation runtime of the page: built remotes read it from globalThis instead of shipping their own.
      experiments: { provideExternalRuntime: true },
    }),
    remotesJson(),
    inlineStylesheet(),
    prerenderLayout('src/layout/first-paint-layout.tsx', {
      module: 'src/layout/first-paint-header.tsx',
      // With or without a name (the e-mail stands in), with or without a photo (the default avatar).
      samples: [
        markedMember(['displayName', 'email', 'photoURL']),
        markedMember(['displayName', 'email'], ['photoURL']),
        markedMember(['email', 'photoURL'], ['displayName']),
        markedMember(['email'], ['displayName', 'photoURL']),
      ].map((member) => ({ member })),
    }),
    preloadFederationChain(),
    earlyRemoteLoad(),
    // The pages' policy for this deployment: the remotes remotes.json names, the API and Firebase the build baked in.
    staticServing((outDir) => shellDocumentHeaders(outDir)),
  ],
  server: { port, strictPort: true },
  preview: { port, strictPort: true },
  build: {
    target: 'es2022',
    rollupOptions: {
      output: {
        // Firebase's library is a chunk of its own, shared by firebase-session.ts and firebase-auth.ts: named for it,
        // not for its first file (index.esm), so a network panel and bench/web say what it is.
        chunkFileNames: ({ moduleIds }) =>
          moduleIds.some((id) => id.includes('/node_modules/@firebase/auth/'))
            ? 'assets/firebase-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
});
