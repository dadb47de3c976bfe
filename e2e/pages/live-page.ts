import { expect, type Page } from '@playwright/test';

/**
 * Waits for the live page (the shell marks the document once its app has committed: main.tsx). A page rendered on
 * the server is on screen before its code has hydrated it: a click or typing before then would reach no handler.
 */
export async function expectLivePage(page: Page, options?: { timeout?: number }): Promise<void> {
  await expect(page.locator('html[data-live]')).toHaveCount(1, options);
}
