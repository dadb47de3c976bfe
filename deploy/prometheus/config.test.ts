import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ALERT_RULES,
  API_JOB,
  prometheusConfig,
  RELEASE_WATCH_JOB,
  writePrometheusConfig,
} from './config.ts';

/** Debian's promtool (stack/system-deps.sh installs it with Prometheus); `pnpm test` runs it on these files too. */
const promtool = spawnSync('promtool', ['--version']).status === 0;

describe('the Prometheus of `pnpm start:production`', () => {
  it('scrapes every API process on its own address as job heritage-api, and the release watch, with the alert rules', () => {
    const config = JSON.parse(
      prometheusConfig(['127.0.0.1:3001', '127.0.0.1:3002'], '127.0.0.1:9091').replace(/^#.*\n/, ''),
    ) as {
      rule_files: string[];
      scrape_configs: Array<{
        job_name: string;
        metrics_path: string;
        static_configs: Array<{ targets: string[] }>;
      }>;
    };
    expect(config.rule_files).toEqual([ALERT_RULES]);
    expect(config.scrape_configs).toEqual([
      {
        job_name: API_JOB,
        metrics_path: '/metrics',
        static_configs: [{ targets: ['127.0.0.1:3001', '127.0.0.1:3002'] }],
      },
      {
        job_name: RELEASE_WATCH_JOB,
        metrics_path: '/metrics',
        static_configs: [{ targets: ['127.0.0.1:9091'] }],
      },
    ]);
  });

  it('alerts on the 5xx rate, the p99 latency and an unhealthy canary, from the metrics the API names', () => {
    const rules = readFileSync(ALERT_RULES, 'utf8');
    expect(rules).toMatch(/alert: HeritageApiErrorRate\n\s+#.*\n\s+expr: \|\n.*status_code=~"5\.\."/);
    expect(rules).toMatch(
      /alert: HeritageApiSlowP99\n[\s\S]*?histogram_quantile\(0\.99,.*http_request_duration_seconds_bucket/,
    );
    expect(rules).toMatch(/alert: HeritageCanaryUnhealthy\n[\s\S]*?heritage_canary_unhealthy/);
  });

  it.skipIf(!promtool)(
    "fires for a canary still out after the watcher's verdict, for every automatic rollback, and for a watcher that stopped looking",
    () => {
      const watch = { job: RELEASE_WATCH_JOB, instance: '127.0.0.1:9091' };
      const series = (name: string, labels: Record<string, string>, values: string) => ({
        series: `${name}{${Object.entries({ ...watch, ...labels })
          .map(([label, value]) => `${label}="${value}"`)
          .join(',')}}`,
        values,
      });
      // promtool's rule unit tests (JSON is YAML); time() is the seconds since the test's start.
      const tests = {
        rule_files: [ALERT_RULES],
        evaluation_interval: '10s',
        tests: [
          {
            interval: '10s',
            input_series: [
              series('heritage_canary_unhealthy', { app: 'mf-catalogue', version: '2.0.0' }, '1x30'),
              series('heritage_canary_rollbacks_total', { app: 'mf-account' }, '0x5 1x30'),
              series('heritage_canary_rollbacks_total', { app: 'mf-catalogue' }, '0x35'),
              series('up', {}, '1x60'),
              // Looks every 10 s for a minute, then none.
              series('heritage_release_watch_last_check_timestamp_seconds', {}, '0+10x6 60x54'),
            ],
            alert_rule_test: [
              { eval_time: '30s', alertname: 'HeritageCanaryRolledBack', exp_alerts: [] },
              {
                eval_time: '2m',
                alertname: 'HeritageCanaryRolledBack',
                exp_alerts: [
                  {
                    exp_labels: { ...watch, app: 'mf-account', severity: 'warn' },
                    exp_annotations: {
                      summary: 'A canary of mf-account was rolled back automatically',
                      description:
                        'The release watch took the canary of mf-account out for its error rate or its LCP; pnpm modules ' +
                        'status shows which release, why and when (its last canary taken out).',
                    },
                  },
                ],
              },
              { eval_time: '30s', alertname: 'HeritageCanaryUnhealthy', exp_alerts: [] },
              {
                eval_time: '2m',
                alertname: 'HeritageCanaryUnhealthy',
                exp_alerts: [
                  {
                    exp_labels: { app: 'mf-catalogue', version: '2.0.0', severity: 'page' },
                    exp_annotations: {
                      summary: 'Canary mf-catalogue 2.0.0 is unhealthy and still out',
                      description:
                        'The release watch judged it past its rollback thresholds and could not take it out ' +
                        '(release-watch.log says why; it tries again at each look). Take it out by hand: pnpm modules ' +
                        'rollback mf-catalogue.',
                    },
                  },
                ],
              },
              { eval_time: '6m', alertname: 'HeritageReleaseWatchStale', exp_alerts: [] },
              {
                eval_time: '9m',
                alertname: 'HeritageReleaseWatchStale',
                exp_alerts: [
                  {
                    exp_labels: { ...watch, severity: 'warn' },
                    exp_annotations: {
                      summary:
                        'The release watch is down or has not finished a look at the canaries for over 5 minutes',
                      description:
                        'pnpm modules watch is not running or cannot finish a look (release-watch.log says why): an ' +
                        'unhealthy canary would stay out.',
                    },
                  },
                ],
              },
            ],
          },
        ],
      };
      const dir = mkdtempSync(join(tmpdir(), 'hv-prometheus-'));
      try {
        const file = join(dir, 'release-alerts.test.yml');
        writeFileSync(file, JSON.stringify(tests));
        execFileSync('promtool', ['test', 'rules', file], { stdio: 'pipe' });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it.skipIf(!promtool)('is a configuration and rules promtool accepts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hv-prometheus-'));
    try {
      const file = writePrometheusConfig(dir, ['127.0.0.1:3001'], '127.0.0.1:9091');
      execFileSync('promtool', ['check', 'config', file], { stdio: 'pipe' });
      execFileSync('promtool', ['check', 'rules', ALERT_RULES], { stdio: 'pipe' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
