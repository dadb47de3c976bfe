/** How the remotes' builds are served by their preview servers (`pnpm start`, the journeys); the shell's is the render service's. */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { Connect, Plugin } from 'vite';
import { ASSET_SECURITY_HEADERS } from './page-security.ts';

/** Entry points must always be revalidated; hashed assets never change, so they are cached for a year. */
const NO_CACHE =
  /(^\/$|\.html$|\/remoteEntry(\.ssr)?\.js$|\/mf-manifest\.json$|\/remotes\.json$|\/mf-stats\.json$)/;
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

export function cacheControl(path: string): string | undefined {
  if (NO_CACHE.test(path) || !path.includes('.')) return 'no-cache';
  if (HASHED.test(path)) return 'public, max-age=31536000, immutable';
  return undefined;
}

/** Writes `<file>.br` and `<file>.gz` beside a file worth compressing. */
function precompress(file: string): void {
  const data = readFileSync(file);
  if (data.length < MIN_COMPRESS_BYTES) return;
  const quality = {
    [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
    [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
  };
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: quality }));
  // For a web server's gzip_static: browsers without Brotli get gzip without compressing on every request.
  writeFileSync(`${file}.gz`, gzipSync(data, { level: zlib.Z_BEST_COMPRESSION }));
}

/**
 * For a remote's server build (`vite build --ssr`, after the browser build): the federation plugin then adds
 * `ssrRemoteEntry` to the browser build's mf-manifest.json and mf-stats.json, so their compressed copies, written by
 * the browser build, are written again (browsers would otherwise get the manifest without it).
 */
export function precompressManifest(): Plugin {
  let outDir = 'dist';
  return {
    name: 'heritage-precompress-manifest',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const name of ['mf-manifest.json', 'mf-stats.json'])
        if (existsSync(join(outDir, name))) precompress(join(outDir, name));
    },
  };
}

/**
 * How the built apps are served: every text asset is compressed once at build time with Brotli at its best level
 * (`<file>.br` beside it, ~15-20% smaller than on-the-fly gzip; and `<file>.gz` for a web server's gzip_static) and
 * served as such to browsers that accept it;
 * the preview server gzips the rest on the fly. Entry files are no-cache, hashed files immutable for a year. Any
 * static host can do the same from dist/ (nginx: `brotli_static on`), and the render service does for the shell's
 * files (render/src/server.ts). Every response of a remote's preview server carries nosniff (page-security.ts).
 */
export function staticServing(): Plugin {
  let outDir = 'dist';
  const middleware: Connect.NextHandleFunction = (req, res, next) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    for (const [name, value] of Object.entries(ASSET_SECURITY_HEADERS)) res.setHeader(name, value);
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
      for (const fileName of Object.keys(bundle))
        if (CONTENT_TYPES[extname(fileName)]) precompress(join(options.dir ?? outDir, fileName));
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware);
    },
  };
}
