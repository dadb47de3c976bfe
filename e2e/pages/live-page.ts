import { expect, type Page } from '@playwright/test';

/**
 * Waits for the live page. A page drawn with data first shows the head start's picture of it, inert until the page's
 * code replaces it: clicks and typing wait for the live page on their own, but focus(), a read or a scroll in the
 * picture would act on elements gone a moment later.
 */
export async function expectLivePage(page: Page, options?: { timeout?: number }): Promise<void> {
  await expect(page.locator('#root[inert]')).toHaveCount(0, options);
}
