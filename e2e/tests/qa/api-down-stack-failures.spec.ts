/**
 * Issue 8, the API down: every page that calls it shows its toast of spec section 8 and its own error state, the
 * site around it stays up, and the page recovers once the API is back. Each journey opens its pages in tabs of one
 * signed-in browser, stops the real API once, starts it once, then checks recovery tab by tab (it stops a real
 * server, so it runs in 'stack-failures').
 */
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { api, sampleArtifact } from '../../fixtures/api-client.ts';
import { signIn } from '../../fixtures/identity.ts';
import { startServer, stopServer } from '../../fixtures/stack-control.ts';
import { expect, spec, test } from '../../fixtures/test.ts';
import { LikedArtifactsPage, ProfilePage } from '../../pages/account.ts';
import { CataloguePage } from '../../pages/catalogue.ts';
import { AddArtifactPage, FIELD_LABELS, MyArtifactsPage, UpdateArtifactPage } from '../../pages/editor.ts';
import { ShellPage } from '../../pages/shell.ts';

// Each journey restarts the API (startServer allows it four minutes on a busy machine) and drives several tabs.
test.describe.configure({ timeout: 300_000 });

/** A tab of the member's browser, with the errors its page threw that nothing caught. */
interface Tab {
  page: Page;
  shell: ShellPage;
  uncaught: string[];
}

async function openTab(context: BrowserContext, path?: string): Promise<Tab> {
  const page = await context.newPage();
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(error.message));
  if (path) await page.goto(path);
  return { page, shell: new ShellPage(page), uncaught };
}

/** Nothing crashed: the layout is there, no error page or remote fallback took the route, nothing was thrown. */
async function expectSiteStillStanding({ page, uncaught }: Tab): Promise<void> {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toHaveCount(0);
  await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
  expect(uncaught).toEqual([]);
}

const tryAgain = (page: Page): Locator => page.getByRole('main').getByRole('button', { name: 'Try Again' });

