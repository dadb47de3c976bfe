import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from './stack.ts';
import { inputsHash, isFresh, recordInputs } from './stale-builds.ts';

describe('inputsHash', () => {
  // An untracked, unignored file: git would track it, so a build would read it.
  const probe = join(ROOT, 'api', `.stale-builds-probe-${process.pid}.txt`);
  afterEach(() => rmSync(probe, { force: true }));

  it('is the same for the same sources and environment', () => {
    expect(inputsHash('api', { API_PORT: '4870' })).toBe(inputsHash('api', { API_PORT: '4870' }));
  });

  it('changes when a file of the app is added, changed or removed', () => {
    const before = inputsHash('api', {});
    writeFileSync(probe, 'one');
    const added = inputsHash('api', {});
    writeFileSync(probe, 'two');
    const changed = inputsHash('api', {});
    rmSync(probe);
    expect(new Set([before, added, changed]).size).toBe(3);
    expect(inputsHash('api', {})).toBe(before);
  });

  it('changes with the environment a build bakes in (ports, manifest URLs, VITE_ settings), not with the rest', () => {
    const base = inputsHash('shell', { HOME: '/a' });
    expect(inputsHash('shell', { HOME: '/b' })).toBe(base);
    // The production topology's other servers reach no build; a port set to its default is the default.
    expect(inputsHash('shell', { HOME: '/a', POSTGRES_PORT: '5832', REDIS_PORT: '6779' })).toBe(base);
    expect(inputsHash('shell', { HOME: '/a', API_PORT: '3000', SHELL_PORT: '5173' })).toBe(base);
    expect(inputsHash('shell', { HOME: '/a', API_PORT: '4970' })).not.toBe(base);
    expect(inputsHash('shell', { HOME: '/a', CATALOGUE_PORT: '4974' })).not.toBe(base);
    expect(inputsHash('shell', { HOME: '/a', AUTH_EMULATOR_PORT: '4999' })).not.toBe(base);
    expect(inputsHash('shell', { HOME: '/a', VITE_FIREBASE_API_KEY: 'key' })).not.toBe(base);
    expect(
      inputsHash('shell', {
        HOME: '/a',
        CATALOGUE_MANIFEST_URL: 'https://catalogue.example.org/mf-manifest.json',
      }),
    ).not.toBe(base);
  });

  it("covers what every app is built from: a change in shared-ui changes each app's hash", () => {
    const sharedProbe = join(ROOT, 'shared-ui', `.stale-builds-probe-${process.pid}.txt`);
    const before = ['shell', 'mf-catalogue', 'api'].map((dir) => inputsHash(dir, {}));
    try {
      writeFileSync(sharedProbe, 'x');
      const after = ['shell', 'mf-catalogue', 'api'].map((dir) => inputsHash(dir, {}));
      after.forEach((hash, index) => expect(hash).not.toBe(before[index]));
    } finally {
      rmSync(sharedProbe, { force: true });
    }
  });
});

describe('isFresh', () => {
  it('holds only for a build recorded with the same inputs', () => {
    const outDir = mkdtempSync(join(tmpdir(), 'stale-builds-'));
    try {
      expect(isFresh(outDir, 'abc')).toBe(false);
      recordInputs(outDir, 'abc');
      expect(isFresh(outDir, 'abc')).toBe(true);
      expect(isFresh(outDir, 'abd')).toBe(false);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
