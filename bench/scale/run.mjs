#!/usr/bin/env node
// Scale benchmark (a script, not a test): `pnpm bench:scale` from the repo root.
//
// For the starter collection (the baseline, 30 artifacts) and then for each size in BENCH_SCALE_SIZES (the 30 plus
// N synthetic artifacts), in a fresh database: seeds it (api/scripts/seed-scale.ts), starts the real API, and with
// the BUILT shell and mf-catalogue (the render service and vite preview) measures in Chromium:
//   - All Artifacts, navigation start -> first artifact card in the DOM, with the API's cache cold (a write just
//     before, so the API reads the page and the count from the database) and warm; cold also without index.html's
//     head start sending the page's API request (the page asks itself), the two in turn;
//   - search, last keydown -> 'Found N results for "term"' shown, split into the page's debounce (last keydown ->
//     the search committed to the URL) and what follows it (commit -> results), for a rare and a broad term;
//   - Home, navigation start -> first featured card, with and without the head start's request, in turn;
//   - for the starter collection only, both again on a slow link (bench/web's throttled condition), where the head
//     start saves the page a whole round trip.
// Then the API alone: GET /api/artifacts?q=<term>&limit=24 (a new term each request, so never from the API's
// cache) with the trigram index, and again after dropping it; the first page of the blank list with a cold cache;
// and EXPLAIN ANALYZE of the store's own queries, with and without the index. Medians of BENCH_RUNS runs after one
// discarded warm-up. Prints a table and writes bench/results/scale.{md,json} and scale-plans.md.
//
// Knobs: BENCH_SCALE_SIZES (default 10000,100000), BENCH_RUNS (default 5), BENCH_SKIP_BUILD=1 (reuse dist/),
// DATABASE_URL (an admin connection string: also measure on PostgreSQL, in throwaway databases),
// BENCH_SCALE_BACKENDS (pglite,postgresql to choose), BENCH_PORT_BASE (helper ports, see bench/lib/support.mjs).
// The web apps and the API take SHELL_PORT, CATALOGUE_PORT, API_PORT (the shell is built with them).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import {
  apiEnv,
  createCleanups,
  log,
  machine,
  median,
  repoRoot,
  requireFromApi,
  round,
  seed,
  signUpUsers,
  sleep,
  startApiProcess,
  startBenchEmulator,
  throwawayDatabase,
} from '../lib/support.mjs';

const { stackServices, startService, stopProcess, waitForExit } = await import('../../stack/stack.ts');
const { applyCondition, CONDITIONS } = await import('../web/measure.ts');
const { apiPort, portOf, REMOTES, SHELL } = await import('site-config/apps');
const { openDatabase } = await import('../../api/src/db/database.ts');
const { ArtifactStore } = await import('../../api/src/artifacts/artifact-store.ts');
const { openImageStore } = await import('../../api/src/images/image-store.ts');
const { createCollectionVersion } = await import('../../api/src/artifacts/collection-version.ts');
const { sql, CompiledQuery } = requireFromApi('kysely');

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '10000,100000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PROJECT = 'demo-heritage-scale-bench';
const SEARCH_DEBOUNCE_MS = 300; // mf-catalogue/src/pages/all-artifacts/use-search-query.ts
const TARGETS = { firstCardsMs: 1000, searchMs: 100 };
/** Each matches one starter artifact at every size (the synthetic rows never contain them). */
const RARE_TERMS = [
  'rosetta',
  'hammurabi',
  'antikythera',
  'goujian',
  'battersea',
  'nefertiti',
  'willendorf',
  'chessmen',
  'nebra',
  'puabi',
  'hoxne',
  'gundestrup',
];
/** Each matches a tenth of the synthetic artifacts (and a few starter ones). */
const BROAD_TERMS = [
  'bronze',
  'ivory',
  'obsidian',
  'jade',
  'amber',
  'silver',
  'basalt',
  'linen',
  'terracotta',
  'gold',
  'bronze lamp',
  'jade mask',
];
const SLOW_LINK = '4x CPU slowdown, 150 ms, 1.6 Mbps; starter collection only';
const CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const cleanups = createCleanups();
const env = { ...process.env };
const shellUrl = `http://localhost:${portOf(SHELL, env)}`;
const apiUrl = `http://localhost:${apiPort(env)}`;

// ---------------------------------------------------------------------------------------------------- the stack

