#!/usr/bin/env node
// API benchmark (a script, not a test): `node bench/api/run.mjs` from the repo root.
//
// Seeds 1,000 artifacts into a fresh PGlite (and into a fresh database on a PostgreSQL server when DATABASE_URL is
// set: an admin connection string; a throwaway database is created and dropped), starts the real API process with
// the Auth Emulator, and runs autocannon against GET list, GET by id and PATCH like (real emulator tokens, one
// user per connection), plus a plain node:http server answering same-size bodies as the ceiling, in the same run.
// Prints req/s, p50, p99 and the ratio to the ceiling (medians of several short runs) and writes
// bench/results/api.json and bench/results/api.md.
//
// Knobs: BENCH_RUNS (default 3), BENCH_DURATION seconds per run (default 5), BENCH_CONNECTIONS (default 50),
// BENCH_ARTIFACTS (default 1000), BENCH_PORT_BASE (default 3150).
import { fork, spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const apiRoot = path.join(repoRoot, 'api');
const require = createRequire(path.join(apiRoot, 'package.json'));
const autocannon = require('autocannon');
const pg = require('pg');

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ARTIFACTS = Number(process.env.BENCH_ARTIFACTS ?? 1000);
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 3150);
const PROJECT = 'demo-heritage-bench';
const TARGETS = { list: 0.03, byId: 0.3, p99Ms: 20 };

const cleanups = [];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (...args) => console.error('[bench]', ...args);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitHttp(url, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what} (${url})`);
}

async function startEmulator() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-emulator-'));
  const [port, hub, logging] = [await freePort(), await freePort(), await freePort()];
  fs.writeFileSync(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: hub },
        logging: { host: '127.0.0.1', port: logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const cli = path.join(repoRoot, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
  const child = spawn(process.execPath, [cli, 'emulators:start', '--only', 'auth', '--project', PROJECT, '--config', path.join(dir, 'firebase.json')], {
    cwd: dir,
    stdio: 'ignore',
    detached: true,
  });
  cleanups.push(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const host = `127.0.0.1:${port}`;
  await waitHttp(`http://${host}/emulator/v1/projects/${PROJECT}/config`, 240_000, 'the Auth Emulator');
  return host;
}

async function signUpUsers(host, count) {
  const users = [];
  for (let start = 0; start < count; start += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - start) }, async (_, index) => {
        const email = `bench${start + index}-${Date.now().toString(36)}@example.test`;
        const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=bench`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email, password: 'Secret123', returnSecureToken: true }),
        });
        const body = await response.json();
        return { email, token: body.idToken, position: 0 };
      }),
    );
    users.push(...batch);
  }
  return users;
}

function runNode(args, env, what) {
  log(what);
  execFileSync(process.execPath, args, { cwd: apiRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
}

async function startApi(env) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  cleanups.push(async () => {
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
  });
  await waitHttp(`http://127.0.0.1:${env.PORT}/health`, 240_000, 'the API');
  return child;
}

async function startCeiling(listBody, oneBody) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-ceiling-'));
  fs.writeFileSync(path.join(dir, 'list.json'), listBody);
  fs.writeFileSync(path.join(dir, 'one.json'), oneBody);
  const port = await freePort();
  const child = fork(path.join(here, 'ceiling-server.mjs'), [String(port), path.join(dir, 'list.json'), path.join(dir, 'one.json')], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('message', resolve));
  cleanups.push(() => {
    child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return `http://127.0.0.1:${port}`;
}

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION, pipelining: 1, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function measure(name, options) {
  await cannon({ ...options, duration: 1 }); // warm-up
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    const result = await cannon(options);
    runs.push({
      reqPerSec: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      bytesPerSec: result.throughput.average,
    });
  }
  const summary = {
    name,
    reqPerSec: Math.round(median(runs.map((run) => run.reqPerSec))),
    p50Ms: median(runs.map((run) => run.p50)),
    p99Ms: median(runs.map((run) => run.p99)),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    runs,
  };
  log(`${name}: ${summary.reqPerSec} req/s, p50 ${summary.p50Ms} ms, p99 ${summary.p99Ms} ms, non-2xx ${summary.non2xx}, errors ${summary.errors}`);
  return summary;
}

