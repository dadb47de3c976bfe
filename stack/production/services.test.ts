import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { productionPorts, productionServices } from './services.ts';

const runtimeDir = mkdtempSync(join(tmpdir(), 'hv-production-'));
afterAll(() => rmSync(runtimeDir, { recursive: true, force: true }));

const env = {
  SHELL_PORT: '6173',
  CATALOGUE_PORT: '6174',
  EDITOR_PORT: '6175',
  ACCOUNT_PORT: '6176',
  API_PORT: '6010',
  AUTH_EMULATOR_PORT: '6099',
  POSTGRES_PORT: '5441',
  REDIS_PORT: '6381',
  S3_PORT: '6569',
  RELEASE_WATCH_METRICS_PORT: '6091',
  // Prometheus present or not, by the test (services.ts runs it only when installed).
  PROMETHEUS: join(runtimeDir, 'no-prometheus'),
};
const services = productionServices(runtimeDir, env);
const named = (name: string) => services.find((service) => service.name === name)!;

describe('the production topology', () => {
  it('runs two API processes by default, on the ports after API_PORT, and API_PROCESSES of them when asked', () => {
    expect(productionPorts(env).apiProcesses).toEqual([6011, 6012]);
    expect(productionPorts({ ...env, API_PROCESSES: '3' }).apiProcesses).toEqual([6011, 6012, 6013]);
    expect(() => productionPorts({ API_PROCESSES: 'two' })).toThrow(/API_PROCESSES must be a whole number/);
    expect(() => productionPorts({ API_PROCESSES: '0' })).toThrow(/API_PROCESSES/);
  });

  it('defaults to the usual ports of PostgreSQL, Redis and the API', () => {
    expect(productionPorts({})).toMatchObject({ postgres: 5432, redis: 6379, apiProcesses: [3001, 3002] });
  });

  it('starts the stores first, nginx after the processes behind it, and the release watcher once the site is up', () => {
    expect(services.map((service) => service.name)).toEqual([
      'postgres',
      'redis',
      's3',
      'auth',
      'api-1',
      'api-2',
      'render-1',
      'render-2',
      'nginx',
      'release-watch',
    ]);
  });

  it('runs two render processes by default, on loopback behind nginx, and RENDER_PROCESSES of them when asked', () => {
    expect(productionPorts(env).renderProcesses).toEqual([6184, 6185]);
    expect(productionPorts({ ...env, RENDER_PROCESSES: '3' }).renderProcesses).toEqual([6184, 6185, 6186]);
    expect(() => productionPorts({ RENDER_PROCESSES: '0' })).toThrow(
      /RENDER_PROCESSES must be a whole number/,
    );
    for (const [name, port] of [
      ['render-1', '6184'],
      ['render-2', '6185'],
    ] as const) {
      expect(named(name).cwd).toMatch(/render$/);
      expect(named(name).env).toMatchObject({
        RENDER_PORT: port,
        HOST: '127.0.0.1',
        TRUST_PROXY: 'loopback',
      });
    }
  });

  it('puts every API process on the same PostgreSQL, Redis and bucket, behind nginx on loopback', () => {
    for (const name of ['api-1', 'api-2']) {
      const api = named(name).env;
      expect(api).toMatchObject({
        DATABASE_URL: 'postgresql://postgres@127.0.0.1:5441/heritage',
        REDIS_URL: 'redis://127.0.0.1:6381',
        IMAGE_STORAGE: 's3',
        S3_BUCKET: 'heritage-photos',
        S3_ENDPOINT: 'http://127.0.0.1:6569',
        TRUST_PROXY: 'loopback',
        HOST: '127.0.0.1',
        // Its public address is nginx's, which the starter images' URLs name.
        PUBLIC_URL: 'http://localhost:6010',
      });
      expect(api.CORS_ORIGINS).toContain('http://localhost:6173');
      expect(api).not.toHaveProperty('PGLITE_DATA_DIR');
    }
    expect(named('api-1').env.PORT).toBe('6011');
    expect(named('api-2').env.PORT).toBe('6012');
  });

  it("records the API processes' log level, so one started again (startProductionService) logs as the others do", () => {
    const warnOnly = productionServices(runtimeDir, { ...env, LOG_LEVEL: 'warn' });
    for (const name of ['api-1', 'api-2'])
      expect(warnOnly.find((service) => service.name === name)!.env.LOG_LEVEL).toBe('warn');
    expect(named('api-1').env).not.toHaveProperty('LOG_LEVEL');
  });

  it("has nginx take the site's ports and the API's, and be ready once the API answers through it", () => {
    expect(named('nginx').ports).toEqual([6173, 6174, 6175, 6176, 6010]);
    expect(named('nginx').ready).toEqual({
      urls: expect.arrayContaining(['http://localhost:6173/', 'http://localhost:6010/health']),
    });
  });

  it('runs Prometheus when installed, on PROMETHEUS_PORT, before nginx and the release watch, with its configuration and data in the runtime folder', () => {
    expect(productionPorts({}).prometheus).toBe(9090);
    const withPrometheus = productionServices(runtimeDir, {
      ...env,
      PROMETHEUS: process.execPath,
      PROMETHEUS_PORT: '6090',
    });
    expect(withPrometheus.map((service) => service.name).slice(-3)).toEqual([
      'prometheus',
      'nginx',
      'release-watch',
    ]);
    const prometheus = withPrometheus.find((service) => service.name === 'prometheus')!;
    expect(prometheus).toMatchObject({
      command: process.execPath,
      ports: [6090],
      ready: { urls: ['http://127.0.0.1:6090/-/ready'] },
    });
    expect(prometheus.args).toEqual(
      expect.arrayContaining([
        `--config.file=${join(runtimeDir, 'prometheus', 'prometheus.yml')}`,
        '--web.listen-address=127.0.0.1:6090',
      ]),
    );
    expect(services.map((service) => service.name)).not.toContain('prometheus');
  });

  it("serves the release watch's metrics on RELEASE_WATCH_METRICS_PORT (9091, no other part's port), ready once they answer", () => {
    expect(named('release-watch')).toMatchObject({
      env: { RELEASE_WATCH_METRICS_PORT: '6091' },
      ports: [6091],
      ready: { urls: ['http://127.0.0.1:6091/metrics'] },
    });
    const byDefault = productionServices(runtimeDir, { PROMETHEUS: process.execPath });
    expect(byDefault.find((service) => service.name === 'release-watch')!.ports).toEqual([9091]);
    const taken = byDefault.flatMap((service) => service.ports);
    expect(taken.filter((port) => port === 9091)).toHaveLength(1);
    expect(new Set(taken).size).toBe(taken.length);
    expect(() => productionPorts({ RELEASE_WATCH_METRICS_PORT: 'metrics' })).toThrow(
      /RELEASE_WATCH_METRICS_PORT must be a port number/,
    );
  });

  it('stops PostgreSQL with its fast shutdown, which does not wait for the API processes to disconnect', () => {
    expect(named('postgres')).toMatchObject({ stopSignal: 'SIGINT', ports: [5441] });
    expect(named('postgres').dataDir).toMatch(/postgres.*\/data$/);
  });
});
