/** Featured Artifacts while the API is down and after it comes back (stops a real server: runs in 'stack-failures'). */
import { expect, test } from '../../fixtures/test.ts';
import { startServer, stopServer } from '../../fixtures/stack-control.ts';

test('Featured Artifacts: the error toast while the API is down, and Try Again once it is back', async ({ page, shell }) => {
  await stopServer('api');
  try {
    await page.goto('/');
    await shell.expectToast('Failed to fetch featured artifacts');
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
    // The rest of the page does not depend on the API.
    await expect(page.getByRole('heading', { level: 2, name: 'Why Choose Heritage Vault?' })).toBeVisible();
  } finally {
    await startServer('api');
  }
  await page.getByRole('button', { name: 'Try Again' }).click();
  const featured = page.getByRole('list', { name: 'Featured Artifacts' });
  await expect(featured.getByTestId('artifact-card').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
});
