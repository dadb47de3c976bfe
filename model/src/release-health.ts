/**
 * Release health (issue #56 item 2): what the shell reports of each page view (the releases of the modules on the
 * page, its web vitals, its errors), sent in batches with navigator.sendBeacon to POST /api/telemetry, and how the API
 * keeps it: per release, per minute, the vitals as counts in fixed buckets so a p75 can be read from the roll-ups.
 * No personal data: nothing here names a visitor, and the API stores no address.
 */
import { z } from 'zod';

/** The largest batch the API reads: a beacon's body beyond it is refused whole (413). */
export const TELEMETRY_MAX_BYTES = 16 * 1024;
export const TELEMETRY_MAX_VIEWS = 20;

/** The errors a page view can report: a remote that failed to load, an error boundary shown, an unhandled rejection, the kit contract refusing a remote. */
export const PAGE_ERROR_KINDS = [
  'remote-load',
  'error-boundary',
  'unhandled-rejection',
  'kit-contract',
] as const;
export type PageErrorKind = (typeof PAGE_ERROR_KINDS)[number];

export const WEB_VITALS = ['lcp', 'inp', 'cls', 'ttfb'] as const;
export type WebVital = (typeof WEB_VITALS)[number];

/** A remote's federation name and a release's version (semver with build metadata, or a build's plain version). */
const remoteName = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'a federation name such as mf_catalogue');
const releaseName = z
  .string()
  .regex(/^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/, 'a release version such as 1.2.0+3.abc1234');
const milliseconds = z.number().finite().min(0).max(600_000);

export const pageViewSchema = z.strictObject({
  /** The modules on the page and the release of each. */
  modules: z.array(z.strictObject({ remote: remoteName, release: releaseName })).max(8),
  lcp: milliseconds.optional(),
  inp: milliseconds.optional(),
  cls: z.number().finite().min(0).max(100).optional(),
  ttfb: milliseconds.optional(),
  errors: z.array(z.enum(PAGE_ERROR_KINDS)).max(50),
});
export type PageView = z.infer<typeof pageViewSchema>;

export const telemetryBatchSchema = z.strictObject({
  views: z.array(pageViewSchema).min(1).max(TELEMETRY_MAX_VIEWS),
});
export type TelemetryBatch = z.infer<typeof telemetryBatchSchema>;

/**
 * The vitals' buckets: milliseconds by 50 up to a minute, CLS by 0.01 up to 10. A bucket stands for its upper bound,
 * so a p75 read from the roll-ups is at most one bucket above the true one.
 */
const BUCKET_WIDTH: Record<WebVital, number> = { lcp: 50, inp: 50, cls: 0.01, ttfb: 50 };
const LAST_BUCKET: Record<WebVital, number> = { lcp: 1200, inp: 1200, cls: 1000, ttfb: 1200 };

export const vitalBucket = (vital: WebVital, value: number): number =>
  Math.min(LAST_BUCKET[vital], Math.max(0, Math.ceil(value / BUCKET_WIDTH[vital] - 1e-9)));

export const bucketValue = (vital: WebVital, bucket: number): number =>
  Math.round(bucket * BUCKET_WIDTH[vital] * 1000) / 1000;

/** The p75 of a vital from its buckets' counts (bucket -> count), or null when there is no sample. */
export function p75(counts: ReadonlyMap<number, number>, vital: WebVital): number | null {
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.ceil(total * 0.75);
  let seen = 0;
  for (const bucket of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(bucket)!;
    if (seen >= rank) return bucketValue(vital, bucket);
  }
  return null;
}

/** One release's health over a window, as GET /api/release-health answers it and `pnpm modules status` shows it. */
export const releaseHealthSchema = z.object({
  remote: z.string(),
  release: z.string(),
  views: z.number(),
  /** Views with at least one error. */
  errorViews: z.number(),
  errorRate: z.number(),
  errors: z.record(z.string(), z.number()),
  p75: z.object({
    lcp: z.number().nullable(),
    inp: z.number().nullable(),
    cls: z.number().nullable(),
    ttfb: z.number().nullable(),
  }),
});
export type ReleaseHealth = z.infer<typeof releaseHealthSchema>;
