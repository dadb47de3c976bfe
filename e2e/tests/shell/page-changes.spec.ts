/**
 * Issue #55 item 4, navigation every member can follow, by keyboard only and at both widths: Skip to content, a page
 * change that moves focus to the new page's h1 and announces its title, Dislike reachable before a like and saying
 * why, and toasts that cover no heading and are still announced.
 */
import type { Locator, Page } from '@playwright/test';
import { api } from '../../fixtures/api-client.ts';
import { expect, test } from '../../fixtures/test.ts';
import { CataloguePage } from '../../pages/catalogue.ts';
import { expectLivePage } from '../../pages/live-page.ts';

/** The layout's one polite live region that says which page has arrived. */
const pageAnnouncer = (page: Page) => page.locator('[aria-live="polite"][aria-atomic="true"]:not([role])');

/** Presses Tab until `target` has focus; fails if it is not reached within `max` presses. */
async function tabTo(page: Page, target: Locator, max = 25): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/**
 * The page's title (its h1) when the toast's box overlaps it (none expected). A toast at the bottom may pass over a
 * heading further down a long page for its 2 to 4 seconds; the page's title, where the member's eyes are on arrival,
 * it never covers.
 */
async function headingsUnder(page: Page, toast: Locator): Promise<string[]> {
  const box = (await toast.boundingBox())!;
  return page.locator('main h1').evaluateAll(
    (headings, t) =>
      headings
        .filter((heading) => {
          const r = heading.getBoundingClientRect();
          if (r.width === 0 || r.height === 0 || heading.closest('[inert]')) return false;
          return r.left < t.x + t.width && t.x < r.right && r.top < t.y + t.height && t.y < r.bottom;
        })
        .map((heading) => heading.textContent ?? ''),
    box,
  );
}

test.describe('Page changes and toasts, by keyboard', { tag: ['@shell', '@catalogue'] }, () => {
  test('Skip to content, then a followed link moves focus to the new h1 and announces its title; Back too', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Heritage Vault' })).toBeAttached();
    // The server's page is on screen before it is live: the keyboard waits for the live page, and for the carousel,
    // which takes the first slide's place once loaded.
    await expectLivePage(page);
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();

    // The first thing in the page: the current slide's Explore Collection.
    await page.keyboard.press('Tab');
    const explore = page.getByRole('link', { name: 'Explore Collection' }).first();
    await expect(explore).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/all-artifacts');
    await expect(page.getByRole('heading', { level: 1, name: 'All Artifacts' })).toBeFocused();
    await expect(pageAnnouncer(page)).toHaveText('All Artifacts - Heritage Vault');
    // Tab goes on from the page's top, into the page.
    await page.keyboard.press('Tab');
    await expect(new CataloguePage(page).searchBox).toBeFocused();

    // The browser's Back (Alt+Left does not leave a focused text box).
    await page.goBack();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Heritage Vault' })).toBeFocused();
    await expect(pageAnnouncer(page)).toHaveText('Home - Heritage Vault');
  });

  test(
    "a protected page's login toast sits clear of the Login page's headings and is announced",
    { tag: '@account' },
    async ({ page, shell }) => {
      await page.goto('/profile');
      await expect(page).toHaveURL(/\/login/);
      const toast = shell.toast('Please login to access your profile').first();
      await expect(toast).toBeVisible();
      await expect(toast).toHaveAttribute('aria-live', 'polite');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await headingsUnder(page, toast)).toEqual([]);
    },
  );

  test("Contact's toast, sent by keyboard, covers no heading", async ({ page, shell }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.org');
    await page.getByLabel('Subject').fill('A correction');
    await page.getByLabel('Message').fill('The astrolabe dates from 1200 AD.');
    await page.getByLabel('Message').press('Tab');
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeFocused();
    await page.keyboard.press('Enter');
    const toast = shell.toast('Message sent successfully! We will get back to you soon.').first();
    await expect(toast).toBeVisible();
    // The page's title, where the toast used to sit.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await headingsUnder(page, toast)).toEqual([]);
  });

  test("Dislike before a like is reached with Tab, and Enter says why, with the page's heading clear", async ({
    signedIn: page,
    member,
    shell,
  }) => {
    const artifact = await api.createArtifact(member.idToken, { name: 'Keyboard lyre' });
    const catalogue = new CataloguePage(page);
    await catalogue.gotoDetails(artifact._id);
    await expect(catalogue.likes(0)).toBeVisible();
    await tabTo(page, catalogue.dislikeButton);
    await expect(catalogue.dislikeButton).toHaveAttribute('aria-disabled', 'true');
    await expect(catalogue.dislikeButton).toHaveAccessibleDescription(
      'Like this artifact first: only an artifact you liked can be disliked.',
    );
    await page.keyboard.press('Enter');
    const toast = shell
      .toast('Like this artifact first: only an artifact you liked can be disliked.')
      .first();
    await expect(toast).toBeVisible();
    expect(await headingsUnder(page, toast)).toEqual([]);
    await expect(catalogue.likes(0)).toBeVisible();
    expect((await api.getArtifact(artifact._id)).likeCount).toBe(0);
  });
});
