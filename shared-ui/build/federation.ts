/**
 * The one federation and serving setup every vite.config.ts imports, so the host and the remotes can never
 * disagree about what is shared.
 */
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, normalize, posix, resolve } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import sirv from 'sirv';
import type { Connect, Plugin, UserConfig } from 'vite';
import { portOf, SHARED_SINGLETONS, type AppInfo, type RemoteInfo } from './apps.ts';
import { releasesDir } from './live-releases.ts';
import { publishFirstPaints, type DataPictureDeclaration } from './first-paint.ts';
import { ASSET_SECURITY_HEADERS } from './page-security.ts';
import { extendManifest } from './manifest.ts';
import { publishRequestPreloads, type RequestPreload } from './request-preload.ts';

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

/** Entry points must always be revalidated; hashed assets never change, so they are cached for a year. */
const NO_CACHE = /(^\/$|\.html$|\/remoteEntry\.js$|\/mf-manifest\.json$|\/remotes\.json$|\/mf-stats\.json$)/;
/** Hashed files: everything under assets/, and the host's own federation entry beside index.html. */
const HASHED = /^\/(assets\/|remoteEntry-[\w-]{8}\.js$)/;

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
};
/** Below this size a compressed copy saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024;

function cacheControl(path: string): string | undefined {
  if (NO_CACHE.test(path) || !path.includes('.')) return 'no-cache';
  if (HASHED.test(path)) return 'public, max-age=31536000, immutable';
  return undefined;
}

/**
 * How the built apps are served: every text asset is compressed once at build time with Brotli at its best level
 * (`<file>.br` beside it, ~15-20% smaller than on-the-fly gzip; and `<file>.gz` for a web server's gzip_static) and
 * served as such to browsers that accept it;
 * the preview server gzips the rest on the fly. Entry files are no-cache, hashed files immutable for a year. Any
 * static host can do the same from dist/ (nginx: `brotli_static on`). Every response carries the security headers
 * (page-security.ts): nosniff on every file, and on the shell's documents its pages' policy too.
 */
