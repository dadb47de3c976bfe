/**
 * Medians over the runs, and the tables: printed, and written to bench/results/web.md (and .json).
 */
import type { RemoteName } from 'site-config/apps';
import { fileName, kb } from './critical-path.ts';
import type { ServingFacts } from './facts.ts';
import type { Duplicate } from './libraries.ts';
import { median, type Condition, type Sample, type Target } from './measure.ts';
import { BOOTCAMP, DATA_PAGE_TARGETS, HOME_TARGETS } from './budgets.ts';

export interface Spread {
  median: number | null;
  min: number | null;
  max: number | null;
}

const spread = (values: Array<number | null>): Spread => {
  const v = values.filter((x): x is number => x !== null && Number.isFinite(x));
  return { median: median(v), min: v.length ? Math.min(...v) : null, max: v.length ? Math.max(...v) : null };
};

export interface RouteSummary {
  key: string;
  route: string;
  needsMember: boolean;
  session: Target['session'];
  remote: RemoteName | null;
  runs: number;
  criticalJsBytes: Spread;
  liveJsBytes: Spread;
  totalJsBytes: Spread;
  cssBytes: Spread;
  requests: Spread;
  fcp: Spread;
  lcp: Spread;
  cls: Spread;
  headingAt: Spread;
  liveAt: Spread;
  lcpToFloor: number | null;
  /** Live ms over the floor page's LCP, both medians of the same condition. */
  liveToFloor: number | null;
  /** Firebase's start-up calls (Sample.firebaseCalls): in how many runs each was made, and when. */
  firebase: {
    refreshRuns: number;
    refreshStart: Spread;
    refreshTook: Spread;
    lookupRuns: number;
    lookupEnd: Spread;
  };
  lcpElement: string | null;
  firebaseBeforeFcpRuns: number;
  firebaseRequestedRuns: number;
  remotesLoaded: RemoteName[];
  unneededRemotes: RemoteName[];
  deferredBeforeHeading: string[];
  criticalJsFiles: Array<{ url: string; bytes: number }>;
  unsettledRuns: number;
  /** Every run's value, in run order. */
  perRun: {
    criticalJsBytes: number[];
    liveJsBytes: number[];
    totalJsBytes: number[];
    fcp: Array<number | null>;
    lcp: Array<number | null>;
    cls: number[];
    headingAt: number[];
    liveAt: number[];
    firebaseRefreshTook: Array<number | null>;
    firebaseLookupEnd: Array<number | null>;
  };
  interaction?: { keystrokes: number; median: Spread; max: Spread; over16: Spread; perRun: number[][] };
}

