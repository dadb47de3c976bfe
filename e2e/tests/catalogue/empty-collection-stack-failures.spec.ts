/**
 * The empty states of an empty collection: Home's Featured Artifacts and All Artifacts when the API's database has
 * no artifact at all. The real API is restarted on a fresh, unseeded database, then back on the journeys' own, so
 * this runs in the 'stack-failures' project, on the stack of its own. The pages are shot for the page
 * gallery at both widths.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { shoot } from '../../fixtures/page-shots.ts';
import { startServer, stopServer } from '../../fixtures/stack-control.ts';
import { expect, spec, test } from '../../fixtures/test.ts';
import { currentStack, runtimeDirOf } from '../../stack/journey-stacks.ts';

/** Restarts the API on a database of its own with no starter collection. */
async function startApiOnEmptyDatabase(): Promise<void> {
  const emptyDatabase = join(runtimeDirOf(currentStack()), 'pglite-empty');
  await stopServer('api');
  rmSync(emptyDatabase, { recursive: true, force: true });
  rmSync(`${emptyDatabase}.lock`, { force: true });
  await startServer('api', { PGLITE_DATA_DIR: emptyDatabase, SEED_STARTER: 'false' });
}

/** Back on the journeys' database, with everything the other journeys added. */
async function restoreApi(): Promise<void> {
  await stopServer('api');
  await startServer('api');
}

test(
  'an empty collection: Home and All Artifacts say so, at both widths',
  {
    tag: '@catalogue',
    annotation: spec('No featured artifacts available yet.', 'No artifacts found. Be the first to add one!'),
  },
  async ({ page, browser }, testInfo) => {
    test.setTimeout(240_000);
    await startApiOnEmptyDatabase();
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      for (const tab of [page, await phone.newPage()]) {
        await tab.goto('/');
        await expect(tab.getByText('No featured artifacts available yet.')).toBeVisible({ timeout: 30_000 });
        await expect(tab.getByRole('list', { name: 'Featured Artifacts' })).toHaveCount(0);
        await shoot(tab, testInfo, 'home-empty');

        await tab.goto('/all-artifacts');
        await expect(tab.getByText('No artifacts found. Be the first to add one!')).toBeVisible({
          timeout: 30_000,
        });
        await expect(tab.getByTestId('artifact-card')).toHaveCount(0);
        await shoot(tab, testInfo, 'all-artifacts-empty');
      }
    } finally {
      await phone.close();
      await restoreApi();
    }
    // The journeys' collection is back.
    await page.goto('/all-artifacts');
    await expect(page.getByTestId('artifact-card').first()).toBeVisible();
  },
);