test(
  'every page that loads data shows its error toast and state, and Try Again brings the data back',
  {
    tag: ['@shell', '@account', '@catalogue', '@editor'],
    annotation: spec(
      'Failed to fetch featured artifacts',
      'Failed to fetch artifacts',
      'Failed to load user statistics',
      'Failed to fetch your artifacts',
      'Failed to fetch liked artifacts',
    ),
  },
  async ({ signedIn: page, member }) => {
    const token = await signIn(member.email, member.password);
    const artifact = await api.createArtifact(token);
    await api.like(token, artifact._id);

    // Each page: where it is, its toast, the error it keeps on the page (beside a Try Again), what it shows without
    // the API, and what it shows once it has loaded.
    const pages: Array<{
      path: string;
      toast: string;
      error: string;
      unaffected: (page: Page) => Locator;
      loaded: (page: Page) => Promise<void>;
    }> = [
      {
        path: '/',
        toast: 'Failed to fetch featured artifacts',
        error: 'Failed to fetch featured artifacts',
        unaffected: (p) => p.getByRole('heading', { level: 2, name: 'Why Choose Heritage Vault?' }),
        loaded: (p) =>
          expect(
            p.getByRole('list', { name: 'Featured Artifacts' }).getByTestId('artifact-card').first(),
          ).toBeVisible(),
      },
      {
        path: `/all-artifacts?q=${encodeURIComponent(artifact.name)}`,
        toast: 'Failed to fetch artifacts',
        error: 'Failed to fetch artifacts',
        unaffected: (p) => new CataloguePage(p).searchBox,
        loaded: (p) => expect(new CataloguePage(p).card(artifact.name)).toBeVisible(),
      },
      {
        path: `/artifact-details/${artifact._id}`,
        toast: 'Failed to fetch artifact details',
        error: 'Failed to fetch artifact details',
        unaffected: (p) => p.getByRole('link', { name: 'Back to All Artifacts' }),
        loaded: (p) => expect(p.getByRole('heading', { level: 1, name: artifact.name })).toBeVisible(),
      },
      {
        path: '/my-artifacts',
        toast: 'Failed to fetch your artifacts',
        error: 'Your artifacts could not be loaded',
        unaffected: (p) => p.getByRole('heading', { level: 1, name: 'My Artifacts Collection' }),
        loaded: (p) => expect(new MyArtifactsPage(p).card(artifact.name)).toBeVisible(),
      },
      {
        path: '/liked-artifacts',
        toast: 'Failed to fetch liked artifacts',
        error: 'Failed to fetch liked artifacts',
        unaffected: (p) => p.getByRole('heading', { level: 1, name: 'Your Liked Artifacts' }),
        loaded: (p) => expect(new LikedArtifactsPage(p).card(artifact.name)).toBeVisible(),
      },
      {
        path: '/profile',
        toast: 'Failed to load user statistics',
        error: 'Failed to load user statistics',
        unaffected: (p) => new ProfilePage(p).email.filter({ hasText: member.email }),
        loaded: (p) => new ProfilePage(p).expectStats({ liked: 1, added: 1 }),
      },
    ];

    const opened: Array<{ tab: Tab; loaded: (page: Page) => Promise<void> }> = [];
    let updateTab: Tab;
    await stopServer('api');
    try {
      for (const { path, toast, error, unaffected, loaded } of pages) {
        const tab = await openTab(page.context(), path);
        await tab.shell.expectToast(toast);
        await expect(tab.page.getByRole('main').getByText(error, { exact: true })).toBeVisible();
        await expect(tryAgain(tab.page)).toBeVisible();
        await expect(unaffected(tab.page)).toBeVisible();
        await expectSiteStillStanding(tab);
        opened.push({ tab, loaded });
      }

      // Update Artifact cannot show a form without the artifact: it toasts and goes back to My Artifacts.
      updateTab = await openTab(page.context(), `/update-artifact/${artifact._id}`);
      await updateTab.shell.expectToast('Failed to fetch artifact details');
      await expect(updateTab.page).toHaveURL('/my-artifacts');
      await expect(
        updateTab.page.getByRole('main').getByText('Your artifacts could not be loaded'),
      ).toBeVisible();
      await expectSiteStillStanding(updateTab);
    } finally {
      await startServer('api');
    }

    // Without a reload, Try Again loads what failed.
    for (const { tab, loaded } of opened) {
      await tryAgain(tab.page).click();
      await loaded(tab.page);
      await expect(tryAgain(tab.page)).toHaveCount(0);
      await expectSiteStillStanding(tab);
    }

    // From My Artifacts, the artifact that could not be fetched opens for update again.
    const mine = new MyArtifactsPage(updateTab.page);
    await tryAgain(updateTab.page).click();
    await mine.updateLink(artifact.name).click();
    await expect(new UpdateArtifactPage(updateTab.page).field(FIELD_LABELS.name)).toHaveValue(artifact.name);
    await expectSiteStillStanding(updateTab);
  },
);

