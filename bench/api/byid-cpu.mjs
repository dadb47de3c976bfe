#!/usr/bin/env node
// What a read by id costs the real API process in CPU time, before and after a change, in one run (a script, not a
// test): `pnpm exec node bench/api/byid-cpu.mjs` from the repo root. CPU time a request moves less with what else
// runs on a shared machine than requests a second, which swing by half (bench/results/metrics.md), but still moves.
//
// Extracts the api package of BENCH_BASE_REVISION (default main) into a temporary directory (its dependencies are
// this repo's), builds both it and this work tree's (dist/main.js, as production runs it), and starts BENCH_PROCESSES
// (3) processes of each, every one on a fresh PGlite with the starter collection (no emulator: anonymous reads need
// none). Processes of one build differ by several percent (memory layout, what the JIT made of the warm-up): that
// spread, printed, is the noise a before/after difference must stand out of, and a build's figure is the median of
// its processes'. autocannon, in this process, sends each process BENCH_REQUESTS (20,000) `GET /api/artifacts/{id}`
// (the /api shape, random starter ids, 20 connections), in turn, BENCH_ROUNDS (9) times after one warming round; the
// process's user and system CPU time is read from /proc before and after each round. On two cores or more the API
// processes run on the last core and this process on the first (taskset), so a server never shares its core with
// the load it answers. Prints each round and the medians, and writes them to bench/results/byid-cpu.json. Ports:
// BENCH_PORT_BASE+20 onwards (default 3150).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gitRevision, machine, median, repoRoot } from '../lib/support.mjs';

const autocannon = createRequire(path.join(repoRoot, 'api', 'package.json'))('autocannon');
const BASE = process.env.BENCH_BASE_REVISION ?? 'main';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 3);
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 3150);
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const LAST_CORE = os.availableParallelism() - 1;
const pinned = LAST_CORE > 0 && fs.existsSync('/usr/bin/taskset');
if (pinned) execFileSync('taskset', ['-a', '-cp', '0', String(process.pid)], { stdio: 'ignore' });

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
  const [command, args] = pinned
    ? ['taskset', ['-c', String(LAST_CORE), process.execPath, ...API_PROCESS_ARGS]]
    : [process.execPath, API_PROCESS_ARGS];
  const child = spawn(command, args, {
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
const servers = [];
try {
  const dirs = { before: extractApi(BASE, scratch), after: path.join(repoRoot, 'api') };
  for (let index = 0; index < PROCESSES * 2; index++) {
    const build = index % 2 ? 'after' : 'before';
    const name = `${build} ${Math.floor(index / 2) + 1}`;
    const dataDir = path.join(scratch, `pglite-${index}`);
    servers.push({ build, name, ...(await startApi(dirs[build], PORT_BASE + 20 + index, dataDir)) });
  }
  for (const server of servers) await round(server);
  const rounds = new Map(servers.map((server) => [server, []]));
  // Each round in a new order of the processes, so none always runs after another.
  for (let index = 0; index < ROUNDS; index++)
    for (const server of [
      ...servers.slice(index % servers.length),
      ...servers.slice(0, index % servers.length),
    ])
      rounds.get(server).push(await round(server));
  const processMedian = (server, key = 'cpuMicroseconds') =>
    median(rounds.get(server).map((each) => each[key]));
  const buildMedian = (build, key = 'cpuMicroseconds') =>
    median(servers.filter((server) => server.build === build).map((server) => processMedian(server, key)));
  /** How far apart the processes of one build are: the noise a before/after difference must stand out of. */
  const spread = (build) => {
    const medians = servers.filter((server) => server.build === build).map((server) => processMedian(server));
    return Math.max(...medians) / Math.min(...medians) - 1;
  };
  const medians = { before: buildMedian('before'), after: buildMedian('after') };
  const percent = (fraction) => `${(fraction * 100).toFixed(1)} %`;
  console.log(
    `before: ${BASE} (${execFileSync('git', ['rev-parse', '--short', BASE], { cwd: repoRoot, encoding: 'utf8' }).trim()}); after: this work tree (${gitRevision()})`,
  );
  for (const server of servers)
    console.log(
      `${server.name}: µs of CPU a request ${rounds
        .get(server)
        .map((each) => each.cpuMicroseconds.toFixed(1))
        .join(' ')} ` + `(median ${processMedian(server).toFixed(1)})`,
    );
  const results = {
    measuredAt: new Date().toISOString(),
    before: BASE,
    after: gitRevision(),
    requests: REQUESTS,
    processesPerBuild: PROCESSES,
    machine: machine(),
    pinnedToCores: pinned,
    rounds: servers.map((server) => ({ process: server.name, rounds: rounds.get(server) })),
    medianCpuMicroseconds: medians,
    change: medians.after / medians.before - 1,
    spreadBetweenProcesses: { before: spread('before'), after: spread('after') },
  };
  fs.writeFileSync(
    path.join(repoRoot, 'bench', 'results', 'byid-cpu.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  );
  console.log(
    `medians of ${PROCESSES} processes a build, each the median of ${ROUNDS} rounds of ${REQUESTS}: before ` +
      `${medians.before.toFixed(1)} µs, after ${medians.after.toFixed(1)} µs (${percent(results.change)}); between ` +
      `one build's processes: before ${percent(spread('before'))}, after ${percent(spread('after'))}; req/s before ` +
      `${Math.round(buildMedian('before', 'reqPerSec'))}, after ${Math.round(buildMedian('after', 'reqPerSec'))}; ` +
      `load average ${os
        .loadavg()
        .map((each) => each.toFixed(1))
        .join(' ')}`,
  );
} finally {
  for (const { child } of servers) child.kill('SIGTERM');
  await sleep(2000);
  fs.rmSync(scratch, { recursive: true, force: true });
}
