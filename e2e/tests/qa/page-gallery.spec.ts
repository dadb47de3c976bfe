/**
 * Issue 8, the page gallery and accessibility: every route of the site, signed out and signed in, with its menus,
 * dialogs, form errors and empty states, settled and shot full-page at this project's viewport (desktop and
 * phone). The shots are attached to the HTML report and copied to e2e/playwright-report/pages/<viewport>/<name>.jpg.
 * Each page's document title is checked on the way, and every route's page passes axe-core with no serious or
 * critical violation, signed out and signed in, at both viewports.
 */
import type { Page, TestInfo } from '@playwright/test';
import { api } from '../../fixtures/api-client.ts';
import { axeReport } from '../../fixtures/axe-report.ts';
import { settle, shoot } from '../../fixtures/page-shots.ts';
import { expect, spec, test } from '../../fixtures/test.ts';
import { ShellPage } from '../../pages/shell.ts';

/** The first visit to a page loads its remote: on a busy machine that alone can take a while. */
const ARRIVAL = { timeout: 30_000 };

async function open(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveTitle(title, ARRIVAL);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible(ARRIVAL);
}

/**
 * A route's page as a visitor sees it: settled, checked by axe (a failing page does not hide the others), shot.
 * All Artifacts as it arrives, with its first page of results: the whole collection grows with every journey.
 */
async function inspect(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const settled = await settle(page, {
    loadMore: !new URL(page.url()).pathname.startsWith('/all-artifacts'),
  });
  expect.soft(await axeReport(page), `axe on ${name}`).toBe('');
  await shoot(page, testInfo, name, { settled });
}

test.describe('Page gallery, signed out', { tag: '@shell' }, () => {
  // `route`: the route of the spec's section 2 the page is, which it covers with its document title.
  for (const { name, path, title, route } of [
    { name: 'home', path: '/', title: 'Home - Heritage Vault', route: '/' },
    {
      name: 'all-artifacts',
      path: '/all-artifacts',
      title: 'All Artifacts - Heritage Vault',
      route: '/all-artifacts',
    },
    {
      name: 'all-artifacts-search',
      path: '/all-artifacts?q=bronze',
      title: 'All Artifacts - Heritage Vault',
    },
    {
      // A type and a sort besides the search: the count names the type, and Clear filters shows.
      name: 'all-artifacts-filtered',
      path: '/all-artifacts?q=bronze&type=Weapons&sort=name',
      title: 'All Artifacts - Heritage Vault',
    },
    {
      name: 'all-artifacts-no-results',
      path: '/all-artifacts?q=no-such-artifact-anywhere',
      title: 'All Artifacts - Heritage Vault',
    },
    { name: 'about', path: '/about', title: 'About - Heritage Vault', route: '/about' },
    { name: 'contact', path: '/contact', title: 'Contact - Heritage Vault', route: '/contact' },
    { name: 'login', path: '/login', title: 'Login - Heritage Vault', route: '/login' },
    { name: 'register', path: '/register', title: 'Register - Heritage Vault', route: '/register' },
    {
      name: 'not-found',
      path: '/no-such-page',
      title: 'Page Not Found - Heritage Vault',
      route: 'any other path',
    },
  ]) {
    const annotation = route ? spec(route, `document title of ${route}`) : [];
    test(`${name} (${path})`, { tag: '@catalogue', annotation }, async ({ page }, testInfo) => {
      await open(page, path, title);
      await inspect(page, testInfo, name);
    });
  }

  test(
    'forms with their messages, and the phone menu',
    { tag: '@catalogue' },
    async ({ page, shell }, testInfo) => {
      await open(page, '/contact', 'Contact - Heritage Vault');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(shell.errorSummary.getByRole('link', { name: 'Name is required' })).toBeVisible();
      await shoot(page, testInfo, 'contact-errors');

      await open(page, '/register', 'Register - Heritage Vault');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(shell.errorSummary.getByRole('link', { name: 'Full name is required' })).toBeVisible();
      await shoot(page, testInfo, 'register-errors');

      if (shell.isPhone) {
        await open(page, '/about', 'About - Heritage Vault');
        const settled = await settle(page);
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.locator('#mobile-menu')).toBeVisible();
        await shoot(page, testInfo, 'menu-open', { settled, fullPage: false });
      }
    },
  );
});

