/**
 * The web benchmark (issue #9): `pnpm bench:web` (node --import tsx bench/web/run.ts).
 *
 * Builds the shell and the remotes (unless --no-build), starts the whole site on its own ports with a fresh
 * PGlite database (starter collection), served as a deployment serves it: nginx with the shipped configuration
 * (deploy/nginx/render.ts) in front of a render process that draws every page with its data (or `pnpm start`'s
 * servers, with --server preview), creates a member in the Auth Emulator with an artifact of their own and one liked,
 * then loads every route of the site cold (a fresh browser context each time), N times under each condition, and a
 * static floor page the same way, from the same server. Protected routes are loaded twice a run: signed in (what a
 * sign-in leaves, the page session cookie included) and returning (the tokens expired). Each load is made again with
 * release health's telemetry kept off the page. Prints the tables and writes bench/results/web.{md,json}.
 *
 * Then the image bytes of the pages with members' photos, before and after upload (image-bytes.ts), written to
 * bench/results/web-images.{md,json}.
 *
 * Knobs: --no-build; --server nginx|preview (nginx); --runs N or BENCH_RUNS (5); --routes /,/about (a subset);
 * --conditions unthrottled,throttled; --images-only (only the image bytes);
 * the site's ports with SHELL_PORT, CATALOGUE_PORT, EDITOR_PORT, ACCOUNT_PORT, API_PORT, AUTH_EMULATOR_PORT
 * (the emulator also takes the next two); BENCH_FLOOR_PORT (0: any free port); CHROMIUM_PATH (/usr/bin/chromium).
 */
import { chromium, type Browser } from '@playwright/test';
import { execSync, fork, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

// The site's ports, unless the environment moves them: set before anything reads them.
const BENCH_PORTS: Record<string, string> = {
  SHELL_PORT: '4873',
  CATALOGUE_PORT: '4874',
  EDITOR_PORT: '4875',
  ACCOUNT_PORT: '4876',
  API_PORT: '4870',
  AUTH_EMULATOR_PORT: '4890',
};
for (const [name, port] of Object.entries(BENCH_PORTS)) process.env[name] ||= port;

const { api } = await import('../../e2e/fixtures/api-client.ts');
const { createAccount } = await import('../../e2e/fixtures/identity.ts');
const { ROOT, listening, stackServices, stackUrls, startServices, stopProcess, stopServices, waitForExit } =
  await import('../../stack/stack.ts');
const { runNginx } = await import('../../e2e/stack/journey-stacks.ts');
const { productionPorts } = await import('../../stack/production/services.ts');
const { freePort } = await import('../../api/test/support/ports.ts');
const { mainConfig, renderNginx } = await import('../../deploy/nginx/render.ts');
const { portOf, REMOTES, SHELL } = await import('site-config/apps');
const { fileName, kb } = await import('./critical-path.ts');
const { servingFacts } = await import('./facts.ts');
const { CONDITIONS, measureOnce, TELEMETRY_OFF } = await import('./measure.ts');
const { conditionTable, firebaseTable, homeVerdicts, markdown, speedVerdicts, summarize, telemetryTable } =
  await import('./report.ts');
const { benchRoutes } = await import('./routes.ts');
const { memberSession } = await import('../../e2e/fixtures/member-session.ts');
const { imageBytesTable, measureImageBytes, TYPED_PHOTO_HOST } = await import('./image-bytes.ts');
type Target = import('./measure.ts').Target;
type Sample = import('./measure.ts').Sample;
type Results = import('./report.ts').Results;
type RunningService = import('../../stack/stack.ts').RunningService;
type Service = import('../../stack/stack.ts').Service;

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string' },
    routes: { type: 'string' },
    conditions: { type: 'string' },
    'images-only': { type: 'boolean', default: false },
    server: { type: 'string', default: 'nginx' },
  },
});
if (args.server !== 'nginx' && args.server !== 'preview')
  throw new Error(`--server must be nginx or preview, not ${args.server}`);
const SERVER = args.server as 'nginx' | 'preview';
const RUNS = Number(args.runs ?? process.env.BENCH_RUNS ?? 5);
if (!Number.isInteger(RUNS) || RUNS < 1)
  throw new Error(`--runs must be a positive integer, not ${args.runs}`);
const BROWSER_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // The "before" photos' typed URLs name the floor's server by a public-looking name (image-bytes.ts).
  `--host-resolver-rules=MAP ${TYPED_PHOTO_HOST} 127.0.0.1`,
];
const RESULTS_DIR = join(ROOT, 'bench', 'results');
/** What the apps are built from: a change here, not committed, is named in the results. */
const APP_SOURCES = 'shell mf-catalogue mf-artifact-editor mf-account shared-ui model';

