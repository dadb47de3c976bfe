/** Small pieces without servers: configuration, the data-directory lock, the versioned response cache. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeCachedResponse, VersionedResponseCache } from '../src/artifacts/response-cache.ts';
import { API_ROOT, DEFAULT_CORS_ORIGINS, loadConfig } from '../src/config.ts';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/data-dir-lock.ts';
import { ServiceUnavailableError, unavailableService } from '../src/http/service-unavailable.ts';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      pgliteDataDir: path.join(API_ROOT, '.data/pglite'),
      firebaseProjectId: 'demo-heritage',
      authEmulatorHost: undefined,
      seedStarter: true,
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      trustProxy: false,
      tokenCacheSeconds: 300,
      identityProviderTimeoutMs: 5000,
      accountSweepMinutes: 10,
      pageSessionDays: 5,
      writeLimits: { perMember: 120, perAddress: 300, redisUrl: undefined },
    });
    expect(config.corsOrigins).toEqual(DEFAULT_CORS_ORIGINS);
    expect(config.corsOrigins).toContain('http://localhost:5173');
    expect(config.corsOrigins).toContain('http://127.0.0.1:5176');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '3111',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgresql://u@h/db',
      PGLITE_DATA_DIR: '/tmp/x',
      CORS_ORIGINS: 'https://a.example/, https://b.example',
      FIREBASE_PROJECT_ID: 'real-project',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9199',
      SEED_STARTER: 'false',
      PUBLIC_URL: 'https://api.example/',
      LOG_LEVEL: 'warn',
      IDENTITY_PROVIDER_TIMEOUT_MS: '1500',
      ACCOUNT_SWEEP_MINUTES: '2',
      WRITE_LIMIT_PER_MEMBER: '5',
      WRITE_LIMIT_PER_ADDRESS: '7',
      REDIS_URL: ' redis://cache.internal:6379/2 ',
      PAGE_SESSION_DAYS: '14',
    });
    expect(config).toMatchObject({
      port: 3111,
      host: '0.0.0.0',
      databaseUrl: 'postgresql://u@h/db',
      pgliteDataDir: '/tmp/x',
      corsOrigins: ['https://a.example', 'https://b.example'],
      firebaseProjectId: 'real-project',
      authEmulatorHost: '127.0.0.1:9199',
      seedStarter: false,
      publicUrl: 'https://api.example',
      logLevel: 'warn',
      identityProviderTimeoutMs: 1500,
      accountSweepMinutes: 2,
      pageSessionDays: 14,
      writeLimits: { perMember: 5, perAddress: 7, redisUrl: 'redis://cache.internal:6379/2' },
    });
    expect(loadConfig({ PORT: '3111' }).publicUrl).toBe('http://localhost:3111');
  });

  it('TRUST_PROXY: addresses, CIDRs and range names; anything else is refused', () => {
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      '::1',
    ]);
    for (const wrong of ['nginx', '10.0.0.0/33', '10.0.0.1/8/1', 'loopback,', '2'])
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
  });

  it('refuses malformed numbers and booleans with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ SEED_STARTER: 'maybe' })).toThrow(/SEED_STARTER/);
    expect(() => loadConfig({ ACCOUNT_SWEEP_MINUTES: '0' })).toThrow(/ACCOUNT_SWEEP_MINUTES/);
    expect(() => loadConfig({ IDENTITY_PROVIDER_TIMEOUT_MS: '0' })).toThrow(/IDENTITY_PROVIDER_TIMEOUT_MS/);
    // Firebase makes session cookies of 5 minutes to 2 weeks.
    expect(() => loadConfig({ PAGE_SESSION_DAYS: '15' })).toThrow(/PAGE_SESSION_DAYS/);
  });
});

describe('PGlite data-directory lock', () => {
  const created: string[] = [];
  const dir = () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-lock-'));
    created.push(parent);
    return path.join(parent, 'pglite');
  };
  afterAll(() => {
    for (const parent of created) fs.rmSync(parent, { recursive: true, force: true });
  });

  it('is exclusive while its owner lives, and released on release()', () => {
    const dataDir = dir();
    const fakeOwner = path.join(path.dirname(dataDir), 'pglite.lock');
    // A live process other than this one (our parent) holds it.
    fs.writeFileSync(fakeOwner, `${process.ppid}\n`);
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dataDir)).toThrow(/in use by another process/);
    fs.rmSync(fakeOwner);
    const lock = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(lock.path)).toBe(false);
  });

  it('takes over a stale lock left by a process that died', () => {
    const dataDir = dir();
    fs.writeFileSync(`${dataDir}.lock`, '999999999\n');
    const lock = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });
});

describe('versioned response cache', () => {
  it('reuses an entry for the same version and rebuilds when the version moves', async () => {
    const cache = new VersionedResponseCache();
    let builds = 0;
    const build = async () => makeCachedResponse(JSON.stringify({ build: ++builds }));
    const first = await cache.get('db:1', 'list', build);
    expect((await cache.get('db:1', 'list', build)).body).toBe(first.body);
    const second = await cache.get('db:2', 'list', build);
    expect(second.body.toString()).toBe('{"build":2}');
    expect(second.etag).not.toBe(first.etag);
  });

  it('shares one build between concurrent misses', async () => {
    const cache = new VersionedResponseCache();
    let builds = 0;
    const build = async () => {
      builds += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return makeCachedResponse('[]');
    };
    await Promise.all(Array.from({ length: 10 }, () => cache.get('v', 'k', build)));
    expect(builds).toBe(1);
  });

  it('does not keep a failed build', async () => {
    const cache = new VersionedResponseCache();
    await expect(cache.get('v', 'k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect((await cache.get('v', 'k', async () => makeCachedResponse('[1]'))).body.toString()).toBe('[1]');
  });

  it('gzips once, on demand', async () => {
    const response = makeCachedResponse(
      JSON.stringify(Array.from({ length: 200 }, (_, index) => ({ index, text: 'heritage' }))),
    );
    const [a, b] = await Promise.all([response.gzipped(), response.gzipped()]);
    expect(a).toBe(b);
    expect(a.length).toBeLessThan(response.body.length);
  });
});

describe('a service that is away, named', () => {
  const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

  it('the database from a query that failed: socket errors, SQLSTATE 08, 57P01-57P03, 53300, pg-pool timeouts', () => {
    for (const error of [
      coded('ECONNREFUSED'),
      coded('ECONNRESET'),
      coded('08006'),
      coded('57P01', 'terminating connection due to administrator command'),
      coded('57P03', 'the database system is starting up'),
      coded('53300'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('wrapped', { cause: coded('ECONNREFUSED') }),
    ])
      expect(unavailableService(error), error.message).toBe('database');
    for (const error of [
      coded('23505', 'duplicate key value violates unique constraint'),
      coded('42P01', 'relation does not exist'),
      new Error('Internal fault'),
      'ECONNREFUSED',
      undefined,
    ])
      expect(unavailableService(error)).toBeUndefined();
  });

  it("object storage's connection refused is object storage's, not the database's", () => {
    const refused = coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9000');
    // Named at its source (images/image-files.ts), or an AWS SDK error that reached the handler unnamed.
    expect(
      unavailableService(new ServiceUnavailableError('object storage', undefined, { cause: refused })),
    ).toBe('object storage');
    expect(unavailableService(Object.assign(refused, { $metadata: { attempts: 3 } }))).toBe('object storage');
    const sdk503 = Object.assign(new Error('SlowDown'), { $metadata: { httpStatusCode: 503 } });
    expect(unavailableService(sdk503)).toBe('object storage');
    const sdk403 = Object.assign(new Error('AccessDenied'), { $metadata: { httpStatusCode: 403 } });
    expect(unavailableService(sdk403)).toBeUndefined();
    expect(unavailableService(new ServiceUnavailableError('identity provider'))).toBe('identity provider');
  });
});
