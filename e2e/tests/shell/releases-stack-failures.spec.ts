/**
 * A team ships its module alone (deploy/modules/releases.ts, `pnpm modules`): two releases of the account module,
 * promoted and rolled back while a member browses, with neither the shell nor any server rebuilt or restarted. On the
 * failures stack (project 'stack-failures'), whose releases folder is its own (RELEASES_DIR, stack/journey-stacks.ts).
 * Those tagged @releases also run against a deployment on this machine whose releases folder is given
 * (E2E_RELEASES_DIR: project 'releases'), the production topology behind nginx.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  packageVersion,
  promote,
  release,
  releasesOf,
  remoteNamed,
  rollback,
  status,
  writeRemotesJson,
} from '../../../deploy/modules/releases.ts';
import { readLiveState, releasesDir } from 'site-config/live-releases';
import { installPreviousReleases } from '../../fixtures/previous-releases.ts';
import { withRemoteVariant } from '../../fixtures/remote-deploy.ts';
import { expect, test } from '../../fixtures/test.ts';
import { ROOT } from '../../../stack/stack.ts';

const account = remoteNamed('mf-account');
/** The kit this commit's shell provides, and its major. */
const KIT = packageVersion(join(ROOT, 'shared-ui'));
const KIT_MAJOR = Number(KIT.split('.')[0]);

/** A release of the account module from sources that declare another kit range: built as if against that kit. */
const releaseForKit = (range: string) =>
  withRemoteVariant(
    'mf_account',
    'package.json',
    (source) => source.replace('"shared-ui": "workspace:^"', `"shared-ui": "${range}"`),
    (copy) => release(account, process.env, copy),
  );

/** Which release of the account module a page load used: the manifest it fetched names it in its path. */
function accountManifestsOf(page: Page): string[] {
  const loaded: string[] = [];
  page.on('response', (response) => {
    const match = /\/releases\/([^/]+)\/mf-manifest\.json$/.exec(new URL(response.url()).pathname);
    if (match && response.ok()) loaded.push(match[1]!);
  });
  return loaded;
}

test.afterAll(() => {
  // The stack's other journeys load each module's own build again.
  const live = join(releasesDir(), 'live.json');
  if (existsSync(live)) rmSync(live);
  writeRemotesJson();
});

