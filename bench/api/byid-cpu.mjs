#!/usr/bin/env node
// What a read by id costs the real API process, before and after a change, in one run (a script, not a test):
// `pnpm exec node bench/api/byid-cpu.mjs` from the repo root. It counts one of two things (BENCH_MEASURE):
//
// - `cpu` (the default): the process's user and system CPU time, read from /proc around each round. It moves less
//   with what else runs on a shared machine than requests a second, which swing by half (bench/results/metrics.md),
//   but still moves: these virtual machines lend their cores to others, and processes of one build differ by up to a
//   fifth. On two cores or more the API processes run on the last core and this process on the first (taskset), so a
//   server never shares its core with the load it answers.
// - `instructions`: the instructions the process executes, counted by valgrind's callgrind, which are the same
//   whatever else the machine does. Each process runs under callgrind with counting off while it starts and warms
//   up; then each round is counted alone: callgrind_control zeroes the counts, turns counting on, the round's reads
//   are sent, counting goes off and the counts are dumped. Counted, a process answers about 50 reads a second, so
//   rounds are short (BENCH_REQUESTS 1,000) and all processes run at once. What a timer does every few milliseconds
//   is paid per second, not per read: under valgrind it weighs about a hundred times what it does at native speed.
//
// Extracts the api package of BENCH_BASE_REVISION (default main) into a temporary directory (its dependencies are
// this repo's), builds both it and this work tree's (dist/main.js, as production runs it), and starts BENCH_PROCESSES
// (3) processes of each, every one on a fresh PGlite with the starter collection (no emulator: anonymous reads need
// none). Processes of one build differ (memory layout, what the JIT made of the warm-up): that spread, printed, is
// the noise a before/after difference must stand out of, and a build's figure is the median of its processes'.
// autocannon, in this process, warms each process up with BENCH_WARMUP (20,000) reads and a round thrown away, then
// sends it BENCH_REQUESTS (cpu: 20,000) `GET /api/artifacts/{id}` (the /api shape, random starter ids, 20
// connections) BENCH_ROUNDS (9) times, the processes in turn (cpu) or at once (instructions). Prints each round and
// the medians, and writes them to bench/results/byid-cpu.json. Ports: BENCH_PORT_BASE+20 onwards (default 3150).
import { execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gitRevision, machine, median, repoRoot } from '../lib/support.mjs';

const execFileAsync = promisify(execFile);
const autocannon = createRequire(path.join(repoRoot, 'api', 'package.json'))('autocannon');
const BASE = process.env.BENCH_BASE_REVISION ?? 'main';
const MEASURE = process.env.BENCH_MEASURE ?? 'cpu';
if (!['cpu', 'instructions'].includes(MEASURE))
  throw new Error(`BENCH_MEASURE is cpu or instructions, not ${MEASURE}`);
const COUNTING = MEASURE === 'instructions';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? (COUNTING ? 1_000 : 20_000));
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 3);
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 3150);
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const LAST_CORE = os.availableParallelism() - 1;
const pinned = !COUNTING && LAST_CORE > 0 && fs.existsSync('/usr/bin/taskset');
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

/** What the API processes run with: no emulator (anonymous reads need none), no Redis, PGlite. */
const API_ENV = {
  DATABASE_URL: '',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
  REDIS_URL: '',
};

async function buildApi(apiDir) {
  const { buildApi: build, API_PROCESS_ARGS } = await import(
    pathToFileURL(path.join(apiDir, 'scripts', 'build.ts')).href
  );
  await build();
  return API_PROCESS_ARGS;
}

/**
 * V8 sizes the young generation by what survives, so two processes of one build can settle on different sizes and
 * collect it several times as often as each other: in one counted pair that was 13.9 against 2.6 million instructions
 * of scavenging a round, a 5 % difference by itself (bench/results/metrics.md). Every process gets the same young
 * generation (semi-spaces of BENCH_SEMI_SPACE_MB, 16; 0 leaves V8 its own sizing, which grows with what survives), so
 * what collection costs a round follows what a read allocates.
 */
