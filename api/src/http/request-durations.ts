/**
 * The request histogram (http_request_duration_seconds by method, route and status code), counted here rather than
 * by prom-client's Histogram, whose `observe` builds a string of the labels and looks the series up by it on every
 * answer: with its garbage, that was the largest part of what the metrics cost a read by id, which issue #56 bounds at
 * 5 % (bench/results/metrics.md). Here a series is found through maps keyed by values the request already holds (the
 * route pattern's string, the method's, the status number), so an answer builds nothing. prom-client still writes
 * the exposition: this is registered in its registry as a metric whose `get()` gives a histogram's values in the
 * shape its own Histogram gives them (cumulative `le` buckets, +Inf, _sum, _count).
 */
import type { Registry } from 'prom-client';

type LabelName = 'method' | 'route' | 'status_code';

/** A sample as prom-client's registry reads it. */
interface Sample {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

interface Series {
  labels: Record<LabelName, string>;
  /** Answers per bucket, not cumulative; the last counts those above every bound. */
  perBucket: number[];
  sum: number;
  count: number;
}

export class RequestDurations {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  /** route → method → status code → series. */
  private readonly series = new Map<string, Map<string, Map<number, Series>>>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    // prom-client's declarations type a metric's `type` as a numeric enum; its registry reads the string.
    registry.registerMetric(this as never);
  }

  observe(method: string, route: string, statusCode: number, seconds: number): void {
    let byMethod = this.series.get(route);
    if (!byMethod) this.series.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(statusCode);
    if (!series) {
      series = {
        labels: { method, route, status_code: String(statusCode) },
        perBucket: new Array<number>(this.bounds.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      byStatus.set(statusCode, series);
    }
    let bucket = 0;
    while (bucket < this.bounds.length && seconds > this.bounds[bucket]!) bucket++;
    series.perBucket[bucket]!++;
    series.sum += seconds;
    series.count++;
  }

  /** What prom-client's registry reads at a scrape. */
  get(): Promise<{ name: string; help: string; type: 'histogram'; aggregator: 'sum'; values: Sample[] }> {
    const values: Sample[] = [];
    for (const byMethod of this.series.values())
      for (const byStatus of byMethod.values())
        for (const { labels, perBucket, sum, count } of byStatus.values()) {
          let upTo = 0;
          this.bounds.forEach((le, bucket) => {
            upTo += perBucket[bucket]!;
            values.push({ metricName: `${this.name}_bucket`, labels: { le, ...labels }, value: upTo });
          });
          values.push({ metricName: `${this.name}_bucket`, labels: { le: '+Inf', ...labels }, value: count });
          values.push({ metricName: `${this.name}_sum`, labels, value: sum });
          values.push({ metricName: `${this.name}_count`, labels, value: count });
        }
    return Promise.resolve({
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values,
    });
  }

  reset(): void {
    this.series.clear();
  }
}
