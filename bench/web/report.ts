/**
 * Medians over the runs, and the tables: printed, and written to bench/results/web.md (and .json).
 */
import type { RemoteName } from 'site-config/apps';
import { fileName, kb } from './critical-path.ts';
import type { ServingFacts } from './facts.ts';
import type { Duplicate } from './libraries.ts';
import { median, TELEMETRY_OFF, type Condition, type Sample, type Target } from './measure.ts';
import { BOOTCAMP, HOME_TARGETS, SPEED_TARGETS } from './budgets.ts';

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
  /** In how many runs the render service drew the page (its first response held the page's data block). */
  serverDrawnRuns: number;
  /** nginx's micro-cache status of the page's first response, per run ('-': none). */
  pageCache: string[];
  /** In how many runs the page requested release health's telemetry (its chunk or a beacon) during the load. */
  telemetryRuns: number;
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
    serverDrawnRuns: samples.filter((s) => s.serverDrawn).length,
    pageCache: samples.map((s) => s.pageCache ?? '-'),
    telemetryRuns: samples.filter((s) => s.telemetryRequests > 0).length,
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
  /**
   * What served the site and the floor: nginx with the shipped configuration in front of a render process, or
   * `pnpm start`'s servers (the render service, vite preview).
   */
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
  conditions: Array<{
    condition: Condition;
    floor: RouteSummary;
    routes: RouteSummary[];
    /** The same loads with release health's telemetry kept off the page (Target.telemetryOff). */
    withoutTelemetry: RouteSummary[];
  }>;
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

/** The page cache's statuses over the runs, counted: `MISS, 2 STALE`. */
function pageCacheCell(r: RouteSummary): string {
  const counts = new Map<string, number>();
  for (const status of r.pageCache) counts.set(status, (counts.get(status) ?? 0) + 1);
  if (r.key === 'floor' || [...counts.keys()].every((status) => status === '-')) return '-';
  return [...counts].map(([status, n]) => (n > 1 ? `${n} ${status}` : status)).join(', ');
}