function build() {
  if (process.env.BENCH_SKIP_BUILD === '1') {
    log('BENCH_SKIP_BUILD=1: using the existing shell/dist and mf-catalogue/dist');
    return;
  }
  log(`building the shell and mf-catalogue for API ${apiUrl}`);
  execFileSync('pnpm', ['--filter', './shell', '--filter', './mf-catalogue', 'run', 'build'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function startWebApps() {
  const runtimeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-scale-web-'));
  cleanups.add(() => fs.rmSync(runtimeDir, { recursive: true, force: true }));
  const services = stackServices({ mode: 'preview', runtimeDir, env });
  for (const name of [REMOTES.mf_catalogue.name, SHELL.name]) {
    const running = await startService(
      services.find((service) => service.name === name),
      runtimeDir,
      env,
    );
    cleanups.add(async () => {
      stopProcess(running.pid);
      await waitForExit(running.pid);
    });
  }
  log(
    `shell ${shellUrl} and mf-catalogue ${portOf(REMOTES.mf_catalogue, env)} (the builds, as pnpm start serves them)`,
  );
}

/** A fresh database of the backend: a PGlite data directory or a throwaway PostgreSQL database. */
async function freshDatabase(backend, size) {
  if (backend === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `hv-bench-scale-${size}-`));
    cleanups.add(() => fs.rmSync(dir, { recursive: true, force: true }));
    return { PGLITE_DATA_DIR: path.join(dir, 'data') };
  }
  return { DATABASE_URL: await throwawayDatabase(cleanups, process.env.DATABASE_URL, `hv_scale_${size}`) };
}

// ------------------------------------------------------------------------------------------ writes and the API

/** A create and a delete through the API: the collection is as it was, and every cached answer is stale. */
async function touchCollection(user) {
  const created = await fetch(`${apiUrl}/api/artifacts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Benchmark Write',
      image: 'https://example.org/bench.png',
      type: 'Other',
      historicalContext: 'Written by the scale benchmark to make the API read from the database.',
      description: 'Deleted at once.',
      createdAt: '2026',
      discoveredAt: '2026',
      discoveredBy: 'bench/scale',
      presentLocation: 'Nowhere',
    }),
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
  const { artifact } = await created.json();
  const deleted = await fetch(`${apiUrl}/api/artifacts/${artifact._id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${user.token}` },
  });
  if (!deleted.ok) throw new Error(`delete answered ${deleted.status}`);
  await deleted.arrayBuffer();
}

async function timedGet(pathAndQuery) {
  const start = performance.now();
  const response = await fetch(`${apiUrl}${pathAndQuery}`);
  const body = await response.arrayBuffer();
  const ms = performance.now() - start;
  if (!response.ok) throw new Error(`${pathAndQuery} answered ${response.status}`);
  return { ms, bytes: body.byteLength, total: Number(response.headers.get('x-total-count')) };
}

/** The API alone: a new term per request (never cached), and the blank first page after a write. */
async function measureApi(user) {
  const result = {};
  for (const [family, terms] of [
    ['rare', RARE_TERMS],
    ['broad', BROAD_TERMS],
  ]) {
    await timedGet(`/api/artifacts?q=${encodeURIComponent(terms.at(-1))}&limit=24`); // warm-up
    const samples = [];
    for (const term of terms.slice(0, Math.max(RUNS, 7))) {
      samples.push({ term, ...(await timedGet(`/api/artifacts?q=${encodeURIComponent(term)}&limit=24`)) });
    }
    result[family] = { medianMs: round(median(samples.map((sample) => sample.ms))), samples };
  }
  const blank = [];
  for (let run = 0; run <= RUNS; run += 1) {
    await touchCollection(user);
    const sample = await timedGet('/api/artifacts?limit=24');
    if (run > 0) blank.push(sample);
  }
  result.blank = { medianMs: round(median(blank.map((sample) => sample.ms))), samples: blank };
  return result;
}

// ------------------------------------------------------------------------------------------------ the browser

/* global window, document, history, MutationObserver -- functions passed to page.evaluate run in the browser */

/**
 * Runs in the page before its own scripts: marks the moments the benchmark reads back. Without `requestHeadStart`,
 * index.html's head start sends no API request and the page asks the API itself (the baseline).
 */
function pageProbe({ requestHeadStart }) {
  const marks = { firstCard: null, dataAskedAt: null, keydowns: [], commits: [], statuses: [] };
  window.__bench = marks;
  // The page's first API request is sent by index.html's head start (first-paint/head-start/entry.ts); the
  // page asks for it when the API client first looks among those responses, deleting its URL from them.
  let early;
  Object.defineProperty(window, '__firstPaint', {
    configurable: true,
    get: () => early,
    set: (value) => {
      if (value?.apiResponses && !requestHeadStart) delete value.apiResponses;
      if (value?.apiResponses) {
        value.apiResponses = new Proxy(value.apiResponses, {
          deleteProperty: (target, key) => {
            marks.dataAskedAt ??= performance.now();
            return Reflect.deleteProperty(target, key);
          },
        });
      }
      early = value;
    },
  });
  let lastStatus = '';
  const check = () => {
    const now = performance.now();
    if (marks.firstCard === null && document.querySelector('[data-testid="artifact-card"]'))
      marks.firstCard = now;
    for (const element of document.querySelectorAll('[role="status"]')) {
      const text = element.textContent ?? '';
      if (text.startsWith('Found ') && text !== lastStatus) {
        lastStatus = text;
        marks.statuses.push({ t: now, text });
      }
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  document.addEventListener('keydown', () => marks.keydowns.push(performance.now()), true);
  const replaceState = history.replaceState;
  history.replaceState = function (...args) {
    marks.commits.push({ t: performance.now(), url: String(args[2] ?? '') });
    return replaceState.apply(this, args);
  };
}

async function withPage(browser, work, { requestHeadStart = true, condition } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    if (condition) await applyCondition(await context.newCDPSession(page), condition);
    await page.addInitScript(pageProbe, { requestHeadStart });
    return await work(page);
  } finally {
    await context.close();
  }
}

/** The API request of a page that matches, from Resource Timing: when it started and how long it took, in ms. */
async function apiRequest(page, matcher) {
  return page.evaluate(
    ({ api, source }) => {
      const match = new RegExp(source);
      const entry = performance
        .getEntriesByType('resource')
        .filter((item) => item.name.startsWith(api) && match.test(item.name))
        .at(-1);
      return entry
        ? { startMs: entry.startTime, ms: entry.responseEnd - entry.startTime }
        : { startMs: NaN, ms: NaN };
    },
    { api: apiUrl, source: matcher.source },
  );
}

async function firstCards(browser, path, apiMatcher, options) {
  return withPage(
    browser,
    async (page) => {
      await page.goto(`${shellUrl}${path}`);
      await page.locator('[data-testid="artifact-card"]').first().waitFor({ timeout: 60_000 });
      const { firstCard, dataAskedAt } = await page.evaluate(() => window.__bench);
      const request = await apiRequest(page, apiMatcher);
      return {
        ms: round(firstCard),
        askedMs: round(dataAskedAt ?? NaN),
        apiStartMs: round(request.startMs),
        apiMs: round(request.ms),
      };
    },
    options,
  );
}

async function search(browser, term) {
  return withPage(browser, async (page) => {
    await page.goto(`${shellUrl}/all-artifacts`);
    await page.locator('[data-testid="artifact-card"]').first().waitFor({ timeout: 60_000 });
    const box = page.getByLabel('Search artifacts');
    await box.click();
    await box.pressSequentially(term, { delay: 40 });
    await page.waitForFunction(
      (wanted) => window.__bench.statuses.some((status) => status.text.endsWith(`results for "${wanted}"`)),
      term,
      { timeout: 60_000 },
    );
    const marks = await page.evaluate(() => window.__bench);
    const lastKeydown = Math.max(...marks.keydowns);
    const commit = marks.commits.find(
      (item) => item.t >= lastKeydown && new URL(item.url, 'http://x').searchParams.get('q') === term,
    );
    const shown = marks.statuses.find((status) => status.text.endsWith(`results for "${term}"`));
    const request = await apiRequest(
      page,
      new RegExp(`[?&]q=${encodeURIComponent(term).replace(/%20/g, '(%20|\\+)')}`),
    );
    return {
      term,
      found: Number(/^Found (\d+)/.exec(shown.text)?.[1]),
      totalMs: round(shown.t - lastKeydown),
      debounceMs: round(commit ? commit.t - lastKeydown : NaN),
      afterDebounceMs: round(commit ? shown.t - commit.t : NaN),
      apiMs: round(request.ms),
    };
  });
}

/** One warm-up (discarded), then RUNS runs; `before` runs ahead of each (e.g. a write that empties the API cache). */
async function repeat(what, run, before = async () => undefined) {
  await before();
  await run(-1);
  const samples = [];
  for (let index = 0; index < RUNS; index += 1) {
    await before();
    samples.push(await run(index));
  }
  log(`  ${what}: ${samples.map((sample) => sample.totalMs ?? sample.ms).join(', ')} ms`);
  return samples;
}

/**
 * Like `repeat`, for each variant in turn, the order reversed every other round, so that every variant meets the
 * machine's load alike. Returns the samples by variant.
 */
async function alternate(what, variants, before) {
  const samples = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
  for (let round = -1; round < RUNS; round += 1) {
    const names = Object.keys(variants);
    if (round % 2 !== 0) names.reverse();
    for (const name of names) {
      await before();
      const sample = await variants[name]();
      if (round >= 0) samples[name].push(sample);
    }
  }
  for (const [name, list] of Object.entries(samples))
    log(`  ${what}, ${name}: ${list.map((sample) => sample.ms).join(', ')} ms`);
  return samples;
}

const summarize = (samples, key) => round(median(samples.map((sample) => sample[key])));
const cardsSummary = (samples) => ({
  ms: summarize(samples, 'ms'),
  askedMs: summarize(samples, 'askedMs'),
  apiStartMs: summarize(samples, 'apiStartMs'),
  apiMs: summarize(samples, 'apiMs'),
  samples,
});

async function measureBrowser(browser, user, { slowLink }) {
  const listMatcher = /\/artifacts\?/;
  const withAndWithout = (path, matcher, condition) => ({
    'head start': () => firstCards(browser, path, matcher, { condition }),
    'page asks': () => firstCards(browser, path, matcher, { requestHeadStart: false, condition }),
  });
  const cold = await alternate(
    'All Artifacts first cards, API cache cold',
    withAndWithout('/all-artifacts', listMatcher),
    () => touchCollection(user),
  );
  const warm = await repeat('All Artifacts first cards, API cache warm', () =>
    firstCards(browser, '/all-artifacts', listMatcher),
  );
  const searches = {};
  for (const [family, terms] of [
    ['rare', RARE_TERMS],
    ['broad', BROAD_TERMS],
  ]) {
    // A new term each run (and a write before it): the API answers from the database, not from its cache.
    searches[family] = await repeat(
      `search, ${family} term`,
      (index) => search(browser, terms[(index + terms.length) % terms.length]),
      () => touchCollection(user),
    );
  }
  const home = await alternate(
    'Home featured cards, API cache cold',
    withAndWithout('/', /\/artifacts\/top-liked/),
    () => touchCollection(user),
  );
  // Where the head start saves a whole round trip: on a slow link, once per backend (its starter collection).
  const slow = {};
  if (slowLink) {
    const condition = CONDITIONS.find((item) => item.name === 'throttled');
    slow.cards = await alternate(
      'All Artifacts first cards, slow link',
      withAndWithout('/all-artifacts', listMatcher, condition),
      () => touchCollection(user),
    );
    slow.home = await alternate(
      'Home featured cards, slow link',
      withAndWithout('/', /\/artifacts\/top-liked/, condition),
      () => touchCollection(user),
    );
  }
  const searchSummary = (samples) => ({
    totalMs: summarize(samples, 'totalMs'),
    debounceMs: summarize(samples, 'debounceMs'),
    afterDebounceMs: summarize(samples, 'afterDebounceMs'),
    apiMs: summarize(samples, 'apiMs'),
    found: samples.map((sample) => sample.found),
    samples,
  });
  return {
    firstCardsCold: cardsSummary(cold['head start']),
    firstCardsColdPageAsks: cardsSummary(cold['page asks']),
    firstCardsWarm: cardsSummary(warm),
    searchRare: searchSummary(searches.rare),
    searchBroad: searchSummary(searches.broad),
    home: cardsSummary(home['head start']),
    homePageAsks: cardsSummary(home['page asks']),
    ...(slowLink && {
      slowLink: {
        cards: cardsSummary(slow.cards['head start']),
        cardsPageAsks: cardsSummary(slow.cards['page asks']),
        home: cardsSummary(slow.home['head start']),
        homePageAsks: cardsSummary(slow.home['page asks']),
      },
    }),
  };
}

// ------------------------------------------------------------------------------------------ plans and indexes

/** EXPLAIN ANALYZE of the store's own queries (the API must be stopped: PGlite is single-process). */
async function explainQueries(database) {
  const opened = await openDatabase({
    databaseUrl: database.DATABASE_URL || undefined,
    pgliteDataDir: database.PGLITE_DATA_DIR ?? '',
  });
  try {
    const version = await createCollectionVersion(opened.db, opened.singleWriter);
    const photos = openImageStore(opened.db, { s3: undefined, publicBase: '' });
    const store = new ArtifactStore(opened.db, version, photos, (stored) => stored);
    const cases = {
      'rare term, page': store.pageQuery({ q: 'rosetta', limit: 24 }),
      'rare term, count': store.countQuery({ q: 'rosetta' }),
      'broad term, page': store.pageQuery({ q: 'bronze', limit: 24 }),
      'broad term, count': store.countQuery({ q: 'bronze' }),
      'blank, first page': store.pageQuery({ limit: 24 }),
      'blank, count': store.countQuery({}),
    };
    const plans = {};
    for (const [name, query] of Object.entries(cases)) {
      const compiled = query.compile();
      await opened.db.executeQuery(CompiledQuery.raw(compiled.sql, [...compiled.parameters])); // warm the buffers
      const { rows } = await opened.db.executeQuery(
        CompiledQuery.raw(`explain (analyze, costs off) ${compiled.sql}`, [...compiled.parameters]),
      );
      const text = rows.map((row) => row['QUERY PLAN']).join('\n');
      plans[name] = {
        text,
        executionMs: Number(/Execution Time: ([\d.]+)/.exec(text)?.[1] ?? NaN),
        indexes: [...new Set([...text.matchAll(/(?:using|Index Scan on) (\w+)/g)].map((match) => match[1]))],
        seqScan: /Seq Scan/.test(text),
      };
    }
    return plans;
  } finally {
    await opened.close();
  }
}

async function dropSearchIndex(database) {
  const opened = await openDatabase({
    databaseUrl: database.DATABASE_URL || undefined,
    pgliteDataDir: database.PGLITE_DATA_DIR ?? '',
  });
  try {
    await sql`drop index artifacts_search_trgm_idx`.execute(opened.db);
  } finally {
    await opened.close();
  }
}

// ---------------------------------------------------------------------------------------------------- one size

async function measureSize(backend, size, browser, emulatorHost, user) {
  const label = size
    ? `${backend}, 30 + ${size.toLocaleString('en')}`
    : `${backend}, 30 (starter collection)`;
  log(`${label}`);
  const mark = cleanups.size;
  const database = await freshDatabase(backend, size);
  const env = apiEnv({
    port: apiPort(process.env),
    projectId: PROJECT,
    emulatorHost,
    database,
    extra: { SEED_STARTER: 'true', CORS_ORIGINS: shellUrl, PUBLIC_URL: apiUrl },
  });
  let seedMs = 0;
  if (size) {
    const start = performance.now();
    seed(env, size, `  seeding ${size} artifacts`);
    seedMs = Math.round(performance.now() - start);
  }
  const result = { backend, size, artifacts: size + 30, seedMs };

  let apiMark = cleanups.size;
  await startApiProcess(cleanups, env);
  result.browser = await measureBrowser(browser, user, { slowLink: size === 0 });
  result.api = await measureApi(user);
  log(
    `  API search, rare ${result.api.rare.medianMs} ms, broad ${result.api.broad.medianMs} ms, blank first page (cold) ${result.api.blank.medianMs} ms`,
  );
  await cleanups.runFrom(apiMark);
  result.plans = await explainQueries(database);

  await dropSearchIndex(database);
  apiMark = cleanups.size;
  await startApiProcess(cleanups, env);
  result.apiWithoutIndex = await measureApi(user);
  log(
    `  without the trigram index: rare ${result.apiWithoutIndex.rare.medianMs} ms, broad ${result.apiWithoutIndex.broad.medianMs} ms`,
  );
  await cleanups.runFrom(apiMark);
  result.plansWithoutIndex = await explainQueries(database);

  await cleanups.runFrom(mark);
  return result;
}

// ------------------------------------------------------------------------------------------------------ output

const cell = (value, base) => {
  if (value === undefined || Number.isNaN(value)) return 'n/a';
  if (!base || base === value) return `${value}`;
  const ratio = value / base;
  return `${value} (${ratio.toFixed(ratio < 1 ? 2 : 1)}x)`;
};
const verdict = (value, target) => (value <= target ? 'yes' : 'NO');

function tables(results) {
  const lines = [];
  for (const backend of [...new Set(results.map((result) => result.backend))]) {
    const rows = results.filter((result) => result.backend === backend);
    const base = rows[0];
    const header = `| ${backend}: median ms | ${rows.map((row) => `${row.artifacts.toLocaleString('en')} artifacts`).join(' | ')} | target met at the largest |`;
    lines.push(`### ${backend}`, '', header, `|---|${rows.map(() => '---:').join('|')}|---|`);
    const largest = rows.at(-1);
    const line = (name, pick, target) =>
      lines.push(
        `| ${name} | ${rows.map((row) => cell(pick(row), pick(base))).join(' | ')} | ${target ? `${verdict(pick(largest), target)} (<= ${target})` : ''} |`,
      );
    line(
      'All Artifacts: first cards, API cache cold',
      (row) => row.browser.firstCardsCold.ms,
      TARGETS.firstCardsMs,
    );
    line('  the page asks for its data at (app start-up)', (row) => row.browser.firstCardsCold.askedMs);
    line(
      "  the API request starts at (index.html's head start)",
      (row) => row.browser.firstCardsCold.apiStartMs,
    );
    line('  the API request takes', (row) => row.browser.firstCardsCold.apiMs);
    line('  baseline, without the head start: first cards', (row) => row.browser.firstCardsColdPageAsks.ms);
    line('    the page asks the API at', (row) => row.browser.firstCardsColdPageAsks.apiStartMs);
    line('    the API request takes', (row) => row.browser.firstCardsColdPageAsks.apiMs);
    line(
      'All Artifacts: first cards, API cache warm',
      (row) => row.browser.firstCardsWarm.ms,
      TARGETS.firstCardsMs,
    );
    line('Search, rare term: last keydown -> results', (row) => row.browser.searchRare.totalMs);
    line(
      `  debounce (keydown -> search starts; set to ${SEARCH_DEBOUNCE_MS})`,
      (row) => row.browser.searchRare.debounceMs,
    );
    line('  after the debounce', (row) => row.browser.searchRare.afterDebounceMs, TARGETS.searchMs);
    line('  the API request takes', (row) => row.browser.searchRare.apiMs);
    line('Search, broad term: last keydown -> results', (row) => row.browser.searchBroad.totalMs);
    line('  after the debounce', (row) => row.browser.searchBroad.afterDebounceMs, TARGETS.searchMs);
    line('  the API request takes', (row) => row.browser.searchBroad.apiMs);
    line('Home: first featured cards, API cache cold', (row) => row.browser.home.ms, TARGETS.firstCardsMs);
    line('  the page asks for its data at (app start-up)', (row) => row.browser.home.askedMs);
    line("  the API request starts at (index.html's head start)", (row) => row.browser.home.apiStartMs);
    line('  the API request takes', (row) => row.browser.home.apiMs);
    line('  baseline, without the head start: first cards', (row) => row.browser.homePageAsks.ms);
    line('    the page asks the API at', (row) => row.browser.homePageAsks.apiStartMs);
    line('    the API request takes', (row) => row.browser.homePageAsks.apiMs);
    line(
      `On a slow link (${SLOW_LINK}), All Artifacts first cards, cold`,
      (row) => row.browser.slowLink?.cards.ms,
    );
    line('  baseline, without the head start', (row) => row.browser.slowLink?.cardsPageAsks.ms);
    line('On a slow link, Home: first featured cards, cold', (row) => row.browser.slowLink?.home.ms);
    line('  baseline, without the head start', (row) => row.browser.slowLink?.homePageAsks.ms);
    line('API alone: search, rare term, trigram index', (row) => row.api.rare.medianMs, TARGETS.searchMs);
    line('API alone: search, rare term, no index', (row) => row.apiWithoutIndex.rare.medianMs);
    line('API alone: search, broad term, trigram index', (row) => row.api.broad.medianMs, TARGETS.searchMs);
    line('API alone: search, broad term, no index', (row) => row.apiWithoutIndex.broad.medianMs);
    line('API alone: blank first page + count, cache cold', (row) => row.api.blank.medianMs);
    line('seeding (insert + analyze), ms', (row) => row.seedMs || undefined);
    lines.push('');
  }
  return lines.join('\n');
}

function planSummary(results) {
  const lines = [
    '| backend, artifacts | query | with the trigram index: plan uses, execution ms | without it |',
    '|---|---|---|---|',
  ];
  for (const result of results) {
    for (const [name, plan] of Object.entries(result.plans)) {
      const without = result.plansWithoutIndex[name];
      const describe = (item) =>
        `${[...item.indexes, ...(item.seqScan ? ['Seq Scan'] : [])].join(', ') || '-'}; ${item.executionMs}`;
      lines.push(
        `| ${result.backend}, ${result.artifacts.toLocaleString('en')} | ${name} | ${describe(plan)} | ${describe(without)} |`,
      );
    }
  }
  return lines.join('\n');
}

async function main() {
  const started = new Date();
  const backends = (
    process.env.BENCH_SCALE_BACKENDS ?? (process.env.DATABASE_URL ? 'pglite,postgresql' : 'pglite')
  ).split(',');
  if (backends.includes('postgresql') && !process.env.DATABASE_URL)
    throw new Error('postgresql needs DATABASE_URL (an admin connection string)');
  log(`sizes 30 + ${SIZES.join(', ')}, ${RUNS} runs, backends ${backends.join(', ')}`);
  build();
  const emulatorHost = await startBenchEmulator(cleanups, PROJECT);
  const [user] = await signUpUsers(emulatorHost, 1, 'scale');
  await startWebApps();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  cleanups.add(() => browser.close());

  const results = [];
  for (const backend of backends) {
    for (const size of [0, ...SIZES])
      results.push(await measureSize(backend, size, browser, emulatorHost, user));
  }

  const output = {
    date: started.toISOString(),
    machine: machine(),
    settings: {
      sizes: SIZES,
      runs: RUNS,
      backends,
      debounceMs: SEARCH_DEBOUNCE_MS,
      rareTerms: RARE_TERMS,
      broadTerms: BROAD_TERMS,
    },
    targets: TARGETS,
    results,
  };
  const resultsDir = path.join(repoRoot, 'bench', 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, 'scale.json'), `${JSON.stringify(output, null, 2)}\n`);
  const markdown = [
    '# Scale benchmark',
    '',
    `${started.toISOString()} - revision ${output.machine.revision}, ${output.machine.cpus} cores, Node ${process.version}, load average at the end ${output.machine.loadavg.join(' ')}.`,
    `Medians of ${RUNS} runs (after one warm-up) in Chromium against the built shell and mf-catalogue; in brackets the ratio to the`,
    `starter collection (30 artifacts) measured in the same run. Targets: first cards <= ${TARGETS.firstCardsMs} ms, search <= ${TARGETS.searchMs} ms after the`,
    `page's ${SEARCH_DEBOUNCE_MS} ms debounce. Rare terms match one artifact at every size (${RARE_TERMS.slice(0, 3).join(', ')}, ...), broad ones a tenth of the`,
    `synthetic rows (${BROAD_TERMS.slice(0, 3).join(', ')}, ...); every search and every "cold" run follows a write, so the API reads the database.`,
    '',
    tables(results),
    "## Query plans (EXPLAIN ANALYZE of the store's queries, full text in [scale-plans.md](scale-plans.md))",
    '',
    planSummary(results),
    '',
  ].join('\n');
  fs.writeFileSync(path.join(resultsDir, 'scale.md'), markdown);
  const plans = [
    '# Scale benchmark: query plans',
    '',
    `${started.toISOString()}, revision ${output.machine.revision}.`,
    '',
  ];
  for (const result of results) {
    for (const [variant, set] of [
      ['with the trigram index', result.plans],
      ['without the trigram index', result.plansWithoutIndex],
    ]) {
      plans.push(`## ${result.backend}, ${result.artifacts.toLocaleString('en')} artifacts, ${variant}`, '');
      for (const [name, plan] of Object.entries(set))
        plans.push(`### ${name}`, '', '```', plan.text, '```', '');
    }
  }
  fs.writeFileSync(path.join(resultsDir, 'scale-plans.md'), plans.join('\n'));
  console.log(markdown);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanups.runAll();
    await sleep(100);
  });
