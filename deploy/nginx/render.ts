/**
 * nginx configuration for the site, one file per deployable: `shell.conf` and one per remote
 * (`mf-catalogue.conf`, ...), each a `server` block (and its `map`) to include in nginx's `http` context, so a team
 * deploys its remote with a server of its own. Rendered from the same definitions the preview servers use: the
 * ports, the remotes' addresses (remotes.json) and the pages' security headers (site-config/page-security.ts).
 *
 *   pnpm nginx:config [--out deploy/nginx/out] [--app shell] [--root-of shell=/srv/shell ...] [--with-main]
 *
 * The environment says where things are, as for `pnpm build`: SHELL_PORT, CATALOGUE_PORT, ... (each server listens on
 * its app's port), CATALOGUE_MANIFEST_URL, ... (the remotes the shell's remotes.json names), VITE_API_URL and the
 * VITE_FIREBASE_* variables (what the pages may connect to), SHELL_ORIGIN (whose pages may load a remote's files;
 * `http://localhost:$SHELL_PORT` by default). `--with-main` adds an nginx.conf that runs them all in the foreground,
 * with every path under the output folder: how the journeys run it. `--releases <dir>` serves module releases from
 * that folder (deploy/modules/releases.ts): each remote's `/releases/<version>/`, and the shell's `/remotes.json` from
 * `<dir>/remotes.json`, which `pnpm modules promote|rollback` rewrite. `--api 127.0.0.1:3001 --api 127.0.0.1:3002`
 * adds `api.conf`: the API on API_PORT, proxied to an upstream of those processes. `--render 127.0.0.1:5184 --render
 * 127.0.0.1:5185` has the shell's server send every page to those render processes (render/), micro-cached.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { apiPort, portOf, remotesManifest, REMOTES, SHELL, type AppInfo } from 'site-config/apps';
import { writeRemotesJson } from '../modules/releases.ts';
import { ASSET_SECURITY_HEADERS, shellDocumentHeaders } from 'site-config/page-security';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** nginx's add_header lines; `always` so refusals carry them too. */
const addHeaders = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([name, value]) => `add_header ${name} "${value.replace(/"/g, '\\"')}" always;`)
    .join('\n    ');

/** What every server does with its files: precompressed Brotli and gzip, or gzip on the fly for the rest. */
const COMPRESSION = `brotli_static on;
  gzip_static on;
  gzip on;
  gzip_types text/css application/javascript application/json image/svg+xml;
  gzip_min_length 1024;
  # Caches must keep the Brotli, gzip and plain copies apart (both precompressed modules follow this).
  gzip_vary on;`;

/** The render service's processes (render/), which answer the site's pages, and where nginx keeps pages briefly. */
export interface RenderUpstreams {
  /** `host:port` of each render process. */
  upstreams: string[];
  /** The micro-cache's folder. */
  cacheDir: string;
}

/** How long nginx keeps an anonymous public page (a burst of visitors costs one rendering per this). */
export const PAGE_CACHE_SECONDS = 5;

/**
 * The render service's upstream and the pages' micro-cache (http context): a page the render service marks as a
 * member's or as not to be kept (`private`, `no-store`) is never stored, whatever nginx was told to ignore.
 */
function renderUpstreamConfig({ upstreams, cacheDir }: RenderUpstreams): string {
  return `upstream heritage_render {
${upstreams.map((upstream) => `  server ${upstream};`).join('\n')}
  keepalive 16;
}
proxy_cache_path ${cacheDir} levels=1:2 keys_zone=heritage_pages:10m max_size=256m inactive=1m use_temp_path=off;
# The one encoding a page is asked of the render service in: one kept copy for each, compressed once.
map $http_accept_encoding $heritage_page_encoding {
  "~*\\bbr\\b" br;
  "~*\\bgzip\\b" gzip;
  default "";
}
map $upstream_http_cache_control $heritage_page_not_kept {
  "~*(private|no-store)" 1;
  default "";
}
`;
}

/** How nginx speaks to the render processes, for pages and for each visitor's remotes.json alike. */
const RENDER_PROXY_HEADERS = `    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
`;

