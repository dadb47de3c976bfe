import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canary, promote, release, releasesOf, remoteNamed, rollback, status } from './releases.ts';

const remote = remoteNamed('mf-account');
let env: NodeJS.ProcessEnv;
let dir: string;

/** A manifest as @module-federation/vite writes it, as far as the checks read it: the files it names. */
const MANIFEST = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '', type: 'module' } },
  exposes: [
    {
      name: 'Profile',
      assets: {
        js: { sync: ['assets/profile-page-Cd5ISQQS.js'], async: ['assets/react-DlmbjZJV.js'] },
        css: { sync: ['assets/profile-page-B1x2y3z4.css'], async: [] },
      },
    },
  ],
  shared: [{ name: 'react', assets: { js: { sync: [], async: ['assets/react-prebuild-BC1ksIG3.js'] } } }],
  dataPictures: { Profile: 'assets/pictures-Profile-ffm14kI7.json' },
};
const MANIFEST_FILES = [
  'remoteEntry.js',
  'assets/profile-page-Cd5ISQQS.js',
  'assets/react-DlmbjZJV.js',
  'assets/profile-page-B1x2y3z4.css',
  'assets/react-prebuild-BC1ksIG3.js',
  'assets/pictures-Profile-ffm14kI7.json',
];

/** A server entry as the server build (`vite build --ssr`) names it in the manifest. */
const SERVER_ENTRY = { name: 'remoteEntry.ssr.js', path: '', type: 'module' };
/** The server build's files: its entry, importing its chunks under server/ statically and dynamically. */
const SERVER_FILES: Record<string, string> = {
  'remoteEntry.ssr.js': `import { init } from "@module-federation/runtime";
const exposes = { "./Profile": () => import("./server/profile-page-Dx1.js") };`,
  'server/profile-page-Dx1.js': `import { a } from "./kit-share-Ab2.js";\nexport default a;`,
  // A bundled library's documentation names modules of its own sources, which the build does not hold.
  'server/kit-share-Ab2.js': `/**
 * import { CustomTimeoutProvider } from './CustomTimeoutProvider'
 * @param {import('./renderers/renderInput').InputClass} inputClass
 */
// import { b } from './b.js'
export const a = 1;`,
};

function writeServerEntry(folder: string): void {
  for (const [file, text] of Object.entries(SERVER_FILES)) {
    mkdirSync(dirname(join(folder, file)), { recursive: true });
    writeFileSync(join(folder, file), text);
  }
}

/** Writes the manifest and every file it names into `folder`, but those in `without`. */
function writeBuild(folder: string, without: string[] = []): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'mf-manifest.json'), JSON.stringify(MANIFEST));
  for (const file of MANIFEST_FILES.filter((name) => !without.includes(name))) {
    mkdirSync(dirname(join(folder, file)), { recursive: true });
    writeFileSync(join(folder, file), '// built');
  }
}

/** A release folder as `release` leaves it, without building: its release.json and its build (less `without`). */
function fakeRelease(version: string, without: string[] = []): string {
  const folder = join(dir, remote.dir, version);
  writeBuild(folder, without);
  writeFileSync(join(folder, 'release.json'), JSON.stringify({ app: remote.dir, version }));
  return folder;
}

