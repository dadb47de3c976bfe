import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promote, remoteNamed, rollback, status } from './releases.ts';

const remote = remoteNamed('mf-account');
let env: NodeJS.ProcessEnv;
let dir: string;

/** A release folder as `release` leaves it, without building: its release.json and a manifest. */
function fakeRelease(version: string): void {
  const folder = join(dir, remote.dir, version);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'release.json'), JSON.stringify({ app: remote.dir, version }));
  writeFileSync(join(folder, 'mf-manifest.json'), JSON.stringify({ shared: [] }));
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hv-releases-'));
  env = { RELEASES_DIR: dir, SHELL_DIST: join(dir, 'no-shell') };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('module releases', () => {
  it('rolls a first promotion back to the build in dist/, and a second rollback undoes that', () => {
    fakeRelease('1.0.0+1.abc1234');
    expect(promote(remote, '1.0.0+1.abc1234', env)).toEqual({ live: '1.0.0+1.abc1234', previous: null });

    expect(rollback(remote, env)).toEqual({ live: null, previous: '1.0.0+1.abc1234' });
    expect(status(env)[remote.name as keyof ReturnType<typeof status>]).toMatchObject({
      live: null,
      previous: '1.0.0+1.abc1234',
    });

    expect(rollback(remote, env)).toEqual({ live: '1.0.0+1.abc1234', previous: null });
  });

  it("writes the shell's remotes.json beside live.json on promote and rollback, as the preview servers answer it", () => {
    const remotesJson = () =>
      JSON.parse(readFileSync(join(dir, 'remotes.json'), 'utf8')) as Record<string, string>;
    env.ACCOUNT_PORT = '6176';
    fakeRelease('1.0.0+1.abc1234');
    promote(remote, '1.0.0+1.abc1234', env);
    expect(remotesJson().mf_account).toBe('http://localhost:6176/releases/1.0.0+1.abc1234/mf-manifest.json');
    expect(remotesJson().mf_catalogue).toBe('http://localhost:5174/mf-manifest.json');

    rollback(remote, env);
    expect(remotesJson().mf_account).toBe('http://localhost:6176/mf-manifest.json');
  });

  it('refuses a rollback when nothing was ever promoted', () => {
    expect(() => rollback(remote, env)).toThrow(/no previous release/);
  });
});