export function conditionTable(floor: RouteSummary, routes: RouteSummary[]): string[] {
  const lines = [
    '| route | drawn on server | page cache | critical JS KB | live-page JS KB | total JS KB | CSS KB | requests | FCP ms | heading ms | LCP ms | LCP / floor | CLS | live ms | live / floor | Firebase before FCP | remotes loaded |',
    '|---|:-:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|:-:|---|',
  ];
  for (const r of [floor, ...routes]) {
    const remotes = r.remotesLoaded.length
      ? r.remotesLoaded
          .map((name) => (r.unneededRemotes.includes(name) ? `**${name} (not needed)**` : name))
          .join(', ')
      : '-';
    lines.push(
      `| ${rowName(r)} | ${r.key === 'floor' ? '-' : `${r.serverDrawnRuns}/${r.runs}`} | ${pageCacheCell(r)} | ${range(r.criticalJsBytes, kbOrDash)} | ${kbOrDash(r.liveJsBytes.median)} | ${kbOrDash(r.totalJsBytes.median)} | ${kbOrDash(r.cssBytes.median)} | ${ms(r.requests.median)} | ${ms(r.fcp.median)} | ${ms(r.headingAt.median)} | ${range(r.lcp, ms)} | ${r.key === 'floor' ? '1.0x' : ratio(r.lcpToFloor)} | ${r.cls.median?.toFixed(3) ?? '-'} | ${ms(r.liveAt.median)} | ${ratio(r.liveToFloor)} | ${r.key === 'floor' ? '-' : `${r.firebaseBeforeFcpRuns}/${r.runs}${r.needsMember ? ' (needed)' : ''}`} | ${remotes} |`,
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

/** Issue #53's speed targets (SPEED_TARGETS), every route in both of the member's cases: each row met or NOT met. */
export function speedVerdicts(results: Results): string[] {
  const slow = results.conditions.find((c) => c.condition.name === 'throttled');
  const fast = results.conditions.find((c) => c.condition.name === 'unthrottled');
  const { lcpToFloorThrottled, lcpToFloorUnthrottled, liveToFloor } = SPEED_TARGETS;
  const lines = [
    `| route | LCP / floor, slow link (<= ${lcpToFloorThrottled}x) | LCP / floor, fast link (<= ${lcpToFloorUnthrottled}x) | live / floor, slow link (<= ${liveToFloor}x) | live / floor, fast link (<= ${liveToFloor}x) | targets |`,
    '|---|--:|--:|--:|--:|---|',
  ];
  for (const row of (slow ?? fast)?.routes ?? []) {
    const s = slow?.routes.find((r) => r.key === row.key);
    const f = fast?.routes.find((r) => r.key === row.key);
    const cell = (value: number | null | undefined, msValue: number | null | undefined) =>
      value === null || value === undefined ? '-' : `${ratio(value)} (${ms(msValue ?? null)} ms)`;
    const over = (value: number | null | undefined, target: number) =>
      value !== null && value !== undefined && value > target;
    const missed = [
      over(s?.lcpToFloor, lcpToFloorThrottled) ? 'LCP slow' : null,
      over(f?.lcpToFloor, lcpToFloorUnthrottled) ? 'LCP fast' : null,
      over(s?.liveToFloor, liveToFloor) ? 'live slow' : null,
      over(f?.liveToFloor, liveToFloor) ? 'live fast' : null,
    ].filter(Boolean);
    const measured = [s, f].filter(Boolean).length === 2 ? '' : ' (one link measured)';
    lines.push(
      `| ${rowName(row)} | ${cell(s?.lcpToFloor, s?.lcp.median)} | ${cell(f?.lcpToFloor, f?.lcp.median)} | ${cell(s?.liveToFloor, s?.liveAt.median)} | ${cell(f?.liveToFloor, f?.liveAt.median)} | ${missed.length ? `NOT met: ${missed.join(', ')}` : 'met'}${measured} |`,
    );
  }
  const floors = results.conditions
    .map(({ condition, floor }) => `${condition.name} ${ms(floor.lcp.median)} ms`)
    .join(', ');
  lines.push('', `Floor page LCP: ${floors}.`);
  return lines;
}

/**
 * Release health's cost (#56): each route with its telemetry and without (the same loads, the web-vitals chunk and
 * the beacons blocked), as ratios with over without. The page-notes recorder in the shell's main chunk is in both.
 */
export function telemetryTable(withTelemetry: RouteSummary[], withoutTelemetry: RouteSummary[]): string[] {
  const lines = [
    '| route | LCP ms: with / without | ratio | live ms: with / without | ratio | critical JS KB: with / without | ratio | loads that requested telemetry: with / without |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
  ];
  const quotient = (a: number | null, b: number | null) => (a === null || !b ? null : a / b);
  const twoDecimals = (v: number | null) => (v === null ? '-' : `${v.toFixed(2)}x`);
  for (const on of withTelemetry) {
    const off = withoutTelemetry.find((r) => r.key === `${on.key} ${TELEMETRY_OFF}`);
    if (!off) continue;
    lines.push(
      `| ${rowName(on)} | ${ms(on.lcp.median)} / ${ms(off.lcp.median)} | ${twoDecimals(quotient(on.lcp.median, off.lcp.median))} | ${ms(on.liveAt.median)} / ${ms(off.liveAt.median)} | ${twoDecimals(quotient(on.liveAt.median, off.liveAt.median))} | ${kbOrDash(on.criticalJsBytes.median)} / ${kbOrDash(off.criticalJsBytes.median)} | ${twoDecimals(quotient(on.criticalJsBytes.median, off.criticalJsBytes.median))} | ${on.telemetryRuns}/${on.runs} / ${off.telemetryRuns}/${off.runs} |`,
    );
  }
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
      `The site and the floor served by ${results.server === 'nginx' ? 'nginx with the shipped configuration (deploy/nginx/render.ts) in front of one render process' : "`pnpm start`'s servers (the render service, `vite preview`) and a node:http floor server"}. ` +
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
    '## Speed targets (issue #53)',
    '',
    "Every route, as ratios to the floor page's LCP in the same run and condition; *live*: hydrated, answering a click (the shell's `data-live`). Protected routes in two cases (bench/web/README.md): *signed in*, what a sign-in leaves (Firebase's persisted user, a fresh ID token under `token`, the page session cookie); *returning*, Firebase's access token expired and no usable stored token, the page session cookie still good.",
    '',
    ...speedVerdicts(results),
    '',
  );
  out.push(
    "## Release health's cost (issue #56)",
    '',
    "Each route loaded again beside it (after it on odd runs, before it on even ones), with the telemetry kept off the page: the `web-vitals` chunk (web-vitals and the page-view sender, loaded 3 s after the load event) and `POST /api/telemetry` blocked in the browser (DevTools `Network.setBlockedURLs`). The page-notes recorder in the shell's main chunk is in both loads: it cannot be cut off alone. Ratios: with over without.",
    '',
  );
  for (const { condition, routes, withoutTelemetry } of results.conditions)
    out.push(`### ${condition.name}`, '', ...telemetryTable(routes, withoutTelemetry), '');
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