export function summarize(target: Target, samples: Sample[], floorLcp: number | null): RouteSummary {
  const loaded = [...new Set(samples.flatMap((s) => s.remotesLoaded))].sort();
  const lcp = spread(samples.map((s) => s.lcp));
  const cls = spread(samples.map((s) => s.cls));
  const liveAt = spread(samples.map((s) => s.liveAt));
  const refreshes = samples.flatMap((s) => (s.firebaseCalls.refresh ? [s.firebaseCalls.refresh] : []));
  const lookups = samples.flatMap((s) => (s.firebaseCalls.lookup ? [s.firebaseCalls.lookup] : []));
  const withInteraction = samples.filter((s) => s.interaction);
  return {
    key: target.key,
    route: target.route,
    needsMember: target.needsMember,
    session: target.session,
    remote: target.remote,
    runs: samples.length,
    criticalJsBytes: spread(samples.map((s) => s.criticalJsBytes)),
    liveJsBytes: spread(samples.map((s) => s.liveJsBytes)),
    totalJsBytes: spread(samples.map((s) => s.totalJsBytes)),
    cssBytes: spread(samples.map((s) => s.cssBytes)),
    requests: spread(samples.map((s) => s.requests)),
    fcp: spread(samples.map((s) => s.fcp)),
    lcp,
    cls,
    headingAt: spread(samples.map((s) => s.headingAt)),
    liveAt,
    lcpToFloor: lcp.median !== null && floorLcp ? lcp.median / floorLcp : null,
    liveToFloor: liveAt.median !== null && floorLcp ? liveAt.median / floorLcp : null,
    firebase: {
      refreshRuns: refreshes.length,
      refreshStart: spread(refreshes.map((r) => r.start)),
      refreshTook: spread(refreshes.map((r) => (r.end === null ? null : r.end - r.start))),
      lookupRuns: lookups.length,
      lookupEnd: spread(lookups.map((r) => r.end)),
    },
    lcpElement: samples.at(-1)?.lcpElement
      ? `${samples.at(-1)!.lcpElement}${samples.at(-1)!.lcpUrl ? ` ${fileName(samples.at(-1)!.lcpUrl!, 48)}` : ''}`
      : null,
    firebaseBeforeFcpRuns: samples.filter((s) => s.firebaseBeforeFcp).length,
    firebaseRequestedRuns: samples.filter((s) => s.firebaseRequested).length,
    remotesLoaded: loaded,
    unneededRemotes: loaded.filter((r) => r !== target.remote),
    deferredBeforeHeading: [
      ...new Set(samples.flatMap((s) => s.deferredBeforeHeading.map((u) => fileName(u)))),
    ],
    criticalJsFiles: samples[0]?.criticalJsFiles ?? [],
    unsettledRuns: samples.filter((s) => !s.settled).length,
    perRun: {
      criticalJsBytes: samples.map((s) => s.criticalJsBytes),
      liveJsBytes: samples.map((s) => s.liveJsBytes),
      totalJsBytes: samples.map((s) => s.totalJsBytes),
      fcp: samples.map((s) => s.fcp),
      lcp: samples.map((s) => s.lcp),
      cls: samples.map((s) => s.cls),
      headingAt: samples.map((s) => s.headingAt),
      liveAt: samples.map((s) => s.liveAt),
      firebaseRefreshTook: samples.map(({ firebaseCalls: { refresh } }) =>
        refresh?.end == null ? null : refresh.end - refresh.start,
      ),
      firebaseLookupEnd: samples.map((s) => s.firebaseCalls.lookup?.end ?? null),
    },
    interaction: withInteraction.length
      ? {
          keystrokes: withInteraction[0]!.interaction!.keystrokes,
          median: spread(withInteraction.map((s) => s.interaction!.median)),
          max: spread(withInteraction.map((s) => s.interaction!.max)),
          over16: spread(withInteraction.map((s) => s.interaction!.over16)),
          perRun: withInteraction.map((s) => s.interaction!.latencies),
        }
      : undefined,
  };
}

export interface Results {
  date: string;
  /** What served the built files and the floor: nginx with the shipped configuration, or vite preview. */
  server: 'nginx' | 'preview';
  commit: string;
  machine: {
    cpus: number;
    model: string;
    memoryGb: number;
    os: string;
    loadAverageStart: number[];
    loadAverageEnd: number[];
  };
  versions: { node: string; chromium: string; playwright: string };
  runs: number;
  conditions: Array<{ condition: Condition; floor: RouteSummary; routes: RouteSummary[] }>;
  duplicates: Record<string, Duplicate[]>;
  serving: ServingFacts;
  durationSeconds: number;
}

const ms = (v: number | null) => (v === null ? '-' : `${Math.round(v)}`);
const kbOrDash = (v: number | null) => (v === null ? '-' : (v / 1000).toFixed(1));
const ratio = (v: number | null) => (v === null ? '-' : `${v.toFixed(1)}x`);
const eventMs = (v: number | null) => (v === null ? '-' : v === 0 ? '<16' : `${Math.round(v)}`);
const range = (s: Spread, fmt: (v: number | null) => string) =>
  s.min === s.max ? fmt(s.median) : `${fmt(s.median)} (${fmt(s.min)}-${fmt(s.max)})`;

