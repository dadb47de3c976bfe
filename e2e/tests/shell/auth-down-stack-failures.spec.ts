/**
 * Issue 8, the Auth Emulator down: signing in says in plain words that the sign-in service cannot be reached, and
 * the public pages keep working. It stops the real emulator (so it runs in 'stack-failures'); restarting it drops
 * every account it held, so this journey and every one after it in that project use members made after the restart
 * (the `member` and `signedIn` fixtures make a new one per test).
 */
import { createAccount } from '../../fixtures/identity.ts';
import { startServer, stopServer } from '../../fixtures/stack-control.ts';
import { expect, test } from '../../fixtures/test.ts';
import { CataloguePage } from '../../pages/catalogue.ts';

// The emulator takes 3 s to start on an idle machine and far longer on a busy one (startServer allows it four minutes).
test.describe.configure({ timeout: 300_000 });

test(
  'with the Auth Emulator down, sign-in shows a readable network error and the public pages still work',
  { tag: ['@shell', '@catalogue'] },
  async ({ page, shell, member }) => {
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(error.message));
    const signInButton = page.getByRole('button', { name: 'Sign in', exact: true });

    await stopServer('auth');
    try {
      await page.goto('/login');
      await shell.fillLogin(member.email, member.password);
      await signInButton.click();
      await shell.expectToast('Could not reach the sign-in service. Check your connection and try again.');
      await expect(page).toHaveURL('/login');
      await expect(signInButton).toBeEnabled();
      await expect(shell.avatarButton()).toHaveCount(0);

      // The public pages need the API, not the identity provider: each loads in full, from a fresh start.
      const catalogue = new CataloguePage(page);
      await page.goto('/');
      await expect(
        page.getByRole('list', { name: 'Featured Artifacts' }).getByTestId('artifact-card').first(),
      ).toBeVisible();
      await page.goto('/all-artifacts');
      await expect(catalogue.cards.first()).toBeVisible();
      await page.goto('/about');
      await expect(page.getByRole('heading', { level: 1, name: 'About Heritage Vault' })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    } finally {
      await startServer('auth');
    }

    // Signing in works again, for an account made after the restart (the emulator has forgotten the others).
    const fresh = await createAccount();
    await shell.login(fresh.email, fresh.password);
    await shell.expectToast('Successfully logged in!');
    expect(uncaught).toEqual([]);
  },
);
