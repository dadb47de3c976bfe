#!/usr/bin/env node
// What a read by id costs the real API process in CPU time, before and after a change, in one run (a script, not a
// test): `pnpm exec node bench/api/byid-cpu.mjs` from the repo root. CPU time a request moves less with what else
// runs on a shared machine than requests a second, which swing by half (bench/results/metrics.md), but still moves.
//
// Extracts the api package of BENCH_BASE_REVISION (default main) into a temporary directory (its dependencies are
// this repo's), builds both it and this work tree's (dist/main.js, as production runs it), and starts each as its
// own process on a fresh PGlite with the starter collection (no emulator: anonymous reads need none), and the before
// build once more as a control: what two processes of one build differ by is the noise a change must stand out of.
// autocannon, in this process, sends each BENCH_REQUESTS (30,000) `GET /api/artifacts/{id}` (the /api shape, random
// starter ids, 20 connections), in turn, BENCH_ROUNDS (5) times after one warming round; the process's user and
// system CPU time is read from /proc before and after each round. Prints each round and the medians, and writes them
// to bench/results/byid-cpu.json. Ports: BENCH_PORT_BASE+20 to +22 (default 3150).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gitRevision, machine, median, repoRoot } from '../lib/support.mjs';

const autocannon = createRequire(path.join(repoRoot, 'api', 'package.json'))('autocannon');
const BASE = process.env.BENCH_BASE_REVISION ?? 'main';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 3150);
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function extractApi(revision, into) {
  const archive = execFileSync('git', ['archive', revision, 'api', 'tsconfig.base.json'], {
    cwd: repoRoot,
    maxBuffer: 1 << 28,
  });
  execFileSync('tar', ['-x', '-C', into], { input: archive });
  fs.symlinkSync(path.join(repoRoot, 'api', 'node_modules'), path.join(into, 'api', 'node_modules'));
  return path.join(into, 'api');
}

/** Microseconds of CPU (user + system) the process has used. */
function cpuMicroseconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1e6;
}

async function startApi(apiDir, port, dataDir) {
  const { buildApi, API_PROCESS_ARGS } = await import(
    pathToFileURL(path.join(apiDir, 'scripts', 'build.ts')).href
  );
  await buildApi();
  const child = spawn(process.execPath, API_PROCESS_ARGS, {
    cwd: apiDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PGLITE_DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const up = await fetch(`${url}/health`).catch(() => undefined);
    if (up?.ok) break;
    if (tries > 600 || child.exitCode !== null) throw new Error(`the API of ${apiDir} did not start`);
    await sleep(200);
  }
  const ids = (await (await fetch(`${url}/api/artifacts`)).json()).map((artifact) => artifact._id);
  return { child, url, ids };
}

/** The process's CPU microseconds a request over REQUESTS reads by id, and the requests a second. */
async function round({ child, url, ids }) {
  const before = cpuMicroseconds(child.pid);
  let next = 0;
  const result = await autocannon({
    url,
    connections: 20,
    amount: REQUESTS,
    requests: [
      { setupRequest: (request) => ({ ...request, path: `/api/artifacts/${ids[next++ % ids.length]}` }) },
    ],
  });
  if (result.non2xx || result.errors) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    cpuMicroseconds: (cpuMicroseconds(child.pid) - before) / REQUESTS,
    reqPerSec: result.requests.average,
  };
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-byid-cpu-'));
const servers = {};
try {
  const baseDir = extractApi(BASE, scratch);
  servers.before = await startApi(baseDir, PORT_BASE + 20, path.join(scratch, 'before-pglite'));
  servers.after = await startApi(
    path.join(repoRoot, 'api'),
    PORT_BASE + 21,
    path.join(scratch, 'after-pglite'),
  );
  // The same build as before in a process of its own: what two processes of one build differ by on this machine
  // now, the noise a before/after difference must stand out of.
  servers.control = await startApi(baseDir, PORT_BASE + 22, path.join(scratch, 'control-pglite'));
  const labels = ['before', 'after', 'control'];
  for (const label of labels) await round(servers[label]);
  const rounds = { before: [], after: [], control: [] };
  // Each round in a new order of the three, so none always runs after another.
  for (let index = 0; index < ROUNDS; index++)
    for (const label of [...labels.slice(index % 3), ...labels.slice(0, index % 3)])
      rounds[label].push(await round(servers[label]));
  const summary = (label, key) => median(rounds[label].map((each) => each[key]));
  console.log(
    `before: ${BASE} (${execFileSync('git', ['rev-parse', '--short', BASE], { cwd: repoRoot, encoding: 'utf8' }).trim()}); after: this work tree (${gitRevision()})`,
  );
  for (const label of labels)
    console.log(
      `${label}: µs of CPU a request ${rounds[label].map((each) => each.cpuMicroseconds.toFixed(1)).join(' ')}; ` +
        `req/s ${rounds[label].map((each) => Math.round(each.reqPerSec)).join(' ')}`,
    );
  const medians = Object.fromEntries(labels.map((label) => [label, summary(label, 'cpuMicroseconds')]));
  const change = (label) => `${(((medians[label] - medians.before) / medians.before) * 100).toFixed(1)} %`;
  const results = {
    measuredAt: new Date().toISOString(),
    before: BASE,
    after: gitRevision(),
    requests: REQUESTS,
    machine: machine(),
    rounds,
    medianCpuMicroseconds: medians,
  };
  fs.writeFileSync(
    path.join(repoRoot, 'bench', 'results', 'byid-cpu.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  );
  console.log(
    `medians of ${ROUNDS} rounds of ${REQUESTS}: before ${medians.before.toFixed(1)} µs, after ` +
      `${medians.after.toFixed(1)} µs (${change('after')}), the control ${medians.control.toFixed(1)} µs ` +
      `(${change('control')}); req/s before ${Math.round(summary('before', 'reqPerSec'))}, after ` +
      `${Math.round(summary('after', 'reqPerSec'))}; load average ${os
        .loadavg()
        .map((each) => each.toFixed(1))
        .join(' ')}`,
  );
} finally {
  for (const { child } of Object.values(servers)) child.kill('SIGTERM');
  await sleep(2000);
  fs.rmSync(scratch, { recursive: true, force: true });
}
