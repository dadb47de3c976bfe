/** The Auth Emulator's stand-in for Google's account chooser, served in the sign-in popup. */
import type { Page } from '@playwright/test';

export async function chooseNewGoogleAccount(popup: Page, account: { email: string; displayName: string }) {
  await popup.waitForLoadState();
  await popup.locator('#add-account-button').click();
  await popup.locator('#email-input').fill(account.email);
  await popup.locator('#display-name-input').fill(account.displayName);
  await popup.locator('#sign-in').click();
}
