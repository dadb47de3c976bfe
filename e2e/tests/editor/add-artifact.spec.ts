import { sampleArtifact } from '../../fixtures/api-client.ts';
import { expect, spec, test } from '../../fixtures/test.ts';
import { AddArtifactPage, FIELD_LABELS, MyArtifactsPage } from '../../pages/editor.ts';

test.describe('Add Artifact', { tag: '@editor' }, () => {
  test(
    'shows each validation error, then adds the artifact to My Artifacts and All Artifacts',
    {
      tag: '@catalogue',
      annotation: spec('Artifact "{name}" has been added successfully!', 'validation rule: Add artifact'),
    },
    async ({ signedIn: page, member, shell }) => {
      const add = new AddArtifactPage(page);
      const artifact = sampleArtifact({ type: 'Pottery', image: 'https://images.heritage.test/amphora.jpg' });
      await add.goto();

      // The adder is the signed-in member, read-only.
      await expect(add.adderName).toHaveValue(member.displayName);
      await expect(add.adderEmail).toHaveValue(member.email);
      await expect(add.adderEmail).not.toBeEditable();

      // Leaving a field empty says nothing yet (#55 item 3): messages wait for a submit.
      await add.field('Artifact Name').focus();
      await add.field('Artifact Name').blur();
      await add.expectNoError('Artifact Name');

      // On submit one summary lists every field's message, in screen order, and takes focus.
      await add.submit();
      for (const label of Object.values(FIELD_LABELS)) await add.expectError(label, `${label} is required`);
      await expect(add.summary).toBeFocused();
      await expect(add.summary.getByRole('link')).toHaveText(
        Object.values(FIELD_LABELS).map((label) => `${label} is required`),
      );

      // Fixing the fields one by one: a field shown wrong follows the typing, and the summary with it.
      await add.fill({ name: artifact.name });
      await add.expectNoError('Artifact Name');
      await add.field('Image URL').fill('not a url');
      await add.expectError('Image URL', 'Image URL must be a valid http(s) URL');
      await add.fill({ image: artifact.image });
      await add.expectNoError('Image URL');
      await add.summary.getByRole('link', { name: 'Artifact Type is required' }).click();
      await expect(add.field('Artifact Type')).toBeFocused();

      await add.fill({ type: artifact.type, historicalContext: artifact.historicalContext });
      await add.field('Description').fill('   ');
      await add.submit();
      await add.expectError('Description', 'Description is required');
      await expect(add.summary).toBeFocused();

      await add.fill({
        description: artifact.description,
        createdAt: artifact.createdAt,
        discoveredAt: artifact.discoveredAt,
        discoveredBy: artifact.discoveredBy,
        presentLocation: artifact.presentLocation,
      });
      await add.submit();

      await shell.expectToast(`Artifact "${artifact.name}" has been added successfully!`);
      await expect(page).toHaveURL('/my-artifacts');
      const mine = new MyArtifactsPage(page);
      const card = mine.card(artifact.name);
      await expect(card).toBeVisible();
      await expect(card).toContainText(`Location: ${artifact.presentLocation}`);
      await expect(card).toContainText(`Created: ${artifact.createdAt}`);
      // The image does not exist: the card shows the kit's fallback, not a broken image.
      await expect(card.getByRole('img', { name: artifact.name })).toHaveAttribute('data-fallback', 'true');

      await page.goto(`/all-artifacts?q=${encodeURIComponent(artifact.name)}`);
      await expect(page.getByRole('heading', { name: artifact.name, exact: true })).toBeVisible();
    },
  );

  test('previews the image URL as it is typed, with the fallback when it does not load', async ({
    signedIn: page,
  }) => {
    const add = new AddArtifactPage(page);
    await add.goto();
    const preview = page.getByTestId('image-preview');
    await expect(preview).toContainText('Enter an http(s) image URL, or upload a photo, to see a preview.');

    await add.fill({ name: 'Amphora', image: 'http://localhost:1/missing.png' });
    const image = preview.getByRole('img', { name: 'Preview of Amphora' });
    await expect(image).toHaveAttribute('data-fallback', 'true');
    await expect(preview).toContainText('This image could not be loaded.');
  });

  test('validates without a Content Security Policy violation (zod runs without eval), in the API’s words', async ({
    signedIn: page,
  }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const add = new AddArtifactPage(page);
    await add.goto();
    await add.field('Image URL').fill('http://169.254.169.254/latest/meta-data/');
    await add.submit();
    await add.expectError(
      'Image URL',
      'Image URL must point to a public address (not localhost, a private network or a cloud metadata address)',
    );
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
  });

  test('signed-out visitors are sent to login with the spec’s toast', async ({ page, shell }) => {
    await page.goto('/add-artifact');
    await expect(page).toHaveURL('/login');
    await shell.expectToast('Please login to add artifacts');
  });
});
