/**
 * Issue #29: member pages fall back correctly when the session the browser holds is no longer the member's to use:
 * an expired stored token, an account deleted or disabled elsewhere, a sign-out in another tab, another account
 * signed in. No flash of another member's data, and no page that shows data and then bounces to /login without a
 * reason. Each journey records what its page showed from the first DOM node on (fixtures/session-changes.ts), so it
 * says what was never on screen, not only what is there at the end. These hold today; they are what the pages must
 * keep once they start on a stored token before Firebase has answered.
 */
import type { Page } from '@playwright/test';
import { api } from '../../fixtures/api-client.ts';
import { createAccount, deleteAccount } from '../../fixtures/identity.ts';
import {
  cardsOnMemberLists,
  FIREBASE_CHUNKS,
  holdScripts,
  NEEDS_EMULATOR_ADMIN,
  openWithStoredToken,
  recordWhatIsShown,
  restoreDeletedAccount,
  setAccountDisabled,
  toastsOf,
  TOKEN_KEY,
  tokenClaims,
  type Shown,
} from '../../fixtures/session-changes.ts';
import { expect, test, VIEWPORT_INDEPENDENT } from '../../fixtures/test.ts';
import { MyArtifactsPage } from '../../pages/editor.ts';
import { ShellPage } from '../../pages/shell.ts';
import { apiPathOf, journeyTarget } from '../../stack/target.ts';

const LOGIN_TO_VIEW = 'Please login to view your artifacts';

/** The second member of the account switches: a name of their own, so the avatar tells them apart. */
const SECOND_MEMBER = { displayName: 'Grace Hopper' };

/**
 * In order, Firebase's answers to its look-up of the signed-in user (on start-up, how it learns the session still
 * holds) and the page's calls for My Artifacts, each with the token it carried.
 */
type AuthAndApiEvent = { kind: 'Firebase answered'; status: number } | { kind: 'API call'; token: string };

function followAuthAndApi(page: Page): AuthAndApiEvent[] {
  const events: AuthAndApiEvent[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/accounts:lookup'))
      events.push({ kind: 'Firebase answered', status: response.status() });
  });
  page.on('request', (request) => {
    if (apiPathOf(request.url()) !== '/artifacts/user/me') return;
    events.push({
      kind: 'API call',
      token: request.headers()['authorization']?.replace(/^Bearer /, '') ?? '',
    });
  });
  return events;
}

const apiCalls = (events: AuthAndApiEvent[]) =>
  events.flatMap((event) => (event.kind === 'API call' ? [event.token] : []));

/**
 * Opens My Artifacts, recording what it shows and Firebase's and the API's part, and waits for the member's
 * `artifact` on it.
 */
async function openMyArtifactsRecorded(page: Page, artifact: string) {
  const shown = await recordWhatIsShown(page);
  const events = followAuthAndApi(page);
  const mine = new MyArtifactsPage(page);
  await mine.goto();
  await expect(mine.card(artifact)).toBeVisible();
  await expect(page).toHaveURL('/my-artifacts');
  return { shown, events };
}

/**
 * The member's next visit to My Artifacts in the same document, by Home and the member menu: the page asks the API
 * for their artifacts then (the first visit's the server drew, from their page session).
 */
async function openMyArtifactsAgain(page: Page, artifact: string) {
  const shell = new ShellPage(page);
  await shell.navigate('Home');
  await (await shell.openUserMenu()).getByRole('menuitem', { name: 'My Artifacts' }).click();
  await expect(new MyArtifactsPage(page).card(artifact)).toBeVisible();
}

/** The page stayed on `path` all along, with no toast: no bounce, and no reason given for one. */
function expectStayedWithoutToast(record: Shown[], path: string) {
  expect(new Set(record.map((shown) => shown.path))).toEqual(new Set([path]));
  expect(toastsOf(record)).toEqual([]);
}

/**
 * The account switches' start: a second member, an artifact of each, and the first member's My Artifacts on screen,
 * recorded from before it opened.
 */
async function twoMembersOnTheFirstsList(page: Page, member: { idToken: string }) {
  const second = await createAccount(SECOND_MEMBER);
  const firstArtifact = await api.createArtifact(member.idToken);
  const secondArtifact = await api.createArtifact(second.idToken);
  const shown = await recordWhatIsShown(page);
  const mine = new MyArtifactsPage(page);
  await mine.goto();
  await expect(mine.card(firstArtifact.name)).toBeVisible();
  return { second, firstArtifact, secondArtifact, shown, mine };
}

/** The shell of a second tab of the same browser, open on Home: where the session changes behind the first one. */
async function anotherTab(page: Page): Promise<ShellPage> {
  const tab = await page.context().newPage();
  await tab.goto('/');
  return new ShellPage(tab);
}

