import { api } from '../../fixtures/api-client.ts';
import { memberSession } from '../../fixtures/member-session.ts';
import { expect, spec, test, VIEWPORT_INDEPENDENT } from '../../fixtures/test.ts';
import { CataloguePage } from '../../pages/catalogue.ts';
import { ShellPage } from '../../pages/shell.ts';

test.describe('Artifact Details', { tag: '@catalogue' }, () => {
  test(
    'shows a seeded artifact with every field and its own title',
    { annotation: spec('{artifact name} - the product', '{n} likes') },
    async ({ signedIn: page }) => {
      const catalogue = new CataloguePage(page);
      await page.goto('/all-artifacts?q=Rosetta');
      await catalogue.openDetails('Rosetta Stone');
      await expect(page).toHaveTitle('Rosetta Stone - Heritage Vault');
      await expect(catalogue.fact('Location')).toHaveText('British Museum, London');
      await expect(catalogue.fact('Created')).toHaveText('196 BC');
      await expect(catalogue.fact('Discovered')).toHaveText('1799');
      await expect(catalogue.fact('Added by')).toHaveText('Heritage Vault Curators');
      await expect(catalogue.fact('Contact')).toHaveText('curators@heritagevault.org');
      await expect(catalogue.fact('Type')).toHaveText('Documents');
      await expect(page.getByRole('heading', { name: 'Historical Context' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Description' })).toBeVisible();
      // The count in the singular for one like (docs/decisions.md, Honest screens).
      await expect(page.getByText(/^(1 like|\d+ likes)$/)).toBeVisible();
      const image = page.getByRole('img', { name: 'Rosetta Stone' });
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      await expect(image).not.toHaveAttribute('data-fallback', 'true');
    },
  );

  test(
    '"Back to All Artifacts" returns to the search, type and sort the member came from',
    { tag: VIEWPORT_INDEPENDENT },
    async ({ signedIn: page, member }) => {
      const word = `qv${Math.random().toString(36).slice(2, 9)}`;
      const anvil = await api.createArtifact(member.idToken, { name: `${word} Anvil`, type: 'Tools' });
      const bell = await api.createArtifact(member.idToken, { name: `${word} Bell`, type: 'Tools' });
      const catalogue = new CataloguePage(page);
      const back = page.getByRole('link', { name: /Back to All Artifacts/ });

      await page.goto(`/all-artifacts?q=${word}&type=Tools&sort=name`);
      await expect.poll(() => catalogue.cardNames()).toEqual([anvil.name, bell.name]);
      await catalogue.openDetails(bell.name);
      await back.click();
      await expect(page).toHaveURL(`/all-artifacts?q=${word}&type=Tools&sort=name`);
      await expect(catalogue.searchBox).toHaveValue(word);
      await expect(catalogue.typeFilter).toHaveValue('Tools');
      await expect(catalogue.sortSelect).toHaveValue('name');
      await expect.poll(() => catalogue.cardNames()).toEqual([anvil.name, bell.name]);

      // Still so after a reload of the details page; opened on its own (a new entry, not the same URL again, which
      // Chromium takes as a reload of the entry, its state kept), it goes back to the whole list.
      await catalogue.openDetails(anvil.name);
      await page.reload();
      await expect(back).toHaveAttribute('href', `/all-artifacts?q=${word}&type=Tools&sort=name`);
      await page.goto(`/artifact-details/${bell._id}`);
      await expect(page.getByRole('heading', { level: 1, name: bell.name })).toBeVisible();
      await expect(back).toHaveAttribute('href', '/all-artifacts');
    },
  );

  test(
    "says 'Artifact not found' for an id the server does not know",
    { tag: VIEWPORT_INDEPENDENT, annotation: spec('Artifact not found') },
    async ({ signedIn: page }) => {
      await page.goto('/artifact-details/00000000-0000-4000-8000-000000000000');
      await expect(page.getByText('Artifact not found')).toBeVisible();
    },
  );

  test(
    'like, dislike, like again: counts +1, -1, +1 (one member, one like), the same after reload and in another browser',
    {
      tag: VIEWPORT_INDEPENDENT,
      annotation: spec(
        'Like',
        'Liked',
        'Dislike',
        'Disliked',
        'Artifact liked successfully!',
        'Artifact disliked',
      ),
    },
    async ({ signedIn: page, member, browser, baseURL }) => {
      const artifact = await api.createArtifact(member.idToken);
      const catalogue = new CataloguePage(page);
      const shell = new ShellPage(page);
      await catalogue.gotoDetails(artifact._id);

      // Neutral: Like enabled, Dislike disabled.
      await expect(catalogue.likes(0)).toBeVisible();
      await expect(catalogue.likeButton).toHaveText('Like');
      await expect(catalogue.dislikeButton).toHaveText('Dislike');
      await expect(catalogue.dislikeButton).toBeDisabled();

      await catalogue.likeButton.click();
      await shell.expectToast('Artifact liked successfully!');
      await expect(catalogue.likes(1)).toBeVisible();
      await expect(catalogue.likeButton).toHaveText('Liked');
      await expect(catalogue.likeButton).toBeDisabled();

      await catalogue.dislikeButton.click();
      await shell.expectToast('Artifact disliked');
      await expect(catalogue.likes(0)).toBeVisible();
      await expect(catalogue.dislikeButton).toHaveText('Disliked');
      await expect(catalogue.likeButton).toBeEnabled();

      await catalogue.likeButton.click();
      await expect(catalogue.likes(1)).toBeVisible();
      await expect(catalogue.likeButton).toHaveText('Liked');
      // The vote is the server's only: nothing of it in this browser's storage.
      expect(await catalogue.storedVoteLists()).toEqual([]);
      expect((await api.getArtifact(artifact._id)).likeCount).toBe(1);

      await page.reload();
      await expect(catalogue.likes(1)).toBeVisible();
      await expect(catalogue.likeButton).toHaveText('Liked');
      await expect(catalogue.likeButton).toBeDisabled();

      // The same member signed in on another browser (its own storage: only the session) sees the server's record of
      // the vote, the one record of it.
      const other = await browser.newContext({
        viewport: page.viewportSize(),
        storageState: await memberSession(baseURL!, member),
      });
      try {
        const otherPage = await other.newPage();
        const elsewhere = new CataloguePage(otherPage);
        await elsewhere.gotoDetails(artifact._id);
        await expect(elsewhere.likes(1)).toBeVisible();
        await expect(elsewhere.likeButton).toHaveText('Liked');
        await expect(elsewhere.likeButton).toBeDisabled();
        await expect(elsewhere.dislikeButton).toBeEnabled();
      } finally {
        await other.close();
      }
    },
  );

  test(
    'a visitor is asked to log in first, then comes back to the artifact and can like it',
    { annotation: spec('validation rule: Likes and dislikes require a signed-in user') },
    async ({ page, member }) => {
      const artifact = await api.createArtifact(member.idToken);
      const shell = new ShellPage(page);
      const catalogue = new CataloguePage(page);
      await page.goto(`/artifact-details/${artifact._id}`);
      await shell.expectToast('Please login to view artifact details');
      await expect(page).toHaveURL('/login');
      await shell.login(member.email, member.password, '');
      await expect(page).toHaveURL(`/artifact-details/${artifact._id}`);
      await catalogue.likeButton.click();
      await expect(catalogue.likes(1)).toBeVisible();
    },
  );
});
