/**
 * The render service behind nginx (issue #53): `pnpm bench:render` (node --import tsx bench/render/run.ts), after
 * `pnpm build`.
 *
 * Starts the real API (PGlite, the starter collection), two render processes (render/, PUBLIC_ARTIFACT_PAGES=true,
 * so Artifact Details reads its artifact from the API) and nginx with production's configuration
 * (deploy/nginx/render.ts: the remotes' builds, the pages from an upstream of render processes, micro-cached), first
 * with one render process in the upstream, then with both; and, in the same nginx, the floor: a server that answers
 * every route with the shell's static index.html, as nginx did before the render service. For each, autocannon loads
 * Artifact Details (a random one of the 30 artifacts) and All Artifacts as a browser asks for a document
 * (Accept-Encoding: gzip, br): anonymous (what nginx may keep 5 s) and as a member (a real page session cookie,
 * `__session`, from an Auth Emulator sign-in, as the shell gets it: never kept, each page rendered for the member, whom
 * the render service asks the API about on every request). Prints pages per second and latency (p50, p99 of the whole response: the document is 40 KB on
 * loopback, so about its time to first byte), medians of BENCH_RUNS runs, and writes bench/results/render.{md,json}.
 *
 * Knobs: those of bench/lib/load.mjs (BENCH_RUNS 3, BENCH_DURATION 5 s, BENCH_CONNECTIONS 50), BENCH_PORT_BASE
 * (3150: this benchmark takes +50 to +59).
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { mainConfig, renderNginx } from '../../deploy/nginx/render.ts';
import { REMOTES, SHELL } from 'site-config/apps';
import { RENDER_PROCESS, ROOT, waitForUrl } from '../../stack/stack.ts';
import { measure } from '../lib/load.mjs';
import {
  apiEnv,
  createCleanups,
  log,
  machine,
  PORT_BASE,
  signUpUsers,
  sleep,
  startApiProcess,
  startBenchEmulator,
} from '../lib/support.mjs';

const OUTPUT = process.env.BENCH_OUTPUT ?? 'render';
const PROJECT = 'demo-heritage-bench';
const BROWSER = { 'accept-encoding': 'gzip, br', accept: 'text/html' };
const ports = {
  api: PORT_BASE + 50,
  shell: PORT_BASE + 51,
  remotes: [PORT_BASE + 52, PORT_BASE + 53, PORT_BASE + 54],
  render: [PORT_BASE + 55, PORT_BASE + 56],
  floor: PORT_BASE + 57,
};
const siteEnv: NodeJS.ProcessEnv = {
  SHELL_PORT: String(ports.shell),
  ...Object.fromEntries(
    Object.values(REMOTES).map((remote, index) => [remote.portEnv, String(ports.remotes[index])]),
  ),
  API_PORT: String(ports.api),
  VITE_API_URL: `http://127.0.0.1:${ports.api}`,
};
const cleanups = createCleanups();

function startRenderProcess(port: number, runtimeDir: string) {
  const child = spawn(process.execPath, RENDER_PROCESS.args, {
    cwd: RENDER_PROCESS.cwd,
    env: {
      ...process.env,
      ...siteEnv,
      RENDER_PORT: String(port),
      HOST: '127.0.0.1',
      TRUST_PROXY: 'loopback',
      PUBLIC_ARTIFACT_PAGES: 'true',
      RELEASES_DIR: join(runtimeDir, 'releases'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  cleanups.add(() => child.kill('SIGTERM'));
  return waitForUrl(`http://127.0.0.1:${port}/robots.txt`, 60_000, child);
}

/** nginx with production's configuration for `renders` render processes, and the floor beside it. */
async function startNginx(runtimeDir: string, renders: number[]) {
  const dir = join(runtimeDir, `nginx-${renders.length}`);
  const written = renderNginx({
    out: dir,
    env: siteEnv,
    renderUpstreams: renders.map((port) => `127.0.0.1:${port}`),
  });
  const floor = join(dir, 'floor.conf');
  writeFileSync(
    floor,
    `# Every route is the shell's static index.html, as nginx served the pages before the render service.
server {
  listen ${ports.floor};
  root ${join(ROOT, SHELL.dir, 'dist')};
  brotli_static on;
  gzip_static on;
  location / { add_header Cache-Control "no-cache"; try_files $uri /index.html; }
}
`,
  );
  writeFileSync(join(dir, 'nginx.conf'), mainConfig(dir, [...written, floor]));
  const child = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'inherit' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
  };
  for (const port of [ports.shell, ports.floor, ...ports.remotes])
    await waitForUrl(`http://127.0.0.1:${port}/robots.txt`, 30_000, child);
  return stop;
}

const random = (paths: string[]) => ({
  requests: [
    {
      setupRequest: (request: object) => ({
        ...request,
        path: paths[Math.floor(Math.random() * paths.length)],
      }),
    },
  ],
});

