#!/usr/bin/env node
// Vote throughput before and after a change, in one run: `pnpm bench:votes` from the repo root.
//
// Extracts the api package of BENCH_BASE_REVISION (default 5b2f13a, the last revision whose votes bumped the
// collection_state row inside their transaction) into a temporary directory (its dependencies are this repo's:
// they did not change), then runs bench/api/run.mjs with BENCH_CALLS=like alternately against that copy and
// against this work tree, BENCH_ROUNDS times each (default 2), so both see the same machine load. Prints the
// medians and writes bench/results/votes.{md,json}. Takes DATABASE_URL (PostgreSQL too) and the run.mjs knobs.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gitRevision, log, machine, median, repoRoot } from '../lib/support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const BASE = process.env.BENCH_BASE_REVISION ?? '5b2f13a';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const resultsDir = path.join(repoRoot, 'bench', 'results');

function extractApi(revision) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-base-'));
  const archive = execFileSync('git', ['archive', revision, 'api'], {
    cwd: repoRoot,
    maxBuffer: 256 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  fs.symlinkSync(path.join(repoRoot, 'api', 'node_modules'), path.join(dir, 'api', 'node_modules'));
  return { dir, apiDir: path.join(dir, 'api') };
}

function runBench(label, apiDir, round) {
  const output = `votes-${label}-${round}`;
  log(`${label}, round ${round + 1} of ${ROUNDS}`);
  const result = spawnSync(process.execPath, [path.join(here, 'run.mjs')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      BENCH_CALLS: 'like',
      BENCH_OUTPUT: output,
      ...(apiDir ? { BENCH_API_DIR: apiDir } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`run.mjs (${label}) exited with ${result.status}`);
  const parsed = JSON.parse(fs.readFileSync(path.join(resultsDir, `${output}.json`), 'utf8'));
  for (const extension of ['json', 'md']) fs.rmSync(path.join(resultsDir, `${output}.${extension}`));
  return parsed;
}

async function main() {
  const started = new Date();
  const base = extractApi(BASE);
  const head = gitRevision();
  const runs = { base: [], head: [] };
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      runs.base.push(runBench('base', base.apiDir, round));
      runs.head.push(runBench('head', undefined, round));
    }
  } finally {
    fs.rmSync(base.dir, { recursive: true, force: true });
  }

  const rows = [];
  for (const backend of runs.head[0].results.map((result) => result.backend)) {
    for (const [key, name] of [
      ['like', 'votes spread over the artifacts'],
      ['likeHot', 'every user on one artifact'],
    ]) {
      const pickOf = (label) =>
        runs[label].map((run) => run.results.find((result) => result.backend === backend).raw[key]);
      const summary = (label) => ({
        reqPerSec: median(pickOf(label).map((item) => item.reqPerSec)),
        p50Ms: median(pickOf(label).map((item) => item.p50Ms)),
        p99Ms: median(pickOf(label).map((item) => item.p99Ms)),
        non2xx: pickOf(label).reduce((sum, item) => sum + item.non2xx, 0),
      });
      const before = summary('base');
      const after = summary('head');
      rows.push({
        backend,
        votes: name,
        before,
        after,
        speedup: Number((after.reqPerSec / before.reqPerSec).toFixed(2)),
      });
    }
  }
  const output = {
    date: started.toISOString(),
    machine: machine(),
    base: BASE,
    head,
    rounds: ROUNDS,
    rows,
    runs,
  };
  fs.writeFileSync(path.join(resultsDir, 'votes.json'), `${JSON.stringify(output, null, 2)}\n`);
  const settings = runs.head[0].settings;
  const markdown = [
    '# Vote throughput, before and after',
    '',
    `${started.toISOString()} - ${output.machine.cpus} cores, load average at the end ${output.machine.loadavg.join(' ')}.`,
    `Revision ${BASE} (votes bump the collection_state row in their transaction) against ${head} (votes advance a sequence),`,
    `alternating, ${ROUNDS} rounds each; each round is bench/api/run.mjs with BENCH_CALLS=like: medians of ${settings.runs} runs of ${settings.durationSeconds} s, ${settings.connections} connections (one user each), ${settings.artifacts} artifacts.`,
    '',
    '| backend | votes | before req/s | p50 ms | p99 ms | after req/s | p50 ms | p99 ms | after / before | non-2xx |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.backend} | ${row.votes} | ${row.before.reqPerSec} | ${row.before.p50Ms} | ${row.before.p99Ms} | ${row.after.reqPerSec} | ${row.after.p50Ms} | ${row.after.p99Ms} | ${row.speedup}x | ${row.before.non2xx + row.after.non2xx} |`,
    ),
    '',
  ].join('\n');
  fs.writeFileSync(path.join(resultsDir, 'votes.md'), markdown);
  console.log(markdown);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
