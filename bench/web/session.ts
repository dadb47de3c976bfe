/**
 * A signed-in member for cold loads: sign in once through the real login form in a throwaway context, keep its
 * storage (Firebase keeps the session in IndexedDB), and start every measured context from that storage. The
 * measured context then has the session but an empty HTTP cache.
 */
import type { Browser, BrowserContextOptions } from '@playwright/test';

export type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

export async function signedInStorage(
  browser: Browser,
  baseURL: string,
  { email, password }: { email: string; password: string },
): Promise<StorageState> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: /Account menu for/ }).waitFor({ timeout: 60_000 });
    return await context.storageState({ indexedDB: true });
  } finally {
    await context.close();
  }
}
