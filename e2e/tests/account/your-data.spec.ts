/**
 * Issues #47 and #55 item 5, a member's data: Profile's *Download my data* gives a JSON file and a CSV file, dated,
 * that say what the site shows of them (liked artifacts by name); *Close my account*, in a danger zone of its own,
 * offers the download first, asks for the password again, and removes their artifacts, photos, likes and account,
 * after which their e-mail can register again. Both widths; the dialog by keyboard.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { api } from '../../fixtures/api-client.ts';
import { createAccount, JOURNEY_PASSWORD } from '../../fixtures/identity.ts';
import { expect, test } from '../../fixtures/test.ts';
import { LikedArtifactsPage, ProfilePage } from '../../pages/account.ts';
import { MyArtifactsPage } from '../../pages/editor.ts';

/** The file a click saves: its suggested name and its text. */
async function saved(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const downloading = page.waitForEvent('download');
  await click();
  const download = await downloading;
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') };
}

test.describe('Your Data', { tag: ['@account', '@editor', '@catalogue'] }, () => {
  test('Download my data: dated JSON and CSV files with the profile, the artifacts and the liked ones by name', async ({
    signedIn: page,
    member,
  }) => {
    const other = await createAccount({ displayName: 'Other Member' });
    const [mine, theirs] = await Promise.all([
      api.createArtifact(member.idToken, { name: 'Exported astrolabe' }),
      api.createArtifact(other.idToken, { name: 'Liked lyre' }),
    ]);
    await api.like(member.idToken, theirs._id);

    const profile = new ProfilePage(page);
    await profile.goto();
    const json = await saved(page, () =>
      page.getByRole('button', { name: 'Download my data (JSON)' }).click(),
    );
    expect(json.name).toMatch(/^heritage-vault-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(json.text) as {
      profile: { email: string; displayName: string };
      artifacts: Array<{ _id: string; name: string; image: string }>;
      likedArtifacts: Array<{ _id: string; name: string }>;
    };
    expect(exported.profile).toMatchObject({ email: member.email, displayName: member.displayName });
    expect(exported.artifacts.map((artifact) => artifact.name)).toEqual([mine.name]);
    expect(exported.artifacts[0]!.image).toBe(mine.image);
    expect(exported.likedArtifacts).toMatchObject([{ _id: theirs._id, name: theirs.name }]);

    const csv = await saved(page, () => page.getByRole('button', { name: 'Download my data (CSV)' }).click());
    expect(csv.name).toBe(json.name.replace(/json$/, 'csv'));
    const rows = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toMatch(/^List,Name,Type,/);
    expect(rows.slice(1).map((row) => row.split(',').slice(0, 2).join(','))).toEqual([
      `Added,${mine.name}`,
      `Liked,${theirs.name}`,
    ]);

    // What the site shows of the member says the same.
    const myArtifacts = new MyArtifactsPage(page);
    await myArtifacts.goto();
    await myArtifacts.expectOnly(mine.name);
    const liked = new LikedArtifactsPage(page);
    await liked.goto();
    await expect(liked.cards).toHaveCount(1);
    await expect(liked.card(theirs.name).getByRole('link', { name: /View Details/ })).toHaveAttribute(
      'href',
      `/artifact-details/${theirs._id}`,
    );
  });

  test('Close my account: offers the download, asks for the password again, removes artifacts and likes, signs out; the e-mail registers again', async ({
    signedIn: page,
    member,
    shell,
  }) => {
    const other = await createAccount({ displayName: 'Other Member' });
    const [mine, theirs] = await Promise.all([
      api.createArtifact(member.idToken, { name: 'Astrolabe to close' }),
      api.createArtifact(other.idToken, { name: 'Lyre that stays' }),
    ]);
    await api.like(member.idToken, theirs._id);
    expect((await api.getArtifact(theirs._id)).likeCount).toBe(1);

    const profile = new ProfilePage(page);
    await profile.goto();
    const zone = page.getByRole('region', { name: 'Danger zone' });
    await expect(zone).toContainText('It cannot be undone.');
    // By keyboard: the dialog opens on the password.
    await zone.getByRole('button', { name: 'Close my account' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Close your account?');
    await expect(dialog).toContainText('Download a copy of your data first');
    const password = dialog.getByLabel('Enter your password to confirm');
    await expect(password).toBeFocused();

    // The download first: both files, and the dialog stays.
    const files: string[] = [];
    page.on('download', (download) => files.push(download.suggestedFilename()));
    await dialog.getByRole('button', { name: 'Download my data first' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toContainText('Your data was downloaded (JSON and CSV).');
    await expect
      .poll(() => files.sort())
      .toEqual([
        expect.stringMatching(/^heritage-vault-data-\d{4}-\d{2}-\d{2}\.csv$/),
        expect.stringMatching(/^heritage-vault-data-\d{4}-\d{2}-\d{2}\.json$/),
      ]);

    await password.fill('Not-the-password1');
    await password.press('Enter');
    await expect(dialog).toContainText('Incorrect password. Please try again.');
    expect((await api.getArtifact(mine._id)).name).toBe(mine.name);
    await password.fill(JOURNEY_PASSWORD);
    await password.press('Enter');

    await shell.expectToast('Your account has been closed.');
    await expect(page).toHaveURL('/');
    await expect(shell.avatarButton()).toHaveCount(0);
    await expect(api.getArtifact(mine._id)).rejects.toThrow(/answered 404/);
    expect((await api.getArtifact(theirs._id)).likeCount).toBe(0);

    await page.goto('/register');
    await page.getByLabel('Full Name').fill('Back Again');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(JOURNEY_PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await shell.expectToast('Registration successful!');
    await new MyArtifactsPage(page).goto();
    await expect(page.getByTestId('artifact-card')).toHaveCount(0);
  });
});