/**
 * Every page, from the render service: a request a process refuses or drops (it died, it restarts) goes to the next
 * one (pages are GETs). Anonymous public pages are kept PAGE_CACHE_SECONDS, served stale while one request updates
 * them in the background; a request with the member's session cookie (\`__session\`) is neither served from the
 * cache nor stored, and neither is a page the render service marks private or no-store. Browsers still revalidate
 * every page (the render service's \`no-cache\`, passed on). The render service compresses a page in the one
 * encoding nginx asks for (Brotli, gzip or none, from the client's Accept-Encoding), and nginx keeps a copy for each:
 * a page kept is sent as it is, compressed once. While a canary is out, the render service draws each visitor's page
 * with their release and answers \`Vary: Cookie\` (render/src/release-choice.ts): nginx then keeps one copy per
 * visitor's cookies (its Vary support; so Vary is not among the headers it ignores), one for all visitors without a
 * bucket yet (the live release), and one for all again once no canary is out.
 */
const RENDER_LOCATION = `location @render {
    proxy_pass http://heritage_render;
${RENDER_PROXY_HEADERS}    proxy_set_header Accept-Encoding $heritage_page_encoding;
    proxy_next_upstream error timeout http_502 http_503;
    proxy_connect_timeout 2s;
    proxy_cache heritage_pages;
    proxy_cache_key $scheme$http_host$request_uri$heritage_page_encoding;
    proxy_cache_valid 200 404 ${PAGE_CACHE_SECONDS}s;
    proxy_ignore_headers Cache-Control Expires;
    proxy_cache_bypass $cookie___session;
    proxy_no_cache $cookie___session $heritage_page_not_kept;
    proxy_cache_use_stale updating error timeout http_500 http_502 http_503;
    proxy_cache_background_update on;
    proxy_cache_lock on;
    add_header X-Page-Cache $upstream_cache_status always;
  }`;

/**
 * With a render service, remotes.json is each visitor's (issue #56): the live release of each remote, or its canary
 * for the visitors whose bucket cookie falls in its share (render/src/release-choice.ts). Never kept by nginx: it
 * differs by cookie, and the render service sets the cookie of a visitor who has none.
 */
const VISITOR_REMOTES_LOCATION = `location = /remotes.json {
    proxy_pass http://heritage_render;
${RENDER_PROXY_HEADERS}    proxy_next_upstream error timeout http_502 http_503;
    proxy_connect_timeout 2s;
  }`;

export function shellConfig(
  root: string,
  env: NodeJS.ProcessEnv = process.env,
  remotesJsonPath?: string,
  render?: RenderUpstreams,
): string {
  const documents = addHeaders(shellDocumentHeaders(root, env));
  const files = addHeaders(ASSET_SECURITY_HEADERS);
  const pages = render
    ? `# Every route of the site is a page of the render service; a file of the build is served as it is.
  location / {
    ${files}
    try_files $uri @render;
  }
  ${RENDER_LOCATION}`
    : `# Every route of the site is index.html (a deep link, a reload), revalidated, with the pages' security headers.
  location / {
    ${documents}
    add_header Cache-Control "no-cache" always;
    try_files $uri $uri/ /index.html;
  }`;
  return `# The shell (host) of Heritage Vault. Rendered by deploy/nginx/render.ts.
${render ? renderUpstreamConfig(render) : ''}server {
  listen ${portOf(SHELL, env)};
  root ${root};
  ${COMPRESSION}

  # Hashed files never change: a year, immutable.
  location /assets/ {
    ${files}
    add_header Cache-Control "${IMMUTABLE}" always;
    try_files $uri =404;
  }
  location ~ "^/remoteEntry-[\\w-]{8}\\.js$" {
    ${files}
    add_header Cache-Control "${IMMUTABLE}" always;
  }
  # Where the remotes are: read at run time, so always revalidated. Always answered whole: nginx's validators are the
  # file's size and its mtime in seconds, and a promotion that rewrites it within the second to the same size (a
  # version 1.0.0+1 for 1.0.0+2) would be a 304 that keeps the release before.
  ${
    render
      ? VISITOR_REMOTES_LOCATION
      : `location = /remotes.json {
    ${files}
    add_header Cache-Control "no-cache" always;
    etag off;
    if_modified_since off;${remotesJsonPath ? `\n    alias ${remotesJsonPath};` : ''}
  }`
  }
  ${pages}
  location = /index.html {
    ${documents}
    add_header Cache-Control "no-cache" always;
  }
}
`;
}

