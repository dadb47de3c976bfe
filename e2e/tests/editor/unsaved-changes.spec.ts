/**
 * Issue #47, typed work kept: Add Artifact, Update Artifact and the profile form ask before a move inside the site
 * drops what the member typed (the kit's dialog: Stay / Leave), the browser asks before a reload or a closed tab,
 * and nothing asks after a save or with nothing changed.
 */
import type { Page } from '@playwright/test';
import { api, sampleArtifact } from '../../fixtures/api-client.ts';
import { expect, test } from '../../fixtures/test.ts';
import { ProfilePage } from '../../pages/account.ts';
import { AddArtifactPage, MyArtifactsPage, UpdateArtifactPage } from '../../pages/editor.ts';
import type { ShellPage } from '../../pages/shell.ts';

const leaveDialog = (page: Page) => page.getByRole('dialog').filter({ hasText: 'Leave this page?' });

/** Follows About in the navigation and meets the leave question; `answer` decides. */
async function leaveForAbout(page: Page, shell: ShellPage, answer: 'Stay' | 'Leave'): Promise<void> {
  await shell.navigate('About');
  const dialog = leaveDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your changes will be lost.');
  // The safe choice has focus, so Enter or Escape keeps the work.
  await expect(dialog.getByRole('button', { name: 'Stay' })).toBeFocused();
  await dialog.getByRole('button', { name: answer }).click();
  await expect(dialog).toHaveCount(0);
}

/** The browser's own prompt for a closed tab; dismissed, the page stays. */
async function expectBrowserPromptOnClose(page: Page): Promise<void> {
  const prompt = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await prompt;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  expect(page.isClosed()).toBe(false);
}

test.describe('Unsaved changes', { tag: ['@editor', '@catalogue'] }, () => {
  test('Add Artifact: Stay keeps what was typed, Leave goes; a closed tab asks the browser', async ({
    signedIn: page,
    shell,
  }) => {
    const add = new AddArtifactPage(page);
    await add.goto();
    // Nothing typed: nothing asks.
    await shell.navigate('About');
    await expect(page).toHaveURL('/about');
    await add.goto();

    await add.fill({ name: 'Half-typed amphora', presentLocation: 'Athens' });
    await leaveForAbout(page, shell, 'Stay');
    await expect(page).toHaveURL('/add-artifact');
    await expect(add.field('Artifact Name')).toHaveValue('Half-typed amphora');
    await expectBrowserPromptOnClose(page);

    await leaveForAbout(page, shell, 'Leave');
    await expect(page).toHaveURL('/about');
  });

  test('Add Artifact: a saved artifact goes on to My Artifacts without asking', async ({
    signedIn: page,
    shell,
  }) => {
    const add = new AddArtifactPage(page);
    const artifact = sampleArtifact({ type: 'Pottery' });
    await add.goto();
    await add.fill(artifact);
    await add.submit();
    await shell.expectToast(`Artifact "${artifact.name}" has been added successfully!`);
    await new MyArtifactsPage(page).expectOnly(artifact.name);
    await expect(leaveDialog(page)).toHaveCount(0);
  });

  test('Update Artifact: a change asks before leaving, the saved update does not', async ({
    signedIn: page,
    member,
    shell,
  }) => {
    const artifact = await api.createArtifact(member.idToken);
    const update = new UpdateArtifactPage(page);
    await update.goto(artifact._id);
    await update.fill({ presentLocation: 'The British Museum, Room 4' });
    await leaveForAbout(page, shell, 'Stay');
    await expect(update.field('Present Location')).toHaveValue('The British Museum, Room 4');

    await update.submit();
    await shell.expectToast('Artifact updated successfully!');
    await new MyArtifactsPage(page).expectLoaded();
    await expect(leaveDialog(page)).toHaveCount(0);
  });
});

test.describe('Unsaved changes on the profile', { tag: ['@account', '@catalogue'] }, () => {
  test('Edit Profile asks before leaving a changed name; saved, it does not', async ({
    signedIn: page,
    shell,
  }) => {
    const profile = new ProfilePage(page);
    await profile.goto();
    await profile.openEditMode();
    await profile.fillEditForm({ displayName: 'Gertrude Bell' });
    await leaveForAbout(page, shell, 'Stay');
    await expect(page).toHaveURL('/profile');
    await expect(page.getByLabel('Display Name')).toHaveValue('Gertrude Bell');

    await profile.save();
    await shell.expectToast('Profile updated successfully!');
    await shell.navigate('About');
    await expect(page).toHaveURL('/about');
    await expect(leaveDialog(page)).toHaveCount(0);
  });
});
