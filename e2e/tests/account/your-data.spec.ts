/**
 * Issue #47, a member's data: Profile's *Download my data* gives a JSON file that says what the site shows of them,
 * and *Close my account* removes their artifacts, photos, likes and account, after which their e-mail can register
 * again.
 */
import { readFile } from 'node:fs/promises';
import { api } from '../../fixtures/api-client.ts';
import { createAccount, JOURNEY_PASSWORD } from '../../fixtures/identity.ts';
import { expect, test } from '../../fixtures/test.ts';
import { LikedArtifactsPage, ProfilePage } from '../../pages/account.ts';
import { MyArtifactsPage } from '../../pages/editor.ts';

test.describe('Your Data', { tag: ['@account', '@editor', '@catalogue'] }, () => {
  test('Download my data: a JSON file with the profile, the artifacts and the likes the site shows', async ({
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
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('heritage-vault-my-data.json');
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      profile: { email: string; displayName: string };
      artifacts: Array<{ _id: string; name: string; image: string }>;
      likedArtifactIds: string[];
    };
    expect(exported.profile).toMatchObject({ email: member.email, displayName: member.displayName });
    expect(exported.artifacts.map((artifact) => artifact.name)).toEqual([mine.name]);
    expect(exported.artifacts[0]!.image).toBe(mine.image);
    expect(exported.likedArtifactIds).toEqual([theirs._id]);

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

  test('Close my account: asks for DELETE, removes artifacts and likes, signs out; the e-mail registers again', async ({
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
    await page.getByRole('button', { name: 'Close my account' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Close your account?');
    await expect(dialog).toContainText(
      'deletes the artifacts you added and their photos, takes back your likes',
    );
    await dialog.getByLabel('Type DELETE to confirm').fill('delete');
    await dialog.getByRole('button', { name: 'Close my account' }).click();
    await expect(dialog).toContainText('Type DELETE, in capitals, to close your account.');
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByRole('button', { name: 'Close my account' }).click();

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