const started = Date.now();
const loadAverageStart = os.loadavg();
const cleanups: Array<() => Promise<void> | void> = [];
const cleanup = async () => {
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      await fn();
    } catch (error) {
      console.error('cleanup:', (error as Error).message);
    }
  }
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void cleanup().then(() => process.exit(130)));
}

function log(message: string) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`);
}

/** The build bakes the API's and the emulator's addresses into the shell: it must match the ports used here. */
function checkBuildMatchesPorts() {
  const assets = join(ROOT, 'shell', 'dist', 'assets');
  const apiUrl = stackUrls().api;
  const found = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .some((f) => readFileSync(join(assets, f), 'utf8').includes(apiUrl));
  if (!found)
    throw new Error(
      `shell/dist was not built for ${apiUrl}: run without --no-build, or with the ports it was built for`,
    );
}

/** The floor: the home page's first hero picture alone, at the same size, as a static page in `dir`. */
function writeFloorPage(dir: string) {
  const heroDir = join(ROOT, 'mf-catalogue', 'dist', 'assets');
  const pick = (prefix: string) => {
    const name = readdirSync(heroDir).find((f) => f.startsWith(prefix) && f.endsWith('.webp'));
    if (!name) throw new Error(`no ${prefix}*.webp in mf-catalogue/dist/assets`);
    mkdirSync(join(dir, 'assets'), { recursive: true });
    copyFileSync(join(heroDir, name), join(dir, 'assets', name));
    return `/assets/${name}`;
  };
  const [wide960, wide1280, wide1600, tall] = [
    pick('hero-gallery-wide-960-'),
    pick('hero-gallery-wide-1280-'),
    pick('hero-gallery-wide-1600-'),
    pick('hero-gallery-tall-800-'),
  ];
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Heritage Vault (floor)</title>
    <link rel="icon" href="data:," />
    <style>
      body { margin: 0; background: #2e1f14; }
      section { position: relative; margin-top: 64px; height: calc(100vh - 64px); height: calc(100svh - 64px); min-height: 480px; overflow: hidden; }
      picture img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
      .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    </style>
  </head>
  <body>
    <main id="main">
      <section>
        <h1 class="visually-hidden">Heritage Vault</h1>
        <picture>
          <source media="(max-aspect-ratio: 3/4)" srcset="${tall}" width="800" height="1200" />
          <img src="${wide1600}" srcset="${wide960} 960w, ${wide1280} 1280w, ${wide1600} 1600w" sizes="100vw" width="1600" height="900"
            alt="A golden amphora on a pedestal in a museum gallery" loading="eager" fetchpriority="high" decoding="sync" />
        </picture>
      </section>
    </main>
  </body>
</html>
`,
  );
}