const liveState = () =>
  existsSync(join(dir, 'live.json'))
    ? (JSON.parse(readFileSync(join(dir, 'live.json'), 'utf8')) as object)
    : {};

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

  it('refuses to promote a release whose remoteEntry.js is gone, naming it, and nothing goes live', () => {
    fakeRelease('1.0.0+1.abc1234', ['remoteEntry.js']);
    expect(() => promote(remote, '1.0.0+1.abc1234', env)).toThrow(
      /mf-account 1\.0\.0\+1\.abc1234 is incomplete: .* names a file it does not hold: remoteEntry\.js\./,
    );
    expect(liveState()).toEqual({});
  });

  it('refuses to promote a release naming a server entry, or a module of it, the folder does not hold, naming each', () => {
    const folder = fakeRelease('1.0.0+1.abc1234');
    const manifest = { ...MANIFEST, metaData: { ...MANIFEST.metaData, ssrRemoteEntry: SERVER_ENTRY } };
    writeFileSync(join(folder, 'mf-manifest.json'), JSON.stringify(manifest));
    expect(() => promote(remote, '1.0.0+1.abc1234', env)).toThrow(
      /is incomplete: .* names a file it does not hold: remoteEntry\.ssr\.js\./,
    );
    writeServerEntry(folder);
    rmSync(join(folder, 'server', 'profile-page-Dx1.js'));
    expect(() => promote(remote, '1.0.0+1.abc1234', env)).toThrow(
      /names a file it does not hold: server\/profile-page-Dx1\.js\./,
    );
    expect(liveState()).toEqual({});

    writeServerEntry(folder);
    promote(remote, '1.0.0+1.abc1234', env);
    expect(liveState()).toMatchObject({ [remote.name]: { live: '1.0.0+1.abc1234' } });
  });

  it('refuses to promote a release missing exposed chunks, their CSS or other files its manifest names, listing each', () => {
    fakeRelease('1.0.0+1.abc1234');
    fakeRelease('1.0.0+2.abc1234', [
      'assets/profile-page-Cd5ISQQS.js',
      'assets/profile-page-B1x2y3z4.css',
      'assets/pictures-Profile-ffm14kI7.json',
    ]);
    promote(remote, '1.0.0+1.abc1234', env);
    expect(() => promote(remote, '1.0.0+2.abc1234', env)).toThrow(
      'names 3 files it does not hold: assets/profile-page-Cd5ISQQS.js, assets/profile-page-B1x2y3z4.css, ' +
        'assets/pictures-Profile-ffm14kI7.json.',
    );
    expect(liveState()).toEqual({ mf_account: { live: '1.0.0+1.abc1234', previous: null } });
  });

  it('refuses to promote a release without a manifest, naming the file', () => {
    const folder = fakeRelease('1.0.0+1.abc1234');
    rmSync(join(folder, 'mf-manifest.json'));
    expect(() => promote(remote, '1.0.0+1.abc1234', env)).toThrow(
      `has no readable manifest: ${join(folder, 'mf-manifest.json')} (it is missing)`,
    );
  });

  it('reports a corrupt release.json by its file in status, and lists and promotes the other releases', () => {
    fakeRelease('1.0.0+1.abc1234');
    const corrupt = fakeRelease('1.0.0+2.abc1234');
    writeFileSync(join(corrupt, 'release.json'), '{"app": "mf-account", "vers');
    fakeRelease('1.0.0+3.abc1234');

    const account = status(env).mf_account;
    expect(account.releases).toEqual(['1.0.0+1.abc1234', '1.0.0+3.abc1234']);
    expect(account.unreadable).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${join(corrupt, 'release.json').replace(/[.+]/g, '\\$&')} is not a release's description \\(`,
        ),
      ),
    ]);
    expect(status(env).mf_catalogue).toMatchObject({ releases: [], unreadable: [] });

    expect(promote(remote, '1.0.0+3.abc1234', env)).toEqual({ live: '1.0.0+3.abc1234', previous: null });
    expect(() => promote(remote, '1.0.0+2.abc1234', env)).toThrow(
      `mf-account 1.0.0+2.abc1234 cannot be promoted: ${join(corrupt, 'release.json')} is not a release's description`,
    );
  });

  it('`pnpm modules status` lists every readable release and exits 1 naming the corrupt release.json, without a stack trace', () => {
    fakeRelease('1.0.0+1.abc1234');
    const corrupt = fakeRelease('1.0.0+2.abc1234');
    writeFileSync(join(corrupt, 'release.json'), 'not json');
    let outcome: { status: number; stdout: string; stderr: string };
    try {
      const stdout = execFileSync(
        process.execPath,
        [join(import.meta.dirname, 'bin.js'), 'status', '--json'],
        {
          // No API there: status says once that it cannot show release health, at once.
          env: { ...process.env, ...env, RELEASE_HEALTH_URL: 'http://127.0.0.1:9' },
          encoding: 'utf8',
          stdio: 'pipe',
        },
      );
      outcome = { status: 0, stdout, stderr: '' };
    } catch (error) {
      outcome = error as typeof outcome;
    }
    expect(outcome.status).toBe(1);
    expect(JSON.parse(outcome.stdout)).toMatchObject({ mf_account: { releases: ['1.0.0+1.abc1234'] } });
    expect(outcome.stderr).toContain(
      `Error: ${join(corrupt, 'release.json')} is not a release's description (`,
    );
    expect(outcome.stderr).not.toMatch(/\n\s+at /);
    expect(outcome.stderr).toContain(
      'Release health not shown: Release health could not be read from http://127.0.0.1:9/',
    );
  });
});

/**
 * The app's sources as `release` builds them, in a git repository of their own beside the kit and the model: its
 * package.json (with `buildScript`), the kit's, and a "vite" whose browser build writes `manifest` and every file it
 * names but `without`, and whose server build (`--ssr`) writes the server entry and its modules.
 */
