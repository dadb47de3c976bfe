import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { portOf, SHELL, siteAddresses } from 'site-config/apps';
import { completeShareMap } from 'site-config/complete-share-map';
import { MODULE_PARSE_IDLE_TIMEOUT_SECONDS, sharedConfigFor } from 'site-config/federation';
import { staticServing } from 'site-config/static-serving';
import { styledComponentIds } from 'site-config/styled-component-ids';
import { preloadShares } from './vite-plugins/preload-shares.ts';
import { remotesJson } from './vite-plugins/remotes-json.ts';

const port = portOf(SHELL);

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
    federation({
      name: SHELL.name,
      remotes: {},
      shared: sharedConfigFor(),
      dts: false,
      dev: { remoteHmr: true },
      moduleParseIdleTimeout: MODULE_PARSE_IDLE_TIMEOUT_SECONDS,
      // The one federation runtime of the page: built remotes read it from globalThis instead of shipping their own.
      experiments: { provideExternalRuntime: true },
      // Its bootstrap is a file index.html names (the plugin's default, no inline script), and index.html preloads the
      // host init's chunks (<link rel="modulepreload">): without them the browser found each only once the one before
      // had run, a dozen requests in a row before the page could hydrate (live 25 % sooner on the slow link:
      // bench/results/web-readings.md, 2026-11-29).
    }),
    completeShareMap(),
    preloadShares(),
    remotesJson(),
    // The Brotli and gzip copies of its files; the render service (render/) serves them, with the pages' policy.
    staticServing(),
  ],
  server: { port, strictPort: true },
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
