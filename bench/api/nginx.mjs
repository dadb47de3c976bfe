#!/usr/bin/env node
// API processes behind nginx (a script, not a test): `pnpm bench:api:nginx` from the repo root, with DATABASE_URL
// set (an admin connection string of a PostgreSQL server: a throwaway database is created and dropped).
//
// Seeds 1,000 artifacts, starts two real API processes on that database (their write limits in a redis-server of
// its own, Debian's, as in production) and Debian's nginx (/usr/sbin/nginx, or
// NGINX) in front of them, an upstream of the API processes on loopback with keep-alive connections, first with one
// of them, then with both. For each, autocannon runs GET by id (random ids), searches (a random one of 100 terms,
// 24 a page, which the API serves from its cache; and a random one of 9,600 pages of them, which mostly it does
// not) and votes spread over the artifacts (one user per connection), through nginx; and, as the baseline of
// the same run, the same calls straight to one API process. Prints req/s, p50 and p99 (medians of several short
// runs) and writes bench/results/api-nginx.json and api-nginx.md.
//
// Knobs: those of bench/lib/load.mjs (BENCH_RUNS, BENCH_DURATION, BENCH_CONNECTIONS), BENCH_ARTIFACTS (1000),
// BENCH_PORT_BASE (3150: the API processes take +2 and +3, nginx +4), BENCH_OUTPUT (api-nginx).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  apiEnv,
  createCleanups,
  log,
  machine,
  PORT_BASE,
  repoRoot,
  seed,
  signUpUsers,
  sleep,
  startApiProcess,
  startBenchEmulator,
  throwawayDatabase,
  waitFor,
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

const { startRedis } = await import('../../api/test/support/redis-server.ts');
// The API's nginx configuration as production renders it (stack/production, pnpm start:production).
const { apiConfig } = await import('../../deploy/nginx/render.ts');

const ARTIFACTS = Number(process.env.BENCH_ARTIFACTS ?? 1000);
const OUTPUT = process.env.BENCH_OUTPUT ?? 'api-nginx';
const PROJECT = 'demo-heritage-bench';
const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';

const cleanups = createCleanups();

// The seed's words (api/scripts/seed-scale.ts): names are "<material> <object> of <place>".
const MATERIALS = [
  'bronze',
  'gold',
  'terracotta',
  'ivory',
  'obsidian',
  'linen',
  'silver',
  'jade',
  'basalt',
  'amber',
];
const OBJECTS = ['lamp', 'figurine', 'bowl', 'amulet', 'blade', 'tablet', 'comb', 'mirror', 'seal', 'mask'];
const TERMS = MATERIALS.flatMap((material) =>
  OBJECTS.map((object) => encodeURIComponent(`${material} ${object}`)),
);
const SEARCHES = TERMS.map((term) => `/api/artifacts?q=${term}&limit=24`);
// Mostly misses of the API's page cache (500 entries): 9,600 distinct pages, so the query runs in PostgreSQL.
const SORTS = ['newest', 'oldest', 'name', 'most-liked'];
const SEARCH_PAGES = TERMS.flatMap((term) =>
  SORTS.flatMap((sort) =>
    Array.from({ length: 24 }, (_, index) => `/api/artifacts?q=${term}&sort=${sort}&limit=${index + 1}`),
  ),
);

/**
 * The bench's connections all come from one address, at tens of thousands of requests a second: production's
 * per-address limit (limit_req) stays in, counting, at a rate they never reach.
 */
const PER_ADDRESS_UNLIMITED = 1_000_000;

/** nginx in the foreground, production's upstream of `apis` (host:port) on `port` (apiConfig); stopped by the clean-ups. */
async function startNginx(port, apis) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-nginx-'));
  const temp = (name) => path.join(dir, name);
  // Started as root, nginx runs its workers as `nobody`, who cannot write in a 0700 temporary directory.
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  fs.writeFileSync(
    temp('nginx.conf'),
    `${user}
worker_processes auto;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
${apiConfig(apis, { API_PORT: String(port), API_REQUESTS_PER_ADDRESS: String(PER_ADDRESS_UNLIMITED) })}
}
`,
  );
  const child = spawn(NGINX, ['-p', dir, '-c', temp('nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.kill('SIGQUIT');
    await Promise.race([exited, sleep(10_000)]);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      const response = await fetch(`${url}/health`).catch(() => undefined);
      return response?.ok ? true : undefined;
    },
    { timeoutMs: 15_000, intervalMs: 100, what: `nginx on ${port}` },
  );
  return { url, stop };
}

