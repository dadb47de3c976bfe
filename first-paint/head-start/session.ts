/**
 * Who the page is for before the app knows: the member a usable stored token names or, for a returning member on a
 * member's page (no usable stored token, as after an hour away; or nobody signed in), the one Firebase names once it
 * has refreshed their token. The head start imports Firebase's session for that itself (ShellCode.firebaseSession),
 * rather than wait for the shell's code. A deleted or disabled account, or a sign-out in another tab, gets no token.
 */
import type { AuthUser } from 'shared-ui';
import { memberOfToken, usableStoredToken } from 'shared-ui/auth/token-claims';
import { fallBack, type FirstPaintState } from './state.ts';

/** The member a page's pictures and early request are for, and the token that says so. */
export interface Session {
  token: string;
  member: AuthUser;
}

/** Firebase's session module (auth/firebase-session.ts). */
export type SessionModule = Promise<{ signedInIdToken(): Promise<string | null> }>;

function sessionOf(token: string | null): Session | null {
  const member = token ? memberOfToken(token) : null;
  return token && member ? { token, member } : null;
}

/** The usable stored token's session, as the pages will see it until Firebase answers. */
export function storedSession(state: FirstPaintState): Session | null {
  try {
    return sessionOf(usableStoredToken());
  } catch (error) {
    fallBack(state, 'storage unreadable', error);
    return null;
  }
}

/** The session Firebase's module names, once it has loaded and answered. */
export const firebaseSession = (
  state: FirstPaintState,
  sessionModule: SessionModule,
): Promise<Session | null> =>
  sessionModule
    .then((module) => module.signedInIdToken())
    .then(sessionOf, (error: unknown) => (fallBack(state, 'firebase failed', error), null));
