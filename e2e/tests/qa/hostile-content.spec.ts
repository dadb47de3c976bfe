/**
 * Issue 8, hostile content: an artifact whose text fields (and whose adder's display name) hold HTML and script
 * payloads shows them as literal text on every page that shows it, and none of them ever runs.
 */
import type { Page } from '@playwright/test';
import { api, sampleArtifact } from '../../fixtures/api-client.ts';
import { createAccount } from '../../fixtures/identity.ts';
import { expect, test as base, VIEWPORT_INDEPENDENT } from '../../fixtures/test.ts';
import { LikedArtifactsPage } from '../../pages/account.ts';
import { CataloguePage } from '../../pages/catalogue.ts';
import { MyArtifactsPage, UpdateArtifactPage } from '../../pages/editor.ts';
import { likeInCatalogue } from '../account/catalogue-votes.ts';

/** Each payload sets `window.__xss` if it is ever parsed as markup and run. */
const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';
const SVG = '<svg onload="window.__xss=1"></svg>';
const BREAKOUT = '"><img src=x onerror=window.__xss=1>';
const IFRAME = '<iframe src="javascript:window.__xss=1"></iframe>';

function hostileArtifact() {
  const word = `xss${Math.random().toString(36).slice(2, 8)}`;
  return {
    word,
    input: {
      name: `${word} ${IMG}`,
      description: `Description ${SCRIPT} ${SVG}`,
      historicalContext: `Context ${BREAKOUT}`,
      presentLocation: `Location ${IFRAME}`,
      discoveredBy: `Finder ${IMG}`,
      createdAt: '<b>1200 AD</b>',
      discoveredAt: '<i>1890</i>',
      // A valid http URL that would break out of a naively built src attribute.
      image: `${sampleArtifact().image}?${BREAKOUT}`,
    },
  };
}

/** The member's display name is shown too (navbar, Added by): it gets a payload of its own. */
const test = base.extend({
  member: async ({}, use) => {
    await use(await createAccount({ displayName: `Mallory ${IMG}` }));
  },
});

/** Nothing ran, and no payload turned into an element. */
async function expectInert(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"], iframe[src^="javascript:"], svg[onload]')).toHaveCount(0);
  await expect(page.locator('b', { hasText: '1200 AD' })).toHaveCount(0);
  await expect(page.locator('i', { hasText: '1890' })).toHaveCount(0);
}

test.describe('Hostile content', { tag: '@shell' }, () => {
  test(
    'HTML and script payloads render as literal text on every page that shows the artifact',
    { tag: [VIEWPORT_INDEPENDENT, '@account', '@catalogue', '@editor'] },
    async ({ signedIn: page, member, shell }) => {
      const { word, input } = hostileArtifact();
      const artifact = await api.createArtifact(member.idToken, input);
      expect(artifact.name).toBe(input.name);
      const catalogue = new CataloguePage(page);

      await test.step('All Artifacts search', async () => {
        await page.goto('/all-artifacts');
        await catalogue.search(word);
        await expect(catalogue.cards).toHaveCount(1);
        const card = catalogue.card(input.name);
        await expect(card).toBeVisible();
        await expect(card).toContainText(input.presentLocation);
        await expectInert(page);
      });

      await test.step('Artifact Details', async () => {
        await catalogue.openDetails(input.name);
        await expect(page.getByText(input.description, { exact: true })).toBeVisible();
        await expect(page.getByText(input.historicalContext, { exact: true })).toBeVisible();
        await expect(catalogue.fact('Location')).toHaveText(input.presentLocation);
        await expect(catalogue.fact('Created')).toHaveText(input.createdAt);
        await expect(catalogue.fact('Discovered')).toHaveText(input.discoveredAt);
        await expect(catalogue.fact('Discovered by')).toHaveText(input.discoveredBy);
        await expect(catalogue.fact('Added by')).toHaveText(member.displayName);
        await expectInert(page);
      });

      await test.step('My Artifacts', async () => {
        const mine = new MyArtifactsPage(page);
        await mine.goto();
        await expect(mine.card(input.name)).toContainText(input.presentLocation);
        await expectInert(page);
      });

      await test.step('Update Artifact form values', async () => {
        const update = new UpdateArtifactPage(page);
        await update.goto(artifact._id);
        await expect(update.field('Artifact Name')).toHaveValue(input.name);
        // Stored as the WHATWG URL parser serialises it: the payload's quotes and brackets percent-encoded.
        await expect(update.field('Image URL')).toHaveValue(new URL(input.image).href);
        await expect(update.field('Historical Context')).toHaveValue(input.historicalContext);
        await expect(update.field('Created At')).toHaveValue(input.createdAt);
        await expect(update.field('Discovered At')).toHaveValue(input.discoveredAt);
        await expect(update.field('Discovered By')).toHaveValue(input.discoveredBy);
        await expect(update.field('Present Location')).toHaveValue(input.presentLocation);
        await expectInert(page);
      });

      await test.step('Liked Artifacts, after liking it', async () => {
        await likeInCatalogue(page, shell, artifact._id);
        await expectInert(page);
        const liked = new LikedArtifactsPage(page);
        await liked.goto();
        const card = liked.card(input.name);
        await expect(card).toContainText(input.description);
        await expect(card).toContainText(input.presentLocation);
        await expectInert(page);
      });

      await test.step('the navbar shows the display name as text', async () => {
        await expect(shell.avatarButton()).toHaveAccessibleName(new RegExp(escapeRegExp(member.displayName)));
        await expectInert(page);
      });
    },
  );
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