/** Each card a member's list showed, as "account: card", so a card shown under the wrong account shows as such. */
const memberListCards = (shown: Shown[]) =>
  new Set(cardsOnMemberLists(shown).map(({ account, card }) => `${account}: ${card}`));

/** Every card the page showed, on any page: for the journeys after which no card of a member may show anywhere. */
const allCards = (shown: Shown[]) => [...new Set(shown.flatMap(({ cards }) => cards))];

/** What was shown from the first moment `predicate` held on (nothing if it never did). */
const fromFirst = (shown: Shown[], predicate: (shown: Shown) => boolean) => {
  const at = shown.findIndex(predicate);
  return at < 0 ? [] : shown.slice(at);
};

test.describe(
  'a stored token the page can no longer use',
  { tag: ['@shell', '@editor', '@catalogue', VIEWPORT_INDEPENDENT] },
  () => {
    test('expired: My Artifacts shows the member’s own with a token Firebase refreshed, no bounce to /login and no toast', async ({
      page,
      member,
      baseURL,
    }) => {
      const { token: expired, artifact } = await openWithStoredToken(page, baseURL!, member);
      // The emulator's tokens are unsigned and stamped in whole seconds: a refresh within the second of the sign-in
      // would be the very same token. Firebase now starts as the page does, so let that second pass first.
      await expect.poll(() => Math.floor(Date.now() / 1000)).toBeGreaterThan(tokenClaims(expired).iat);
      // The member comes back 65 minutes after signing in: the token under 'token', the one Firebase kept too, expired
      // five minutes ago (ID tokens last an hour). Firebase still holds the session's refresh token.
      await page.clock.install({ time: Date.now() + 65 * 60_000 });
      const { shown, events } = await openMyArtifactsRecorded(page, artifact.name);
      expectStayedWithoutToast(await shown.all(), '/my-artifacts');
      await openMyArtifactsAgain(page, artifact.name);

      // The page asked the API only once Firebase had answered, and never with the expired token: with a fresh one of
      // the member, the one it keeps under 'token' now.
      expect(events[0]).toEqual({ kind: 'Firebase answered', status: 200 });
      // The list may show from the first visit's data while its refetch is still on its way: wait for the call.
      await expect.poll(() => apiCalls(events).length).toBeGreaterThan(0);
      const tokens = apiCalls(events);
      for (const token of tokens) {
        expect(token).not.toBe(expired);
        expect(tokenClaims(token).user_id).toBe(member.uid);
        expect(tokenClaims(token).iat).toBeGreaterThan(tokenClaims(expired).iat);
      }
      expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBe(tokens.at(-1));
    });

    test('older than five minutes: My Artifacts waits for Firebase, then shows the member’s own, no bounce and no toast', async ({
      page,
      member,
      baseURL,
    }) => {
      const { artifact } = await openWithStoredToken(page, baseURL!, member);
      // Six minutes after signing in: the stored token has not expired, but it is past the five minutes the page may
      // trust it for without Firebase (SPEC section 4, shared-ui/src/auth/id-token.ts).
      await page.clock.install({ time: Date.now() + 6 * 60_000 });
      const { shown, events } = await openMyArtifactsRecorded(page, artifact.name);
      expectStayedWithoutToast(await shown.all(), '/my-artifacts');
      await openMyArtifactsAgain(page, artifact.name);

      expect(events[0]).toEqual({ kind: 'Firebase answered', status: 200 });
      // The list may show from the first visit's data while its refetch is still on its way: wait for the call.
      await expect.poll(() => apiCalls(events).length).toBeGreaterThan(0);
      const tokens = apiCalls(events);
      for (const token of tokens) expect(tokenClaims(token).user_id).toBe(member.uid);
    });
  },
);

/**
 * Firebase's code does not load (the connection dropped, or a release replaced the files this page names) while the
 * browser holds a usable stored token: the page started on it keeps the member and their data rather than bounce to
 * /login with a reason that is not true, and Firebase loads with the next page once its code can.
 */
test.describe("Firebase's code cannot load", { tag: ['@shell', '@editor', VIEWPORT_INDEPENDENT] }, () => {
  test('with a usable stored token: My Artifacts keeps the member’s own, no bounce and no toast; the next page loads Firebase', async ({
    page,
    member,
    baseURL,
  }) => {
    const { artifact } = await openWithStoredToken(page, baseURL!, member);
    await page.route(FIREBASE_CHUNKS, (route) => route.abort('internetdisconnected'));
    const firebaseFailed = page.waitForEvent('console', (message) =>
      message.text().includes('The identity provider could not start'),
    );
    const { shown, events } = await openMyArtifactsRecorded(page, artifact.name);
    await firebaseFailed;
    await expect(new ShellPage(page).avatarButton()).toBeVisible();
    expectStayedWithoutToast(await shown.all(), '/my-artifacts');
    expect(events.filter(({ kind }) => kind === 'Firebase answered')).toEqual([]);

    await page.unroute(FIREBASE_CHUNKS);
    await new ShellPage(page).navigate('Add Artifact');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Artifact' })).toBeVisible();
    await expect
      .poll(() => events.filter(({ kind }) => kind === 'Firebase answered'))
      .toEqual([{ kind: 'Firebase answered', status: 200 }]);
    await expect(page).toHaveURL('/add-artifact');
    expect(toastsOf(await shown.all())).toEqual([]);
  });
});

