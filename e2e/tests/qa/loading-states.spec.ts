/**
 * Issue 8, loading texts: each page's loading text and each form's saving state, seen while the real API is slow.
 * The API's answer is held back until the text has been seen, then passed through unchanged: nothing is mocked.
 */
import type { Page } from '@playwright/test';
import { api, sampleArtifact } from '../../fixtures/api-client.ts';
import { expect, spec, test, VIEWPORT_INDEPENDENT } from '../../fixtures/test.ts';
import { AddArtifactPage, UpdateArtifactPage } from '../../pages/editor.ts';
import { ShellPage } from '../../pages/shell.ts';
import { apiPathOf } from '../../stack/target.ts';

/** The first visit to a page loads its remote: on a busy machine that alone can take a while. */
const ARRIVAL = { timeout: 30_000 };

/**
 * Holds the real API's requests to `method path` (path a pattern over the URL's path) until `release` is called,
 * then lets each through to the API as it was (and any later one at once). `held` resolves once one such request
 * has been made.
 */
async function holdApi(page: Page, method: string, path: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen!: () => void;
  const held = new Promise<void>((resolve) => (seen = resolve));
  const matcher = (url: URL) => {
    const apiPath = apiPathOf(url);
    return apiPath !== undefined && path.test(apiPath);
  };
  await page.route(matcher, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    seen();
    await released;
    await route.continue();
  });
  return { held, release };
}

test.describe('Loading texts', { tag: ['@shell', VIEWPORT_INDEPENDENT] }, () => {
  test(
    'All Artifacts shows its loading text until the collection arrives',
    { tag: '@catalogue', annotation: spec('Loading artifacts...') },
    async ({ page }) => {
      // Opened from another page: a visit's first page comes rendered on the server with its data (#53), so the
      // loading text shows when the browser asks for the collection itself.
      await page.goto('/about');
      const slow = await holdApi(page, 'GET', /^\/artifacts$/);
      await page.getByRole('link', { name: 'All Artifacts', exact: true }).first().click();
      await slow.held;
      await expect(page.getByRole('status').filter({ hasText: 'Loading artifacts...' })).toBeVisible(ARRIVAL);
      slow.release();
      await expect(page.getByText('Loading artifacts...')).toHaveCount(0);
      await expect(page.getByTestId('artifact-card').first()).toBeVisible();
    },
  );

  test(
    "a member's pages show their loading texts until the API answers",
    {
      tag: ['@account', '@catalogue', '@editor'],
      annotation: spec(
        'Loading your artifacts...',
        'Loading your liked artifacts...',
        'Loading artifact details...',
      ),
    },
    async ({ signedIn: page, member }) => {
      const owner = await api.createArtifact(member.idToken);
      const shell = new ShellPage(page);
      const fromMemberMenu = (item: string) => async () =>
        (await shell.openUserMenu()).getByRole('menuitem', { name: item }).click();

      // Each opened from another page: a visit's first page comes rendered on the server with its data (#53), so a
      // loading text shows when the browser asks the API itself.
      const pages = [
        {
          path: '/my-artifacts',
          open: fromMemberMenu('My Artifacts'),
          call: /^\/artifacts\/user\/me$/,
          loading: 'Loading your artifacts...',
          done: owner.name,
        },
        {
          path: '/liked-artifacts',
          open: fromMemberMenu('Liked Artifacts'),
          call: /^\/artifacts\/liked\/me$/,
          loading: 'Loading your liked artifacts...',
          done: "You haven't liked any artifacts yet.",
        },
        {
          path: `/artifact-details/${owner._id}`,
          open: () => page.getByRole('link', { name: `View Details: ${owner.name}`, exact: true }).click(),
          call: /^\/api\/artifacts\/[^/]+$/,
          loading: 'Loading artifact details...',
          done: owner.historicalContext,
        },
      ];
      await page.goto(`/all-artifacts?q=${encodeURIComponent(owner.name)}`);
      for (const { path, open, call, loading, done } of pages) {
        await test.step(path, async () => {
          if (path.startsWith('/artifact-details/'))
            await page.goto(`/all-artifacts?q=${encodeURIComponent(owner.name)}`);
          const slow = await holdApi(page, 'GET', call);
          await open();
          await slow.held;
          await expect(page.getByRole('status').filter({ hasText: loading })).toBeVisible(ARRIVAL);
          slow.release();
          await expect(page.getByText(loading)).toHaveCount(0);
          await expect(page.getByText(done, { exact: true }).first()).toBeVisible();
          await expect(page).toHaveURL(path);
        });
      }
    },
  );

  test(
    'Add and Update say what they are doing, disabled, while the API saves',
    { tag: '@editor', annotation: spec('Adding Artifact...', 'Updating...') },
    async ({ signedIn: page, member, shell }) => {
      const add = new AddArtifactPage(page);
      const input = sampleArtifact();
      await add.goto();
      await add.fill(input);
      let slow = await holdApi(page, 'POST', /^\/artifacts$/);
      await add.submit();
      await slow.held;
      await expect(add.submitButton).toHaveText('Adding Artifact...');
      await expect(add.submitButton).toBeDisabled();
      slow.release();
      await shell.expectToast(`Artifact "${input.name}" has been added successfully!`);
      await expect(page).toHaveURL('/my-artifacts');

      const [added] = (await api.listArtifacts()).filter((artifact) => artifact.adderEmail === member.email);
      const update = new UpdateArtifactPage(page);
      await update.goto(added!._id);
      await update.fill({ presentLocation: 'Ashmolean Museum, Oxford' });
      slow = await holdApi(page, 'PATCH', /^\/api\/artifacts\/[^/]+$/);
      await update.submit();
      await slow.held;
      await expect(update.submitButton).toHaveText('Updating...');
      await expect(update.submitButton).toBeDisabled();
      slow.release();
      await shell.expectToast('Artifact updated successfully!');
      await expect(page).toHaveURL('/my-artifacts');
    },
  );
});
