#!/usr/bin/env node
// What share of the API process's CPU its metrics and request ids take under reads by id (issue #56 item 4: at most
// 5 %), measured inside one process, so that what else runs on the machine moves it little: `pnpm exec node
// bench/api/metrics-share.mjs` from the repo root (a script, not a test).
//
// Builds this work tree's API (dist/main.js, as production runs it), starts it with V8's sampling profiler
// (`--cpu-prof`) on a fresh PGlite with the starter collection, sends BENCH_REQUESTS (40,000) `GET
// /api/artifacts/{id}` (random starter ids, 20 connections), and stops it. Of the profile's samples from the first
// request on, busy ones (not idle) are counted, and those with the metrics' or the request ids' code anywhere on
// their stack: prom-client, and the functions of api/src/http/metrics.ts and request-id.ts as bundled. Fastify's own
// cost of running two more hooks is not in that share. Prints the share and writes bench/results/metrics-share.json.
// Port: BENCH_PORT_BASE+23 (default 3150).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { machine, repoRoot, sleep } from '../lib/support.mjs';

const autocannon = createRequire(path.join(repoRoot, 'api', 'package.json'))('autocannon');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40_000);
const PORT = Number(process.env.BENCH_PORT_BASE ?? 3150) + 23;
const apiDir = path.join(repoRoot, 'api');
const bundle = path.join(apiDir, 'dist', 'main.js');

/** The bundled functions that are the metrics' and the request ids' (their source files' top-level functions). */
function metricsFunctionLines() {
  const sources = ['metrics.ts', 'request-id.ts'].map((file) =>
    fs.readFileSync(path.join(apiDir, 'src', 'http', file), 'utf8'),
  );
  const names = new Set(
    sources.flatMap((source) => [...source.matchAll(/^export function (\w+)/gm)].map((match) => match[1])),
  );
  // In the bundle each is a top-level `function name(`, up to the next top-level declaration.
  const lines = fs.readFileSync(bundle, 'utf8').split('\n');
  const ranges = [];
  lines.forEach((line, index) => {
    const name = line.match(/^(?:async )?function (\w+)\(/)?.[1];
    if (!name || !names.has(name)) return;
    let end = index + 1;
    while (end < lines.length && !/^(?:async )?function |^(?:var|const|let|class) /.test(lines[end])) end++;
    ranges.push([index, end - 1]);
  });
  if (ranges.length !== names.size)
    throw new Error(`found ${ranges.length} of ${names.size} functions in ${bundle}`);
  return ranges;
}

function share(profile, ranges) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const isMetrics = ({ url, lineNumber }) =>
    url.includes('/prom-client/') ||
    (url.endsWith('/dist/main.js') && ranges.some(([from, to]) => lineNumber >= from && lineNumber <= to));
  let serving = false;
  let busy = 0;
  let metrics = 0;
  profile.samples.forEach((id, index) => {
    const stack = [];
    for (let at = id; at !== undefined; at = parents.get(at)) stack.push(nodes.get(at).callFrame);
    serving ||= stack.some(({ url }) => url.includes('/fastify/lib/handle-request.js'));
    if (!serving || stack[0].functionName === '(idle)') return;
    const time = profile.timeDeltas[index] ?? 0;
    busy += time;
    if (stack.some(isMetrics)) metrics += time;
  });
  return { busyMs: busy / 1000, metricsMs: metrics / 1000, share: metrics / busy };
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-metrics-share-'));
let child;
try {
  const { buildApi, API_PROCESS_ARGS } = await import(
    pathToFileURL(path.join(apiDir, 'scripts', 'build.ts')).href
  );
  await buildApi();
  const ranges = metricsFunctionLines();
  const url = `http://127.0.0.1:${PORT}`;
  child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${scratch}`, ...API_PROCESS_ARGS], {
    cwd: apiDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PGLITE_DATA_DIR: path.join(scratch, 'pglite'),
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let tries = 0; !(await fetch(`${url}/health`).catch(() => undefined))?.ok; tries++) {
    if (tries > 600 || child.exitCode !== null) throw new Error('the API did not start');
    await sleep(200);
  }
  const ids = (await (await fetch(`${url}/api/artifacts`)).json()).map((artifact) => artifact._id);
  let next = 0;
  const load = await autocannon({
    url,
    connections: 20,
    amount: REQUESTS,
    requests: [
      { setupRequest: (request) => ({ ...request, path: `/api/artifacts/${ids[next++ % ids.length]}` }) },
    ],
  });
  if (load.non2xx || load.errors) throw new Error(`${load.non2xx} non-2xx, ${load.errors} errors`);
  // SIGINT: the API closes and Node writes the profile as it exits.
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await exited;
  const [file] = fs.readdirSync(scratch).filter((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error('the API wrote no profile');
  const measured = share(JSON.parse(fs.readFileSync(path.join(scratch, file), 'utf8')), ranges);
  const results = {
    measuredAt: new Date().toISOString(),
    requests: REQUESTS,
    reqPerSec: Math.round(load.requests.average),
    ...measured,
    machine: machine(),
  };
  fs.writeFileSync(
    path.join(repoRoot, 'bench', 'results', 'metrics-share.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  );
  console.log(
    `${REQUESTS} reads by id: the API busy ${measured.busyMs.toFixed(0)} ms, of which the metrics and request ids ` +
      `${measured.metricsMs.toFixed(0)} ms (${(measured.share * 100).toFixed(2)} %, target <= 5 %); ` +
      `load average ${os
        .loadavg()
        .map((each) => each.toFixed(1))
        .join(' ')}`,
  );
} finally {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(scratch, { recursive: true, force: true });
}
