import { SHARED_SINGLETONS as SINGLETONS } from 'site-config/apps';
import { expect, spec, test, VIEWPORT_INDEPENDENT } from '../../fixtures/test.ts';

test.describe('the shell and its remotes', { tag: '@shell' }, () => {
  test(
    'moves between pages of every remote and back, with titles and the active link',
    { tag: ['@account', '@catalogue', '@editor'], annotation: spec('Your Liked Artifacts') },
    async ({ signedIn: page, shell }) => {
      await page.goto('/');
      await expect(page).toHaveTitle('Home - Heritage Vault');

      await shell.navigate('About');
      await expect(page).toHaveURL('/about');
      await expect(page.getByRole('heading', { level: 1, name: 'About Heritage Vault' })).toBeVisible();
      await expect(page).toHaveTitle('About - Heritage Vault');
      if (!shell.isPhone) {
        await expect(page.getByRole('banner').getByRole('link', { name: 'About', exact: true })).toHaveClass(
          /active/,
        );
      }

      const menu = await shell.openUserMenu();
      await menu.getByRole('menuitem', { name: 'My Artifacts' }).click();
      await expect(page.getByRole('heading', { name: 'My Artifacts Collection' })).toBeVisible();
      await expect(page).toHaveTitle('My Artifacts - Heritage Vault');

      await (await shell.openUserMenu()).getByRole('menuitem', { name: 'Liked Artifacts' }).click();
      await expect(page.getByRole('heading', { name: 'Your Liked Artifacts' })).toBeVisible();

      await page.goBack();
      await expect(page.getByRole('heading', { name: 'My Artifacts Collection' })).toBeVisible();
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: 'About Heritage Vault' })).toBeVisible();
    },
  );

  test(
    'shows the Not found page for unknown paths, with a way home',
    { tag: '@catalogue', annotation: spec('Page Not Found') },
    async ({ page }) => {
      await page.goto('/no-such-page/at-all');
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
      await expect(page).toHaveTitle('Page Not Found - Heritage Vault');
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await expect(page).toHaveURL('/');
    },
  );

  test(
    'footer has the brand, tagline, quick links and this year, and no links to social accounts the product does not have',
    { tag: '@catalogue' },
    async ({ page }) => {
      await page.goto('/about');
      // The footer shows while the page's remote still loads; the page arriving then moves it down the screen, and a
      // click at that moment lands on the page instead. A visitor reaches the footer once the page is there.
      await expect(page.getByRole('heading', { level: 1, name: 'About Heritage Vault' })).toBeVisible();
      const footer = page.getByRole('contentinfo');
      await expect(footer).toContainText('Preserving history one artifact at a time');
      for (const label of ['Browse Artifacts', 'Add Artifact', 'Liked Artifacts']) {
        await expect(footer.getByRole('link', { name: label })).toBeVisible();
      }
      // The brand's link home and the three quick links: the spec's placeholder social links are gone (README).
      await expect(footer.getByRole('link')).toHaveCount(4);
      await expect(footer.locator('a[href="#"]')).toHaveCount(0);
      await expect(footer).toContainText(`© ${new Date().getFullYear()} Heritage Vault`);
      await footer.getByRole('link', { name: 'Browse Artifacts' }).click();
      await expect(page).toHaveURL('/all-artifacts');
    },
  );

  test('the navigation bar turns solid once the page scrolls', { tag: '@catalogue' }, async ({ page }) => {
    await page.goto('/about');
    const bar = page.getByRole('banner');
    await expect(bar).toHaveAttribute('data-scrolled', 'false');
    await page.mouse.wheel(0, 600);
    await expect(bar).toHaveAttribute('data-scrolled', 'true');
    await expect(bar).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  });
});

test.describe(
  'one React, one styled-components, one store, one toast area',
  { tag: ['@shell', VIEWPORT_INDEPENDENT] },
  () => {
    test(
      'remotes reuse the shell singletons: no duplicate-instance warnings, shared store and toasts',
      { tag: ['@catalogue', '@editor'] },
      async ({ signedIn: page, member, shell }) => {
        const warnings: string[] = [];
        page.on('console', (message) => {
          const text = message.text();
          if (/several instances|Invalid hook call|more than one copy of React/i.test(text))
            warnings.push(text);
        });

        // The shell wrote the signed-in member into the store; the editor remote reads the same store.
        await page.goto('/add-artifact');
        await expect(page.getByLabel(/Adder Email/)).toHaveValue(member.email);
        await expect(page.getByLabel(/Adder Name/)).toHaveValue(member.displayName);

        // A toast fired inside the catalogue remote shows in the shell's single toast area.
        await page.goto('/contact');
        await page.getByLabel('Name').fill('Grace Hopper');
        await page.getByLabel('Email').fill('grace@heritage.test');
        await page.getByLabel('Subject').fill('A question');
        await page.getByLabel('Message').fill('How do I document a family heirloom?');
        await page.getByRole('button', { name: 'Send Message' }).click();
        await shell.expectToast('Message sent successfully! We will get back to you soon.');
        await expect(
          page.locator('[role="status"]').filter({ hasText: 'Message sent successfully!' }),
        ).toHaveCount(1);

        // Back to the editor without reloading, so both remotes live in this one document.
        await shell.navigate('Add Artifact');
        await expect(page.getByLabel(/Adder Email/)).toHaveValue(member.email);

        // Every singleton the remotes use is the shell's own copy: one provider per package in every federation instance.
        const providers = await page.evaluate(() => {
          type Share = Record<string, Record<string, Record<string, Record<string, { from: string }>>>>;
          const share = (window as unknown as { __FEDERATION__: { __SHARE__: Share } }).__FEDERATION__
            .__SHARE__;
          const byPackage: Record<string, string[]> = {};
          for (const [instance, scopes] of Object.entries(share)) {
            for (const packages of Object.values(scopes)) {
              for (const [name, versions] of Object.entries(packages)) {
                for (const entry of Object.values(versions))
                  (byPackage[name] ??= []).push(`${instance}<-${entry.from}`);
              }
            }
          }
          return byPackage;
        });
        for (const name of SINGLETONS) {
          expect(providers[name], name).toBeDefined();
          expect(new Set(providers[name]!.map((p) => p.split('<-')[1])), name).toEqual(new Set(['shell']));
        }
        // The catalogue and the editor have both registered, and they reuse the shell's copies.
        expect(providers.react!.map((p) => p.split('<-')[0])).toEqual(
          expect.arrayContaining(['shell', 'mf_catalogue', 'mf_artifact_editor']),
        );
        expect(warnings).toEqual([]);
      },
    );
  },
);

test.describe('one router for the shell and its remotes', { tag: ['@shell', VIEWPORT_INDEPENDENT] }, () => {
  test(
    "a link inside a remote's page moves the shell's router: its active link follows, with no reload",
    { tag: '@catalogue' },
    async ({ page }) => {
      await page.goto('/');
      const nav = page.getByRole('banner');
      await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      // Marks this document: a full page load would lose it.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));

      // 'View All' is rendered by mf-catalogue's Home; the navigation bar is the shell's.
      await page.getByRole('main').getByRole('link', { name: 'View All' }).click();
      await expect(page).toHaveURL('/all-artifacts');
      await expect(page.getByRole('heading', { level: 1, name: 'All Artifacts' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'All Artifacts', exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(nav.getByRole('link', { name: 'Home', exact: true })).not.toHaveAttribute(
        'aria-current',
        'page',
      );

      await page.goBack();
      await expect(page).toHaveURL('/');
      await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    },
  );
});