const SEMI_SPACE_MB = Number(process.env.BENCH_SEMI_SPACE_MB ?? 16);
const V8_FLAGS = SEMI_SPACE_MB
  ? [`--min-semi-space-size=${SEMI_SPACE_MB}`, `--max-semi-space-size=${SEMI_SPACE_MB}`]
  : [];

async function startApi(apiDir, apiArgs, port, dataDir) {
  const processArgs = [...V8_FLAGS, ...apiArgs];
  const callgrindOut = `${dataDir}.callgrind`;
  const [command, args] = COUNTING
    ? [
        'valgrind',
        [
          '--tool=callgrind',
          '--instr-atstart=no',
          `--callgrind-out-file=${callgrindOut}`,
          process.execPath,
          ...processArgs,
        ],
      ]
    : pinned
      ? ['taskset', ['-c', String(LAST_CORE), process.execPath, ...processArgs]]
      : [process.execPath, processArgs];
  const child = spawn(command, args, {
    cwd: apiDir,
    env: {
      ...process.env,
      ...API_ENV,
      PGLITE_DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'ignore', COUNTING ? 'ignore' : 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // Under valgrind a start takes minutes (and longer with several at once).
  const deadline = Date.now() + (COUNTING ? 15 : 2) * 60_000;
  for (;;) {
    const up = await fetch(`${url}/health`).catch(() => undefined);
    if (up?.ok) break;
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`the API of ${apiDir} did not start`);
    await sleep(500);
  }
  const ids = (await (await fetch(`${url}/api/artifacts`)).json()).map((artifact) => artifact._id);
  return { child, url, ids, callgrindOut, dumps: 0 };
}

/** `amount` reads by id of random starter artifacts; their requests a second. */
async function load({ url, ids }, amount) {
  let next = 0;
  const result = await autocannon({
    url,
    connections: 20,
    amount,
    timeout: 60,
    requests: [
      { setupRequest: (request) => ({ ...request, path: `/api/artifacts/${ids[next++ % ids.length]}` }) },
    ],
  });
  if (result.non2xx || result.errors) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/**
 * Tells a process's callgrind to zero its counts, count or stop, or dump them (vgdb finds the process by its pid,
 * its user and the HOST it was started with).
 */
function callgrind({ child }, ...command) {
  return execFileAsync('callgrind_control', [...command, String(child.pid)], {
    env: { ...process.env, HOST: API_ENV.HOST },
  });
}

/** A round of REQUESTS reads by id: what each cost the process, and the requests a second. */
async function round(server) {
  if (!COUNTING) {
    const before = cpuMicroseconds(server.child.pid);
    const reqPerSec = await load(server, REQUESTS);
    return { cost: (cpuMicroseconds(server.child.pid) - before) / REQUESTS, reqPerSec };
  }
  await callgrind(server, '--zero');
  await callgrind(server, '--instr=on');
  const reqPerSec = await load(server, REQUESTS);
  await callgrind(server, '--instr=off');
  await callgrind(server, '--dump');
  server.dumps += 1;
  const counts = fs.readFileSync(`${server.callgrindOut}.${server.dumps}`, 'utf8');
  return { cost: Number(/^totals: (\d+)$/m.exec(counts)[1]) / REQUESTS, reqPerSec };
}

const UNIT = COUNTING ? 'instructions a request' : 'µs of CPU a request';
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-byid-cpu-'));
const servers = [];
try {
  const dirs = { before: extractApi(BASE, scratch), after: path.join(repoRoot, 'api') };
  const processArgs = { before: await buildApi(dirs.before), after: await buildApi(dirs.after) };
  const plans = Array.from({ length: PROCESSES * 2 }, (_, index) => {
    const build = index % 2 ? 'after' : 'before';
    return { index, build, name: `${build} ${Math.floor(index / 2) + 1}` };
  });
  const start = async ({ index, build, name }) => {
    const dataDir = path.join(scratch, `pglite-${index}`);
    const server = await startApi(dirs[build], processArgs[build], PORT_BASE + 20 + index, dataDir);
    servers.push({ index, build, name, ...server });
  };
  // Counted processes start at once (minutes each under valgrind); timed ones one after another.
  if (COUNTING) await Promise.all(plans.map(start));
  else for (const plan of plans) await start(plan);
  servers.sort((one, other) => one.index - other.index);
  // Warmed up, then one round thrown away: the first counted round also pays for callgrind translating the code anew.
  await Promise.all(servers.map((server) => load(server, WARMUP)));
  for (const server of servers) await round(server);
  const rounds = new Map(servers.map((server) => [server, []]));
  for (let index = 0; index < ROUNDS; index++)
    if (COUNTING)
      await Promise.all(servers.map(async (server) => rounds.get(server).push(await round(server))));
    // Each round in a new order of the processes, so none always runs after another.
    else
      for (const server of [
        ...servers.slice(index % servers.length),
        ...servers.slice(0, index % servers.length),
      ])
        rounds.get(server).push(await round(server));
  const processMedian = (server, key = 'cost') => median(rounds.get(server).map((each) => each[key]));
  const buildMedian = (build, key = 'cost') =>
    median(servers.filter((server) => server.build === build).map((server) => processMedian(server, key)));
  /** How far apart the processes of one build are: the noise a before/after difference must stand out of. */
  const spread = (build) => {
    const medians = servers.filter((server) => server.build === build).map((server) => processMedian(server));
    return Math.max(...medians) / Math.min(...medians) - 1;
  };
  const medians = { before: buildMedian('before'), after: buildMedian('after') };
  const percent = (fraction) => `${(fraction * 100).toFixed(1)} %`;
  const figure = (value) => (COUNTING ? Math.round(value).toLocaleString('en') : value.toFixed(1));
  console.log(
    `before: ${BASE} (${execFileSync('git', ['rev-parse', '--short', BASE], { cwd: repoRoot, encoding: 'utf8' }).trim()}); after: this work tree (${gitRevision()})`,
  );
  for (const server of servers)
    console.log(
      `${server.name}: ${UNIT} ${rounds
        .get(server)
        .map((each) => figure(each.cost))
        .join(' ')} (median ${figure(processMedian(server))})`,
    );
  const results = {
    measuredAt: new Date().toISOString(),
    before: BASE,
    after: gitRevision(),
    measure: MEASURE,
    unit: UNIT,
    requests: REQUESTS,
    processesPerBuild: PROCESSES,
    warmupReads: WARMUP,
    v8Flags: V8_FLAGS,
    machine: machine(),
    pinnedToCores: pinned,
    rounds: servers.map((server) => ({ process: server.name, rounds: rounds.get(server) })),
    medians,
    change: medians.after / medians.before - 1,
    spreadBetweenProcesses: { before: spread('before'), after: spread('after') },
  };
  fs.writeFileSync(
    path.join(repoRoot, 'bench', 'results', 'byid-cpu.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  );
  console.log(
    `medians of ${PROCESSES} processes a build, each the median of ${ROUNDS} rounds of ${REQUESTS}, ${UNIT}: before ` +
      `${figure(medians.before)}, after ${figure(medians.after)} (${percent(results.change)}); between ` +
      `one build's processes: before ${percent(spread('before'))}, after ${percent(spread('after'))}; req/s before ` +
      `${Math.round(buildMedian('before', 'reqPerSec'))}, after ${Math.round(buildMedian('after', 'reqPerSec'))}; ` +
      `load average ${os
        .loadavg()
        .map((each) => each.toFixed(1))
        .join(' ')}`,
  );
} finally {
  // Waits for each process to end: callgrind writes its last counts into the scratch folder as it exits.
  await Promise.all(
    servers.map(
      ({ child }) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  // BENCH_KEEP_COUNTS keeps callgrind's dumps (one a round, the thrown-away one first) for callgrind_annotate.
  if (COUNTING && process.env.BENCH_KEEP_COUNTS) console.log(`callgrind's counts kept in ${scratch}`);
  else fs.rmSync(scratch, { recursive: true, force: true });
}
