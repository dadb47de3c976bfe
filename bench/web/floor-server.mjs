// The floor of the web benchmark: a plain node:http server for a static directory (the floor page and the home
// page's first hero image; for the image bytes, the camera photos a member hosts elsewhere), gzip when the browser accepts it, no-cache for HTML and a year, immutable, for
// /assets/. Started by bench/web/run.ts in its own process, like the site's servers; tells its port over IPC.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

const [dir, port = '0'] = process.argv.slice(2);
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.css': 'text/css',
  '.js': 'text/javascript',
};
const COMPRESSIBLE = new Set(['.html', '.css', '.js']);

const server = http.createServer((request, response) => {
  const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://floor').pathname);
  const root = path.resolve(dir);
  const file = path.join(
    root,
    pathname === '/' ? 'index.html' : path.normalize(pathname).replace(/^([/\\])+/, ''),
  );
  if (!file.startsWith(root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
    response.writeHead(404, { 'Content-Type': 'text/plain' });
    response.end('not found');
    return;
  }
  const ext = path.extname(file);
  const headers = {
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    'Cache-Control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    Vary: 'Accept-Encoding',
  };
  let body = fs.readFileSync(file);
  if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    body = zlib.gzipSync(body);
    headers['Content-Encoding'] = 'gzip';
  }
  response.writeHead(200, { ...headers, 'Content-Length': body.length });
  response.end(body);
});
server.listen(Number(port), '127.0.0.1', () => process.send?.({ port: server.address().port }));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
