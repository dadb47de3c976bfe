import { createAccount } from '../../fixtures/identity.ts';
import { api } from '../../fixtures/api-client.ts';
import { expect, spec, test, VIEWPORT_INDEPENDENT } from '../../fixtures/test.ts';
import { LikedArtifactsPage, ProfilePage } from '../../pages/account.ts';
import { dislikeOnDetailsPage, likeInCatalogue } from './catalogue-votes.ts';

test.describe('Liked Artifacts', { tag: '@account' }, () => {
  test(
    'with nothing liked, invites the member to explore the collection',
    { tag: '@catalogue', annotation: spec("You haven't liked any artifacts yet.", 'Explore artifacts') },
    async ({ signedIn: page }) => {
      const liked = new LikedArtifactsPage(page);
      await liked.goto();
      await expect(liked.emptyState).toBeVisible();
      await expect(liked.cards).toHaveCount(0);
      await page.getByRole('link', { name: 'Explore artifacts' }).click();
      await expect(page).toHaveURL('/all-artifacts');
    },
  );

  test(
    'likes in the catalogue show here and on the profile; a dislike takes one away',
    { tag: ['@catalogue', VIEWPORT_INDEPENDENT], annotation: spec('Type: {type}', 'View Details') },
    async ({ signedIn: page, shell }) => {
      // Two artifacts of another member, so nothing else in the run touches them.
      const owner = await createAccount({ displayName: 'Howard Carter' });
      const mask = await api.createArtifact(owner.idToken, {
        name: `Gold Mask ${Date.now().toString(36)}`,
        type: 'Art',
        presentLocation: 'Egyptian Museum, Cairo',
        createdAt: '1323 BC',
      });
      const scroll = await api.createArtifact(owner.idToken, {
        name: `Papyrus Scroll ${Date.now().toString(36)}`,
        type: 'Documents',
      });

      await likeInCatalogue(page, shell, mask._id);
      await likeInCatalogue(page, shell, scroll._id);

      const liked = new LikedArtifactsPage(page);
      await liked.goto();
      await expect(liked.cards).toHaveCount(2);
      const maskCard = liked.card(mask.name);
      await expect(maskCard.getByRole('img', { name: mask.name })).toBeVisible();
      await expect(maskCard).toContainText('Location: Egyptian Museum, Cairo');
      await expect(maskCard).toContainText('Created: 1323 BC');
      await expect(maskCard).toContainText('Type: Art');
      await expect(maskCard).toContainText(mask.description);
      await expect(liked.card(scroll.name)).toContainText('Type: Documents');

      const profile = new ProfilePage(page);
      await profile.goto();
      await profile.expectStats({ liked: 2, added: 0 });

      // View Details leads to the catalogue's page, where the member changes their mind.
      await liked.goto();
      await liked
        .card(mask.name)
        .getByRole('link', { name: /View Details/ })
        .click();
      await expect(page).toHaveURL(`/artifact-details/${mask._id}`);
      await expect(page.getByRole('heading', { level: 1, name: mask.name })).toBeVisible();
      await dislikeOnDetailsPage(page, shell);

      await liked.goto();
      await expect(liked.cards).toHaveCount(1);
      await expect(liked.card(scroll.name)).toBeVisible();
      await expect(liked.card(mask.name)).toHaveCount(0);
      await profile.goto();
      await profile.expectStats({ liked: 1 });
    },
  );

  test('a signed-out visitor is sent to login and comes back to the list', async ({
    page,
    member,
    shell,
  }) => {
    await page.goto('/liked-artifacts');
    // The first load of the site on a busy machine: the shell, Firebase and the route guard.
    await expect(page).toHaveURL('/login', { timeout: 20_000 });
    await shell.expectToast('Please login to view your liked artifacts');
    await shell.login(member.email, member.password, '');
    await expect(page).toHaveURL('/liked-artifacts');
    await expect(new LikedArtifactsPage(page).emptyState).toBeVisible();
  });
});