async function benchBackend(label, dbEnv, emulatorHost, users, apiPort) {
  const env = {
    // The PGlite run must not inherit DATABASE_URL from the bench's own environment (empty = unset for the API).
    DATABASE_URL: '',
    ...dbEnv,
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    SEED_STARTER: 'false',
    LOG_LEVEL: 'warn',
    FIREBASE_PROJECT_ID: PROJECT,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
  };
  runNode(['--import', 'tsx', 'scripts/seed-scale.ts', String(ARTIFACTS)], env, `${label}: seeding ${ARTIFACTS} artifacts`);
  await startApi(env);
  const api = `http://127.0.0.1:${apiPort}`;
  const listResponse = await fetch(`${api}/api/artifacts`);
  const listBody = Buffer.from(await listResponse.arrayBuffer());
  const artifacts = JSON.parse(listBody.toString());
  if (artifacts.length !== ARTIFACTS) throw new Error(`expected ${ARTIFACTS} artifacts, got ${artifacts.length}`);
  const oneBody = Buffer.from(await (await fetch(`${api}/api/artifacts/${artifacts[0]._id}`)).arrayBuffer());
  const ceiling = await startCeiling(listBody, oneBody);
  log(`${label}: list body ${(listBody.length / 1024).toFixed(0)} KB, one artifact ${oneBody.length} B`);

  const ids = artifacts.map((artifact) => artifact._id);
  // A signed-in client sends the same ID token for up to an hour: verify each user's token once before measuring,
  // as the app's first authenticated call would (the emulator is slow to answer 50 first verifications at once).
  for (let start = 0; start < users.length; start += 10) {
    await Promise.all(
      users.slice(start, start + 10).map(async (user) => {
        const response = await fetch(`${api}/api/artifacts/${ids[0]}`, { headers: { authorization: `Bearer ${user.token}` } });
        if (!response.ok) throw new Error(`token check failed for ${user.email}: ${response.status}`);
        await response.arrayBuffer();
      }),
    );
  }
  let nextUser = 0;
  const likeOptions = () => {
    nextUser = 0;
    return {
      url: api,
      requests: [
        {
          setupRequest(request, context) {
            if (!context.user) context.user = users[nextUser++ % users.length];
            const user = context.user;
            // One user per connection walks the artifacts: like on even passes, dislike on odd ones, so every
            // request is an allowed transition (neutral/disliked -> liked, liked -> disliked).
            const index = user.position % ids.length;
            const pass = Math.floor(user.position / ids.length);
            user.position += 1;
            return {
              ...request,
              method: 'PATCH',
              path: `/api/artifacts/${ids[index]}/${pass % 2 === 0 ? 'like' : 'dislike'}`,
              headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ userEmail: user.email }),
            };
          },
        },
      ],
    };
  };

  // Steady state for reads: one pass over every id fills the API's by-id cache (as real traffic would).
  for (let start = 0; start < ids.length; start += 20) {
    await Promise.all(ids.slice(start, start + 20).map(async (id) => (await fetch(`${api}/api/artifacts/${id}`)).arrayBuffer()));
  }

  const results = {};
  results.ceilingList = await measure(`${label} ceiling (node:http, list-size body)`, { url: `${ceiling}/list` });
  results.list = await measure(`${label} GET /api/artifacts (${ARTIFACTS})`, { url: `${api}/api/artifacts` });
  results.listGzip = await measure(`${label} GET /api/artifacts (gzip)`, { url: `${api}/api/artifacts`, headers: { 'accept-encoding': 'gzip' } });
  results.ceilingOne = await measure(`${label} ceiling (node:http, one-artifact body)`, { url: `${ceiling}/one` });
  results.byId = await measure(`${label} GET /api/artifacts/{id}`, {
    url: api,
    requests: [{ setupRequest: (request) => ({ ...request, path: `/api/artifacts/${ids[Math.floor(Math.random() * ids.length)]}` }) }],
  });
  results.like = await measure(`${label} PATCH /api/artifacts/{id}/like|dislike`, likeOptions());

  const ratio = (value, ceilingValue) => Number((value / ceilingValue).toFixed(4));
  return {
    backend: label,
    listBodyBytes: listBody.length,
    oneBodyBytes: oneBody.length,
    rows: [
      { call: 'ceiling: node:http, list-size body', ...pick(results.ceilingList), ratio: 1 },
      { call: `GET /api/artifacts (${ARTIFACTS} artifacts)`, ...pick(results.list), ratio: ratio(results.list.reqPerSec, results.ceilingList.reqPerSec), target: `>= ${TARGETS.list}x` },
      { call: 'GET /api/artifacts, gzip', ...pick(results.listGzip), ratio: ratio(results.listGzip.reqPerSec, results.ceilingList.reqPerSec) },
      { call: 'ceiling: node:http, one-artifact body', ...pick(results.ceilingOne), ratio: 1 },
      { call: 'GET /api/artifacts/{id}', ...pick(results.byId), ratio: ratio(results.byId.reqPerSec, results.ceilingOne.reqPerSec), target: `>= ${TARGETS.byId}x` },
      { call: 'PATCH /api/artifacts/{id}/like (and dislike)', ...pick(results.like), ratio: ratio(results.like.reqPerSec, results.ceilingOne.reqPerSec) },
    ],
    raw: results,
  };
}

