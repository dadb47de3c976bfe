import { api } from '../../fixtures/api-client.ts';
import { expect, spec, test, VIEWPORT_INDEPENDENT } from '../../fixtures/test.ts';
import { CataloguePage } from '../../pages/catalogue.ts';

/** A word no other artifact contains, so counts are exact while other journeys add artifacts. */
const uniqueWord = () => `qv${Math.random().toString(36).slice(2, 9)}`;

test.describe('All Artifacts', { tag: '@catalogue' }, () => {
  test(
    'searches name, description, type and location, case-insensitively and trimmed, with counts and the empty text',
    {
      tag: VIEWPORT_INDEPENDENT,
      annotation: spec(
        'Found N results for "term"',
        'No artifacts found matching your search.',
        'validation rule: Search',
      ),
    },
    async ({ page, member }) => {
      const word = uniqueWord();
      await api.createArtifact(member.idToken, { name: `${word} Amphora` });
      await api.createArtifact(member.idToken, {
        description: `A bowl stamped ${word.toUpperCase()} on its base.`,
      });
      await api.createArtifact(member.idToken, { presentLocation: `Gallery ${word}, Athens` });
      const catalogue = new CataloguePage(page);

      await page.goto('/all-artifacts');
      await expect(catalogue.cards.first()).toBeVisible();

      await catalogue.search(`  ${word.toUpperCase()}  `);
      await expect(page.getByText(`Found 3 results for "${word.toUpperCase()}"`)).toBeVisible();
      await expect(catalogue.cards).toHaveCount(3);
      await expect(page).toHaveURL(`/all-artifacts?q=${word.toUpperCase()}`);

      await catalogue.search(`${word}-nothing`);
      await expect(page.getByText('No artifacts found matching your search.')).toBeVisible();
      await expect(page.getByText(`Found 0 results for "${word}-nothing"`)).toBeVisible();

      // A type is searched as text too (spec section 5), and blank shows everything again.
      await catalogue.search('jewelry');
      await expect(page.getByText(/^Found \d+ results for "jewelry"$/)).toBeVisible();
      await catalogue.search('   ');
      await expect(page.getByText(/^Found \d+ results for "/)).toHaveCount(0);
      await expect(page).toHaveURL('/all-artifacts');
      await expect(catalogue.cards.first()).toBeVisible();
    },
  );

  test('the search survives reload and Back from the details page', async ({ signedIn: page, member }) => {
    const word = uniqueWord();
    const artifact = await api.createArtifact(member.idToken, { name: `${word} Lamp` });
    const catalogue = new CataloguePage(page);

    await page.goto('/all-artifacts');
    await catalogue.search(word);
    await expect(page.getByText(`Found 1 results for "${word}"`)).toBeVisible();
    await expect(page).toHaveURL(`/all-artifacts?q=${word}`);

    await page.reload();
    await expect(catalogue.searchBox).toHaveValue(word);
    await expect(page.getByText(`Found 1 results for "${word}"`)).toBeVisible();

    await catalogue.openDetails(artifact.name);
    await expect(page).toHaveURL(`/artifact-details/${artifact._id}`);
    await page.goBack();
    await expect(page).toHaveURL(`/all-artifacts?q=${word}`);
    await expect(catalogue.searchBox).toHaveValue(word);
    await expect(catalogue.card(artifact.name)).toBeVisible();
  });

  test(
    'filters by type through ?type=, and shows cards with every field and a fallback image',
    { tag: VIEWPORT_INDEPENDENT },
    async ({ page, member }) => {
      const word = uniqueWord();
      const artifact = await api.createArtifact(member.idToken, { name: `${word} Brooch`, type: 'Jewelry' });
      const catalogue = new CataloguePage(page);

      await page.goto(`/all-artifacts?q=${word}`);
      await expect(catalogue.cards).toHaveCount(1);
      await catalogue.typeFilter.selectOption('Pottery');
      await expect(page).toHaveURL(`/all-artifacts?q=${word}&type=Pottery`);
      await expect(page.getByText('No artifacts found matching your search.')).toBeVisible();
      await catalogue.typeFilter.selectOption('Jewelry');
      const card = catalogue.card(artifact.name);
      await expect(card).toBeVisible();
      for (const text of [
        artifact.presentLocation,
        artifact.createdAt,
        artifact.description,
        'Type: Jewelry',
      ]) {
        await expect(card).toContainText(text);
      }
      await expect(card.getByRole('link', { name: `View Details: ${artifact.name}` })).toHaveAttribute(
        'href',
        `/artifact-details/${artifact._id}`,
      );
      // The sample artifact's image URL does not exist: the kit's fallback shows instead of a broken image.
      await expect(card.getByRole('img', { name: artifact.name })).toHaveAttribute('data-fallback', 'true');
    },
  );

  test('sorts newest, oldest, name A-Z and most liked, in ?sort=; names the type in the count; Clear filters', async ({
    page,
    member,
  }) => {
    const word = uniqueWord();
    // Added in this order, so newest first is Bell, Anvil, Cello; Bell alone has a like.
    const cello = await api.createArtifact(member.idToken, { name: `${word} Cello`, type: 'Art' });
    const anvil = await api.createArtifact(member.idToken, { name: `${word} Anvil`, type: 'Tools' });
    const bell = await api.createArtifact(member.idToken, { name: `${word} Bell`, type: 'Tools' });
    await api.like(member.idToken, bell._id);
    const catalogue = new CataloguePage(page);

    await page.goto(`/all-artifacts?q=${word}`);
    await expect(catalogue.sortSelect).toHaveValue('newest');
    await expect.poll(() => catalogue.cardNames()).toEqual([bell.name, anvil.name, cello.name]);

    const orders: [string, string, string[]][] = [
      ['Oldest first', 'oldest', [cello.name, anvil.name, bell.name]],
      ['Name (A-Z)', 'name', [anvil.name, bell.name, cello.name]],
      ['Most liked', 'most-liked', [bell.name, anvil.name, cello.name]],
    ];
    for (const [label, sort, names] of orders) {
      await catalogue.sortSelect.selectOption({ label });
      await expect(page).toHaveURL(`/all-artifacts?q=${word}&sort=${sort}`);
      await expect.poll(() => catalogue.cardNames()).toEqual(names);
    }
    // The sort survives a reload; newest, the default, leaves the URL.
    await page.reload();
    await expect(catalogue.sortSelect).toHaveValue('most-liked');
    await expect.poll(() => catalogue.cardNames()).toEqual([bell.name, anvil.name, cello.name]);
    await catalogue.sortSelect.selectOption({ label: 'Name (A-Z)' });
    await catalogue.sortSelect.selectOption({ label: 'Newest first' });
    await expect(page).toHaveURL(`/all-artifacts?q=${word}`);

    await catalogue.typeFilter.selectOption('Tools');
    await expect(page.getByText(`Found 2 results for "${word}" in Tools`)).toBeVisible();
    await catalogue.sortSelect.selectOption({ label: 'Name (A-Z)' });
    await expect(page).toHaveURL(`/all-artifacts?q=${word}&type=Tools&sort=name`);
    await expect.poll(() => catalogue.cardNames()).toEqual([anvil.name, bell.name]);

    await catalogue.clearFilters.click();
    await expect(page).toHaveURL('/all-artifacts');
    await expect(catalogue.searchBox).toHaveValue('');
    await expect(catalogue.searchBox).toBeFocused();
    await expect(catalogue.typeFilter).toHaveValue('');
    await expect(catalogue.sortSelect).toHaveValue('newest');
    await expect(catalogue.clearFilters).toHaveCount(0);
    await expect(page.getByText(/^Found \d+ results/)).toHaveCount(0);

    // A type alone: the line names it.
    await catalogue.typeFilter.selectOption('Tools');
    await expect(page.getByText(/^\d+ artifacts? of type Tools$/)).toBeVisible();
  });

  test('pages through the whole collection as the visitor scrolls', async ({ page }) => {
    const catalogue = new CataloguePage(page);
    await catalogue.gotoAllArtifacts();
    const total = (await api.listArtifacts()).length;
    test.skip(total <= 24, 'needs more than one page of artifacts');
    await expect(page.getByText(new RegExp(`^Showing 24 of \\d+ artifacts$`))).toBeVisible();
    await expect(catalogue.cards).toHaveCount(24);
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await expect.poll(() => catalogue.cards.count()).toBeGreaterThan(24);
  });
});