/** Serves the floor from a plain node:http server of its own (the preview servers' counterpart). */
async function startFloorServer(dir: string): Promise<string> {
  const child: ChildProcess = fork(
    join(ROOT, 'bench', 'web', 'floor-server.mjs'),
    [dir, process.env.BENCH_FLOOR_PORT ?? '0'],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  cleanups.push(async () => {
    stopProcess(child.pid!);
    await waitForExit(child.pid!);
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the floor server exited with ${code}`)));
  });
  return `http://localhost:${port}/`;
}

/**
 * One render process (render/) on the first port `pnpm start:production` gives one (stack/production/services.ts),
 * with its settings there: behind nginx on loopback. One, not production's two: the bench loads one page at a time, so
 * a second would only share the two cores with the browser and the API.
 */
function renderProcess(services: Service[], env: NodeJS.ProcessEnv): { service: Service; upstream: string } {
  const render = services.find((s) => s.name === 'shell')!;
  const port = productionPorts({ ...env, RENDER_PROCESSES: '1' }).renderProcesses[0]!;
  return {
    service: {
      ...render,
      env: { ...render.env, RENDER_PORT: String(port), HOST: '127.0.0.1', TRUST_PROXY: 'loopback' },
      readyUrl: `http://127.0.0.1:${port}/robots.txt`,
    },
    upstream: `127.0.0.1:${port}`,
  };
}

/**
 * The site as a deployment serves it: nginx with the shipped configuration (deploy/nginx/render.ts) on the site's
 * ports, every page from the render process `renderUpstream` (micro-cached), the built files as they are, and the
 * floor from the same nginx, so both meet the same server.
 */
async function startNginx(
  runtimeDir: string,
  floorDir: string,
  renderUpstream: string,
): Promise<{ service: RunningService; floorUrl: string }> {
  // mkdtemp's folder is its owner's alone; nginx's workers run as another user when started by root.
  chmodSync(runtimeDir, 0o755);
  const dir = join(runtimeDir, 'nginx');
  const siteConfigs = renderNginx({ out: dir, renderUpstreams: [renderUpstream] });
  const floorPort = Number(process.env.BENCH_FLOOR_PORT) || (await freePort());
  const servedUrls = [floorPort, ...[SHELL, ...Object.values(REMOTES)].map((app) => portOf(app))].map(
    (port) => `http://localhost:${port}/`,
  );
  for (const url of servedUrls)
    if (await listening(url))
      throw new Error(`${url} is already in use by another process: stop it, or choose other ports`);
  const floorConfig = join(dir, 'floor.conf');
  writeFileSync(
    floorConfig,
    `server {
  listen ${floorPort};
  root ${floorDir};
  gzip on;
  gzip_vary on;
  location /assets/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
  location / { add_header Cache-Control "no-cache"; }
}
`,
  );
  writeFileSync(join(dir, 'nginx.conf'), mainConfig(dir, [...siteConfigs, floorConfig]));
  return { service: await runNginx(dir, servedUrls), floorUrl: servedUrls[0]! };
}

async function main() {
  if (!args['no-build']) {
    log('Building the shell and the remotes (pnpm build)...');
    execSync('pnpm build', { cwd: ROOT, stdio: 'inherit', env: process.env });
  }
  checkBuildMatchesPorts();

  const runtimeDir = mkdtempSync(join(os.tmpdir(), 'hv-bench-web-'));
  cleanups.push(() => rmSync(runtimeDir, { recursive: true, force: true }));
  log(`Starting the stack (runtime ${runtimeDir})...`);
  // No module releases (an empty folder): the remotes' builds in the tree are live, as the build above made them.
  mkdirSync(join(runtimeDir, 'releases'));
  const env = {
    ...process.env,
    PGLITE_DATA_DIR: join(runtimeDir, 'pglite'),
    RELEASES_DIR: join(runtimeDir, 'releases'),
    LOG_LEVEL: 'warn',
  };
  const services = stackServices({ mode: 'preview', runtimeDir, env });
  // With nginx, the stack's own servers are the Auth Emulator, the API and one render process behind nginx.
  const render = SERVER === 'nginx' ? renderProcess(services, env) : null;
  const running: RunningService[] = await startServices(
    render ? [...services.filter((s) => s.name === 'auth' || s.name === 'api'), render.service] : services,
    runtimeDir,
    env,
  );
  cleanups.push(async () => {
    log('Stopping the stack...');
    await stopServices(running);
  });
  const floorDir = join(runtimeDir, 'floor');
  writeFloorPage(floorDir);
  let floorUrl: string;
  if (render) {
    const nginx = await startNginx(runtimeDir, floorDir, render.upstream);
    running.push(nginx.service);
    floorUrl = nginx.floorUrl;
  } else {
    floorUrl = await startFloorServer(floorDir);
  }
  log(`Serving the site with ${SERVER === 'nginx' ? 'nginx in front of a render process' : 'pnpm start'}`);
  const urls = stackUrls();

  log('Creating a member, their artifact and a like...');
  const member = await createAccount({ displayName: 'Bench Member' });
  const starter = await api.listArtifacts();
  const liked = starter[0];
  if (!liked) throw new Error('the starter collection is empty');
  // The same starter picture, under a public-looking host the bench's browser maps to this machine: the API refuses
  // an Image URL on a local host that is not the member's own photo.
  const image = new URL(liked.image);
  image.hostname = TYPED_PHOTO_HOST;
  const artifact = await api.createArtifact(member.idToken, {
    name: 'Bench Astrolabe',
    image: image.href,
    type: 'Tools',
  });
  await api.like(member.idToken, liked._id);
  // What the server's HTML of a data page must show (measureOnce checks it): the page drawn, not a shell.
  const allNames = (await api.listArtifacts()).map((a) => a.name);
  const drawnTexts: Record<string, string[]> = {
    '/': allNames,
    '/all-artifacts': allNames,
    '/artifact-details/:id': [artifact.name],
    '/update-artifact/:id': [artifact.name],
    '/my-artifacts': [artifact.name],
    '/liked-artifacts': [liked.name],
    '/profile': [member.email],
  };

  const wanted = args.routes?.split(',').map((r) => r.trim());
  const routes = benchRoutes().filter((r) => !wanted || wanted.includes(r.pattern));
  // A protected route twice, side by side so both cases meet the same moments of the machine: signed in, and
  // returning (a row of its own, `/my-artifacts (returning)`); and each case again right after, with release health's
  // telemetry kept off the page (`/my-artifacts (telemetry off)`).
  const targets: Target[] = routes.flatMap((r) => {
    const path = r.path({ artifactId: artifact._id });
    const target: Target = {
      key: r.pattern,
      route: r.pattern,
      url: `${urls.shell}${path}`,
      needsMember: r.needsMember,
      session: null,
      remote: r.remote,
      expectPath: path,
      drawnTexts: drawnTexts[r.pattern] ?? null,
      telemetryOff: false,
    };
    const cases: Target[] = r.needsMember
      ? [
          { ...target, session: 'signed in' },
          { ...target, key: `${r.pattern} (returning)`, session: 'returning' },
        ]
      : [target];
    return cases.flatMap((t) => [t, { ...t, key: `${t.key} ${TELEMETRY_OFF}`, telemetryOff: true }]);
  });
  const floor: Target = {
    key: 'floor',
    route: 'floor',
    url: floorUrl,
    needsMember: false,
    session: null,
    remote: null,
    expectPath: '/',
    drawnTexts: null,
    telemetryOff: false,
  };
  const conditions = CONDITIONS.filter(
    (c) => !args['images-only'] && (!args.conditions || args.conditions.split(',').includes(c.name)),
  );

  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: BROWSER_ARGS,
  });
  cleanups.push(() => browser.close());

  const results: Results = {
    date: new Date().toISOString(),
    server: SERVER,
    commit:
      execSync('git rev-parse --short HEAD', { cwd: ROOT, encoding: 'utf8' }).trim() +
      (execSync(`git status --porcelain -- ${APP_SOURCES}`, {
        cwd: ROOT,
        encoding: 'utf8',
      }).trim()
        ? ' (with uncommitted changes to the apps)'
        : ''),
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model.trim() ?? 'unknown',
      memoryGb: Math.round(os.totalmem() / 1e9),
      os: `${os.type()} ${os.release()}`,
      loadAverageStart,
      loadAverageEnd: [],
    },
    versions: {
      node: process.version,
      chromium: browser.version(),
      playwright: (createRequire(import.meta.url)('@playwright/test/package.json') as { version: string })
        .version,
    },
    runs: RUNS,
    conditions: [],
    duplicates: {},
    serving: { rows: [], hashedNotImmutable: [], entriesCacheable: [], uncompressed: [] },
    durationSeconds: 0,
  };
  const firstLoads: Sample[] = [];

  for (const condition of conditions) {
    const samples = new Map<string, Sample[]>([floor, ...targets].map((t) => [t.key, []]));
    for (let run = 1; run <= RUNS; run += 1) {
      // The floor and the routes take turns, so a busy moment on the machine hits both alike; a route's loads with
      // and without telemetry swap places every other run, so neither is always the one that meets nginx's page
      // cache freshly updated by the other.
      const order = run % 2 ? targets : targets.map((_, i) => targets[i % 2 ? i - 1 : i + 1]!);
      for (const target of [floor, ...order]) {
        const first = run === 1 && condition.name === conditions[0]!.name;
        let sample: Sample | null = null;
        for (let attempt = 1; attempt <= 2 && !sample; attempt += 1) {
          try {
            // Signed in just before each load: the stored token is reused only while younger than 5 minutes.
            const storage = target.session
              ? await memberSession(urls.shell, member, { state: target.session })
              : undefined;
            sample = await measureOnce(browser, target, condition, {
              storage,
              collectBodies: first && target !== floor && !target.telemetryOff,
              typeSearch: target.key === '/all-artifacts',
            });
          } catch (error) {
            log(
              `  ${target.key} run ${run}: ${(error as Error).message.split('\n')[0]}${attempt === 1 ? ' (trying again)' : ''}`,
            );
          }
        }
        if (!sample) throw new Error(`${target.key} failed twice under ${condition.name}`);
        samples.get(target.key)!.push(sample);
        if (first && sample.requestsLog) {
          firstLoads.push(sample);
          results.duplicates[target.key] = sample.duplicates ?? [];
        }
        log(
          `  ${condition.name} run ${run}/${RUNS} ${target.key.padEnd(33)} critical JS ${kb(sample.criticalJsBytes).padStart(9)}  ` +
            `live JS ${kb(sample.liveJsBytes).padStart(9)}  FCP ${Math.round(sample.fcp ?? -1)} ms  LCP ${Math.round(sample.lcp ?? -1)} ms  ` +
            `live ${Math.round(sample.liveAt)} ms` +
            (sample.firebaseCalls.lookup?.end
              ? `  Firebase answered ${Math.round(sample.firebaseCalls.lookup.end)} ms` +
                (sample.firebaseCalls.refresh ? ' (token refreshed)' : '')
              : '') +
            (sample.interaction
              ? `  keystrokes: median ${sample.interaction.median} ms, max ${sample.interaction.max} ms`
              : ''),
        );
      }
    }
    const floorSummary = summarize(floor, samples.get('floor')!, null);
    const summaryOf = (t: Target) => summarize(t, samples.get(t.key)!, floorSummary.lcp.median);
    const routeSummaries = targets.filter((t) => !t.telemetryOff).map(summaryOf);
    const withoutTelemetry = targets.filter((t) => t.telemetryOff).map(summaryOf);
    results.conditions.push({ condition, floor: floorSummary, routes: routeSummaries, withoutTelemetry });
    console.log(`\n${condition.name}: ${condition.label}, medians of ${RUNS} cold loads\n`);
    console.log(conditionTable(floorSummary, routeSummaries).join('\n'));
    console.log(`\nRelease health's telemetry (${condition.name})\n`);
    console.log(telemetryTable(routeSummaries, withoutTelemetry).join('\n'));
    console.log(`\nFirebase on the protected routes (${condition.name})\n`);
    console.log(firebaseTable(routeSummaries).join('\n'));
    console.log('');
  }

  // Last: the photo artifacts it adds would change what All Artifacts shows in the timings above.
  await writeImageBytes(browser, floorDir, floorUrl);
  if (args['images-only']) return;

  results.serving = servingFacts(firstLoads.flatMap((s) => s.requestsLog ?? []));
  results.machine.loadAverageEnd = os.loadavg();
  results.durationSeconds = (Date.now() - started) / 1000;
  console.log(homeVerdicts(results).join('\n'));
  console.log(`\nSpeed targets (issue #53)\n\n${speedVerdicts(results).join('\n')}`);
  const home = results.conditions[0]?.routes.find((r) => r.key === '/');
  if (home)
    console.log(
      `\nBiggest critical-path files of /: ${home.criticalJsFiles
        .slice(0, 5)
        .map((f) => `${fileName(f.url)} ${kb(f.bytes)}`)
        .join(', ')}`,
    );

  mkdirSync(RESULTS_DIR, { recursive: true });
  // The JSON keeps everything but the raw request logs and bodies of the first loads.
  const forJson = JSON.parse(JSON.stringify(results)) as Results;
  writeFileSync(join(RESULTS_DIR, 'web.json'), `${JSON.stringify(forJson, null, 2)}\n`);
  writeFileSync(join(RESULTS_DIR, 'web.md'), `${markdown(results)}\n`);
  log('Wrote bench/results/web.md and bench/results/web.json');
}

