/**
 * Issue 8, accessibility: axe-core on every page, signed out and signed in, at both viewports (the desktop and
 * phone projects): no serious or critical violations.
 */
import type { Page } from '@playwright/test';
import { api } from '../../fixtures/api-client.ts';
import { axeReport } from '../../fixtures/axe.ts';
import { expect, test } from '../../fixtures/test.ts';

/** The first visit to a page loads its remote: on a busy machine that can take a while. */
const ARRIVAL = { timeout: 30_000 };

/** Waits until the page has its title, its data and no loading spinner, so axe sees what a visitor sees. */
async function openSettled(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveTitle(`${title} - Heritage Vault`, ARRIVAL);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible(ARRIVAL);
  await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0, ARRIVAL);
  await page.waitForLoadState('networkidle');
}

const SIGNED_OUT_PAGES = [
  { path: '/', title: 'Home' },
  { path: '/all-artifacts', title: 'All Artifacts' },
  { path: '/about', title: 'About' },
  { path: '/contact', title: 'Contact' },
  { path: '/login', title: 'Login' },
  { path: '/register', title: 'Register' },
  { path: '/no-such-page', title: 'Page Not Found' },
];

test.describe('Accessibility, signed out', () => {
  for (const { path, title } of SIGNED_OUT_PAGES) {
    test(`${title} (${path}) has no serious or critical axe violations`, async ({ page }) => {
      await openSettled(page, path, title);
      expect(await axeReport(page)).toBe('');
    });
  }
});

test.describe('Accessibility, signed in', () => {
  test('every member page has no serious or critical axe violations', async ({ signedIn: page, member }) => {
    const seeded = (await api.listArtifacts()).find((artifact) => artifact.adderEmail === 'curators@heritagevault.org');
    expect(seeded, 'the API seeds starter artifacts').toBeDefined();
    const own = await api.createArtifact(member.idToken);

    const pages = [
      { path: '/add-artifact', title: 'Add Artifact' },
      { path: '/my-artifacts', title: 'My Artifacts' },
      { path: '/liked-artifacts', title: 'Liked Artifacts' },
      { path: '/profile', title: 'Profile' },
      // The details page titles itself with the artifact's name once it has loaded.
      { path: `/artifact-details/${seeded!._id}`, title: seeded!.name },
      { path: `/update-artifact/${own._id}`, title: 'Update Artifact' },
    ];
    // One sign-in for all six pages keeps the journey fast; each page is its own step in the report and a
    // failing one does not hide the others.
    for (const { path, title } of pages) {
      await test.step(`${title} (${path})`, async () => {
        await openSettled(page, path, title);
        expect.soft(await axeReport(page)).toBe('');
      });
    }
  });
});
