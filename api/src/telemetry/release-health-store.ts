/**
 * Release health's roll-ups (issue #56 item 2): per remote, release and minute, the page views and the views with an
 * error (release_minutes), and counts per measure and bucket (release_samples: each web vital's buckets, and each
 * error kind as bucket 0). A batch adds to the rows of its minute in one transaction; nothing about a visitor is kept.
 * Rows older than the retention are deleted by the API's sweep (app.ts).
 */
import { sql, type Kysely } from 'kysely';
import {
  p75,
  PAGE_ERROR_KINDS,
  vitalBucket,
  WEB_VITALS,
  type PageView,
  type ReleaseHealth,
  type WebVital,
} from 'artifact-model/release-health';
import type { DatabaseSchema } from '../db/schema.ts';

const ERROR_MEASURE = 'error:';

const minuteOf = (at: Date) => new Date(Math.floor(at.getTime() / 60_000) * 60_000);

type Key = string;
const keyOf = (...parts: Array<string | number>) => JSON.stringify(parts);

export class ReleaseHealthStore {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly retentionDays: number,
  ) {}

  /** Adds a batch of page views to the roll-ups of the minute `at` falls in. */
  async record(views: readonly PageView[], at = new Date()): Promise<void> {
    const minute = minuteOf(at);
    const minutes = new Map<Key, { remote: string; release: string; views: number; error_views: number }>();
    const samples = new Map<
      Key,
      { remote: string; release: string; measure: string; bucket: number; count: number }
    >();
    const addSample = (remote: string, release: string, measure: string, bucket: number) => {
      const key = keyOf(remote, release, measure, bucket);
      const row = samples.get(key) ?? { remote, release, measure, bucket, count: 0 };
      row.count += 1;
      samples.set(key, row);
    };
    for (const view of views) {
      // A module listed twice in one view counts once.
      const modules = new Map(view.modules.map((module) => [module.remote, module.release]));
      for (const [remote, release] of modules) {
        const key = keyOf(remote, release);
        const row = minutes.get(key) ?? { remote, release, views: 0, error_views: 0 };
        row.views += 1;
        if (view.errors.length) row.error_views += 1;
        minutes.set(key, row);
        for (const vital of WEB_VITALS) {
          const value = view[vital];
          if (value !== undefined) addSample(remote, release, vital, vitalBucket(vital, value));
        }
        for (const kind of view.errors) addSample(remote, release, `${ERROR_MEASURE}${kind}`, 0);
      }
    }
    if (!minutes.size) return;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('release_minutes')
        .values([...minutes.values()].map((row) => ({ ...row, minute })))
        .onConflict((conflict) =>
          conflict.columns(['remote', 'release', 'minute']).doUpdateSet({
            views: sql`release_minutes.views + excluded.views`,
            error_views: sql`release_minutes.error_views + excluded.error_views`,
          }),
        )
        .execute();
      if (samples.size)
        await trx
          .insertInto('release_samples')
          .values([...samples.values()].map((row) => ({ ...row, minute })))
          .onConflict((conflict) =>
            conflict
              .columns(['remote', 'release', 'minute', 'measure', 'bucket'])
              .doUpdateSet({ count: sql`release_samples.count + excluded.count` }),
          )
          .execute();
    });
  }

  /** Deletes the roll-ups older than the retention; returns how many minutes of a release went. */
  async prune(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - this.retentionDays * 24 * 60 * 60 * 1000);
    await this.db.deleteFrom('release_samples').where('minute', '<', before).execute();
    const removed = await this.db
      .deleteFrom('release_minutes')
      .where('minute', '<', before)
      .executeTakeFirst();
    return Number(removed.numDeletedRows);
  }

  /** Each release's health over the minutes from `since` (inclusive) on, busiest first. */
  async health(since: Date): Promise<ReleaseHealth[]> {
    const from = minuteOf(since);
    const totals = await this.db
      .selectFrom('release_minutes')
      .select(['remote', 'release'])
      .select((eb) => [
        eb.fn.sum<string>('views').as('views'),
        eb.fn.sum<string>('error_views').as('error_views'),
      ])
      .where('minute', '>=', from)
      .groupBy(['remote', 'release'])
      .execute();
    const samples = await this.db
      .selectFrom('release_samples')
      .select(['remote', 'release', 'measure', 'bucket'])
      .select((eb) => eb.fn.sum<string>('count').as('count'))
      .where('minute', '>=', from)
      .groupBy(['remote', 'release', 'measure', 'bucket'])
      .execute();
    const byMeasure = new Map<Key, Map<number, number>>();
    for (const row of samples) {
      const key = keyOf(row.remote, row.release, row.measure);
      const counts = byMeasure.get(key) ?? new Map<number, number>();
      counts.set(row.bucket, Number(row.count));
      byMeasure.set(key, counts);
    }
    return totals
      .map(({ remote, release, views, error_views }) => {
        const measured = (measure: string) => byMeasure.get(keyOf(remote, release, measure)) ?? new Map();
        const p75s = Object.fromEntries(
          WEB_VITALS.map((vital: WebVital) => [vital, p75(measured(vital), vital)]),
        ) as ReleaseHealth['p75'];
        const errors = Object.fromEntries(
          PAGE_ERROR_KINDS.map((kind) => [kind, measured(`${ERROR_MEASURE}${kind}`).get(0) ?? 0]),
        );
        const total = Number(views);
        const withErrors = Number(error_views);
        return {
          remote,
          release,
          views: total,
          errorViews: withErrors,
          errorRate: total ? withErrors / total : 0,
          errors,
          p75: p75s,
        };
      })
      .sort((a, b) => b.views - a.views);
  }
}