/**
 * The account is gone from under the browser, which still holds its session and a usable stored token: the token it
 * added an artifact with a moment ago, so the API has verified that very token and remembers it for its token cache's
 * window (TOKEN_CACHE_SECONDS, 300 s: api/src/auth/verify-token.ts). A page started on that token may therefore show
 * the member's own artifacts until Firebase answers that the account is gone; it must then leave them for /login,
 * with the route's toast as the reason, and nothing else. Restored after the journey (with its uid, for a deleted
 * one), so the clean-up can remove that artifact (fixtures/identity.ts).
 */
test.describe('an account revoked elsewhere', { tag: ['@shell', '@editor', VIEWPORT_INDEPENDENT] }, () => {
  for (const revocation of ['deleted', 'disabled'] as const) {
    test(`${revocation}: My Artifacts ends at /login with "${LOGIN_TO_VIEW}", the member’s artifacts gone`, async ({
      page,
      member,
      baseURL,
      shell,
    }) => {
      test.skip(!journeyTarget().authEmulator, NEEDS_EMULATOR_ADMIN);
      const { token, artifact } = await openWithStoredToken(page, baseURL!, member);
      const shown = await recordWhatIsShown(page);
      try {
        if (revocation === 'deleted') await deleteAccount(token);
        else await setAccountDisabled(member.uid, true);

        await page.goto('/my-artifacts');
        await shell.expectToast(LOGIN_TO_VIEW);
        await expect(page).toHaveURL('/login');
        await expect(shell.avatarButton()).toHaveCount(0);
        // Signed out once Firebase answers that the account is gone: the server's redirect to /login may come first.
        await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();

        const record = await shown.all();
        expect(allCards(record).filter((name) => name !== artifact.name)).toEqual([]);
        // Whatever it showed before, it left for /login only with the route's toast, and showed no card there.
        const atLogin = fromFirst(record, ({ path }) => path === '/login');
        expect(allCards(atLogin)).toEqual([]);
        expect(toastsOf(atLogin)).toEqual([LOGIN_TO_VIEW]);
        expect(toastsOf(record.slice(0, record.length - atLogin.length))).toEqual([]);
      } finally {
        if (revocation === 'deleted') await restoreDeletedAccount(member);
        else await setAccountDisabled(member.uid, false);
      }
    });
  }
});

test.describe(
  'the session changed in another tab',
  { tag: ['@shell', '@editor', '@catalogue', VIEWPORT_INDEPENDENT] },
  () => {
    test(`signed out in another tab: My Artifacts goes to /login with "${LOGIN_TO_VIEW}" and its cards go`, async ({
      signedIn: page,
      member,
      shell,
    }) => {
      const artifact = await api.createArtifact(member.idToken);
      const shown = await recordWhatIsShown(page);
      const mine = new MyArtifactsPage(page);
      await mine.goto();
      await expect(mine.card(artifact.name)).toBeVisible();

      const tab = await page.context().newPage();
      const tabShell = new ShellPage(tab);
      const tabMine = new MyArtifactsPage(tab);
      await tabMine.goto();
      await expect(tabMine.card(artifact.name)).toBeVisible();
      await shown.mark('signed out in the other tab');
      await tabShell.logout();
      await tabShell.expectToast('Successfully logged out!');
      await expect(tab).toHaveURL('/');

      await shell.expectToast(LOGIN_TO_VIEW);
      await expect(page).toHaveURL('/login');
      await expect(page.getByTestId('artifact-card')).toHaveCount(0);
      await expect(shell.avatarButton()).toHaveCount(0);

      // The cards went in the same change that took the avatar away, and the page left for /login with the reason.
      const after = await shown.since('signed out in the other tab');
      const signedOut = fromFirst(after, ({ account }) => account === null);
      expect(signedOut.length).toBeGreaterThan(0);
      expect(allCards(signedOut)).toEqual([]);
      expect(toastsOf(signedOut)).toEqual([LOGIN_TO_VIEW]);
    });
  },
);

