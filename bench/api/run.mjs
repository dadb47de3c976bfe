#!/usr/bin/env node
// API benchmark (a script, not a test): `pnpm bench:api` from the repo root.
//
// Seeds 1,000 artifacts into a fresh PGlite (and into a fresh database on a PostgreSQL server when DATABASE_URL is
// set: an admin connection string; a throwaway database is created and dropped), starts the real API process with
// the Auth Emulator, and runs autocannon against GET list, GET by id and PATCH like (real emulator tokens, one
// user per connection), plus a plain node:http server answering same-size bodies as the ceiling, in the same run.
// Prints req/s, p50, p99 and the ratio to the ceiling (medians of several short runs) and writes
// bench/results/api.json and bench/results/api.md.
//
// Knobs: BENCH_RUNS (default 3), BENCH_DURATION seconds per run (default 5), BENCH_CONNECTIONS (default 50),
// BENCH_ARTIFACTS (default 1000), BENCH_PORT_BASE (default 3150; see bench/lib/support.mjs), BENCH_OUTPUT (results
// file name under bench/results/, default api), BENCH_CALLS (which calls, default list,byId,like; the ceilings always).
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  apiEnv,
  createCleanups,
  freePort,
  log,
  machine,
  PORT_BASE,
  repoRoot,
  seed,
  signUpUsers,
  startApiProcess,
  startBenchEmulator,
  throwawayDatabase,
} from '../lib/support.mjs';
import {
  CONNECTIONS,
  DURATION,
  measure,
  randomPaths,
  RUNS,
  verifyTokens,
  voteLoad,
  warm,
} from '../lib/load.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const ARTIFACTS = Number(process.env.BENCH_ARTIFACTS ?? 1000);
const OUTPUT = process.env.BENCH_OUTPUT ?? 'api';
const CALLS = new Set((process.env.BENCH_CALLS ?? 'list,byId,like').split(','));
const PROJECT = 'demo-heritage-bench';
const TARGETS = { list: 0.03, byId: 0.5, p99Ms: 20 };

const cleanups = createCleanups();

