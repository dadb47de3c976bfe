import { api } from '../../fixtures/api-client.ts';
import { signIn } from '../../fixtures/identity.ts';
import { expect, spec, test, VIEWPORT_INDEPENDENT } from '../../fixtures/test.ts';
import { MyArtifactsPage, UpdateArtifactPage } from '../../pages/editor.ts';

test.describe('Update Artifact', { tag: '@editor' }, () => {
  test(
    'prefills the artifact, validates, saves, and the details page shows the change',
    { tag: '@catalogue', annotation: spec('Artifact updated successfully!') },
    async ({ signedIn: page, member, shell }) => {
      const token = await signIn(member.email, member.password);
      const artifact = await api.createArtifact(token, { type: 'Tools' });
      const update = new UpdateArtifactPage(page);

      // Reached from My Artifacts, as a member would.
      const mine = new MyArtifactsPage(page);
      await mine.goto();
      await mine.updateLink(artifact.name).click();
      await expect(page).toHaveURL(`/update-artifact/${artifact._id}`);

      await expect(update.field('Artifact Name')).toHaveValue(artifact.name);
      await expect(update.field('Image URL')).toHaveValue(artifact.image);
      await expect(update.field('Artifact Type')).toHaveValue('Tools');
      await expect(update.field('Historical Context')).toHaveValue(artifact.historicalContext);
      await expect(update.field('Created At')).toHaveValue(artifact.createdAt);
      await expect(update.field('Discovered At')).toHaveValue(artifact.discoveredAt);
      await expect(update.field('Discovered By')).toHaveValue(artifact.discoveredBy);
      await expect(update.field('Present Location')).toHaveValue(artifact.presentLocation);
      // docs/decisions.md, "Description on Update": the description has the same input as on Add, so it can be corrected.
      await expect(update.field('Description')).toHaveValue(artifact.description);

      await update.field('Artifact Name').fill('');
      await update.field('Artifact Name').blur();
      await update.expectNoError('Artifact Name');
      await update.submit();
      await update.expectError('Artifact Name', 'Artifact Name is required');
      await expect(update.summary).toBeFocused();

      await update.field('Description').fill('');
      await update.submit();
      await update.expectError('Description', 'Description is required');

      const renamed = `${artifact.name} (restored)`;
      const corrected = 'A bronze adze, its edge reworked in antiquity (corrected).';
      await update.fill({
        name: renamed,
        type: 'Art',
        description: corrected,
        presentLocation: 'Ashmolean Museum, Oxford',
      });
      await update.submit();

      await shell.expectToast('Artifact updated successfully!');
      await expect(page).toHaveURL('/my-artifacts');
      await expect(mine.card(renamed)).toContainText('Location: Ashmolean Museum, Oxford');

      await page.goto(`/artifact-details/${artifact._id}`);
      await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
      await expect(page.getByText('Ashmolean Museum, Oxford')).toBeVisible();
      await expect(page.getByText(corrected)).toBeVisible();
      await expect(page.getByText(artifact.description)).toHaveCount(0);
      const stored = await api.getArtifact(artifact._id);
      expect([stored.name, stored.type, stored.description]).toEqual([renamed, 'Art', corrected]);
    },
  );

  test(
    'shows the title, the type select with its empty option, the era hints, and checks name and image URL',
    {
      annotation: spec(
        'Update Artifact',
        'Select Type',
        'e.g., 100 BC',
        'e.g., 1799',
        'validation rule: Update artifact',
      ),
    },
    async ({ signedIn: page, member }) => {
      const artifact = await api.createArtifact(member.idToken);
      const update = new UpdateArtifactPage(page);
      await update.goto(artifact._id);

      await expect(page.getByRole('heading', { level: 1, name: 'Update Artifact' })).toBeVisible();
      await expect(update.submitButton).toHaveText('Update Artifact');
      const type = update.field('Artifact Type');
      await expect(type.locator('option').first()).toHaveText('Select Type');
      await expect(type.locator('option')).toHaveCount(11);
      // The hint, then the limit the character count follows.
      await expect(update.field('Created At')).toHaveAccessibleDescription(
        'e.g., 100 BC You can enter up to 60 characters',
      );
      await expect(update.field('Discovered At')).toHaveAccessibleDescription(
        'e.g., 1799 You can enter up to 60 characters',
      );
      await expect(page.getByText('e.g., 100 BC')).toBeVisible();
      await expect(page.getByText('e.g., 1799')).toBeVisible();

      await update.field('Artifact Name').fill('   ');
      await update.field('Image URL').fill('not a url');
      await update.submit();
      await update.expectError('Artifact Name', 'Artifact Name is required');
      await update.expectError('Image URL', 'Image URL must be a valid http(s) URL');
      await expect(update.summary).toBeFocused();
      await expect(page).toHaveURL(`/update-artifact/${artifact._id}`);
      expect((await api.getArtifact(artifact._id)).name).toBe(artifact.name);
    },
  );

  test(
    'an artifact that cannot be fetched toasts and returns to My Artifacts',
    { tag: VIEWPORT_INDEPENDENT, annotation: spec('Failed to fetch artifact details') },
    async ({ signedIn: page, shell }) => {
      await page.goto('/update-artifact/00000000-0000-4000-8000-000000000000');
      await shell.expectToast('Failed to fetch artifact details');
      await expect(page).toHaveURL('/my-artifacts');
    },
  );
});
