/**
 * Issue 53 item 2, members: a member's page is rendered on the server from their page session cookie (the HTML as
 * sent holds their artifacts and their signed-in header; the hydrated page asks the API nothing for them), and a
 * signed-out request for it is sent to /login by the server (the page's toast, and back after signing in). An API that
 * fails while the render service runs: render-service-api-down.spec.ts.
 */
import { api } from '../../fixtures/api-client.ts';
import { expect, test } from '../../fixtures/test.ts';
import { ShellPage } from '../../pages/shell.ts';
import { apiPathOf, journeyTarget } from '../../stack/target.ts';

/** The page session cookie the API sets on sign-in. */
const SESSION_COOKIE = '__session';

/** The member's page session, as the shell asks for it after a sign-in (POST /session with the fresh ID token). */
async function pageSessionOf(idToken: string): Promise<string> {
  const answer = await fetch(`${journeyTarget().api}/session`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${idToken}` },
  });
  expect(answer.status).toBe(204);
  const line = answer.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  return line!.slice(SESSION_COOKIE.length + 1).split(';', 1)[0]!;
}

/** The page as the server sends it: no browser, no redirect followed. */
const pageAsSent = (base: string, path: string, session?: string) =>
  fetch(new URL(path, base), {
    redirect: 'manual',
    headers: session === undefined ? {} : { Cookie: `${SESSION_COOKIE}=${session}` },
  });

test.describe("Members' pages rendered on the server", { tag: ['@shell', '@editor'] }, () => {
  test("a member's My Artifacts arrives with their artifacts in the HTML, and the hydrated page asks the API nothing for them", async ({
    signedIn: page,
    member,
    baseURL,
  }) => {
    const created = await api.createArtifact(member.idToken, {
      name: `Session Lamp ${Math.random().toString(36).slice(2, 8)}`,
    });
    try {
      const session = await pageSessionOf(member.idToken);
      // The editor's server entry is loaded by the first render of one of its pages (the service's start-up loads
      // the catalogue's): on a loaded machine that first render may run out of time for the data, and show the
      // page's error state.
      await pageAsSent(baseURL!, '/my-artifacts', session);
      const sent = await pageAsSent(baseURL!, '/my-artifacts', session);
      expect(sent.status).toBe(200);
      expect(sent.headers.get('cache-control')).toBe('private, no-store');
      const html = await sent.text();
      const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('id="rendered-state"'));
      expect(root).toContain(created.name);
      expect(root).toContain('You have added 1 artifact to the vault.');
      // The header as the member's browser draws it: signed in.
      expect(root).toContain('Account menu for');

      const asked: string[] = [];
      page.on('request', (request) => {
        const path = apiPathOf(request.url());
        if (path && !path.startsWith('/images/')) asked.push(path);
      });
      await page
        .context()
        .addCookies([
          { name: SESSION_COOKIE, value: session, url: baseURL!, httpOnly: true, sameSite: 'Lax' },
        ]);
      await page.goto('/my-artifacts');
      await expect(page.getByRole('heading', { name: created.name })).toBeVisible();
      // Firebase's client has loaded and agrees (the shell stores the ID token it has then): the same member.
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('token')), { timeout: 15_000 })
        .not.toBeNull();
      await expect(new ShellPage(page).avatarButton()).toBeVisible();
      await expect(page.getByRole('heading', { name: created.name })).toBeVisible();
      expect(asked.filter((path) => path.startsWith('/artifacts/user/'))).toEqual([]);
    } finally {
      await api.deleteArtifact(member.idToken, created._id);
    }
  });

  test('a signed-out request of My Artifacts is sent to /login by the server, with its toast, and back there after signing in', async ({
    page,
    member,
    baseURL,
  }) => {
    const sent = await pageAsSent(baseURL!, '/my-artifacts');
    expect(sent.status).toBe(302);
    expect(sent.headers.get('location')).toBe('/login?from=%2Fmy-artifacts');
    // A session the API refuses is a visitor's, and cleared.
    const refused = await pageAsSent(baseURL!, '/my-artifacts', 'not-a-session');
    expect(refused.status).toBe(302);
    expect(refused.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=;`))).toMatch(
      /Expires=Thu, 01 Jan 1970|Max-Age=0/,
    );

    const answered: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/my-artifacts') answered.push(response.status());
    });
    await page.goto('/my-artifacts');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Please login to view your artifacts')).toBeVisible();
    expect(answered).toEqual([302]);
    await new ShellPage(page).login(member.email, member.password, '');
    await expect(page).toHaveURL(/\/my-artifacts$/);
  });
});