export function remoteConfig(
  remote: AppInfo,
  root: string,
  env: NodeJS.ProcessEnv = process.env,
  releasesDir?: string,
): string {
  const shellOrigin = env.SHELL_ORIGIN || `http://localhost:${portOf(SHELL, env)}`;
  const cors = `$${remote.name}_cors_origin`;
  const releaseCache = `$${remote.name}_release_cache`;
  const files = addHeaders(ASSET_SECURITY_HEADERS);
  const corsHeaders = `add_header Access-Control-Allow-Origin ${cors} always;
    add_header Vary Origin always;`;
  const releases = releasesDir
    ? `
# Its releases' files: hashed ones immutable, the entry files (a release's manifest, remoteEntry.js) revalidated.
map $uri ${releaseCache} {
  "~^/releases/[^/]+/assets/" "${IMMUTABLE}";
  default "no-cache";
}
`
    : '';
  const releasesLocation = releasesDir
    ? `
  # Its releases (pnpm modules release): /releases/<version>/ from releases/${remote.dir}/<version>/, read from disk on
  # each request, so a new release is served at once. Which one is live is the shell's remotes.json's business.
  location /releases/ {
    alias ${join(releasesDir, remote.dir)}/;
    ${files}
    ${corsHeaders}
    add_header Cache-Control ${releaseCache} always;
  }`
    : '';
  return `# ${remote.dir}, a remote of Heritage Vault, deployable alone. Rendered by deploy/nginx/render.ts.
# Its files are loaded by the shell's pages: CORS allows the shell's origin, and no other.
map $http_origin ${cors} {
  "${shellOrigin}" $http_origin;
  default "";
}
${releases}
server {
  listen ${portOf(remote, env)};
  root ${root};
  ${COMPRESSION}

  location /assets/ {
    ${files}
    ${corsHeaders}
    add_header Cache-Control "${IMMUTABLE}" always;
    try_files $uri =404;
  }
  # The entry files change with every release: always revalidated.
  location / {
    ${files}
    ${corsHeaders}
    add_header Cache-Control "no-cache" always;
    try_files $uri =404;
  }${releasesLocation}
}
`;
}

/**
 * nginx's own answers on the API's server (the API never answers these itself: a 503 is the API's when PostgreSQL or
 * the identity provider is away, and is passed on as it is). Each in the API's shape, so the site shows the message
 * instead of a network failure: what failed, and whether trying again helps.
 */
export const API_PROXY_ANSWERS = {
  413: 'The request is too large: photos may take at most 15 MB, and other requests far less. Sending it again as it is will be refused the same way',
  429: 'Too many requests from your network address: wait a few seconds, then try again',
  502: 'The API did not answer (a server may be restarting): try again in a few seconds. A change you sent may have been saved: check before sending it again',
  503: 'The API is unavailable at the moment: try again in a few seconds',
  504: 'The API took too long to answer: try again in a few seconds. A change you sent may have been saved: check before sending it again',
} as const;

/** Requests one client address may make to the API, a second on average (API_REQUESTS_PER_ADDRESS), and at once. */
export function apiRequestLimit(env: NodeJS.ProcessEnv = process.env): { rate: number; burst: number } {
  const raw = env.API_REQUESTS_PER_ADDRESS ?? '200';
  const rate = Number(raw);
  if (!Number.isInteger(rate) || rate < 1)
    throw new Error(
      `API_REQUESTS_PER_ADDRESS must be a whole number of requests a second, 1 or more; got "${raw}"`,
    );
  return { rate, burst: rate * 2 };
}

/**
 * The origins whose pages may read the API's answers, as the API allows them (CORS_ORIGINS, comma-separated, `*` any),
 * for nginx's own answers; without CORS_ORIGINS, the shell's (SHELL_ORIGIN, or localhost on SHELL_PORT).
 */
function apiCorsOrigins(env: NodeJS.ProcessEnv): string[] {
  const listed = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  return listed.length ? listed : [env.SHELL_ORIGIN || `http://localhost:${portOf(SHELL, env)}`];
}

/**
 * The API on API_PORT, proxied to an upstream of its processes (`host:port` each), with keep-alive connections to
 * them. A request a process refuses or drops (it died, it is restarting) goes to the next one, for the methods nginx
 * deems idempotent only (never POST, PATCH or LOCK: a write is not sent twice), and so does one it answers 502. Not a
 * 503: that is the API's own answer while PostgreSQL or the identity provider is away, which every process would
 * give, and which would mark them all failed.
 */
