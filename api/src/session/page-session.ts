/**
 * Who a page request comes from (issue #53), for the render service that answers page requests: the member whose
 * Firebase session cookie (`__session`, made by POST /session: session-routes.ts) the request carries. The cookie
 * serves page requests only; no API route takes it as identity.
 *
 *   import { createPageSessions } from 'api/page-session';
 *   const sessions = createPageSessions({ projectId, authEmulatorHost, timeoutMs });
 *   const member = await sessions.memberOfPageRequest(request.headers.cookie); // PageMember | null
 *
 * firebase-admin's `verifySessionCookie(cookie, checkRevoked = true)` checks the signature, the expiry and the
 * account (disabled, deleted, sessions revoked); then the account's record gives the member as they are now (a
 * name or photo changed since the sign-in shows at once). A missing, malformed, tampered, expired or revoked cookie
 * is null, never an error; only an identity provider that fails or passes `timeoutMs` rejects (503 ApiError), so
 * the caller decides what a page does without knowing who asks.
 *
 * Emulator cookies are unsigned, like its ID tokens (verify-token.ts): a payload edited by hand cannot be told from
 * a real one there, except by its e-mail, which must be the account's.
 */
import { randomUUID } from 'node:crypto';
import { parseCookie } from 'cookie';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { withinDeadline } from '../auth/verify-token.ts';
import { ServiceUnavailableError } from '../http/service-unavailable.ts';
import { ApiError } from '../http/errors.ts';

/** The cookie's name: `__session` is also the one cookie Firebase Hosting passes on to a server. */
export const PAGE_SESSION_COOKIE = '__session';

/** The member a page is rendered for: the account as the identity provider holds it now. */
export interface PageMember {
  uid: string;
  email: string | null;
  /** The display name, or null when the account has none. */
  name: string | null;
  /** The photo URL, or null. */
  picture: string | null;
  emailVerified: boolean;
  /** When the account was created (ISO), as the auth store's user says it (the Profile's join date). */
  createdAt: string | null;
}

export interface PageSessions {
  /** The member of a request's `Cookie` header, or null for none or a cookie that is no longer good. */
  memberOfPageRequest(cookieHeader: string | undefined): Promise<PageMember | null>;
  close(): Promise<void>;
}

export interface PageSessionOptions {
  /** The Firebase project whose session cookies are accepted (the API's FIREBASE_PROJECT_ID). */
  projectId: string;
  /** host:port of the Auth Emulator (FIREBASE_AUTH_EMULATOR_HOST), or undefined for a real project. */
  authEmulatorHost: string | undefined;
  /** How long the identity provider may take (IDENTITY_PROVIDER_TIMEOUT_MS); 5 s unless said. */
  timeoutMs?: number;
}

/** firebase-admin's verdicts on the cookie or its account: each means nobody is signed in. */
const NOBODY = new Set([
  'auth/session-cookie-expired',
  'auth/session-cookie-revoked',
  'auth/argument-error',
  'auth/invalid-argument',
  'auth/user-disabled',
  'auth/user-not-found',
]);

/** A session cookie is a JWT of about a kilobyte: anything far longer is not one. */
const MAX_COOKIE_LENGTH = 8192;

export function createPageSessions({
  projectId,
  authEmulatorHost,
  timeoutMs = 5000,
}: PageSessionOptions): PageSessions {
  // firebase-admin reads the emulator address from the environment at each call.
  if (authEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = authEmulatorHost;
  const app = initializeApp({ projectId }, `heritage-page-sessions-${randomUUID()}`);
  const auth = getAuth(app);

  async function memberOf(cookie: string): Promise<PageMember | null> {
    const decoded = await auth.verifySessionCookie(cookie, true);
    const user = await auth.getUser(decoded.uid);
    if (authEmulatorHost && decoded.email?.toLowerCase() !== user.email?.toLowerCase()) return null;
    const created = user.metadata.creationTime ? new Date(user.metadata.creationTime) : null;
    return {
      uid: user.uid,
      email: user.email ?? null,
      name: user.displayName ?? null,
      picture: user.photoURL ?? null,
      emailVerified: user.emailVerified,
      createdAt: created && !Number.isNaN(created.getTime()) ? created.toISOString() : null,
    };
  }

  return {
    async memberOfPageRequest(cookieHeader) {
      const cookie = cookieHeader ? parseCookie(cookieHeader)[PAGE_SESSION_COOKIE] : undefined;
      if (!cookie || cookie.length > MAX_COOKIE_LENGTH) return null;
      try {
        return await withinDeadline(memberOf(cookie), timeoutMs, undefined);
      } catch (error) {
        if (NOBODY.has((error as { code?: string }).code ?? '')) return null;
        throw error instanceof ApiError
          ? error
          : new ServiceUnavailableError('identity provider', undefined, { cause: error });
      }
    },
    close: () => deleteApp(app),
  };
}