/** A member's page session cookie (`__session=...`), as the shell asks the API for it after a sign-in. */
async function pageSessionCookie(api: string, idToken: string): Promise<string> {
  const response = await fetch(`${api}/session`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${idToken}` },
  });
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith('__session='));
  if (response.status !== 204 || !cookie) throw new Error(`no page session: ${response.status}`);
  return cookie.split(';')[0]!;
}

async function measurePages(
  label: string,
  port: number,
  pages: Record<string, string[]>,
  memberCookie?: string,
) {
  const results: Record<string, unknown> = {};
  for (const [page, paths] of Object.entries(pages))
    results[page] = await measure(`${label}: ${page}`, {
      url: `http://127.0.0.1:${port}`,
      headers: { ...BROWSER, ...(memberCookie ? { cookie: memberCookie } : {}) },
      ...random(paths),
    });
  return results;
}

async function main() {
  for (const app of [SHELL, ...Object.values(REMOTES)])
    if (!existsSync(join(ROOT, app.dir, 'dist')))
      throw new Error(`${app.dir}/dist is missing: run pnpm build`);
  const started = new Date();
  const runtimeDir = mkdtempSync(join(os.tmpdir(), 'hv-bench-render-'));
  // nginx's workers run as another user when not started by root; mkdtemp's folder is its owner's alone.
  chmodSync(runtimeDir, 0o755);
  mkdirSync(join(runtimeDir, 'releases'));
  cleanups.add(() => rmSync(runtimeDir, { recursive: true, force: true }));
  const emulatorHost = await startBenchEmulator(cleanups, PROJECT);
  const api = await startApiProcess(
    cleanups,
    apiEnv({
      port: ports.api,
      projectId: PROJECT,
      emulatorHost,
      database: { PGLITE_DATA_DIR: join(runtimeDir, 'pglite') },
      extra: { SEED_STARTER: 'true' },
    }),
  );
  const ids = ((await (await fetch(`${api}/artifacts`)).json()) as Array<{ _id: string }>).map(
    ({ _id }) => _id,
  );
  const pages = {
    'Artifact Details': ids.map((id) => `/artifact-details/${id}`),
    'All Artifacts': ['/all-artifacts'],
  };
  await Promise.all(ports.render.map((port) => startRenderProcess(port, runtimeDir)));
  const [member] = await signUpUsers(emulatorHost, 1, 'render');
  const memberCookie = await pageSessionCookie(api, member!.token);

  const results: Record<string, unknown> = {};
  for (const count of [1, 2]) {
    const stop = await startNginx(runtimeDir, ports.render.slice(0, count));
    try {
      if (count === 1) results.floor = await measurePages('nginx, static index.html', ports.floor, pages);
      const processes = `${count} render process${count > 1 ? 'es' : ''}`;
      results[`anonymous${count}`] = await measurePages(`nginx, ${processes}, anonymous`, ports.shell, pages);
      results[`member${count}`] = await measurePages(
        `nginx, ${processes}, member`,
        ports.shell,
        pages,
        memberCookie,
      );
    } finally {
      await stop();
    }
  }
  const output = { date: started.toISOString(), machine: machine(), results };
  writeFileSync(join(ROOT, 'bench', 'results', `${OUTPUT}.json`), `${JSON.stringify(output, null, 2)}\n`);
  writeFileSync(join(ROOT, 'bench', 'results', `${OUTPUT}.md`), report(output));
  log(`wrote bench/results/${OUTPUT}.md`);
}

interface Summary {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

function report({
  date,
  machine: info,
  results,
}: {
  date: string;
  machine: ReturnType<typeof machine>;
  results: Record<string, unknown>;
}) {
  const rows: Array<[string, string]> = [
    ['floor', 'nginx, static index.html (floor)'],
    ['anonymous1', 'nginx, 1 render process, anonymous (micro-cached)'],
    ['member1', 'nginx, 1 render process, member (each rendered)'],
    ['anonymous2', 'nginx, 2 render processes, anonymous (micro-cached)'],
    ['member2', 'nginx, 2 render processes, member (each rendered)'],
  ];
  const floor = results.floor as Record<string, Summary>;
  const lines = [
    '# Pages from the render service behind nginx',
    '',
    `${date} - revision ${info.revision}, ${info.cpus} cores, Node ${info.node}, load average at the end ${info.loadavg.join(' ')}.`,
    `Medians of ${process.env.BENCH_RUNS ?? 3} runs of ${process.env.BENCH_DURATION ?? 5} s, ${process.env.BENCH_CONNECTIONS ?? 50} connections, the 30 starter artifacts (PGlite), Accept-Encoding: gzip, br.`,
    '',
    '| page | served by | pages/s | p50 ms | p99 ms | pages/s to the floor | p99 to the floor | non-2xx | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const page of Object.keys(floor))
    for (const [key, label] of rows) {
      const row = (results[key] as Record<string, Summary>)[page]!;
      const base = floor[page]!;
      lines.push(
        `| ${page} | ${label} | ${row.reqPerSec} | ${row.p50Ms} | ${row.p99Ms} | ${(row.reqPerSec / base.reqPerSec).toFixed(2)}x | ${(row.p99Ms / base.p99Ms).toFixed(2)}x | ${row.non2xx} | ${row.errors} |`,
      );
    }
  return `${lines.join('\n')}\n`;
}

try {
  await main();
} finally {
  await cleanups.runAll();
}