/** A row's name: the route, and on a protected route the member's case. */
const rowName = (r: RouteSummary) =>
  r.key === 'floor' ? '_floor: static hero page_' : `\`${r.route}\`${r.session ? ` (${r.session})` : ''}`;

export function conditionTable(floor: RouteSummary, routes: RouteSummary[]): string[] {
  const lines = [
    '| route | critical JS KB | live-page JS KB | total JS KB | CSS KB | requests | FCP ms | heading ms | LCP ms | LCP / floor | CLS | live ms | live / floor | Firebase before FCP | remotes loaded |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|:-:|---|',
  ];
  for (const r of [floor, ...routes]) {
    const remotes = r.remotesLoaded.length
      ? r.remotesLoaded
          .map((name) => (r.unneededRemotes.includes(name) ? `**${name} (not needed)**` : name))
          .join(', ')
      : '-';
    lines.push(
      `| ${rowName(r)} | ${range(r.criticalJsBytes, kbOrDash)} | ${kbOrDash(r.liveJsBytes.median)} | ${kbOrDash(r.totalJsBytes.median)} | ${kbOrDash(r.cssBytes.median)} | ${ms(r.requests.median)} | ${ms(r.fcp.median)} | ${ms(r.headingAt.median)} | ${range(r.lcp, ms)} | ${r.key === 'floor' ? '1.0x' : ratio(r.lcpToFloor)} | ${r.cls.median?.toFixed(3) ?? '-'} | ${ms(r.liveAt.median)} | ${ratio(r.liveToFloor)} | ${r.key === 'floor' ? '-' : `${r.firebaseBeforeFcpRuns}/${r.runs}${r.needsMember ? ' (needed)' : ''}`} | ${remotes} |`,
    );
  }
  return lines;
}

/**
 * On the protected routes, Firebase's start-up calls beside the live page: the token refresh (only when the
 * persisted access token has expired) and the account lookup Firebase waits for before it tells the app who is in.
 */
export function firebaseTable(routes: RouteSummary[]): string[] {
  const lines = [
    '| route | token refresh: runs | sent at ms | takes ms | account lookup: runs | answered at ms | live ms |',
    '|---|--:|--:|--:|--:|--:|--:|',
  ];
  for (const r of routes.filter((x) => x.needsMember)) {
    const f = r.firebase;
    lines.push(
      `| ${rowName(r)} | ${f.refreshRuns}/${r.runs} | ${ms(f.refreshStart.median)} | ${range(f.refreshTook, ms)} | ${f.lookupRuns}/${r.runs} | ${range(f.lookupEnd, ms)} | ${ms(r.liveAt.median)} |`,
    );
  }
  return lines;
}

/** Issue #29: All Artifacts and the protected routes against DATA_PAGE_TARGETS, both links. */
export function dataPageVerdicts(results: Results): string[] {
  const slow = results.conditions.find((c) => c.condition.name === 'throttled');
  const fast = results.conditions.find((c) => c.condition.name === 'unthrottled');
  const rows = (slow ?? fast)?.routes.filter((r) => r.key === '/all-artifacts' || r.needsMember) ?? [];
  const { lcpToFloor, liveToFloorThrottled } = DATA_PAGE_TARGETS;
  const lines = [
    `| route | LCP / floor, slow link (<= ${lcpToFloor}x) | LCP / floor, fast link (<= ${lcpToFloor}x) | live / floor, slow link (<= ${liveToFloorThrottled}x) | targets |`,
    '|---|--:|--:|--:|---|',
  ];
  for (const row of rows) {
    const s = slow?.routes.find((r) => r.key === row.key);
    const f = fast?.routes.find((r) => r.key === row.key);
    const cell = (value: number | null | undefined, msValue: number | null | undefined) =>
      value === null || value === undefined ? '-' : `${ratio(value)} (${ms(msValue ?? null)} ms)`;
    const missed = [
      s?.lcpToFloor != null && s.lcpToFloor > lcpToFloor ? 'LCP slow' : null,
      f?.lcpToFloor != null && f.lcpToFloor > lcpToFloor ? 'LCP fast' : null,
      s?.liveToFloor != null && s.liveToFloor > liveToFloorThrottled ? 'live slow' : null,
    ].filter(Boolean);
    lines.push(
      `| ${rowName(row)} | ${cell(s?.lcpToFloor, s?.lcp.median)} | ${cell(f?.lcpToFloor, f?.lcp.median)} | ${cell(s?.liveToFloor, s?.liveAt.median)} | ${missed.length ? `NOT met: ${missed.join(', ')}` : 'met'} |`,
    );
  }
  const floors = results.conditions
    .map(({ condition, floor }) => `${condition.name} ${ms(floor.lcp.median)} ms`)
    .join(', ');
  lines.push('', `Floor page LCP: ${floors}.`);
  return lines;
}