function fakeSources({
  manifest = MANIFEST as object,
  without = [] as string[],
  buildScript = 'vite build',
} = {}): string {
  const repository = join(dir, 'repository');
  const source = join(repository, remote.dir);
  for (const beside of ['shared-ui', 'model']) mkdirSync(join(repository, beside), { recursive: true });
  const vite = join(source, 'node_modules', 'vite', 'bin', 'vite.js');
  mkdirSync(dirname(vite), { recursive: true });
  mkdirSync(join(source, 'node_modules', 'shared-ui'), { recursive: true });
  writeFileSync(join(source, 'node_modules', 'shared-ui', 'package.json'), '{"version": "1.9.0"}');
  writeFileSync(
    join(source, 'package.json'),
    JSON.stringify({ version: '1.0.0', scripts: { build: buildScript } }),
  );
  writeFileSync(join(repository, '.gitignore'), 'node_modules/\n');
  writeFileSync(
    vite,
    `import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
const out = process.argv[process.argv.indexOf('--outDir') + 1];
const write = (file, text) => {
  mkdirSync(dirname(join(out, file)), { recursive: true });
  writeFileSync(join(out, file), text);
};
if (process.argv.includes('--ssr')) {
  for (const [file, text] of Object.entries(${JSON.stringify(SERVER_FILES)})) write(file, text);
  const manifest = JSON.parse(readFileSync(join(out, 'mf-manifest.json'), 'utf8'));
  manifest.metaData.ssrRemoteEntry = ${JSON.stringify(SERVER_ENTRY)};
  write('mf-manifest.json', JSON.stringify(manifest));
} else {
  write('mf-manifest.json', JSON.stringify(${JSON.stringify(manifest)}));
  for (const file of ${JSON.stringify(MANIFEST_FILES)}.filter((name) => !${JSON.stringify(without)}.includes(name)))
    write(file, '// built');
}
`,
  );
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repository, stdio: 'pipe' });
  git('init', '-q');
  git('add', '.');
  git('-c', 'user.name=Test', '-c', 'user.email=test@example.org', 'commit', '-q', '-m', 'sources');
  return source;
}

const releasedManifest = (version: string) =>
  JSON.parse(readFileSync(join(dir, remote.dir, version, 'mf-manifest.json'), 'utf8')) as typeof MANIFEST & {
    metaData: { ssrRemoteEntry?: object };
  };

describe('a release built with files missing', () => {
  it('is refused, naming the missing file, and leaves no release behind', () => {
    const source = fakeSources({ without: ['remoteEntry.js'] });
    expect(() => release(remote, env, source)).toThrow(
      /The build of mf-account 1\.0\.0\+1\.\w+ is incomplete: .* names a file it does not hold: remoteEntry\.js\./,
    );
    expect(releasesOf(remote, env)).toEqual([]);
    expect(existsSync(join(dir, remote.dir)) ? readdirSync(join(dir, remote.dir)) : []).toEqual([]);
  });
});

describe("a release's server entry (#53)", () => {
  it('is built into the release when the app builds one (vite build --ssr), and the release promotes', () => {
    const source = fakeSources({ buildScript: 'vite build && vite build --ssr' });
    const { version } = release(remote, env, source);
    expect(releasedManifest(version).metaData.ssrRemoteEntry).toEqual(SERVER_ENTRY);
    for (const file of Object.keys(SERVER_FILES))
      expect(existsSync(join(dir, remote.dir, version, file)), file).toBe(true);
    promote(remote, version, env);
    expect(liveState()).toMatchObject({ [remote.name]: { live: version } });
  });

  it('is taken out of the manifest of sources that name one without building it (@module-federation/vite 1.23.0, before #53), which then promote', () => {
    const manifest = { ...MANIFEST, metaData: { ...MANIFEST.metaData, ssrRemoteEntry: SERVER_ENTRY } };
    const { version } = release(remote, env, fakeSources({ manifest }));
    expect(releasedManifest(version).metaData).toEqual(MANIFEST.metaData);
    promote(remote, version, env);
    expect(liveState()).toMatchObject({ [remote.name]: { live: version } });
  });
});

