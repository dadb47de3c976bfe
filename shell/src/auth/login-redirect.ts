/**
 * The render service's redirect of a signed-out request for a members' page (#53): `/login?from=<the page>`, since a
 * redirect carries no router state. Free of imports: the render service writes the address with it too.
 */

/** The query parameter of /login that names the page a signed-out request asked for. */
export const LOGIN_RETURN_PARAM = 'from';

/** /login for a signed-out request of `page` (its path and query). */
export const loginRedirect = (page: string) =>
  `/login?${new URLSearchParams({ [LOGIN_RETURN_PARAM]: page }).toString()}`;

/** The page a /login address names to return to: a path of this site, never another origin's address. */
export function loginReturnOf(search: string): string | null {
  const page = new URLSearchParams(search).get(LOGIN_RETURN_PARAM);
  return page && /^\/(?![/\\])/.test(page) ? page : null;
}

interface LoginRedirectDeps {
  /** The login toast of the route that shows `pathname` (none for a public page). */
  loginToastOf(pathname: string): string | undefined;
  showToast(text: string): void;
  /** The router's navigation to /login with the page to return to, or to that page itself. */
  navigate(to: string, state?: { from: { pathname: string; search: string; hash: string } }): Promise<void>;
  authState(): AuthSnapshot;
  subscribeAuth(listener: (state: AuthSnapshot) => void): () => void;
  /** Whether the browser is still on /login (the member has not signed in and gone on). */
  onLoginPage(): boolean;
}

/** The auth store's state, as far as this reads it. */
interface AuthSnapshot {
  user: unknown;
  loading: boolean;
}

/**
 * On /login?from=...: the page kept to return to; a member whose browser Firebase says is signed in (their page
 * session expired, or was never started in this browser) sent back to it, with no toast; anyone else told the page's
 * login toast once Firebase has said nobody is.
 */
export async function followLoginRedirect(current: URL, deps: LoginRedirectDeps): Promise<void> {
  if (current.pathname !== '/login') return;
  const page = loginReturnOf(current.search);
  if (!page) return;
  const from = new URL(page, current.origin);
  const toast = deps.loginToastOf(from.pathname);
  let told = false;
  await deps.navigate('/login', { from: { pathname: from.pathname, search: from.search, hash: from.hash } });
  // Done once the member has left /login, or is known signed in (then sent back).
  const settle = ({ user, loading }: AuthSnapshot) => {
    if (!deps.onLoginPage()) return true;
    if (loading) return false;
    if (user) {
      void deps.navigate(page);
      return true;
    }
    if (toast && !told) deps.showToast(toast);
    told = true;
    return false;
  };
  if (settle(deps.authState())) return;
  const stop = deps.subscribeAuth((state) => {
    if (settle(state)) stop();
  });
}