test(
  'adding, updating and deleting fail with their messages and lose nothing, then go through once the API is back',
  { tag: ['@shell', '@editor'], annotation: spec('Failed to add artifact', 'Failed to update artifact') },
  async ({ signedIn: page, member }) => {
    const token = await signIn(member.email, member.password);
    const toUpdate = await api.createArtifact(token);
    const toDelete = await api.createArtifact(token);
    const typed = sampleArtifact({ type: 'Pottery' });
    const renamed = `${toUpdate.name} (renamed)`;

    // The forms are open and filled in, and My Artifacts is on screen, when the API goes down.
    const addTab = await openTab(page.context());
    const add = new AddArtifactPage(addTab.page);
    await add.goto();
    await add.fill(typed);
    const updateTab = await openTab(page.context());
    const update = new UpdateArtifactPage(updateTab.page);
    await update.goto(toUpdate._id);
    await update.fill({ name: renamed });
    const mineTab = await openTab(page.context());
    const mine = new MyArtifactsPage(mineTab.page);
    await mine.goto();

    await stopServer('api');
    try {
      await add.submit();
      await addTab.shell.expectToast('Failed to add artifact');
      await expect(add.submitButton).toHaveText('Add Artifact');
      await expect(add.submitButton).toBeEnabled();
      await expect(addTab.page).toHaveURL('/add-artifact');
      for (const [field, value] of Object.entries(typed) as [keyof typeof typed, string][]) {
        await expect(add.field(FIELD_LABELS[field])).toHaveValue(value);
      }
      await expectSiteStillStanding(addTab);

      await update.submit();
      await updateTab.shell.expectToast('Failed to update artifact');
      await expect(update.submitButton).toHaveText('Update Artifact');
      await expect(updateTab.page).toHaveURL(`/update-artifact/${toUpdate._id}`);
      await expect(update.field(FIELD_LABELS.name)).toHaveValue(renamed);
      await expectSiteStillStanding(updateTab);

      await mine.deleteButton(toDelete.name).click();
      await mine.expectConfirmFor(toDelete.name);
      await mine.dialogButton('Yes, delete it!').click();
      await expect(mine.dialog).toContainText('Error!');
      await expect(mine.dialog).toContainText('Failed to delete artifact');
      await mine.dialogButton('OK').click();
      await expect(mine.dialog).toHaveCount(0);
      await expect(mine.card(toDelete.name)).toBeVisible();
      await expectSiteStillStanding(mineTab);
    } finally {
      await startServer('api');
    }

    // The same forms, submitted again without retyping anything, and the same Delete.
    await add.submit();
    await addTab.shell.expectToast(`Artifact "${typed.name}" has been added successfully!`);
    await expect(addTab.page).toHaveURL('/my-artifacts');
    await expect(new MyArtifactsPage(addTab.page).card(typed.name)).toBeVisible();

    await update.submit();
    await updateTab.shell.expectToast('Artifact updated successfully!');
    await expect(new MyArtifactsPage(updateTab.page).card(renamed)).toBeVisible();

    await mine.deleteButton(toDelete.name).click();
    await mine.expectConfirmFor(toDelete.name);
    await mine.dialogButton('Yes, delete it!').click();
    await expect(mine.dialog).toContainText('Deleted!');
    await mine.dialogButton('OK').click();
    await expect(mine.card(toDelete.name)).toHaveCount(0);
    await expect(api.getArtifact(toDelete._id)).rejects.toThrow(/404/);
    for (const tab of [addTab, updateTab, mineTab]) await expectSiteStillStanding(tab);
  },
);

test(
  'Like and Dislike fail with their messages and change nothing, then work once the API is back',
  {
    tag: ['@shell', '@catalogue'],
    annotation: spec('Failed to update like status', 'Failed to update dislike status'),
  },
  async ({ signedIn: page, member }) => {
    const token = await signIn(member.email, member.password);
    const toLike = await api.createArtifact(token);
    const toDislike = await api.createArtifact(token);
    await api.like(token, toDislike._id);

    const likeTab = await openTab(page.context());
    const liking = new CataloguePage(likeTab.page);
    await liking.gotoDetails(toLike._id);
    await expect(liking.likeButton).toHaveText('Like');
    const dislikeTab = await openTab(page.context());
    const disliking = new CataloguePage(dislikeTab.page);
    await disliking.gotoDetails(toDislike._id);
    await expect(disliking.likeButton).toHaveText('Liked');

    await stopServer('api');
    try {
      await liking.likeButton.click();
      await likeTab.shell.expectToast('Failed to update like status');
      await expect(liking.likeButton).toHaveText('Like');
      await expect(liking.likeButton).toBeEnabled();
      await expect(liking.likes(0)).toBeVisible();
      await expectSiteStillStanding(likeTab);

      await disliking.dislikeButton.click();
      await dislikeTab.shell.expectToast('Failed to update dislike status');
      await expect(disliking.likeButton).toHaveText('Liked');
      await expect(disliking.dislikeButton).toHaveText('Dislike');
      await expect(disliking.likes(1)).toBeVisible();
      await expectSiteStillStanding(dislikeTab);
    } finally {
      await startServer('api');
    }

    await liking.likeButton.click();
    await likeTab.shell.expectToast('Artifact liked successfully!');
    await expect(liking.likeButton).toHaveText('Liked');
    await expect(liking.likes(1)).toBeVisible();

    await disliking.dislikeButton.click();
    await dislikeTab.shell.expectToast('Artifact disliked');
    await expect(disliking.dislikeButton).toHaveText('Disliked');
    await expect(disliking.likes(0)).toBeVisible();

    expect([
      (await api.getArtifact(toLike._id)).likeCount,
      (await api.getArtifact(toDislike._id)).likeCount,
    ]).toEqual([1, 0]);
  },
);
