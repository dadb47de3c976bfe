/**
 * Each remote owns its data (docs/architecture.md): a release of the catalogue that asks the existing API for
 * something its page did not ask before (All Artifacts sorted by name when its URL names no sort) is built from
 * the remote's sources alone and promoted on the live shell, with no kit or shell build; and its writes (a like)
 * still refresh what another remote's pages show (mf-account's Liked Artifacts and Profile), through the kit's key
 * vocabulary and invalidation contract. On the failures stack, whose releases folder is its own.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { promote, release, remoteNamed } from '../../../deploy/modules/releases.ts';
import { releasesDir } from 'site-config/live-releases';
import { createAccount } from '../../fixtures/identity.ts';
import { api } from '../../fixtures/api-client.ts';
import { withRemoteVariant } from '../../fixtures/remote-deploy.ts';
import { expect, test } from '../../fixtures/test.ts';
import { LikedArtifactsPage, ProfilePage } from '../../pages/account.ts';
import { CataloguePage } from '../../pages/catalogue.ts';

const catalogue = remoteNamed('mf-catalogue');

/** The names of the result cards, in the order the page shows them. */
const shownNames = (page: Page) => new CataloguePage(page).cards.getByRole('heading').allTextContents();

test.afterAll(() => {
  // The stack's other journeys load each module's own build again.
  const live = join(releasesDir(), 'live.json');
  if (existsSync(live)) rmSync(live);
});

test(
  "a catalogue release with a query the page did not have runs on the live shell, and its likes refresh the account's pages",
  { tag: ['@shell', '@catalogue', '@account'] },
  async ({ signedIn: page, shell }) => {
    test.setTimeout(180_000);
    // A release whose All Artifacts asks the API for its results sorted by name even when the URL names no sort: a
    // change to the catalogue alone.
    const sortedByName = withRemoteVariant(
      'mf_catalogue',
      'src/pages/all-artifacts/use-artifact-pages.ts',
      (source) =>
        source.replace(
          '{ q: term, type, ...(sort && { sort }), limit: PAGE_SIZE }',
          "{ q: term, type, sort: sort || 'name', limit: PAGE_SIZE }",
        ),
      (copy) => release(catalogue, process.env, copy),
    );

    // Three artifacts of another member, added so that newest first and by name are different orders.
    const word = `qs${Math.random().toString(36).slice(2, 9)}`;
    const owner = await createAccount({ displayName: 'Gertrude Bell' });
    for (const name of ['Beta', 'Alpha', 'Gamma'])
      await api.createArtifact(owner.idToken, { name: `${word} ${name} Vase` });
    const names = (...order: string[]) => order.map((name) => `${word} ${name} Vase`);
    const results = new CataloguePage(page);

    // The catalogue's own build: newest first.
    await page.goto(`/all-artifacts?q=${word}`);
    await expect(results.cards).toHaveCount(3);
    expect(await shownNames(page)).toEqual(names('Gamma', 'Alpha', 'Beta'));

    // The release goes live; the shell, the kit and the other remotes are the ones already running.
    const manifests: string[] = [];
    page.on('response', (response) => {
      const match = /\/releases\/([^/]+)\/mf-manifest\.json$/.exec(new URL(response.url()).pathname);
      if (match && response.ok()) manifests.push(match[1]!);
    });
    promote(catalogue, sortedByName.version);
    const sortedSearch = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return url.pathname === '/artifacts' && url.searchParams.get('sort') === 'name';
    });
    await page.reload();
    await sortedSearch;
    await expect(results.cards).toHaveCount(3);
    await expect.poll(() => shownNames(page)).toEqual(names('Alpha', 'Beta', 'Gamma'));
    expect(manifests).toContain(sortedByName.version);

    // The account's pages, from the account's own build, read the same cache: nothing liked yet.
    const liked = new LikedArtifactsPage(page);
    await (await shell.openUserMenu()).getByRole('menuitem', { name: 'Liked Artifacts' }).click();
    await expect(liked.emptyState).toBeVisible();

    // A like in the release's Artifact Details, in this same visit...
    await page.goBack();
    await results.openDetails(names('Alpha')[0]!);
    await results.likeButton.click();
    await shell.expectToast('Artifact liked successfully!');
    await expect(results.likeButton).toHaveText('Liked');

    // ...and the account's pages show it.
    await (await shell.openUserMenu()).getByRole('menuitem', { name: 'Liked Artifacts' }).click();
    await expect(liked.cards).toHaveCount(1);
    await expect(liked.card(names('Alpha')[0]!)).toBeVisible();
    await (await shell.openUserMenu()).getByRole('menuitem', { name: 'Profile' }).click();
    await new ProfilePage(page).expectStats({ liked: 1 });
  },
);