async function startCeiling(listBody, oneBody) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-ceiling-'));
  fs.writeFileSync(path.join(dir, 'list.json'), listBody);
  fs.writeFileSync(path.join(dir, 'one.json'), oneBody);
  const port = await freePort();
  const child = fork(
    path.join(here, 'ceiling-server.mjs'),
    [String(port), path.join(dir, 'list.json'), path.join(dir, 'one.json')],
    { stdio: 'ignore' },
  );
  await new Promise((resolve) => child.once('message', resolve));
  cleanups.add(() => {
    child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return `http://127.0.0.1:${port}`;
}

async function benchBackend(label, dbEnv, emulatorHost, users, apiPort) {
  const env = apiEnv({ port: apiPort, projectId: PROJECT, emulatorHost, database: dbEnv });
  seed(env, ARTIFACTS, `${label}: seeding ${ARTIFACTS} artifacts`);
  await startApiProcess(cleanups, env);
  const api = `http://127.0.0.1:${apiPort}`;
  const listResponse = await fetch(`${api}/api/artifacts`);
  const listBody = Buffer.from(await listResponse.arrayBuffer());
  const artifacts = JSON.parse(listBody.toString());
  if (artifacts.length !== ARTIFACTS)
    throw new Error(`expected ${ARTIFACTS} artifacts, got ${artifacts.length}`);
  const oneBody = Buffer.from(await (await fetch(`${api}/api/artifacts/${artifacts[0]._id}`)).arrayBuffer());
  const ceiling = await startCeiling(listBody, oneBody);
  log(`${label}: list body ${(listBody.length / 1024).toFixed(0)} KB, one artifact ${oneBody.length} B`);

  const ids = artifacts.map((artifact) => artifact._id);
  await verifyTokens(api, users, ids[0]);
  const byIdPaths = ids.map((id) => `/api/artifacts/${id}`);
  await warm(api, byIdPaths);

  const results = {};
  if (CALLS.has('list')) {
    results.ceilingList = await measure(`${label} ceiling (node:http, list-size body)`, {
      url: `${ceiling}/list`,
    });
    results.list = await measure(`${label} GET /api/artifacts (${ARTIFACTS})`, {
      url: `${api}/api/artifacts`,
    });
    results.listGzip = await measure(`${label} GET /api/artifacts (gzip)`, {
      url: `${api}/api/artifacts`,
      headers: { 'accept-encoding': 'gzip' },
    });
  }
  results.ceilingOne = await measure(`${label} ceiling (node:http, one-artifact body)`, {
    url: `${ceiling}/one`,
  });
  if (CALLS.has('byId')) {
    results.byId = await measure(`${label} GET /api/artifacts/{id}`, randomPaths(api, byIdPaths));
  }
  if (CALLS.has('like')) {
    results.like = await measure(
      `${label} PATCH like|dislike, spread over the artifacts`,
      voteLoad(api, users, ids, false),
    );
    results.likeHot = await measure(
      `${label} PATCH like|dislike, everyone on one artifact`,
      voteLoad(api, users, ids, true),
    );
  }

  const ratio = (value, ceilingValue) => Number((value / ceilingValue).toFixed(4));
  return {
    backend: label,
    listBodyBytes: listBody.length,
    oneBodyBytes: oneBody.length,
    rows: [
      ...(results.list
        ? [
            { call: 'ceiling: node:http, list-size body', ...pick(results.ceilingList), ratio: 1 },
            {
              call: `GET /api/artifacts (${ARTIFACTS} artifacts)`,
              ...pick(results.list),
              ratio: ratio(results.list.reqPerSec, results.ceilingList.reqPerSec),
              target: `>= ${TARGETS.list}x`,
            },
            {
              call: 'GET /api/artifacts, gzip',
              ...pick(results.listGzip),
              ratio: ratio(results.listGzip.reqPerSec, results.ceilingList.reqPerSec),
            },
          ]
        : []),
      { call: 'ceiling: node:http, one-artifact body', ...pick(results.ceilingOne), ratio: 1 },
      ...(results.byId
        ? [
            {
              call: 'GET /api/artifacts/{id}',
              ...pick(results.byId),
              ratio: ratio(results.byId.reqPerSec, results.ceilingOne.reqPerSec),
              target: `>= ${TARGETS.byId}x`,
            },
          ]
        : []),
      ...(results.like
        ? [
            {
              call: 'PATCH /api/artifacts/{id}/like (and dislike), spread over the artifacts',
              ...pick(results.like),
              ratio: ratio(results.like.reqPerSec, results.ceilingOne.reqPerSec),
            },
            {
              call: 'PATCH like (and dislike), every user on one artifact',
              ...pick(results.likeHot),
              ratio: ratio(results.likeHot.reqPerSec, results.ceilingOne.reqPerSec),
            },
          ]
        : []),
    ],
    raw: results,
  };
}

function pick(summary) {
  return {
    reqPerSec: summary.reqPerSec,
    p50Ms: summary.p50Ms,
    p99Ms: summary.p99Ms,
    non2xx: summary.non2xx,
    errors: summary.errors,
  };
}

function table(result) {
  const header = '| call | req/s | p50 ms | p99 ms | ratio to ceiling | target | non-2xx | errors |';
  const lines = [header, '|---|---:|---:|---:|---:|---|---:|---:|'];
  for (const row of result.rows) {
    lines.push(
      `| ${row.call} | ${row.reqPerSec} | ${row.p50Ms} | ${row.p99Ms} | ${row.ratio}x | ${row.target ?? ''} | ${row.non2xx} | ${row.errors} |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  const started = new Date();
  log(`runs ${RUNS} x ${DURATION}s, ${CONNECTIONS} connections, ${ARTIFACTS} artifacts`);
  const emulatorHost = await startBenchEmulator(cleanups, PROJECT);
  log(`Auth Emulator on ${emulatorHost}`);
  const users = await signUpUsers(emulatorHost, CONNECTIONS);

  const results = [];
  const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-pglite-'));
  cleanups.add(() => fs.rmSync(pgliteDir, { recursive: true, force: true }));
  let mark = cleanups.size;
  results.push(
    await benchBackend(
      'pglite',
      { PGLITE_DATA_DIR: path.join(pgliteDir, 'data') },
      emulatorHost,
      users,
      PORT_BASE,
    ),
  );
  await cleanups.runFrom(mark); // stop this backend's API and ceiling before the next one

  if (process.env.DATABASE_URL) {
    const url = await throwawayDatabase(cleanups, process.env.DATABASE_URL, 'hv_bench');
    for (const user of users) Object.assign(user, { position: 0, hotNext: 'like' });
    mark = cleanups.size;
    results.push(await benchBackend('postgresql', { DATABASE_URL: url }, emulatorHost, users, PORT_BASE + 1));
    await cleanups.runFrom(mark);
  }

  const output = {
    date: started.toISOString(),
    machine: machine(),
    settings: { runs: RUNS, durationSeconds: DURATION, connections: CONNECTIONS, artifacts: ARTIFACTS },
    targets: TARGETS,
    results,
  };
  const resultsDir = path.join(repoRoot, 'bench', 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, `${OUTPUT}.json`), `${JSON.stringify(output, null, 2)}\n`);
  const markdown = [
    '# API benchmark',
    '',
    `${started.toISOString()} - revision ${output.machine.revision}, ${output.machine.cpus} cores, Node ${process.version}, load average at the end ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}.`,
    `Medians of ${RUNS} runs of ${DURATION} s, ${CONNECTIONS} connections, ${ARTIFACTS} artifacts. Targets: list >= ${TARGETS.list}x, by id >= ${TARGETS.byId}x the ceiling, p99 <= ${TARGETS.p99Ms} ms.`,
    '',
    ...results.flatMap((result) => [
      `## ${result.backend} (list body ${(result.listBodyBytes / 1024).toFixed(0)} KB)`,
      '',
      table(result),
      '',
    ]),
  ].join('\n');
  fs.writeFileSync(path.join(resultsDir, `${OUTPUT}.md`), markdown);
  console.log(markdown);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanups.runAll());
