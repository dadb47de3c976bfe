import { describe, expect, it } from 'vitest';
import { CONDITIONS, TELEMETRY_OFF, type Sample, type Target } from './measure.ts';
import { speedVerdicts, summarize, telemetryTable, type Results } from './report.ts';

const target = (key: string, telemetryOff = false): Target => ({
  key,
  route: key === 'floor' ? 'floor' : key.split(' ')[0]!,
  url: `http://localhost${key}`,
  needsMember: false,
  session: null,
  remote: null,
  expectPath: '/',
  drawnTexts: null,
  telemetryOff,
});

const sample = (lcp: number, liveAt: number, criticalJsBytes = 2300): Sample => ({
  criticalJsBytes,
  liveJsBytes: 200_000,
  criticalJsFiles: [],
  deferredBeforeHeading: [],
  totalJsBytes: 200_000,
  jsFiles: 10,
  cssBytes: 1000,
  requests: 50,
  fcp: lcp,
  lcp,
  cls: 0,
  lcpElement: null,
  lcpUrl: null,
  headingAt: lcp,
  liveAt,
  headingText: 'A heading',
  firebaseRequested: false,
  firebaseBeforeFcp: false,
  remotesLoaded: [],
  firebaseCalls: { refresh: null, lookup: null },
  settled: true,
  serverDrawn: true,
  pageCache: 'MISS',
  telemetryRequests: 0,
});

/** A run where the floor's LCP is 1000 ms on both links, and each route's LCP and live are given in ms. */
function results(routes: Record<string, { slow: [number, number]; fast: [number, number] }>): Results {
  const floorSample = sample(1000, 1000, 0);
  return {
    conditions: CONDITIONS.map((condition) => {
      const floor = summarize(target('floor'), [floorSample], null);
      const link = condition.name === 'throttled' ? 'slow' : 'fast';
      return {
        condition,
        floor,
        routes: Object.entries(routes).map(([key, times]) =>
          summarize(target(key), [sample(...times[link])], floor.lcp.median),
        ),
        withoutTelemetry: [],
      };
    }),
  } as unknown as Results;
}

describe('speedVerdicts (issue #53)', () => {
  it('meets a route within 1.5x the floor on the slow link, 2x on the fast one and live within 3x on both', () => {
    const rows = speedVerdicts(results({ '/': { slow: [1500, 3000], fast: [2000, 3000] } }));
    expect(rows.find((row) => row.startsWith('| `/`'))).toMatch(/\| met \|$/);
  });

  it('says which target a route misses', () => {
    const rows = speedVerdicts(
      results({
        '/all-artifacts': { slow: [1600, 3000], fast: [2000, 3000] },
        '/about': { slow: [1000, 3100], fast: [2100, 2000] },
      }),
    );
    expect(rows.find((row) => row.startsWith('| `/all-artifacts`'))).toMatch(/\| NOT met: LCP slow \|$/);
    expect(rows.find((row) => row.startsWith('| `/about`'))).toMatch(/\| NOT met: LCP fast, live slow \|$/);
  });
});

describe('telemetryTable (issue #56)', () => {
  it("sets each route beside the same route's loads without the telemetry, as ratios", () => {
    const on = summarize(target('/'), [sample(1200, 3000, 2300)], 1000);
    const off = summarize(target(`/ ${TELEMETRY_OFF}`, true), [sample(1000, 2400, 2300)], 1000);
    const [, , row] = telemetryTable([on], [off]);
    expect(row).toBe('| `/` | 1200 / 1000 | 1.20x | 3000 / 2400 | 1.25x | 2.3 / 2.3 | 1.00x | 0/1 / 0/1 |');
  });
});