test.describe(
  'another account signed in',
  { tag: ['@shell', '@editor', '@catalogue', VIEWPORT_INDEPENDENT] },
  () => {
    test('in the same tab: from the second member’s sign-in on, no card of the first member shows, and My Artifacts lists the second’s', async ({
      signedIn: page,
      member,
      shell,
    }) => {
      const { second, firstArtifact, secondArtifact, shown, mine } = await twoMembersOnTheFirstsList(
        page,
        member,
      );

      await shell.logout();
      await shell.expectToast('Successfully logged out!');
      await expect(page).toHaveURL('/');
      // All in the same document, no reload: whatever the page keeps in memory for the first member is still there.
      // A member page sends the second member to the login form, and back to it after: Home, where a plain sign-in
      // lands, features everyone's artifacts, the first member's among them.
      await shell.navigate('Add Artifact');
      await shell.expectToast('Please login to add artifacts');
      await expect(page).toHaveURL('/login');
      await shown.mark('second member signs in');
      await shell.login(second.email, second.password, '');
      await shell.expectToast('Successfully logged in!');
      await expect(page).toHaveURL('/add-artifact');
      await (await shell.openUserMenu()).getByRole('menuitem', { name: 'My Artifacts' }).click();
      await mine.expectOnly(secondArtifact.name);

      const after = await shown.since('second member signs in');
      expect(allCards(after)).not.toContain(firstArtifact.name);
      expect(memberListCards(after)).toEqual(new Set([`${second.displayName}: ${secondArtifact.name}`]));
    });

    test(`in another tab, while this one runs: it goes to /login with "${LOGIN_TO_VIEW}" on the sign-out, stays there on the sign-in, and lists only the second member’s`, async ({
      signedIn: page,
      member,
      shell,
    }) => {
      const { second, firstArtifact, secondArtifact, shown, mine } = await twoMembersOnTheFirstsList(
        page,
        member,
      );

      const tabShell = await anotherTab(page);
      await shown.mark('signed out in the other tab');
      await tabShell.logout();
      await tabShell.expectToast('Successfully logged out!');
      // This tab looks at the shared session about once a second: it sees the sign-out before the other tab's sign-in.
      await shell.expectToast(LOGIN_TO_VIEW);
      await expect(page).toHaveURL('/login');
      await expect(page.getByTestId('artifact-card')).toHaveCount(0);

      await tabShell.navigate('Login');
      await tabShell.login(second.email, second.password, '');
      // The login page stays where it is, now with the second member's avatar.
      await expect(shell.avatarButton()).toHaveAccessibleName(`Account menu for ${second.displayName}`);
      await expect(page).toHaveURL('/login');
      await (await shell.openUserMenu()).getByRole('menuitem', { name: 'My Artifacts' }).click();
      await mine.expectOnly(secondArtifact.name);

      const after = await shown.since('signed out in the other tab');
      const signedOut = fromFirst(after, ({ account }) => account === null);
      expect(signedOut.length).toBeGreaterThan(0);
      expect(allCards(signedOut)).not.toContain(firstArtifact.name);
      expect(memberListCards(signedOut)).toEqual(new Set([`${second.displayName}: ${secondArtifact.name}`]));
      expect(toastsOf(signedOut)).toEqual([LOGIN_TO_VIEW]);

      await page.reload();
      await mine.expectOnly(secondArtifact.name);
    });

    test('in another tab, while this one is held in the background: it wakes up on My Artifacts listing only the second member’s, with no bounce and no toast', async ({
      signedIn: page,
      member,
      shell,
    }) => {
      const { second, firstArtifact, secondArtifact, shown, mine } = await twoMembersOnTheFirstsList(
        page,
        member,
      );

      const tabShell = await anotherTab(page);
      await shown.mark('held');
      // This tab learns of the switch only once its scripts run again: it never sees the session signed out.
      const held = await holdScripts(page);
      try {
        await tabShell.logout();
        await tabShell.expectToast('Successfully logged out!');
        await tabShell.navigate('Login');
        await tabShell.login(second.email, second.password, '');
      } finally {
        await held.letGo();
      }

      await expect(shell.avatarButton()).toHaveAccessibleName(`Account menu for ${second.displayName}`);
      await mine.expectOnly(secondArtifact.name);
      await expect(page).toHaveURL('/my-artifacts');

      // The first member's cards went in the same change that put the second member's name on the avatar.
      const after = await shown.since('held');
      const switched = fromFirst(after, ({ account }) => account === second.displayName);
      expect(switched.length).toBeGreaterThan(0);
      expect(after.slice(0, after.length - switched.length).map(({ account }) => account)).not.toContain(
        null,
      );
      expect(allCards(switched)).not.toContain(firstArtifact.name);
      expect(new Set(cardsOnMemberLists(switched).map(({ card }) => card))).toEqual(
        new Set([secondArtifact.name]),
      );
      expectStayedWithoutToast(after, '/my-artifacts');

      await page.reload();
      await mine.expectOnly(secondArtifact.name);
    });
  },
);