/** The image bytes of pages with members' photos, before and after upload: printed, and in web-images.{md,json}. */
async function writeImageBytes(browser: Browser, floorDir: string, floorUrl: string) {
  log("Image bytes of members' photos: adding the photos...");
  // A member of its own, signed in now: the first one's token may have expired during the timings.
  const member = await createAccount({ displayName: 'Bench Photographer' });
  const urls = stackUrls();
  const rows = await measureImageBytes(browser, {
    shellUrl: urls.shell,
    apiUrl: urls.api,
    floorDir,
    floorUrl,
    member,
    storage: await memberSession(urls.shell, member),
  });
  const table = imageBytesTable(rows);
  console.log(`\nImage bytes of members' photos\n\n${table.join('\n')}\n`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const commit = execSync('git rev-parse --short HEAD', { cwd: ROOT, encoding: 'utf8' }).trim();
  writeFileSync(
    join(RESULTS_DIR, 'web-images.json'),
    `${JSON.stringify({ date: new Date().toISOString(), commit, rows }, null, 2)}\n`,
  );
  writeFileSync(
    join(RESULTS_DIR, 'web-images.md'),
    [
      "# Image bytes of members' photos",
      '',
      `Measured ${new Date().toISOString()} on commit \`${commit}\` by \`pnpm bench:web\` (bench/web/image-bytes.ts says how). ` +
        'Before: the camera original at a URL the member typed; after: the same photo uploaded, its copies in `srcset`.',
      '',
      ...table,
      '',
    ].join('\n'),
  );
  log('Wrote bench/results/web-images.md and bench/results/web-images.json');
}

try {
  await main();
} finally {
  await cleanup();
}