export function staticServing(documentHeaders?: (outDir: string) => Record<string, string>): Plugin {
  let outDir = 'dist';
  let pageHeaders: Record<string, string> = {};
  const middleware: Connect.NextHandleFunction = (req, res, next) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    // A path without an extension is a route of the site: the server answers it with index.html.
    const isDocument = !extname(path) || path.endsWith('.html');
    for (const [name, value] of Object.entries(isDocument ? pageHeaders : ASSET_SECURITY_HEADERS))
      res.setHeader(name, value);
    const cache = cacheControl(path);
    if (cache) res.setHeader('Cache-Control', cache);
    const type = CONTENT_TYPES[extname(path)];
    const compressed = join(outDir, normalize(path)) + '.br';
    const acceptsBrotli = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (!type || !acceptsBrotli || path.includes('..') || !existsSync(compressed)) return next();
    const { size, mtimeMs } = statSync(compressed);
    const etag = `W/"br-${size}-${Math.trunc(mtimeMs)}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Vary', 'Accept-Encoding');
    if (req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      return res.end();
    }
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Encoding', 'br');
    res.setHeader('Content-Length', size);
    res.end(req.method === 'HEAD' ? undefined : readFileSync(compressed));
  };
  return {
    name: 'heritage-static-serving',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!CONTENT_TYPES[extname(fileName)]) continue;
        const file = join(options.dir ?? outDir, fileName);
        const data = readFileSync(file);
        if (data.length < MIN_COMPRESS_BYTES) continue;
        const quality = {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
        };
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: quality }));
        // For a web server's gzip_static: browsers without Brotli get gzip without compressing on every request.
        writeFileSync(`${file}.gz`, gzipSync(data, { level: zlib.Z_BEST_COMPRESSION }));
      }
    },
    configurePreviewServer(server) {
      // Read once the build is there: the shell's page policy hashes the inline script of the index.html it serves.
      pageHeaders = documentHeaders?.(outDir) ?? { ...ASSET_SECURITY_HEADERS };
      server.middlewares.use(middleware);
    },
  };
}

/**
 * A remote's preview server (`pnpm start`, the journeys) also serves its releases (deploy/modules/releases.ts):
 * `/releases/<version>/...` from `releases/<app>/<version>/`, with the same headers as its build (entry files no-cache,
 * hashed files immutable, the Brotli or gzip copy the build wrote) and the CORS the preview server gives every file.
 * Releases are read from disk on each request, so a new one is served without a restart.
 */
function releaseServing(app: AppInfo): Plugin {
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

/**
 * An image a page paints first, described as its `<img>` or `<source>` asks for it, so a preload fetches the same
 * file the element will use: files with their srcset descriptors. In a vite config the files are source files
 * (relative to the app's root); in the manifest, built files (relative to the manifest).
 */
export interface ImagePreload {
  srcset: [file: string, descriptor?: string][];
  sizes?: string;
  media?: string;
}

/** What publishImagePreloads adds to a remote's manifest: image preloads by exposed page name ('Home'). */
export interface ManifestImagePreloads {
  imagePreloads?: Record<string, ImagePreload[]>;
}

/**
 * Publishes each page's first-painted images in the remote's manifest, with their built file names. The shell's
 * index.html reads the manifest while its own code downloads (shell/src/remotes/early-remote-load.ts) and preloads
 * them with the page's chunks, so the page's largest paint no longer waits for the page to render first.
 */
function publishImagePreloads(preloads: Record<string, ImagePreload[]>): Plugin {
  let root = '';
  return {
    name: 'heritage-publish-image-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const builtFile = new Map(
          Object.values(bundle).flatMap((file) =>
            file.type === 'asset'
              ? file.originalFileNames.map((name) => [resolve(root, name), file.fileName] as const)
              : [],
          ),
        );
        const built = (file: string) =>
          builtFile.get(resolve(root, file)) ??
          this.error(`image preloads: ${file} is not a file of this build (or small enough to be inlined)`);
        const published: ManifestImagePreloads['imagePreloads'] = Object.fromEntries(
          Object.entries(preloads).map(([page, images]) => [
            page.replace(/^\.\//, ''),
            images.map(({ srcset, ...rest }) => ({
              ...rest,
              srcset: srcset.map(([file, descriptor]): [string, string?] =>
                descriptor ? [built(file), descriptor] : [built(file)],
              ),
            })),
          ]),
        );
        extendManifest(bundle, { imagePreloads: published }, (message) =>
          this.error(`image preloads: ${message}`),
        );
      },
    },
  };
}

/**
 * The vite config of a remote: its exposed pages, its port, served to any origin; `imagePreloads` names the images
 * an exposed page paints first ('./Home'), `firstPaint` the exposed pages the shell may show prerendered before
 * their code has loaded (first-paint.ts), `dataPictures` those it may show drawn with their first API answer
 * (data-picture.ts), `requestPreloads` the API request an exposed page makes as it opens
 * (request-preload.ts).
 */
/** The remotes' one standalone page: each gets it with its own title. */
const STANDALONE_PAGE = join(import.meta.dirname, 'standalone.html');

/**
 * A remote's standalone dev page (`pnpm --filter <remote> dev`, then its port), from the one template
 * (standalone.html): it renders the remote's screens with the kit's theme (src/standalone.tsx). The dev server
 * answers it for the page's address and any route of it (a path without an extension). The federation plugin reads
 * the template as the app's HTML entry (remoteConfig's `input` in dev) to find the module it prepares.
 */
function standalonePage(remote: RemoteInfo): Plugin {
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

export function remoteConfig(
  app: RemoteInfo,
  exposes: Record<string, string>,
  command: 'build' | 'serve',
  {
    imagePreloads = {},
    firstPaint = [],
    dataPictures = {},
    requestPreloads = {},
  }: {
    imagePreloads?: Record<string, ImagePreload[]>;
    firstPaint?: string[];
    dataPictures?: Record<string, DataPictureDeclaration>;
    requestPreloads?: Record<string, RequestPreload>;
  } = {},
): UserConfig {
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
        shared: sharedConfigFor(),
        dts: false,
        dev: { remoteHmr: true },
        // Built remotes reuse the shell's federation runtime instead of downloading their own copy (~19 KB each).
        experiments: { externalRuntime: command === 'build' },
      }),
      publishImagePreloads(imagePreloads),
      publishFirstPaints(exposes, firstPaint, dataPictures),
      publishRequestPreloads(exposes, requestPreloads),
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

/** Modules the federation plugin generates (host init, share map, loadShare wrappers): their imports are its chain. */
const FEDERATION_GLUE = /virtual:mf/;

/**
 * The shell's first paint waits on a chain the federation runtime discovers one step at a time: hostInit loads the
 * container, the container the share map, the share map each shared package's chunk. The browser learns each
 * step's files only when the step before has run. This hints every chunk of that chain in index.html
 * (modulepreload), so they download in one round trip (the shell's inline head start decides when that is). The app's own lazy boundaries (pages, Firebase) stay
 * lazy: only dynamic imports the federation plugin wrote are followed.
 */
export function preloadFederationChain(): Plugin {
  return {
    name: 'heritage-preload-federation-chain',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset' || typeof html.source !== 'string') return;
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        // A dynamic import of a module bundled into another chunk loads a facade chunk of its own (a re-export):
        // that facade is what the browser fetches, so it wins over the chunk that holds the module.
        const chunkOfModule = new Map([
          ...chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk] as const)),
          ...chunks.flatMap((chunk) =>
            chunk.facadeModuleId ? [[chunk.facadeModuleId, chunk] as const] : [],
          ),
        ]);
        const hinted = new Set(
          [...html.source.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]!),
        );
        const reached = new Set<string>();
        const queue = chunks.filter((chunk) => hinted.has(chunk.fileName));
        // The plugin's bootstrap script is an asset that imports its steps by path, out of the bundler's sight.
        for (const file of hinted) {
          const script = bundle[file];
          if (script?.type !== 'asset' || typeof script.source !== 'string') continue;
          for (const match of script.source.matchAll(/"\.\/([^"]+\.js)"/g)) {
            const imported = bundle[posix.join(posix.dirname(file), match[1]!)];
            if (imported?.type === 'chunk') queue.push(imported);
          }
        }
        for (let chunk = queue.pop(); chunk; chunk = queue.pop()) {
          if (reached.has(chunk.fileName)) continue;
          reached.add(chunk.fileName);
          for (const file of chunk.imports) {
            const imported = bundle[file];
            if (imported?.type === 'chunk') queue.push(imported);
          }
          for (const id of chunk.moduleIds.filter((moduleId) => FEDERATION_GLUE.test(moduleId))) {
            for (const target of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
              const imported = chunkOfModule.get(target);
              if (imported) queue.push(imported);
            }
          }
        }
        const links = [...reached]
          .filter((file) => !hinted.has(file))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
        html.source = html.source.replace('</head>', `${links.join('')}</head>`);
      },
    },
  };
}
