import { api } from '../../fixtures/api-client.ts';
import { signIn } from '../../fixtures/identity.ts';
import { expect, spec, test, VIEWPORT_INDEPENDENT } from '../../fixtures/test.ts';
import { MyArtifactsPage } from '../../pages/editor.ts';

test.describe('Delete from My Artifacts', { tag: '@editor' }, () => {
  test(
    'cancel keeps the artifact; confirm deletes it for good',
    {
      annotation: spec(
        'Are you sure?',
        'Do you want to delete "{name}"? This action cannot be undone.',
        'Yes, delete it!',
        'Deleted!',
        'Your artifact has been deleted.',
      ),
    },
    async ({ signedIn: page, member }) => {
      const token = await signIn(member.email, member.password);
      const kept = await api.createArtifact(token);
      const doomed = await api.createArtifact(token);
      const mine = new MyArtifactsPage(page);
      await mine.goto();
      await expect(page.getByTestId('artifact-card')).toHaveCount(2);

      // Cancel with the button: nothing changes, focus is back on Delete.
      await mine.deleteButton(doomed.name).click();
      await mine.expectConfirmFor(doomed.name);
      await mine.dialogButton('Cancel').click();
      await expect(mine.dialog).toHaveCount(0);
      await expect(mine.card(doomed.name)).toBeVisible();
      await expect(mine.deleteButton(doomed.name)).toBeFocused();

      // Confirm: the success dialog, then the card is gone, here and after a reload.
      await mine.deleteButton(doomed.name).click();
      await mine.expectConfirmFor(doomed.name);
      await mine.dialogButton('Yes, delete it!').click();
      await expect(mine.dialog).toContainText('Deleted!');
      await expect(mine.dialog).toContainText('Your artifact has been deleted.');
      await mine.dialogButton('OK').click();
      await expect(mine.card(doomed.name)).toHaveCount(0);
      await expect(mine.card(kept.name)).toBeVisible();
      await expect(page.getByText('You have added 1 artifact to the vault.')).toBeFocused();

      await page.reload();
      await mine.expectLoaded();
      await expect(mine.card(kept.name)).toBeVisible();
      await expect(mine.card(doomed.name)).toHaveCount(0);
      await expect(api.getArtifact(doomed._id)).rejects.toThrow(/404/);
    },
  );

  test(
    "an artifact already deleted elsewhere gets the 'Error!' dialog",
    { tag: VIEWPORT_INDEPENDENT, annotation: spec('Error!', 'Failed to delete artifact') },
    async ({ signedIn: page, member }) => {
      const token = await signIn(member.email, member.password);
      const artifact = await api.createArtifact(token);
      const mine = new MyArtifactsPage(page);
      await mine.goto();
      await expect(mine.card(artifact.name)).toBeVisible();

      // Deleted from another tab or device while this list was open: the server no longer has it.
      await api.deleteArtifact(token, artifact._id);
      await mine.deleteButton(artifact.name).click();
      await mine.expectConfirmFor(artifact.name);
      await mine.dialogButton('Yes, delete it!').click();
      await expect(mine.dialog).toContainText('Error!');
      await expect(mine.dialog).toContainText('Failed to delete artifact');
      await mine.dialogButton('OK').click();
      await expect(mine.dialog).toHaveCount(0);
    },
  );

  test('the dialog works from the keyboard: focus starts on Cancel, stays inside, Escape cancels', async ({
    signedIn: page,
    member,
  }) => {
    const token = await signIn(member.email, member.password);
    const artifact = await api.createArtifact(token);
    const mine = new MyArtifactsPage(page);
    await mine.goto();

    await mine.deleteButton(artifact.name).focus();
    await page.keyboard.press('Enter');
    await mine.expectConfirmFor(artifact.name);
    await expect(mine.dialogButton('Cancel')).toBeFocused();
    // Tabbing cycles between the dialog's two buttons and never reaches the page behind it.
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(mine.dialog).toHaveCount(0);
    await expect(mine.deleteButton(artifact.name)).toBeFocused();
    await expect(mine.card(artifact.name)).toBeVisible();

    // Enter on the confirm button deletes.
    await page.keyboard.press('Enter');
    await mine.dialogButton('Yes, delete it!').focus();
    await page.keyboard.press('Enter');
    await expect(mine.dialog).toContainText('Deleted!');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'No Artifacts Added Yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Your First Artifact' })).toBeFocused();
  });
});