async function measureCalls(label, url, users, ids) {
  return {
    byId: await measure(
      `${label}: GET /api/artifacts/{id}`,
      randomPaths(
        url,
        ids.map((id) => `/api/artifacts/${id}`),
      ),
    ),
    search: await measure(`${label}: GET /api/artifacts?q=<term>&limit=24`, randomPaths(url, SEARCHES)),
    searchPages: await measure(
      `${label}: GET /api/artifacts?q=<term>&sort=<sort>&limit=<1-24>`,
      randomPaths(url, SEARCH_PAGES),
    ),
    votes: await measure(
      `${label}: PATCH like|dislike, spread over the artifacts`,
      voteLoad(url, users, ids, false),
    ),
  };
}

async function main() {
  if (!process.env.DATABASE_URL)
    throw new Error('DATABASE_URL (a PostgreSQL admin connection string) is required');
  const started = new Date();
  log(`runs ${RUNS} x ${DURATION}s, ${CONNECTIONS} connections, ${ARTIFACTS} artifacts`);
  const emulatorHost = await startBenchEmulator(cleanups, PROJECT);
  const users = await signUpUsers(emulatorHost, CONNECTIONS);
  const database = { DATABASE_URL: await throwawayDatabase(cleanups, process.env.DATABASE_URL, 'hv_bench') };
  // As in production, the write limits count in Redis (set out of reach: the votes are many per member).
  const redis = await startRedis();
  cleanups.add(() => redis.kill());
  const ports = [PORT_BASE + 2, PORT_BASE + 3];
  const envs = ports.map((port) =>
    apiEnv({ port, projectId: PROJECT, emulatorHost, database, extra: { REDIS_URL: redis.url } }),
  );
  seed(envs[0], ARTIFACTS);
  const apis = [];
  for (const env of envs) apis.push(await startApiProcess(cleanups, env));
  const ids = (await (await fetch(`${apis[0]}/api/artifacts`)).json()).map((artifact) => artifact._id);
  for (const api of apis) {
    await verifyTokens(api, users, ids[0]);
    await warm(api, [...ids.map((id) => `/api/artifacts/${id}`), ...SEARCHES]);
  }

  const results = { direct: await measureCalls('one API process, direct', apis[0], users, ids) };
  for (const [key, count] of [
    ['nginxOne', 1],
    ['nginxTwo', 2],
  ]) {
    const nginx = await startNginx(
      PORT_BASE + 4,
      ports.slice(0, count).map((port) => `127.0.0.1:${port}`),
    );
    try {
      results[key] = await measureCalls(
        `nginx, ${count} API process${count > 1 ? 'es' : ''}`,
        nginx.url,
        users,
        ids,
      );
    } finally {
      await nginx.stop();
    }
  }

  const output = {
    date: started.toISOString(),
    machine: machine(),
    settings: { runs: RUNS, durationSeconds: DURATION, connections: CONNECTIONS, artifacts: ARTIFACTS },
    results,
  };
  const resultsDir = path.join(repoRoot, 'bench', 'results');
  fs.writeFileSync(path.join(resultsDir, `${OUTPUT}.json`), `${JSON.stringify(output, null, 2)}\n`);
  const topologies = [
    ['direct', 'one API process, direct (baseline)'],
    ['nginxOne', 'nginx, upstream of 1 API process'],
    ['nginxTwo', 'nginx, upstream of 2 API processes'],
  ];
  const calls = [
    ['byId', 'GET /api/artifacts/{id}'],
    ['search', 'GET /api/artifacts?q=<term>&limit=24 (100 terms, cached)'],
    ['searchPages', 'GET /api/artifacts?q=<term>&sort=<sort>&limit=<1-24> (9,600 pages, mostly not cached)'],
    ['votes', 'PATCH like/dislike, spread over the artifacts'],
  ];
  const lines = [
    '# API behind nginx (PostgreSQL)',
    '',
    `${started.toISOString()} - revision ${output.machine.revision}, ${output.machine.cpus} cores, Node ${process.version}, load average at the end ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}.`,
    `Medians of ${RUNS} runs of ${DURATION} s, ${CONNECTIONS} connections, ${ARTIFACTS} artifacts, one PostgreSQL database.`,
    '',
    '| call | topology | req/s | p50 ms | p99 ms | ratio to direct | non-2xx | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const [call, callName] of calls) {
    for (const [topology, topologyName] of topologies) {
      const row = results[topology][call];
      const ratio = (row.reqPerSec / results.direct[call].reqPerSec).toFixed(2);
      lines.push(
        `| ${callName} | ${topologyName} | ${row.reqPerSec} | ${row.p50Ms} | ${row.p99Ms} | ${ratio}x | ${row.non2xx} | ${row.errors} |`,
      );
    }
  }
  const markdown = `${lines.join('\n')}\n`;
  fs.writeFileSync(path.join(resultsDir, `${OUTPUT}.md`), markdown);
  console.log(markdown);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanups.runAll());