test(
  'a module released twice, promoted and rolled back while a member browses: no shell rebuild, no restart',
  { tag: ['@shell', '@account', '@releases'] },
  async ({ signedIn: page, shell }) => {
    test.setTimeout(120_000);
    const stamp = `Account release ${Date.now()}`;
    // The second release retitles its page too: the render service's routes are the live release's, per request.
    // Asked with the member's cookies: a signed-out request for a members' page is sent to /login (#53 item 2).
    const retitled = `Profile ${Date.now()}`;
    const route = 'src/pages/profile/profile.route.ts';
    const servedTitle = async () =>
      /<title>([^<]*)<\/title>/.exec(await (await page.request.get('/profile')).text())?.[1];
    const first = release(account);
    const second = withRemoteVariant(
      'mf_account',
      'src/pages/profile/profile-page.tsx',
      (source) =>
        source.replace(
          '<PageHeader title={PROFILE_HEADING}',
          `<p>${stamp}</p>\n      <PageHeader title={PROFILE_HEADING}`,
        ),
      (copy) => release(account, process.env, copy),
      {
        [route]: readFileSync(join(ROOT, account.dir, route), 'utf8').replace(
          "title: 'Profile'",
          `title: '${retitled}'`,
        ),
      },
    );
    expect(second.version).not.toBe(first.version);
    expect(releasesOf(account).map((info) => info.version)).toEqual(
      expect.arrayContaining([first.version, second.version]),
    );
    const manifests = accountManifestsOf(page);

    // The first release goes live: the next page load takes it, from its own folder.
    expect(promote(account, first.version)).toEqual({ live: first.version, previous: null });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expect(page.getByText(stamp)).toHaveCount(0);
    expect(manifests).toEqual([first.version]);
    expect(await servedTitle()).toBe('Profile - Heritage Vault');

    // The second goes live while the member is on the page: what is loaded keeps working, in the same module too.
    promote(account, second.version);
    await (await shell.openUserMenu()).getByRole('menuitem', { name: 'Liked Artifacts' }).click();
    await expect(page.getByRole('heading', { name: 'Your Liked Artifacts' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expect(page.getByText(stamp)).toHaveCount(0);

    // The next load gets it.
    await page.reload();
    await expect(page.getByText(stamp)).toBeVisible();
    expect(manifests.at(-1)).toBe(second.version);
    expect(await servedTitle()).toBe(`${retitled} - Heritage Vault`);

    // Rolled back: the release live before is live again, the one rolled back is the previous.
    expect(rollback(account)).toEqual({ live: first.version, previous: second.version });
    expect(status().mf_account).toMatchObject({ live: first.version, previous: second.version });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expect(page.getByText(stamp)).toHaveCount(0);
    expect(manifests.at(-1)).toBe(first.version);
    expect(await servedTitle()).toBe('Profile - Heritage Vault');
  },
);

test(
  'promotion refuses a version that was never released, and rollback with nothing to go back to',
  { tag: ['@shell', '@account', '@viewport-independent', '@releases'] },
  () => {
    expect(() => promote(account, '9.9.9+1.nothing')).toThrow(
      /mf-account has no release 9\.9\.9\+1\.nothing/,
    );
    expect(() => rollback(remoteNamed('mf-catalogue'))).toThrow(
      /mf-catalogue has no previous release to roll back to/,
    );
  },
);

test(
  'a release built for another kit major: promotion refuses it, and the shell shows the fallback naming both versions; a compatible minor runs',
  { tag: ['@shell', '@account', '@catalogue'] },
  async ({ signedIn: page, shell }) => {
    test.setTimeout(120_000);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const nextMajor = releaseForKit(`^${KIT_MAJOR + 1}.0.0`);
    expect(() => promote(account, nextMajor.version)).toThrow(
      new RegExp(
        `was built for shared-ui \\^${KIT_MAJOR + 1}\\.0\\.0, and the shell \\(.+\\) provides shared-ui ${KIT.replaceAll('.', '\\.')}: it would show its fallback`,
      ),
    );

    // A deployment that points remotes.json at it anyway (live.json edited by hand): the shell does not run it.
    writeFileSync(
      join(releasesDir(), 'live.json'),
      JSON.stringify({ ...readLiveState(), mf_account: { live: nextMajor.version, previous: null } }),
    );
    await page.goto('/profile');
    const fallback = page.getByTestId('remote-unavailable');
    await expect(fallback).toContainText(
      `The account part of Heritage Vault (release ${nextMajor.version}) was built for version ^${KIT_MAJOR + 1}.0.0 of the site's shared kit, and this site provides version ${KIT}, so it is not run.`,
    );
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toHaveCount(0);
    expect(errors.join('\n')).toContain(
      `mf_account ${nextMajor.version} was built for shared-ui ^${KIT_MAJOR + 1}.0.0; this shell provides shared-ui ${KIT}, which does not satisfy it`,
    );
    // The rest of the site still works.
    await shell.navigate('About');
    await expect(page.getByRole('heading', { level: 1, name: 'About Heritage Vault' })).toBeVisible();

    // Built for an older minor of the same major: compatible, promoted and run.
    const olderMinor = releaseForKit(`^${KIT_MAJOR}.0.0`);
    promote(account, olderMinor.version);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  },
);

test(
  "this shell with each remote's previous release, built from an earlier commit: every module's main page works",
  { tag: ['@shell', '@catalogue', '@editor', '@account'] },
  async ({ signedIn: page }) => {
    // Building them (a worktree, its install from pnpm's store, three builds) takes about a minute, once per base.
    test.setTimeout(300_000);
    const previous = installPreviousReleases();
    for (const remote of Object.values(previous)) promote(remoteNamed(remote.app), remote.version);
    const manifests: string[] = [];
    page.on('response', (response) => {
      const match = /\/releases\/([^/]+)\/mf-manifest\.json$/.exec(new URL(response.url()).pathname);
      if (match && response.ok()) manifests.push(match[1]!);
    });

    const mainPages = [
      { path: '/', heading: 'Featured Artifacts', level: 2 },
      { path: '/all-artifacts', heading: 'All Artifacts', level: 1 },
      { path: '/my-artifacts', heading: 'My Artifacts Collection', level: 1 },
      { path: '/add-artifact', heading: 'Add Artifact', level: 1 },
      { path: '/profile', heading: 'My Profile', level: 1 },
    ];
    for (const { path, heading, level } of mainPages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level, name: heading })).toBeVisible();
      await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
    }
    // Every page came from the previous releases, not from this commit's builds.
    expect(new Set(manifests)).toEqual(new Set(Object.values(previous).map((info) => info.version)));
  },
);
