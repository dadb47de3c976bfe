/**
 * Issue 55 item 3, forms that help: every form of the site, at both widths and by keyboard alone. Tabbing through an
 * untouched form marks nothing and alerts nothing; an empty submit (Enter on the submit button) shows one error
 * summary that takes focus, whose links lead to the fields; the page passes axe before and with the summary. Each
 * form is shot untouched, after the empty submit, and with a photo where it has one (`<viewport>-forms-<name>-*.jpg`
 * in the report).
 */
import type { Locator, Page, TestInfo } from '@playwright/test';
import { api } from '../../fixtures/api-client.ts';
import { axeReport } from '../../fixtures/axe-report.ts';
import { shoot } from '../../fixtures/page-shots.ts';
import { cameraPhoto } from '../../fixtures/photos.ts';
import { expect, test } from '../../fixtures/test.ts';
import { AddArtifactPage, UpdateArtifactPage } from '../../pages/editor.ts';

const ARRIVAL = { timeout: 30_000 };

/** Tabs from the form's first control to its submit button: nothing may be marked or alerted on the way. */
async function tabThroughQuietly(page: Page, form: Locator, submit: Locator): Promise<void> {
  await form.locator('input, select, textarea').first().focus();
  for (let step = 0; step < 40; step++) {
    if (await submit.evaluate((button) => button === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(submit).toBeFocused();
  await expect(page.locator('[role="alert"]')).toHaveCount(0);
  await expect(form.locator('[aria-invalid="true"]')).toHaveCount(0);
  await expect(form.getByRole('group', { name: 'There is a problem' })).toHaveCount(0);
}

/**
 * Submits by keyboard, expects the summary with `messages` focused and axe clean, shoots it, then follows its first
 * link by keyboard to `firstField`.
 */
async function submitAndFollowSummary(
  page: Page,
  testInfo: TestInfo,
  name: string,
  {
    form,
    submit,
    messages,
    firstField,
  }: { form: Locator; submit: Locator; messages: string[]; firstField: Locator },
): Promise<void> {
  await submit.focus();
  await page.keyboard.press('Enter');
  const summary = form.getByRole('group', { name: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText(messages);
  await expect(page.locator('[role="alert"]')).toHaveCount(0);
  expect.soft(await axeReport(page), `axe on ${name} with its error summary`).toBe('');
  await shoot(page, testInfo, `forms-${name}-empty-submit`);
  await page.keyboard.press('Tab');
  await expect(summary.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(firstField).toBeFocused();
  await expect(firstField).toHaveAttribute('aria-invalid', 'true');
}

async function untouched(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  expect.soft(await axeReport(page), `axe on ${name}, untouched`).toBe('');
  await shoot(page, testInfo, `forms-${name}-untouched`);
}

test.describe('Forms that help, signed out', { tag: ['@shell', '@catalogue'] }, () => {
  test('Login: quiet while tabbing, one summary on an empty submit', async ({ page }, testInfo) => {
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Welcome Back' });
    const submit = form.getByRole('button', { name: 'Sign in', exact: true });
    await expect(submit).toBeVisible(ARRIVAL);
    await untouched(page, testInfo, 'login');
    await tabThroughQuietly(page, form, submit);
    await submitAndFollowSummary(page, testInfo, 'login', {
      form,
      submit,
      messages: ['Email is required', 'Password is required'],
      firstField: form.getByLabel('Email'),
    });
  });

  test('Register: the password rules read with the field before typing; one summary on an empty submit', async ({
    page,
  }, testInfo) => {
    await page.goto('/register');
    const form = page.getByRole('form', { name: 'Create Account' });
    const submit = form.getByRole('button', { name: 'Create Account' });
    await expect(submit).toBeVisible(ARRIVAL);
    const password = form.getByLabel('Password', { exact: true });
    await expect(password).toHaveAccessibleDescription(
      'Must be at least 6 characters with 1 uppercase & 1 lowercase letter',
    );
    await expect(form.getByLabel('Full Name')).toHaveAccessibleDescription(
      'You can enter up to 80 characters',
    );
    await untouched(page, testInfo, 'register');
    await tabThroughQuietly(page, form, submit);
    await submitAndFollowSummary(page, testInfo, 'register', {
      form,
      submit,
      messages: ['Full name is required', 'Email is required', 'Password is required'],
      firstField: form.getByLabel('Full Name'),
    });
    // A photo URL given: shot as the member sees the form then.
    await form.getByLabel('Profile Photo URL (optional)').fill('https://images.heritage.test/howard.jpg');
    await shoot(page, testInfo, 'forms-register-photo');
  });

  test('Contact: counters for its limited fields, quiet while tabbing, one summary on an empty submit', async ({
    page,
  }, testInfo) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    const submit = form.getByRole('button', { name: 'Send Message' });
    await expect(submit).toBeVisible(ARRIVAL);
    const message = form.getByLabel('Message');
    await expect(message).toHaveAccessibleDescription('You can enter up to 5000 characters');
    await expect(form.getByText('You have 5000 characters remaining')).toBeVisible();
    await untouched(page, testInfo, 'contact');
    await tabThroughQuietly(page, form, submit);
    await submitAndFollowSummary(page, testInfo, 'contact', {
      form,
      submit,
      messages: ['Name is required', 'Email is required', 'Subject is required', 'Message is required'],
      firstField: form.getByLabel('Name'),
    });
    // The count follows the typing, and is said politely once the typing pauses.
    await message.pressSequentially('Hello');
    await expect(form.getByText('You have 4995 characters remaining')).toBeVisible();
    await expect(
      form.locator('[aria-live="polite"]', { hasText: 'You have 4995 characters remaining' }),
    ).toHaveCount(1);
  });
});

test.describe('Forms that help, signed in', { tag: ['@editor', '@account'] }, () => {
  test('Add Artifact: quiet while tabbing, one summary for nine fields, the photo shown and not its address', async ({
    signedIn: page,
  }, testInfo) => {
    // Three axe runs and an upload: over a minute on a busy two-core machine.
    test.slow();
    const add = new AddArtifactPage(page);
    await add.goto();
    await expect(add.field('Artifact Name')).toHaveAccessibleDescription(
      'You can enter up to 120 characters',
    );
    const chooser = add.form.locator('input[type=file]:not([capture])');
    await expect(chooser).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/avif');
    await expect(add.form).toContainText('a JPEG, PNG, WebP or AVIF photo of up to 15 MB');
    await expect(add.form).not.toContainText('HEIC');
    await untouched(page, testInfo, 'add-artifact');
    await tabThroughQuietly(page, add.form, add.submitButton);
    await submitAndFollowSummary(page, testInfo, 'add-artifact', {
      form: add.form,
      submit: add.submitButton,
      messages: [
        'Artifact Name is required',
        'Image URL is required',
        'Artifact Type is required',
        'Historical Context is required',
        'Description is required',
        'Created At is required',
        'Discovered At is required',
        'Discovered By is required',
        'Present Location is required',
      ],
      firstField: add.field('Artifact Name'),
    });

    // A photo chosen: the form shows it with its alt text, never the API's address of it.
    await add.field('Artifact Name').fill('Carved Amphora');
    const picked = page.waitForEvent('filechooser');
    await add.form.getByRole('button', { name: 'Choose a photo' }).click();
    await (
      await picked
    ).setFiles({
      name: 'amphora.jpg',
      mimeType: 'image/jpeg',
      buffer: await cameraPhoto({ width: 1200, height: 900 }),
    });
    await expect(page.getByText("Photo uploaded: it is now the artifact's image.")).toBeVisible();
    const preview = page.getByTestId('image-preview').getByRole('img', { name: 'Preview of Carved Amphora' });
    await expect(preview).toHaveJSProperty('complete', true);
    await expect(add.field('Image URL')).toHaveValue('');
    await expect(add.field('Image URL')).toHaveAttribute(
      'placeholder',
      'Your uploaded photo (or type an image URL)',
    );
    await expect(add.form).not.toContainText('/api/images/');
    // The field shown wrong by the empty submit is right now: the summary follows it.
    await expect(add.summary.getByRole('link', { name: 'Image URL is required' })).toHaveCount(0);
    await add.expectNoError('Image URL');
    expect.soft(await axeReport(page), 'axe on add-artifact with a photo').toBe('');
    await shoot(page, testInfo, 'forms-add-artifact-photo');
  });

  test('Update Artifact: its photo shown, one summary on a submit with the name emptied', async ({
    signedIn: page,
    member,
  }, testInfo) => {
    const image = await api.uploadPhoto(member.idToken, await cameraPhoto({ width: 800, height: 600 }));
    const artifact = await api.createArtifact(member.idToken, { name: 'Bronze Adze', type: 'Tools', image });
    const update = new UpdateArtifactPage(page);
    await update.goto(artifact._id);
    await expect(
      page.getByTestId('image-preview').getByRole('img', { name: 'Preview of Bronze Adze' }),
    ).toBeVisible();
    await expect(update.field('Image URL')).toHaveValue('');
    await untouched(page, testInfo, 'update-artifact-photo');
    await tabThroughQuietly(page, update.form, update.submitButton);
    await update.field('Artifact Name').fill('');
    await submitAndFollowSummary(page, testInfo, 'update-artifact', {
      form: update.form,
      submit: update.submitButton,
      messages: ['Artifact Name is required'],
      firstField: update.field('Artifact Name'),
    });
  });

  test("Edit Profile: the name's count, one summary on a submit with the name emptied, the photo previewed", async ({
    signedIn: page,
    member,
  }, testInfo) => {
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click(ARRIVAL);
    const form = page.getByRole('form', { name: 'Edit Profile' });
    const submit = form.getByRole('button', { name: 'Save Changes' });
    const name = form.getByLabel('Display Name');
    await expect(name).toHaveAccessibleDescription('You can enter up to 80 characters');
    await expect(
      form.getByText(`You have ${80 - member.displayName.length} characters remaining`),
    ).toBeVisible();
    await untouched(page, testInfo, 'profile-edit');
    await tabThroughQuietly(page, form, submit);
    await name.fill('');
    await submitAndFollowSummary(page, testInfo, 'profile-edit', {
      form,
      submit,
      messages: ['Display name is required'],
      firstField: name,
    });
    const photo = await api.uploadPhoto(member.idToken, await cameraPhoto({ width: 400, height: 400 }));
    await form.getByLabel('Photo URL').fill(photo);
    await expect(form.getByRole('img', { name: 'Preview of your profile photo' })).toHaveAttribute(
      'src',
      photo,
    );
    await shoot(page, testInfo, 'forms-profile-edit-photo');
  });
});
