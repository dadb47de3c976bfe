import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALERT_RULES, API_JOB, prometheusConfig, writePrometheusConfig } from './config.ts';

/** Debian's promtool (stack/system-deps.sh installs it with Prometheus); `pnpm test` runs it on these files too. */
const promtool = spawnSync('promtool', ['--version']).status === 0;

describe('the Prometheus of `pnpm start:production`', () => {
  it('scrapes every API process on its own address as job heritage-api, with the alert rules', () => {
    const config = JSON.parse(
      prometheusConfig(['127.0.0.1:3001', '127.0.0.1:3002']).replace(/^#.*\n/, ''),
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

  it.skipIf(!promtool)('is a configuration and rules promtool accepts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hv-prometheus-'));
    try {
      const file = writePrometheusConfig(dir, ['127.0.0.1:3001']);
      execFileSync('promtool', ['check', 'config', file], { stdio: 'pipe' });
      execFileSync('promtool', ['check', 'rules', ALERT_RULES], { stdio: 'pipe' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
