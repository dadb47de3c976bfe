/**
 * A kit major shipped by the kit's own rule (docs/releasing.md, "The kit contract"), run once on the failures stack:
 * the site before it (the shell and the remotes of the last commit before the kit's current major, all on the kit's
 * previous major) is live; every remote's release for the new major is made ready (and refused by the live shell);
 * then the shell's side goes out with the new kit (this commit's shell), on which the old remotes are refused with the
 * kit contract's message; then the remotes are promoted. The site works at each step. The new major's releases are
 * the skew journey's previous releases (releases-stack-failures.spec.ts), built for this major by design and once per
 * base commit for both journeys: CI builds no remote for this journey but the earlier site.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  packageVersion,
  promote,
  remoteNamed,
  writeRemotesJson,
  type ReleaseInfo,
} from '../../../deploy/modules/releases.ts';
import { REMOTES, type RemoteName } from 'site-config/apps';
import { KIT_FILE, releasesDir } from 'site-config/live-releases';
import { installPreviousReleases, installSiteBeforeKitMajor } from '../../fixtures/previous-releases.ts';
import { startServer, stopServer } from '../../fixtures/stack-control.ts';
import { expect, test } from '../../fixtures/test.ts';
import { ROOT } from '../../../stack/stack.ts';

/** The kit this commit's shell provides: the new major. */
const KIT = packageVersion(join(ROOT, 'shared-ui'));
const majorOf = (version: string) => version.split('.')[0];

/** Each remote's main page, as the member opens it, and what the kit contract's fallback calls its part. */
const MAIN_PAGES: { remote: RemoteName; part: string; path: string; heading: string; level: number }[] = [
  { remote: 'mf_catalogue', part: 'catalogue', path: '/', heading: 'Featured Artifacts', level: 2 },
  { remote: 'mf_catalogue', part: 'catalogue', path: '/all-artifacts', heading: 'All Artifacts', level: 1 },
  {
    remote: 'mf_artifact_editor',
    part: 'artifact editor',
    path: '/my-artifacts',
    heading: 'My Artifacts Collection',
    level: 1,
  },
  {
    remote: 'mf_artifact_editor',
    part: 'artifact editor',
    path: '/add-artifact',
    heading: 'Add Artifact',
    level: 1,
  },
  { remote: 'mf_account', part: 'account', path: '/profile', heading: 'My Profile', level: 1 },
];

/** Serves `shellDist` as the stack's shell (the shell's side of a deployment), or this commit's shell. */
async function deployShell(shellDist?: string): Promise<void> {
  await stopServer('shell');
  await startServer('shell', shellDist ? { SHELL_DIST: shellDist } : {});
}

/** Opens each remote's main page and expects it shown, from the releases named (by the manifests loaded). */
async function expectMainPagesFrom(page: Page, releases: Record<RemoteName, ReleaseInfo>): Promise<void> {
  const manifests: string[] = [];
  const record = (response: { url(): string; ok(): boolean }) => {
    const match = /\/releases\/([^/]+)\/mf-manifest\.json$/.exec(new URL(response.url()).pathname);
    if (match && response.ok()) manifests.push(match[1]!);
  };
  page.on('response', record);
  for (const { path, heading, level } of MAIN_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level, name: heading })).toBeVisible();
    await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
  }
  page.off('response', record);
  expect(new Set(manifests)).toEqual(new Set(Object.values(releases).map((info) => info.version)));
}

let shellReplaced = false;
test.afterAll(async () => {
  // The stack's other journeys run on this commit's shell and each module's own build.
  if (shellReplaced) await deployShell();
  const live = join(releasesDir(), 'live.json');
  if (existsSync(live)) rmSync(live);
  writeRemotesJson();
});

test(
  "a kit major by the kit's rule: each remote's release for it ready, then the shell, then the remotes promoted; the site works at each step and an old remote is refused",
  { tag: ['@shell', '@catalogue', '@editor', '@account'] },
  async ({ signedIn: page }) => {
    // The earlier site is built once per base commit (a worktree, its install, three releases and a shell), and so are
    // the new major's releases (the skew journey's): about 6 minutes on two busy cores when neither is built yet.
    test.setTimeout(900_000);
    const remotes = Object.values(REMOTES);

    // Before: the site of the last commit before this major, its shell and its remotes, live.
    const before = installSiteBeforeKitMajor();
    const oldKit = (
      JSON.parse(readFileSync(join(before.shellDist, KIT_FILE), 'utf8')) as { 'shared-ui': string }
    )['shared-ui'];
    expect(majorOf(oldKit)).not.toBe(majorOf(KIT));
    const onOldShell = { ...process.env, SHELL_DIST: before.shellDist };
    shellReplaced = true;
    await deployShell(before.shellDist);
    for (const remote of remotes) promote(remote, before.releases[remote.name].version, onOldShell);
    await expectMainPagesFrom(page, before.releases);

    // 1. Every remote's release for the new major, ready: the live shell (old kit) refuses to promote it, and the
    // site goes on as it was.
    const { SKEW_BASE: _, ...defaultBase } = process.env;
    const ready = installPreviousReleases(defaultBase);
    for (const remote of remotes) {
      const { kit, version } = ready[remote.name];
      expect(majorOf(kit)).toBe(majorOf(KIT));
      expect(() => promote(remote, version, onOldShell)).toThrow(
        `${remote.dir} ${version} was built for shared-ui ^${kit}, and the shell (${before.shellDist}) provides shared-ui ${oldKit}`,
      );
    }
    await expectMainPagesFrom(page, before.releases);

    // 2. The shell's side with the new kit: the remotes still live on the old kit are refused with the kit
    // contract's message, their pages show the fallback, not a broken page, and the shell's layout works.
    await deployShell();
    for (const { remote, part, path } of MAIN_PAGES) {
      await page.goto(path);
      await expect(page.getByTestId('remote-unavailable')).toContainText(
        `The ${part} part of Heritage Vault (release ${before.releases[remote].version}) was built for version ^${before.releases[remote].kit} of the site's shared kit, and this site provides version ${KIT}, so it is not run. The rest of the site still works.`,
      );
      await expect(page.getByRole('banner')).toBeVisible();
    }
    // An old remote cannot be put back live on it either.
    const account = remoteNamed('mf-account');
    expect(() => promote(account, before.releases.mf_account.version)).toThrow(
      `mf-account ${before.releases.mf_account.version} was built for shared-ui ^${oldKit}, and the shell`,
    );

    // 3. The remotes promoted, right after: every main page works, from the new major's releases.
    for (const remote of remotes) promote(remote, ready[remote.name].version);
    await expectMainPagesFrom(page, ready);
  },
);
