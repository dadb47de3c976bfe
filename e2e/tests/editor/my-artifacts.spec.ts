import { api } from '../../fixtures/api-client.ts';
import { expect, spec, test } from '../../fixtures/test.ts';
import { MyArtifactsPage } from '../../pages/editor.ts';

test.describe('My Artifacts', { tag: '@editor' }, () => {
  test(
    'a member with no artifacts sees the empty collection and a link to add the first',
    {
      annotation: spec(
        'My Artifacts Collection',
        'Manage and update your contributed artifacts',
        'No Artifacts Added Yet',
        'Start building your collection by adding your first artifact.',
        'Add Your First Artifact',
      ),
    },
    async ({ signedIn: page }) => {
      const mine = new MyArtifactsPage(page);
      await mine.goto();
      await expect(page.getByRole('heading', { level: 1, name: 'My Artifacts Collection' })).toBeVisible();
      await expect(page.getByText('Manage and update your contributed artifacts')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'No Artifacts Added Yet' })).toBeVisible();
      await expect(
        page.getByText('Start building your collection by adding your first artifact.'),
      ).toBeVisible();
      await expect(page.getByTestId('artifact-card')).toHaveCount(0);
      await page.getByRole('link', { name: 'Add Your First Artifact' }).click();
      await expect(page).toHaveURL('/add-artifact');
    },
  );

  test('a card shows the image, name, location, created date, a clamped description, Update and Delete', async ({
    signedIn: page,
    member,
  }) => {
    const artifact = await api.createArtifact(member.idToken, {
      description: 'A long description. '.repeat(40).trim(),
    });
    const mine = new MyArtifactsPage(page);
    await mine.goto();
    const card = mine.card(artifact.name);
    await expect(card.getByRole('img', { name: artifact.name })).toBeVisible();
    await expect(card).toContainText(`Location: ${artifact.presentLocation}`);
    await expect(card).toContainText(`Created: ${artifact.createdAt}`);
    const description = card.getByText(artifact.description);
    await expect(description).toHaveCSS('-webkit-line-clamp', '3');
    await expect(mine.updateLink(artifact.name)).toHaveAttribute('href', `/update-artifact/${artifact._id}`);
    await expect(mine.deleteButton(artifact.name)).toBeEnabled();
  });
});
