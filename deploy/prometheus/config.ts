/**
 * The Prometheus that `pnpm start:production` runs (stack/production/services.ts): its configuration scrapes every API
 * process's /metrics on its own address (never through nginx, which refuses it) as job "heritage-api", and the
 * release watch's (deploy/modules/release-watch-metrics.ts) as job "heritage-release-watch", with the alert rules of
 * alerts.yml beside this file. A real deployment points its own Prometheus at the same endpoints with the same rules
 * (docs/operations.md).
 *
 *   node --import tsx deploy/prometheus/config.ts --out <dir> --api 127.0.0.1:3001 --api 127.0.0.1:3002 \
 *     [--release-watch 127.0.0.1:9091]
 *
 * writes `<dir>/prometheus.yml` (how `pnpm test` gives `promtool check config` one to check); the release watch is on
 * 127.0.0.1:RELEASE_WATCH_METRICS_PORT unless said.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { releaseWatchMetricsPort } from '../modules/release-watch-metrics.ts';

export const ALERT_RULES = join(dirname(fileURLToPath(import.meta.url)), 'alerts.yml');
export const API_JOB = 'heritage-api';
export const RELEASE_WATCH_JOB = 'heritage-release-watch';

/** How often each process is scraped: often enough for the alerts' 5-minute rates on a machine of two cores. */
const SCRAPE_INTERVAL = '10s';

/** The configuration, as YAML (JSON is YAML: no YAML writer needed). */
export function prometheusConfig(apiTargets: string[], releaseWatchTarget: string): string {
  const config = {
    global: { scrape_interval: SCRAPE_INTERVAL, evaluation_interval: SCRAPE_INTERVAL },
    rule_files: [ALERT_RULES],
    scrape_configs: [
      { job_name: API_JOB, metrics_path: '/metrics', static_configs: [{ targets: apiTargets }] },
      {
        job_name: RELEASE_WATCH_JOB,
        metrics_path: '/metrics',
        static_configs: [{ targets: [releaseWatchTarget] }],
      },
    ],
  };
  return `# Rendered by deploy/prometheus/config.ts.\n${JSON.stringify(config, null, 2)}\n`;
}

/** Writes `<dir>/prometheus.yml`; answers its path. */
export function writePrometheusConfig(dir: string, apiTargets: string[], releaseWatchTarget: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'prometheus.yml');
  writeFileSync(file, prometheusConfig(apiTargets, releaseWatchTarget));
  return file;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      api: { type: 'string', multiple: true },
      'release-watch': { type: 'string' },
    },
  });
  if (!values.out || !values.api?.length) {
    console.error(
      'Usage: config.ts --out <dir> --api <host:port> [--api <host:port> ...] [--release-watch <host:port>]',
    );
    process.exit(2);
  }
  const releaseWatch = values['release-watch'] ?? `127.0.0.1:${releaseWatchMetricsPort()}`;
  console.log(writePrometheusConfig(resolve(values.out), values.api, releaseWatch));
}