export function apiConfig(upstreams: string[], env: NodeJS.ProcessEnv = process.env): string {
  const { rate, burst } = apiRequestLimit(env);
  const origins = apiCorsOrigins(env);
  const corsMap = origins.includes('*')
    ? '  default $http_origin;'
    : ['  default "";', ...origins.map((origin) => `  "${origin}" $http_origin;`)].join('\n');
  const answers = Object.entries(API_PROXY_ANSWERS)
    .map(
      ([status, message]) => `  location @api_${status} {
    # A preflight the API could not answer: let the site's request follow, so that it gets this answer to show. (An
    # error page's $request_method is GET: the request line says what it was.)
    if ($request ~ "^OPTIONS ") {
      add_header Access-Control-Allow-Origin $heritage_api_cors_origin always;
      add_header Access-Control-Allow-Methods $http_access_control_request_method always;
      add_header Access-Control-Allow-Headers $http_access_control_request_headers always;
      add_header Vary Origin always;
      return 204;
    }
    default_type application/json;
    charset utf-8;
    charset_types application/json;
    add_header Access-Control-Allow-Origin $heritage_api_cors_origin always;
    add_header Vary Origin always;
    add_header X-Content-Type-Options nosniff always;
    add_header Cache-Control no-store always;
    add_header X-Request-Id $heritage_request_id always;${status === '413' ? '' : '\n    add_header Retry-After 5 always;'}
    return ${status} '${JSON.stringify({ success: false, message }).replace(/'/g, "\\'")}';
  }`,
    )
    .join('\n');
  return `# The API of Heritage Vault behind nginx. Rendered by deploy/nginx/render.ts.
# max_fails=0: a process is never set aside. A request to one that is down is refused at once on loopback and goes to
# the next (proxy_next_upstream), and a process that is back is used by the next request; with nginx's default
# (max_fails=1, fail_timeout=10s), processes that were all down got no request for up to 10 s after they were back,
# which was a 502 each. (A host that vanishes without refusing costs a request proxy_connect_timeout first.)
upstream heritage_api {
${upstreams.map((upstream) => `  server ${upstream} max_fails=0;`).join('\n')}
  # Idle connections kept open: closed by nginx after its keepalive_timeout (60 s), before the API's (Fastify: 72 s).
  keepalive 32;
}

# Per client address, on every call: ${rate} a second on average, ${burst} more at once, then 429 (API_REQUESTS_PER_ADDRESS).
limit_req_zone $binary_remote_addr zone=heritage_api_per_address:10m rate=${rate}r/s;

# nginx's own answers carry the API's CORS header, for the origins the API allows.
map $http_origin $heritage_api_cors_origin {
${corsMap}
}

# Each request's id, which the API logs and answers with (X-Request-Id): the one the client sent when it is a plain
# token (a load balancer's in front of this server), else nginx's own 32 hex digits. Anything else is replaced.
map $http_x_request_id $heritage_request_id {
  "~^[\\w.:-]{1,128}$" $http_x_request_id;
  default $request_id;
}

server {
  listen ${apiPort(env)};
  # Photo uploads take up to 15 MB (api/README.md); the API holds every other body to its own limit.
  client_max_body_size 16m;

  limit_req zone=heritage_api_per_address burst=${burst} nodelay;
  limit_req_status 429;

  # nginx's own refusals and failures, as the API's JSON: the site shows the message instead of a network failure.
  # "=": the named location says the status (a preflight's is 204).
${Object.keys(API_PROXY_ANSWERS)
  .map((status) => `  error_page ${status} = @api_${status};`)
  .join('\n')}

  # The API processes' Prometheus metrics are for the scraper on each process's own address, never for the public:
  # refused here however the path is written (nginx matches the decoded, merged path; the API ignores a trailing /).
  location ~ ^/metrics/?$ {
    add_header X-Request-Id $heritage_request_id always;
    return 404;
  }

  location / {
    proxy_pass http://heritage_api;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    # The API trusts these from a proxy on loopback (TRUST_PROXY): the write limit counts per client address, and the
    # page session cookie (POST /api/session) is Secure unless the browser came over plain http to a local host.
    # Cookies pass both ways untouched.
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Request-Id $heritage_request_id;
    proxy_next_upstream error timeout http_502;
    # Each process once at most, and no further try once a request has taken 10 s.
    proxy_next_upstream_tries ${upstreams.length};
    proxy_next_upstream_timeout 10s;
    proxy_connect_timeout 2s;
  }

${answers}
}
`;
}

/**
 * A main configuration that runs the rendered servers in the foreground, everything under `dir`. Started as root (a
 * CI runner, a container), nginx would run its workers as `nobody`, who cannot read a checkout under a private
 * folder (`/root` is 0700): every file would be a 403. The workers then run as root too, like the rest of the run.
 */
