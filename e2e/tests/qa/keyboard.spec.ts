/**
 * Issue 8, keyboard: the navbar, the hamburger menu and the avatar dropdown work without a mouse, with visible
 * focus. (The delete dialog's keyboard journey lives with the editor's: e2e/tests/editor/delete-artifact.spec.ts.)
 */
import type { Locator, Page } from '@playwright/test';
import { api } from '../../fixtures/api-client.ts';
import { expect, test } from '../../fixtures/test.ts';
import { CataloguePage } from '../../pages/catalogue.ts';

/** Presses Tab until `target` has focus; fails if it is not reached within `max` presses. */
async function tabTo(page: Page, target: Locator, max = 25): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The focused element draws the kit's focus ring (an outline) or another visible indicator. */
async function expectVisibleFocus(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  const ring = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
      shadow: style.boxShadow !== 'none',
    };
  });
  expect(ring.outline || ring.shadow, 'a visible focus indicator').toBe(true);
}

test.describe('Keyboard', { tag: '@shell' }, () => {
  test(
    'the navbar links are reached with Tab, show focus and follow with Enter',
    { tag: '@catalogue' },
    async ({ page, shell }) => {
      test.skip(shell.isPhone, 'phones use the hamburger menu');
      await page.goto('/about');
      await expect(page).toHaveTitle('About - Heritage Vault');
      const link = page.getByRole('banner').getByRole('link', { name: 'All Artifacts', exact: true });
      await tabTo(page, link);
      await expectVisibleFocus(link);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL('/all-artifacts');
    },
  );

  test(
    'the hamburger menu opens, is walked with Tab, and closes with Escape or a link',
    { tag: '@catalogue' },
    async ({ page, shell }) => {
      test.skip(!shell.isPhone, 'the hamburger shows on small screens');
      await page.goto('/about');
      await expect(page).toHaveTitle('About - Heritage Vault');
      const hamburger = page.getByRole('button', { name: 'Open menu' });
      await tabTo(page, hamburger);
      await expectVisibleFocus(hamburger);

      await page.keyboard.press('Enter');
      const menu = page.locator('#mobile-menu');
      await expect(menu).toBeVisible();
      await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);

      await page.getByRole('button', { name: 'Open menu' }).focus();
      await page.keyboard.press('Enter');
      const contact = menu.getByRole('link', { name: 'Contact', exact: true });
      await tabTo(page, contact);
      await expectVisibleFocus(contact);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL('/contact');
      await expect(menu).toHaveCount(0);
    },
  );

  test(
    'the avatar dropdown opens with Enter, moves with arrows, closes with Escape and logs out',
    { tag: '@catalogue' },
    async ({ signedIn: page, shell }) => {
      const avatar = shell.avatarButton();
      await page.goto('/about');
      await expect(avatar).toBeVisible();
      await tabTo(page, avatar);
      await expectVisibleFocus(avatar);

      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: 'Account' });
      await expect(menu).toBeVisible();
      await expect(avatar).toHaveAttribute('aria-expanded', 'true');
      const items = menu.getByRole('menuitem');
      await expect(items.first()).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expectVisibleFocus(items.nth(1));
      await page.keyboard.press('ArrowUp');
      await expect(items.first()).toBeFocused();

      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await expect(avatar).toBeFocused();

      await page.keyboard.press('Enter');
      await expect(menu).toBeVisible();
      await page.keyboard.press('End');
      await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(avatar).toHaveCount(0);
    },
  );

  test(
    'Like pressed with Enter keeps focus on the vote buttons and announces the new count',
    { tag: '@catalogue' },
    async ({ signedIn: page, member, shell }) => {
      const artifact = await api.createArtifact(member.idToken);
      const catalogue = new CataloguePage(page);
      await catalogue.gotoDetails(artifact._id);
      await expect(catalogue.likes(0)).toBeVisible();
      await tabTo(page, catalogue.likeButton);
      await page.keyboard.press('Enter');
      await shell.expectToast('Artifact liked successfully!');
      await expect(catalogue.likeButton).toBeDisabled();
      // 'Liked' is disabled now: focus is on Dislike, the vote button still enabled, not on the page's body.
      await expectVisibleFocus(catalogue.dislikeButton);
      await expect(catalogue.likes(1)).toHaveAttribute('aria-live', 'polite');
      await page.keyboard.press('Enter');
      await shell.expectToast('Artifact disliked');
      await expect(catalogue.dislikeButton).toBeFocused();
      await expect(catalogue.likes(0)).toBeVisible();
    },
  );
});