function pick(summary) {
  return { reqPerSec: summary.reqPerSec, p50Ms: summary.p50Ms, p99Ms: summary.p99Ms, non2xx: summary.non2xx, errors: summary.errors };
}

function table(result) {
  const header = '| call | req/s | p50 ms | p99 ms | ratio to ceiling | target | non-2xx | errors |';
  const lines = [header, '|---|---:|---:|---:|---:|---|---:|---:|'];
  for (const row of result.rows) {
    lines.push(`| ${row.call} | ${row.reqPerSec} | ${row.p50Ms} | ${row.p99Ms} | ${row.ratio}x | ${row.target ?? ''} | ${row.non2xx} | ${row.errors} |`);
  }
  return lines.join('\n');
}

async function main() {
  const started = new Date();
  log(`runs ${RUNS} x ${DURATION}s, ${CONNECTIONS} connections, ${ARTIFACTS} artifacts`);
  const emulatorHost = await startEmulator();
  log(`Auth Emulator on ${emulatorHost}`);
  const users = await signUpUsers(emulatorHost, CONNECTIONS);

  const results = [];
  const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-pglite-'));
  cleanups.push(() => fs.rmSync(pgliteDir, { recursive: true, force: true }));
  results.push(await benchBackend('pglite', { PGLITE_DATA_DIR: path.join(pgliteDir, 'data') }, emulatorHost, users, PORT_BASE));
  await runCleanupsFrom(2); // stop this backend's API and ceiling before the next one

  if (process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = `hv_bench_${Date.now().toString(36)}`;
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    for (const user of users) user.position = 0;
    try {
      results.push(await benchBackend('postgresql', { DATABASE_URL: url.toString() }, emulatorHost, users, PORT_BASE + 1));
      await runCleanupsFrom(2);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.end();
    }
  }

  const output = {
    date: started.toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, loadavg: os.loadavg() },
    settings: { runs: RUNS, durationSeconds: DURATION, connections: CONNECTIONS, artifacts: ARTIFACTS },
    targets: TARGETS,
    results,
  };
  const resultsDir = path.join(repoRoot, 'bench', 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, 'api.json'), `${JSON.stringify(output, null, 2)}\n`);
  const markdown = [
    '# API benchmark',
    '',
    `${started.toISOString()} - ${output.machine.cpus} cores, Node ${process.version}, load average at the end ${os.loadavg().map((value) => value.toFixed(1)).join(' ')}.`,
    `Medians of ${RUNS} runs of ${DURATION} s, ${CONNECTIONS} connections, ${ARTIFACTS} artifacts. Targets: list >= ${TARGETS.list}x, by id >= ${TARGETS.byId}x the ceiling, p99 <= ${TARGETS.p99Ms} ms.`,
    '',
    ...results.flatMap((result) => [`## ${result.backend} (list body ${(result.listBodyBytes / 1024).toFixed(0)} KB)`, '', table(result), '']),
  ].join('\n');
  fs.writeFileSync(path.join(resultsDir, 'api.md'), markdown);
  console.log(markdown);
}

async function runCleanupsFrom(count) {
  const tail = cleanups.splice(cleanups.length - count, count);
  for (const cleanup of tail.reverse()) await cleanup();
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