test.describe('Page gallery, signed in', { tag: '@shell' }, () => {
  test(
    'every member page, with a contributed artifact and a liked one',
    {
      tag: ['@account', '@catalogue', '@editor'],
      annotation: spec(
        '/add-artifact',
        '/profile',
        '/my-artifacts',
        '/liked-artifacts',
        '/artifact-details/{id}',
        '/update-artifact/{id}',
        'document title of /add-artifact',
        'document title of /profile',
        'document title of /my-artifacts',
        'document title of /liked-artifacts',
        'document title of /artifact-details/{id}',
        'document title of /update-artifact/{id}',
      ),
    },
    async ({ signedIn: page, member }, testInfo) => {
      // Seven pages, each settled, checked and shot: longer than one journey's usual minute.
      test.setTimeout(180_000);
      const starters = await api.starterArtifacts();
      const [liked] = starters;
      expect(liked, 'the API seeds starter artifacts').toBeDefined();
      await api.like(member.idToken, liked!._id);
      // Its image URL does not exist: the card shows the kit's fallback picture.
      const own = await api.createArtifact(member.idToken, { name: 'Bronze Astrolabe', type: 'Tools' });

      for (const { name, path, title } of [
        { name: 'home-signed-in', path: '/', title: 'Home - Heritage Vault' },
        { name: 'add-artifact', path: '/add-artifact', title: 'Add Artifact - Heritage Vault' },
        { name: 'profile', path: '/profile', title: 'Profile - Heritage Vault' },
        { name: 'my-artifacts', path: '/my-artifacts', title: 'My Artifacts - Heritage Vault' },
        { name: 'liked-artifacts', path: '/liked-artifacts', title: 'Liked Artifacts - Heritage Vault' },
        {
          name: 'artifact-details',
          path: `/artifact-details/${liked!._id}`,
          title: `${liked!.name} - Heritage Vault`,
        },
        {
          name: 'update-artifact',
          path: `/update-artifact/${own._id}`,
          title: 'Update Artifact - Heritage Vault',
        },
      ]) {
        await test.step(name, async () => {
          await open(page, path, title);
          await inspect(page, testInfo, name);
        });
      }
    },
  );

  test(
    'member forms, dialogs and menus',
    { tag: ['@account', '@catalogue', '@editor'] },
    async ({ signedIn: page, member }, testInfo) => {
      const shell = new ShellPage(page);
      const own = await api.createArtifact(member.idToken, { name: 'Bronze Astrolabe', type: 'Tools' });

      await test.step('add-artifact-errors', async () => {
        await open(page, '/add-artifact', 'Add Artifact - Heritage Vault');
        await page.getByRole('button', { name: 'Add Artifact', exact: true }).click();
        await expect(
          shell.errorSummary.getByRole('link', { name: 'Artifact Name is required' }),
        ).toBeVisible();
        await shoot(page, testInfo, 'add-artifact-errors');
      });

      await test.step('profile-edit', async () => {
        await open(page, '/profile', 'Profile - Heritage Vault');
        await page.getByRole('button', { name: 'Edit Profile' }).click();
        await expect(page.getByLabel('Display Name')).toBeFocused();
        await shoot(page, testInfo, 'profile-edit');
      });

      await test.step('profile-close-account-dialog', async () => {
        await open(page, '/profile', 'Profile - Heritage Vault');
        const settled = await settle(page);
        const zone = page.getByRole('region', { name: 'Danger zone' });
        await zone.scrollIntoViewIfNeeded();
        await shoot(page, testInfo, 'profile-danger-zone', { settled, fullPage: false });
        await zone.getByRole('button', { name: 'Close my account' }).click();
        await expect(page.getByRole('dialog')).toContainText('Close your account?');
        expect.soft(await axeReport(page), 'axe on the closing dialog').toBe('');
        await shoot(page, testInfo, 'profile-close-account-dialog', { settled, fullPage: false });
        await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      });

      await test.step('my-artifacts-delete-dialog', async () => {
        await open(page, '/my-artifacts', 'My Artifacts - Heritage Vault');
        const settled = await settle(page);
        await page.getByRole('button', { name: `Delete ${own.name}` }).click();
        await expect(page.getByRole('dialog')).toContainText('Are you sure?');
        expect.soft(await axeReport(page), 'axe on the delete dialog').toBe('');
        await shoot(page, testInfo, 'my-artifacts-delete-dialog', { settled, fullPage: false });
        await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      });

      await test.step('user-menu-open', async () => {
        await open(page, '/about', 'About - Heritage Vault');
        const settled = await settle(page);
        await shell.openUserMenu();
        await shoot(page, testInfo, 'user-menu-open', { settled, fullPage: false });
      });
    },
  );

  test(
    "a new member's empty pages",
    { tag: ['@account', '@editor'] },
    async ({ signedIn: page }, testInfo) => {
      for (const { name, path, title, empty } of [
        {
          name: 'my-artifacts-empty',
          path: '/my-artifacts',
          title: 'My Artifacts - Heritage Vault',
          empty: 'No Artifacts Added Yet',
        },
        {
          name: 'liked-artifacts-empty',
          path: '/liked-artifacts',
          title: 'Liked Artifacts - Heritage Vault',
          empty: "You haven't liked any artifacts yet.",
        },
      ]) {
        await test.step(name, async () => {
          await open(page, path, title);
          await expect(page.getByText(empty)).toBeVisible();
          await shoot(page, testInfo, name);
        });
      }
    },
  );
});
