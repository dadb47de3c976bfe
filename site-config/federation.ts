/**
 * The one federation and serving setup every vite.config.ts imports, so the host and the remotes can never
 * disagree about what is shared.
 */
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConfigEnv, UserConfig } from 'vite';
import { portOf, SHARED_SINGLETONS, type RemoteInfo } from './apps.ts';
import { completeShareMap } from './complete-share-map.ts';
import { exposesOf, remotePages } from './pages.ts';
import { publishedPages } from './published-pages.ts';
import { STANDALONE_PAGE, standalonePage } from './standalone-page.ts';
import { releaseServing } from './release-serving.ts';
import { precompressManifest, staticServing } from './static-serving.ts';
import { styledComponentIds } from './styled-component-ids.ts';

/** The version of a package installed beside an app (its node_modules): what the app is built against. */
export function installedVersion(name: string, appRoot: string = process.cwd()): string {
  const pkg = join(appRoot, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}

/**
 * What an app shares, and the range of each singleton it was built against, from its own package.json: a semver range
 * as written, or, for `workspace:^` and `catalog:`, a caret range on the version installed beside it (the kit 1.1.0
 * gives `^1.1.0`). The range goes into the app's manifest; the shell refuses to run a remote whose kit range the kit
 * it provides does not satisfy (shell/src/remotes/kit-contract.ts). `appRoot` is the app's folder: vite's root, the
 * working directory of its build.
 */
/**
 * How long the federation plugin waits, with no module parsed, before it writes the share map of what it has seen
 * (its default is 10 s). On a loaded two-core machine a build paused longer, left react-dom/client out of the shell's
 * map and failed completeShareMap's check; the wait ends as soon as parsing does, so a long one costs a quiet build
 * nothing.
 */
export const MODULE_PARSE_IDLE_TIMEOUT_SECONDS = 120;

export function sharedConfigFor(appRoot: string = process.cwd()) {
  const pkg = JSON.parse(readFileSync(join(appRoot, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
  const declared = { ...pkg.peerDependencies, ...pkg.devDependencies, ...pkg.dependencies };
  const installed = (name: string) => installedVersion(name, appRoot);
  const rangeOf = (name: string): string => {
    const spec = declared[name];
    if (!spec) throw new Error(`${appRoot}/package.json does not depend on ${name}, which the site shares`);
    if (spec === 'workspace:~') return `~${installed(name)}`;
    if (spec.startsWith('workspace:') || spec.startsWith('catalog:')) return `^${installed(name)}`;
    return spec;
  };
  return Object.fromEntries(
    SHARED_SINGLETONS.map((name) => [name, { singleton: true, requiredVersion: rangeOf(name) }]),
  );
}

/**
 * The vite config of a remote: its pages (each folder of src/pages with a route module: pages.ts) exposed and
 * published in its manifest for the shell (published-pages.ts), its port, served to any origin.
 */
export function remoteConfig(
  app: RemoteInfo,
  { command, isSsrBuild }: Pick<ConfigEnv, 'command' | 'isSsrBuild'>,
): UserConfig {
  const port = portOf(app);
  // From the app's folder, the working directory of its build (as sharedConfigFor): a variant built from a copy of
  // its sources has the copy's pages.
  const pages = remotePages(process.cwd());
  const federationOptions = {
    name: app.name,
    filename: 'remoteEntry.js',
    exposes: exposesOf(pages),
    shared: sharedConfigFor(),
    dts: false,
    moduleParseIdleTimeout: MODULE_PARSE_IDLE_TIMEOUT_SECONDS,
  } as const;
  if (isSsrBuild) return remoteServerConfig(app, federationOptions);
  const { plugin: publishPages, additionalData } = publishedPages(pages);
  return {
    // A relative base lets the federation runtime resolve chunks against wherever remoteEntry.js was loaded from,
    // so one build can be deployed to any host the shell's remotes.json names.
    base: './',
    plugins: [
      react(),
      styledComponentIds(),
      federation({
        ...federationOptions,
        manifest: { additionalData },
        dev: { remoteHmr: true },
        // Built remotes reuse the shell's federation runtime instead of downloading their own copy (~19 KB each).
        experiments: { externalRuntime: command === 'build' },
      }),
      completeShareMap(),
      publishPages,
      staticServing(),
      releaseServing(app),
      standalonePage(app),
    ],
    server: { port, strictPort: true, origin: `http://localhost:${port}`, cors: true },
    preview: { port, strictPort: true, cors: true },
    // The standalone page (standalonePage) is a dev tool: built remotes read the shell's federation runtime, which a
    // page of their own would not have, so the build emits only what the shell loads.
    build: { target: 'es2022', rollupOptions: { input: command === 'build' ? [] : [STANDALONE_PAGE] } },
  };
}

/** The render process's function giving a remote's current release address (its manifest's folder). */
export const REMOTE_ASSET_BASE = '__remoteAssetBase';

/**
 * What a server build bundles: every package but the singletons a host shares and the federation runtime (a remote's
 * server entry takes them from the render process; the render process from its own node_modules).
 */
export const NOT_SHARED_ON_SERVER = new RegExp(
  `^(?!(${[...SHARED_SINGLETONS, '@module-federation/runtime', '@module-federation/runtime-core', '@module-federation/sdk'].join('|')})(/|$))`,
);

/**
 * The server build of a remote (`vite build --ssr`, after the browser build, into the same dist/): the federation
 * plugin emits remoteEntry.ssr.js and its modules beside remoteEntry.js and names it in mf-manifest.json
 * (`metaData.ssrRemoteEntry`), where a render service finds it. Everything but the shared singletons (which the host's
 * share scope provides) is bundled in, since Node resolves a bare import from the host's folder, not the remote's.
 */
function remoteServerConfig(
  app: RemoteInfo,
  federationOptions: Parameters<typeof federation>[0],
): UserConfig {
  return {
    base: './',
    // An asset's URL (Home's hero pictures) from the release's own address, which the render process knows
    // (REMOTE_ASSET_BASE, from remotes.json): the browser build resolves it against remoteEntry.js, but a server
    // module runs from a temporary file, and a root-relative /assets/... would point at the render process.
    experimental: {
      renderBuiltUrl: (filename, { ssr }) =>
        ssr
          ? {
              runtime: `globalThis.${REMOTE_ASSET_BASE}(${JSON.stringify(app.name)}) + ${JSON.stringify(filename)}`,
            }
          : undefined,
    },
    plugins: [
      react(),
      styledComponentIds(),
      federation({ ...federationOptions, manifest: true }),
      precompressManifest(),
    ],
    ssr: { noExternal: NOT_SHARED_ON_SERVER },
    build: {
      ssr: true,
      target: 'node22',
      emptyOutDir: false,
      // The server's modules under a folder of their own, apart from the browser's assets.
      rollupOptions: { input: [], output: { chunkFileNames: 'server/[name]-[hash].js' } },
    },
  };
}
