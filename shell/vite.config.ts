import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { markedMember } from '../first-paint/vite/samples.ts';
import { headStart } from '../first-paint/vite/head-start.ts';
import { inlineStylesheet } from '../first-paint/vite/inline-stylesheet.ts';
import { prerenderLayout } from '../first-paint/vite/prerender-layout.ts';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { portOf, REMOTES, remotesManifest, SHELL, siteAddresses } from '../shared-ui/vite-config/apps.ts';
import { completeShareMap } from '../shared-ui/vite-config/complete-share-map.ts';
import { MODULE_PARSE_IDLE_TIMEOUT_SECONDS, sharedConfigFor } from '../shared-ui/vite-config/federation.ts';
import { staticServing } from '../shared-ui/vite-config/static-serving.ts';
import { styledComponentIds } from '../shared-ui/vite-config/styled-component-ids.ts';
import { pathPattern } from '../first-paint/head-start/page-route.ts';
import { SHELL_ROUTES } from './src/routes/route-table.ts';
import { devPage } from './vite-plugins/dev-page.ts';
import { remotesJson } from './vite-plugins/remotes-json.ts';

const port = portOf(SHELL);
// The shell's entry: a build input of its own, which index.html does not name (the head start starts it).
const ENTRY = 'src/main.tsx';

// Defaults for the API and the auth emulator follow the ports in the environment; VITE_* variables override them.
Object.assign(process.env, {
  VITE_API_URL: siteAddresses().apiUrl,
  VITE_FIREBASE_AUTH_EMULATOR_HOST: siteAddresses().authEmulatorHost,
});

export default defineConfig({
  plugins: [
    react(),
    // The same class names as the server's render of the layout (#53).
    styledComponentIds(),
    devPage(ENTRY),
    federation({
      name: SHELL.name,
      remotes: {},
      shared: sharedConfigFor(),
      dts: false,
      dev: { remoteHmr: true },
      moduleParseIdleTimeout: MODULE_PARSE_IDLE_TIMEOUT_SECONDS,
      // The one federation runtime of the page: built remotes read it from globalThis instead of shipping their own.
      experiments: { provideExternalRuntime: true },
      // Its bootstrap (host init, then the shell's code) in the entry chunk, not in index.html, which has no script.
      hostInitInjectLocation: 'entry',
    }),
    completeShareMap(),
    remotesJson(),
    inlineStylesheet(ENTRY),
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
    headStart({
      shellPages: SHELL_ROUTES.map(({ path }) => pathPattern(path)),
      builtRemotes: remotesManifest(),
      remoteRoots: Object.values(REMOTES).map(({ dir }) =>
        fileURLToPath(new URL(`../${dir}`, import.meta.url)),
      ),
      apiBaseUrl: process.env.VITE_API_URL!,
      entry: ENTRY,
      // The modules the shell imports Firebase through (auth/start-auth.ts): its session, and what connects it to the kit.
      firebase: { session: 'src/auth/firebase-session.ts', auth: 'src/auth/firebase-auth.ts' },
    }),
    // The Brotli and gzip copies of its files; the render service (render/) serves them, with the pages' policy.
    staticServing(),
  ],
  server: { port, strictPort: true },
  build: {
    target: 'es2022',
    // Names the entry's files for the render service, which writes them into a server-rendered page (#53).
    manifest: true,
    rollupOptions: {
      // The entry's chunk is the federation plugin's bootstrap (hence its name); main-[hash].js is the shell's code.
      input: { index: 'index.html', bootstrap: ENTRY },
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