export function homeVerdicts(results: Results): string[] {
  const lines: string[] = [];
  for (const { condition, routes } of results.conditions) {
    const home = routes.find((r) => r.key === '/');
    if (!home) continue;
    const js = home.criticalJsBytes.median ?? 0;
    const liveJs = home.liveJsBytes.median ?? 0;
    const lcp = home.lcp.median ?? 0;
    const lcpTarget =
      condition.name === 'throttled' ? HOME_TARGETS.lcpThrottledMs : HOME_TARGETS.lcpUnthrottledMs;
    lines.push(
      `- ${condition.name}: critical-path JS ${kb(js)} (target <= ${kb(HOME_TARGETS.criticalJsBytes)}: ${js <= HOME_TARGETS.criticalJsBytes ? 'met' : 'NOT met'}), ` +
        `LCP ${Math.round(lcp)} ms (target <= ${lcpTarget} ms: ${lcp <= lcpTarget ? 'met' : 'NOT met'}); ` +
        `the page is live after ${Math.round(home.liveAt.median ?? 0)} ms and ${kb(liveJs)} of JavaScript`,
    );
  }
  return lines;
}

export function markdown(results: Results): string {
  const out: string[] = [];
  const { machine } = results;
  out.push('# Web benchmark results', '');
  out.push(
    `Measured ${results.date} on commit \`${results.commit}\` by \`pnpm bench:web\` (bench/web/run.ts), ${results.runs} cold loads per route and condition, medians (min-max where runs differed). ` +
      `Built files and the floor served by ${results.server === 'nginx' ? 'nginx with the shipped configuration (deploy/nginx/render.ts)' : '`vite preview` and a node:http floor server'}. ` +
      `Machine: ${machine.cpus} x ${machine.model}, ${machine.memoryGb} GB, ${machine.os}; load average ${machine.loadAverageStart.map((l) => l.toFixed(2)).join(' / ')} at start, ` +
      `${machine.loadAverageEnd.map((l) => l.toFixed(2)).join(' / ')} at end (1 / 5 / 15 min). Node ${results.versions.node}, Chromium ${results.versions.chromium}, Playwright ${results.versions.playwright}. ` +
      `Took ${Math.round(results.durationSeconds / 60)} min. Definitions: [bench/web/README.md](../web/README.md#web-definitions).`,
    '',
  );
  out.push('## Targets for `/` (issue #9)', '', ...homeVerdicts(results), '');
  out.push(
    `For comparison, the bootcamp implementations of the same product measured ${BOOTCAMP.homeJsKb} KB of JavaScript for \`/\` (one bundle), ` +
      `LCP ${BOOTCAMP.lcpUnthrottledMs} ms unthrottled and ${BOOTCAMP.lcpThrottledS} s throttled.`,
    '',
  );
  out.push(
    '## Targets for the data pages (issue #29)',
    '',
    "Protected routes in two cases (bench/web/README.md): *signed in*, what a sign-in leaves (Firebase's persisted user and a fresh ID token under `token`); *returning*, Firebase's access token expired and no usable stored token.",
    '',
    ...dataPageVerdicts(results),
    '',
  );
  for (const { condition, floor, routes } of results.conditions) {
    out.push(`## ${condition.name}: ${condition.label}`, '', ...conditionTable(floor, routes), '');
    out.push(
      `Firebase on the protected routes (${condition.name}; ms of page time, medians):`,
      '',
      ...firebaseTable(routes),
      '',
    );
  }
  out.push('## Typing into the search box (`/all-artifacts`)', '');
  out.push(
    '| condition | keystrokes | median keystroke ms | worst keystroke ms | keystrokes >= 16 ms |',
    '|---|--:|--:|--:|--:|',
  );
  for (const { condition, routes } of results.conditions) {
    const i = routes.find((r) => r.interaction)?.interaction;
    if (i)
      out.push(
        `| ${condition.name} | ${i.keystrokes} | ${eventMs(i.median.median)} | ${eventMs(i.max.median)} (runs: ${i.max.min === null ? '-' : eventMs(i.max.min)}-${eventMs(i.max.max)}) | ${i.over16.median} |`,
      );
  }
  out.push(
    '',
    '"<16": every event of the keystroke finished, painted, within 16 ms (the Event Timing API reports nothing shorter).',
    '',
  );

  const unthrottled =
    results.conditions.find((c) => c.condition.name === 'unthrottled') ?? results.conditions[0]!;
  out.push('## What the critical path of each route is made of (unthrottled, first run)', '');
  for (const r of unthrottled.routes) {
    const top = r.criticalJsFiles.slice(0, 6).map((f) => `${fileName(f.url, 60)} ${kb(f.bytes)}`);
    const rest = r.criticalJsFiles.length - top.length;
    out.push(
      `- \`${r.key}\`: ${r.criticalJsFiles.length} files, ${kb(r.criticalJsBytes.median ?? 0)}: ${top.join('; ')}${rest > 0 ? `; and ${rest} more` : ''}. LCP element: ${r.lcpElement ?? '-'}` +
        (r.deferredBeforeHeading.length
          ? `. Deferred but requested before the heading: ${r.deferredBeforeHeading.join(', ')}`
          : ''),
    );
  }
  out.push('');
  out.push('## Shared libraries downloaded more than once (unthrottled, first run)', '');
  let anyDuplicate = false;
  for (const [route, dups] of Object.entries(results.duplicates)) {
    if (!dups.length) continue;
    anyDuplicate = true;
    out.push(
      `- \`${route}\`: ` +
        dups
          .map(
            (d) =>
              `${d.library} (${d.reason}): ${d.copies.map((c) => `${new URL(c.url).host}/${fileName(c.url, 50)} ${kb(c.bytes)}`).join(' + ')}`,
          )
          .join('; '),
    );
  }
  if (!anyDuplicate) out.push('None: every shared library was downloaded once on every route.');
  out.push('');
  out.push('## How the files are served (every route, unthrottled, first run)', '');
  out.push(
    '| server | kind | files | Cache-Control | compressible, body > 1 KB: compressed | encodings |',
    '|---|---|--:|---|--:|---|',
  );
  for (const row of results.serving.rows) {
    out.push(
      `| ${row.server} | ${row.kind} | ${row.files} | ${row.cacheControl.join('; ')} | ${row.compressed}/${row.compressible} | ${row.encodings.join(', ') || '-'} |`,
    );
  }
  out.push('');
  const list = (title: string, items: string[]) => {
    out.push(`${title}: ${items.length ? '' : 'none.'}`);
    for (const item of items) out.push(`- ${item}`);
    out.push('');
  };
  list('Hashed files without a long-lived immutable Cache-Control', results.serving.hashedNotImmutable);
  list('Entry files a cache may keep without revalidating', results.serving.entriesCacheable);
  list(
    'Compressible responses with a body over 1 KB sent uncompressed',
    results.serving.uncompressed.map((u) => `${u.url} (${kb(u.bytes)})`),
  );
  return out.join('\n');
}