export function mainConfig(dir: string, includes: string[], uid = process.getuid?.()): string {
  return `# Runs the site's servers in the foreground: nginx -p ${dir} -c ${join(dir, 'nginx.conf')}
load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;
${uid === 0 ? 'user root;\n' : ''}daemon off;
worker_processes 1;
# Every proxied request holds two connections (the client's and the API's), and idle keep-alive ones count too: under
# the fault tests' retries during a PostgreSQL outage nginx held up to 318 sockets at once. At its limit nginx closes
# connections, and a request on one gets no answer at all.
worker_rlimit_nofile 8192;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  client_body_temp_path ${join(dir, 'tmp', 'body')};
  proxy_temp_path ${join(dir, 'tmp', 'proxy')};
  fastcgi_temp_path ${join(dir, 'tmp', 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'tmp', 'uwsgi')};
  scgi_temp_path ${join(dir, 'tmp', 'scgi')};
${includes.map((file) => `  include ${file};`).join('\n')}
}
`;
}

export interface RenderOptions {
  out: string;
  /** Where each app's build is, by app dir ('shell', 'mf-catalogue', ...): its dist/ unless said otherwise. */
  roots?: Record<string, string>;
  apps?: string[];
  withMain?: boolean;
  env?: NodeJS.ProcessEnv;
  /**
   * The module releases' folder (deploy/modules/releases.ts) to serve: each remote's `/releases/<version>/`, and the
   * shell's `/remotes.json` from its remotes.json (written now, and by every promote and rollback).
   */
  releasesDir?: string;
  /** The API processes (`host:port`) to proxy to from API_PORT (`api.conf`); none: no API server. */
  apiUpstreams?: string[];
  /** The render service's processes (`host:port`) that answer the pages; none: every page is index.html. */
  renderUpstreams?: string[];
}

/** Writes the configuration files; returns their paths (the main one last, when asked for). */
export function renderNginx({
  out,
  roots = {},
  apps,
  withMain = false,
  env = process.env,
  releasesDir,
  apiUpstreams = [],
  renderUpstreams = [],
}: RenderOptions): string[] {
  mkdirSync(join(out, 'tmp'), { recursive: true });
  const rootOf = (app: AppInfo) => resolve(roots[app.dir] ?? join(ROOT, app.dir, 'dist'));
  const wanted = (app: AppInfo) => !apps || apps.includes(app.dir);
  const written: string[] = [];
  const write = (name: string, text: string) => {
    const file = join(out, name);
    writeFileSync(file, text);
    written.push(file);
  };
  if (wanted(SHELL)) {
    // The releases' remotes.json, or the deployment's beside the configuration: the file a deployment edits to move
    // a remote.
    let remotesJson = join(out, 'remotes.json');
    if (releasesDir) remotesJson = writeRemotesJson({ ...env, RELEASES_DIR: releasesDir });
    else writeFileSync(remotesJson, JSON.stringify(remotesManifest(env), null, 2));
    const render = renderUpstreams.length
      ? { upstreams: renderUpstreams, cacheDir: join(out, 'cache', 'pages') }
      : undefined;
    // nginx makes the cache's last folder only.
    if (render) mkdirSync(dirname(render.cacheDir), { recursive: true });
    write('shell.conf', shellConfig(rootOf(SHELL), env, remotesJson, render));
  }
  for (const remote of Object.values(REMOTES))
    if (wanted(remote))
      write(
        `${remote.dir}.conf`,
        remoteConfig(remote, rootOf(remote), env, releasesDir && resolve(releasesDir)),
      );
  if (apiUpstreams.length) write('api.conf', apiConfig(apiUpstreams, env));
  if (withMain) write('nginx.conf', mainConfig(out, [...written]));
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: join(ROOT, 'deploy', 'nginx', 'out') },
      app: { type: 'string', multiple: true },
      'root-of': { type: 'string', multiple: true },
      'with-main': { type: 'boolean', default: false },
      releases: { type: 'string' },
      api: { type: 'string', multiple: true },
      render: { type: 'string', multiple: true },
    },
  });
  const roots = Object.fromEntries(
    (values['root-of'] ?? []).map((pair) => pair.split('=', 2) as [string, string]),
  );
  const files = renderNginx({
    out: resolve(values.out),
    roots,
    apps: values.app,
    withMain: values['with-main'],
    releasesDir: values.releases && resolve(values.releases),
    apiUpstreams: values.api,
    renderUpstreams: values.render,
  });
  for (const file of files) console.log(file);
}
