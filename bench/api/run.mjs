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
  median,
  PORT_BASE,
  repoRoot,
  requireFromApi,
  seed,
  signUpUsers,
  startApiProcess,
  startBenchEmulator,
  throwawayDatabase,
} from '../lib/support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const autocannon = requireFromApi('autocannon');

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ARTIFACTS = Number(process.env.BENCH_ARTIFACTS ?? 1000);
const OUTPUT = process.env.BENCH_OUTPUT ?? 'api';
const CALLS = new Set((process.env.BENCH_CALLS ?? 'list,byId,like').split(','));
const PROJECT = 'demo-heritage-bench';
const TARGETS = { list: 0.03, byId: 0.3, p99Ms: 20 };

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

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon(
      { connections: CONNECTIONS, duration: DURATION, pipelining: 1, ...options },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** `options` may be a function that makes them anew for each run (the vote loads keep per-run state). */
async function measure(name, options) {
  const optionsOf = typeof options === 'function' ? options : () => options;
  await cannon({ ...optionsOf(), duration: 1 }); // warm-up
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    const result = await cannon(optionsOf());
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
  log(
    `${name}: ${summary.reqPerSec} req/s, p50 ${summary.p50Ms} ms, p99 ${summary.p99Ms} ms, non-2xx ${summary.non2xx}, errors ${summary.errors}`,
  );
  return summary;
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
  // A signed-in client sends the same ID token for up to an hour: verify each user's token once before measuring,
  // as the app's first authenticated call would (the emulator is slow to answer 50 first verifications at once).
  for (let start = 0; start < users.length; start += 10) {
    await Promise.all(
      users.slice(start, start + 10).map(async (user) => {
        const response = await fetch(`${api}/api/artifacts/${ids[0]}`, {
          headers: { authorization: `Bearer ${user.token}` },
        });
        if (!response.ok) throw new Error(`token check failed for ${user.email}: ${response.status}`);
        await response.arrayBuffer();
      }),
    );
  }
  // Votes: the first artifact is the hot one, on which every user votes at once (its row lock queues them: the
  // count must not lose an update); the others are walked by each user from a start of its own, spread evenly,
  // as many people voting on many artifacts do.
  const hotId = ids[0];
  const walked = ids.slice(1);
  users.forEach((user, index) => {
    user.start = Math.floor((index * walked.length) / users.length);
  });
  // autocannon gives each request a fresh context, so users are not tied to connections by it: each request takes
  // a user no other request has in flight and gives it back with the answer (one connection, one user at a time).
  const voteOptions = (hot) => () => {
    const idle = [...users];
    return {
      url: api,
      requests: [
        {
          setupRequest(request, context) {
            // (A reconnect can leave a request unanswered: then share a user rather than stop.)
            const user = idle.shift() ?? users[Math.floor(Math.random() * users.length)];
            context.user = user;
            let id;
            let action;
            if (hot) {
              // like, dislike, like (+1 from disliked: one member, one like), ...: the next one is chosen when the answer comes (below).
              id = hotId;
              action = user.hotNext;
            } else {
              // Like on even passes over the artifacts, dislike on odd ones: every request is an allowed transition.
              id = walked[(user.start + user.position) % walked.length];
              action = Math.floor(user.position / walked.length) % 2 === 0 ? 'like' : 'dislike';
              user.position += 1;
            }
            return {
              ...request,
              method: 'PATCH',
              path: `/api/artifacts/${id}/${action}`,
              headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ userEmail: user.email }),
            };
          },
          onResponse(_status, _body, context) {
            // Whether it succeeded or was refused (a request cut off at the end of the previous run may have been
            // applied), the vote the user may send next is the other one.
            if (hot) context.user.hotNext = context.user.hotNext === 'like' ? 'dislike' : 'like';
            idle.push(context.user);
          },
        },
      ],
    };
  };

  // Steady state for reads: one pass over every id fills the API's by-id cache (as real traffic would).
  for (let start = 0; start < ids.length; start += 20) {
    await Promise.all(
      ids
        .slice(start, start + 20)
        .map(async (id) => (await fetch(`${api}/api/artifacts/${id}`)).arrayBuffer()),
    );
  }

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
    results.byId = await measure(`${label} GET /api/artifacts/{id}`, {
      url: api,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            path: `/api/artifacts/${ids[Math.floor(Math.random() * ids.length)]}`,
          }),
        },
      ],
    });
  }
  if (CALLS.has('like')) {
    results.like = await measure(
      `${label} PATCH like|dislike, spread over the artifacts`,
      voteOptions(false),
    );
    results.likeHot = await measure(
      `${label} PATCH like|dislike, everyone on one artifact`,
      voteOptions(true),
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