describe('canary releases', () => {
  const since = new Date('2026-11-29T02:00:00.000Z');
  const discovered = () =>
    (
      JSON.parse(readFileSync(join(dir, 'discovery.json'), 'utf8')) as {
        microFrontends: Record<string, Array<{ metadata: { version: string | null }; deployment: object }>>;
      }
    ).microFrontends.mf_account;

  it('puts a release out for a share of visitors beside the live one, moves the share, and keeps its start', () => {
    fakeRelease('1.0.0+1.abc1234');
    fakeRelease('1.1.0+2.abc1234');
    promote(remote, '1.0.0+1.abc1234', env);
    expect(canary(remote, '1.1.0+2.abc1234', 10, env, since)).toMatchObject({
      live: '1.0.0+1.abc1234',
      canary: { version: '1.1.0+2.abc1234', percent: 10, since: since.toISOString() },
    });
    canary(remote, '1.1.0+2.abc1234', 50, env, new Date('2026-11-29T03:00:00.000Z'));
    expect(status(env).mf_account).toMatchObject({
      live: '1.0.0+1.abc1234',
      canary: { version: '1.1.0+2.abc1234', percent: 50, since: since.toISOString() },
    });
    expect(discovered()).toEqual([
      {
        url: expect.stringContaining('/releases/1.0.0+1.abc1234/mf-manifest.json'),
        metadata: { version: '1.0.0+1.abc1234' },
        deployment: { traffic: 50, default: true },
      },
      {
        url: expect.stringContaining('/releases/1.1.0+2.abc1234/mf-manifest.json'),
        metadata: { version: '1.1.0+2.abc1234' },
        deployment: { traffic: 50, default: false },
      },
    ]);
  });

  it('refuses a share outside 0-100, a release never made, an incomplete one and the live one, changing nothing', () => {
    fakeRelease('1.0.0+1.abc1234');
    fakeRelease('1.1.0+2.abc1234', ['remoteEntry.js']);
    promote(remote, '1.0.0+1.abc1234', env);
    const before = liveState();
    for (const percent of [-1, 101, 12.5, Number.NaN])
      expect(() => canary(remote, '1.0.0+1.abc1234', percent, env)).toThrow(
        /--percent must be a whole number from 0 to 100/,
      );
    expect(() => canary(remote, '9.9.9+9.abc1234', 10, env)).toThrow(
      'mf-account has no release 9.9.9+9.abc1234',
    );
    expect(() => canary(remote, '1.1.0+2.abc1234', 10, env)).toThrow(/is incomplete: .* remoteEntry\.js/);
    expect(() => canary(remote, '1.0.0+1.abc1234', 10, env)).toThrow(/is live already/);
    expect(liveState()).toEqual(before);
  });

  it('refuses a canary built for a kit the live shell does not provide, as a promotion', () => {
    fakeRelease('2.0.0+1.abc1234');
    const folder = join(dir, remote.dir, '2.0.0+1.abc1234');
    writeFileSync(
      join(folder, 'mf-manifest.json'),
      JSON.stringify({
        ...MANIFEST,
        shared: [...MANIFEST.shared, { name: 'shared-ui', requiredVersion: '^2.0.0' }],
      }),
    );
    mkdirSync(env.SHELL_DIST!, { recursive: true });
    writeFileSync(join(env.SHELL_DIST!, 'kit.json'), JSON.stringify({ 'shared-ui': '1.9.0' }));
    expect(() => canary(remote, '2.0.0+1.abc1234', 5, env)).toThrow(/was built for shared-ui \^2\.0\.0/);
    expect(liveState()).toEqual({});
  });

  it('ends with promote (live for all) or rollback (taken out, recorded), the live release staying', () => {
    fakeRelease('1.0.0+1.abc1234');
    fakeRelease('1.1.0+2.abc1234');
    promote(remote, '1.0.0+1.abc1234', env);
    canary(remote, '1.1.0+2.abc1234', 20, env);
    expect(rollback(remote, env)).toMatchObject({
      live: '1.0.0+1.abc1234',
      canary: null,
      endedCanary: { version: '1.1.0+2.abc1234', reason: 'rolled back by pnpm modules rollback' },
    });
    expect(status(env).mf_account.canaryEnded).toMatchObject({ version: '1.1.0+2.abc1234' });
    expect(discovered()).toHaveLength(1);

    canary(remote, '1.1.0+2.abc1234', 20, env);
    expect(promote(remote, '1.1.0+2.abc1234', env)).toMatchObject({
      live: '1.1.0+2.abc1234',
      previous: '1.0.0+1.abc1234',
      canary: null,
    });
    expect(discovered()).toEqual([expect.objectContaining({ deployment: { traffic: 100, default: true } })]);
  });
});
