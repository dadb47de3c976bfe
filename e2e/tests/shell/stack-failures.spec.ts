/**
 * Failure modes of the federated site: a remote that is down, a remote redeployed while the shell runs. These
 * journeys stop and rebuild real servers, so they run last and one at a time (project 'stack-failures').
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../../fixtures/test.ts';
import { startServer, stopServer } from '../../fixtures/stack-control.ts';
import { ROOT } from '../../stack/stack.ts';

test.describe.configure({ mode: 'serial' });

test('a remote that is down takes down only its own routes, and Retry recovers it', async ({ signedIn: page, shell }) => {
  await stopServer('mf_account');
  try {
    await page.goto('/liked-artifacts');
    const fallback = page.getByTestId('remote-unavailable');
    await expect(fallback).toBeVisible();
    await expect(fallback).toContainText('This section is unavailable');
    await expect(fallback).toContainText('account');
    // The layout and the other remotes keep working.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await shell.navigate('About');
    await expect(page.getByRole('heading', { level: 1, name: 'About Heritage Vault' })).toBeVisible();
    await page.goBack();
    await expect(page.getByTestId('remote-unavailable')).toBeVisible();
  } finally {
    await startServer('mf_account');
  }
  // Retry loads the remote again, without reloading the page: the navigation entry stays the same document.
  const marker = await page.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = Math.random()));
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Your Liked Artifacts' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __noReload: number }).__noReload)).toBe(marker);
});

test('a remote redeployed while the shell keeps running shows its change on reload', async ({ page }) => {
  const remoteDir = join(ROOT, 'mf-catalogue');
  const served = join(remoteDir, 'dist');
  const previous = join(remoteDir, 'dist-before-redeploy');
  // Build a changed copy of the remote beside the real one (same relative paths), never touching its sources.
  const copy = mkdtempSync(join(ROOT, '.redeploy-'));
  const newDist = join(copy, 'dist');
  const stamp = `Redeployed ${Date.now()}`;
  try {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Heritage Vault' })).toBeVisible();
    await expect(page.getByText(stamp)).toHaveCount(0);

    for (const entry of ['src', 'index.html', 'package.json', 'tsconfig.json', 'vite.config.ts']) {
      cpSync(join(remoteDir, entry), join(copy, entry), { recursive: true });
    }
    symlinkSync(join(remoteDir, 'node_modules'), join(copy, 'node_modules'));
    const aboutPage = join(copy, 'src', 'pages', 'about', 'about-page.tsx');
    const source = readFileSync(aboutPage, 'utf8');
    const changed = source.replace(/(<PageContainer[^>]*>)/, `$1<p>${stamp}</p>`);
    expect(changed).not.toBe(source);
    writeFileSync(aboutPage, changed);
    execFileSync(process.execPath, [join(remoteDir, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
      cwd: copy,
      stdio: 'ignore',
    });

    // Deploy: swap the served folder; the shell is neither rebuilt nor restarted.
    renameSync(served, previous);
    renameSync(newDist, served);
    await page.reload();
    await expect(page.getByText(stamp)).toBeVisible();
  } finally {
    if (existsSync(previous)) {
      rmSync(served, { recursive: true, force: true });
      renameSync(previous, served);
    }
    rmSync(copy, { recursive: true, force: true });
  }
});
