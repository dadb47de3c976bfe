/**
 * Firebase ID-token verification with firebase-admin: against the Auth Emulator when FIREBASE_AUTH_EMULATOR_HOST
 * is set, against the real project otherwise (credentials from GOOGLE_APPLICATION_CREDENTIALS or the platform).
 *
 * Emulator tokens are unsigned (alg "none"), so firebase-admin cannot detect a payload edited by hand there; it does
 * look the uid up in the emulator. To catch an edited e-mail as well, in emulator mode the identity is taken from the
 * emulator's user record and a token whose e-mail differs from it is refused.
 *
 * Reads may answer from a cache of verified tokens (TOKEN_CACHE_SECONDS). A write asks the identity provider every
 * time (`checkRevoked`), so a disabled, deleted or signed-out-everywhere account stops writing at once. Every call to
 * the provider has a deadline (IDENTITY_PROVIDER_TIMEOUT_MS): past it, or once the client has gone, the request is
 * answered 503 (or dropped) and never reaches its handler.
 *
 * The render service reads as a member with their page session cookie (issue #53): `Authorization: Session <cookie>`,
 * verified with firebase-admin's `verifySessionCookie` and revocation every time (never cached). Writes refuse it
 * (member.ts): they keep the bearer token, and no browser sends this header by itself (the cookie is httpOnly).
 */
import { randomUUID } from 'node:crypto';
import type { AccountProfile } from 'artifact-model/member-data';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type DecodedIdToken } from 'firebase-admin/auth';
import { ApiError, unauthorized } from '../http/errors.ts';
import { ServiceUnavailableError } from '../http/service-unavailable.ts';
import { curatorsEmailRefused, isCuratorsEmail } from './curators.ts';

export interface Identity {
  uid: string;
  /** Lower-cased e-mail of the signed-in user. */
  email: string;
  /** Display name, or the e-mail's local part when the account has none. */
  name: string;
  /** When the member signed in to get this token (its auth_time, in seconds): refreshed tokens keep it. */
  signedInAt: number;
}

export interface VerifyOptions {
  /**
   * Ask the identity provider whether the account is disabled, deleted or its sessions revoked, whatever the cache
   * holds (writes).
   */
  checkRevoked?: boolean;
  /** The request's signal: once its client has gone, the verification is given up (request.signal in Fastify). */
  signal?: AbortSignal;
}

export interface TokenVerifier {
  /** The identity of a bearer ID token, or of a page session cookie (`Session <cookie>`: reads only, member.ts). */
  verify(authorizationHeader: string | undefined, options?: VerifyOptions): Promise<Identity>;
  /** The account's profile, within the provider's deadline (503 past it). */
  profileOf(uid: string, signal?: AbortSignal): Promise<AccountProfile>;
  /** Deletes the account at the provider, within its deadline (503 past it); one already gone counts as deleted. */
  deleteAccount(uid: string, signal?: AbortSignal): Promise<void>;
  /** Whether the provider still has the account, within its deadline (503 past it). */
  accountExists(uid: string): Promise<boolean>;
  /** Which of these accounts (at most 100) the provider no longer has, within its deadline (503 past it). */
  missingAccounts(uids: readonly string[]): Promise<string[]>;
  /**
   * Called with the uid of a token whose signature and expiry held but whose account the provider no longer has
   * (deleted at the provider directly): the API closes such an account (account/member-account.ts).
   */
  whenAccountGone(listener: (uid: string) => void): void;
  /**
   * A Firebase session cookie for the bearer token of `authorizationHeader` (verify it first), lasting `expiresInMs`,
   * within the provider's deadline (503 past it).
   */
  createSessionCookie(
    authorizationHeader: string | undefined,
    expiresInMs: number,
    signal?: AbortSignal,
  ): Promise<string>;
  close(): Promise<void>;
}

export interface TokenVerifierOptions {
  projectId: string;
  authEmulatorHost: string | undefined;
  /** How long a verified token is remembered, never past its own expiry. 0 = verify every time. */
  cacheSeconds: number;
  /** How long one verification may wait for the identity provider before the request is answered 503. */
  timeoutMs: number;
}

/** The provider's refusals of a token or its account, with what to tell the member (a 401 each). */
const REFUSALS: Record<string, string> = {
  'auth/user-disabled': 'This account is disabled',
  'auth/user-not-found': 'This account no longer exists',
  'auth/id-token-revoked': 'This session was signed out; sign in again',
};

const CLIENT_ERROR_CODES = new Set([
  'auth/id-token-expired',
  'auth/argument-error',
  'auth/invalid-id-token',
  'auth/invalid-argument',
]);

const unavailable = () => new ServiceUnavailableError('identity provider');

/** A provider error as the member's answer: a refusal of the token (401), or the provider failing (503). */
function answerFor(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string }).code ?? '';
  const refusal = REFUSALS[code];
  if (refusal) return unauthorized(refusal);
  if (CLIENT_ERROR_CODES.has(code) || code.startsWith('auth/id-token')) {
    return unauthorized('Invalid or expired token');
  }
  if (code.startsWith('auth/session-cookie')) return unauthorized('Invalid or expired page session');
  return unavailable();
}

/** The call's result, or a 503 once `ms` have passed or a rejection once `signal` aborts; the call is not awaited. */
export async function withinDeadline<T>(
  call: Promise<T>,
  ms: number,
  signal: AbortSignal | undefined,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stop = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(unavailable()), ms);
    onAbort = () => reject(new ApiError(503, 'The request was closed before its sign-in was checked'));
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([call, stop]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

const MAX_CACHED_TOKENS = 10_000;
const MAX_TOKEN_LENGTH = 8192;

/** The `sub` of a JWT's payload, unverified: only for a token firebase-admin has verified. */
function subjectOf(token: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      sub?: unknown;
    };
    return typeof payload.sub === 'string' && payload.sub ? payload.sub : undefined;
  } catch {
    return undefined;
  }
}

/** The token of an `Authorization: Bearer <token>` header; a 401 for none, or one too long to be a token. */
function bearerToken(header: string | undefined): string {
  const token = header && /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  if (!token) throw unauthorized('Missing bearer token');
  if (token.length > MAX_TOKEN_LENGTH) throw unauthorized('Invalid or expired token');
  return token;
}

/** The cookie of an `Authorization: Session <cookie>` header, or undefined for any other header. */
export function pageSessionCookie(header: string | undefined): string | undefined {
  const cookie = header && /^Session\s+(\S+)\s*$/i.exec(header)?.[1];
  if (!cookie) return undefined;
  if (cookie.length > MAX_TOKEN_LENGTH) throw unauthorized('Invalid or expired page session');
  return cookie;
}

function localPart(email: string): string {
  return email.split('@')[0] ?? email;
}

export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  if (options.authEmulatorHost) {
    // firebase-admin reads the emulator address from the environment at each call.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = options.authEmulatorHost;
  }
  const emulator = Boolean(options.authEmulatorHost);
  const app: App = initializeApp({ projectId: options.projectId }, `heritage-api-${randomUUID()}`);
  const auth: Auth = getAuth(app);
  const cache = new Map<string, { identity: Identity; until: number }>();

  async function identify(decoded: DecodedIdToken): Promise<Identity> {
    if (emulator) {
      const user = await auth.getUser(decoded.uid);
      if (user.disabled) throw unauthorized(REFUSALS['auth/user-disabled']!);
      const email = user.email?.toLowerCase();
      if (!email || (decoded.email && decoded.email.toLowerCase() !== email)) {
        throw unauthorized('Invalid or expired token');
      }
      const name = user.displayName?.trim() || localPart(email);
      return { uid: user.uid, email, name, signedInAt: decoded.auth_time };
    }
    const email = decoded.email?.toLowerCase();
    if (!email) throw unauthorized('This account has no e-mail address');
    const claimedName = typeof decoded.name === 'string' ? decoded.name.trim() : '';
    return { uid: decoded.uid, email, name: claimedName || localPart(email), signedInAt: decoded.auth_time };
  }

  let accountGone: (uid: string) => void = () => undefined;

  /** The provider's verdict: signature, expiry, and, when asked (always on a real project), the account's state. */
  async function ask(token: string, checkRevoked: boolean): Promise<{ identity: Identity; exp: number }> {
    // On a real project, a token the cache does not hold is always checked for a disabled account or revoked
    // sessions (one account lookup); in emulator mode `identify` looks the account up anyway, and `checkRevoked`
    // adds firebase-admin's own checks of its state.
    let uid: string | undefined;
    try {
      const decoded = await auth.verifyIdToken(token, checkRevoked || !emulator);
      uid = decoded.uid;
      return { identity: await identify(decoded), exp: decoded.exp };
    } catch (error) {
      // firebase-admin looks the account up only once the token's signature and expiry held, so its subject is
      // the account's (read from the payload where verifyIdToken itself found the account gone).
      if ((error as { code?: string }).code === 'auth/user-not-found') {
        uid ??= subjectOf(token);
        if (uid) accountGone(uid);
      }
      throw error;
    }
  }

  /** A page session cookie's identity: signature, expiry and the account's state, asked every time. */
  async function askSession(cookie: string, signal: AbortSignal | undefined): Promise<Identity> {
    try {
      const identity = await withinDeadline(
        auth.verifySessionCookie(cookie, true).then(identify),
        options.timeoutMs,
        signal,
      );
      if (isCuratorsEmail(identity.email)) throw curatorsEmailRefused(identity.email);
      return identity;
    } catch (error) {
      throw answerFor(error);
    }
  }

  return {
    async verify(header, { checkRevoked = false, signal } = {}) {
      const session = pageSessionCookie(header);
      if (session) return askSession(session, signal);
      const token = bearerToken(header);

      const now = Date.now();
      const cached = cache.get(token);
      if (cached && cached.until > now && !checkRevoked) return cached.identity;
      if (cached && cached.until <= now) cache.delete(token);

      let verified: { identity: Identity; exp: number };
      try {
        verified = await withinDeadline(ask(token, checkRevoked), options.timeoutMs, signal);
      } catch (error) {
        const answer = answerFor(error);
        // A refusal ends the token's cached life. A provider that did not answer (503, or a client gone) said nothing
        // of the token: reads keep answering from its entry through a provider stall, as they would without writes.
        if (answer.statusCode !== 503) cache.delete(token);
        throw answer;
      }
      const { identity } = verified;
      // The starter collection's owner is no account: its e-mail is nobody's to sign in with.
      if (isCuratorsEmail(identity.email)) throw curatorsEmailRefused(identity.email);

      if (options.cacheSeconds > 0) {
        const until = Math.min(now + options.cacheSeconds * 1000, verified.exp * 1000);
        if (cache.size >= MAX_CACHED_TOKENS) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
        cache.set(token, { identity, until });
      }
      return identity;
    },
    async profileOf(uid, signal) {
      try {
        const user = await withinDeadline(auth.getUser(uid), options.timeoutMs, signal);
        const created = user.metadata.creationTime ? new Date(user.metadata.creationTime) : null;
        return {
          uid: user.uid,
          email: user.email ?? null,
          displayName: user.displayName ?? null,
          photoURL: user.photoURL ?? null,
          createdAt: created && !Number.isNaN(created.getTime()) ? created.toISOString() : null,
        };
      } catch (error) {
        throw answerFor(error);
      }
    },
    async accountExists(uid) {
      try {
        await withinDeadline(auth.getUser(uid), options.timeoutMs, undefined);
        return true;
      } catch (error) {
        if ((error as { code?: string }).code === 'auth/user-not-found') return false;
        throw error instanceof ApiError ? error : unavailable();
      }
    },
    async missingAccounts(uids) {
      if (!uids.length) return [];
      try {
        const { notFound } = await withinDeadline(
          auth.getUsers(uids.map((uid) => ({ uid }))),
          options.timeoutMs,
          undefined,
        );
        return notFound.flatMap((identifier) => ('uid' in identifier ? [identifier.uid] : []));
      } catch (error) {
        throw error instanceof ApiError ? error : unavailable();
      }
    },
    whenAccountGone(listener) {
      accountGone = listener;
    },
    async deleteAccount(uid, signal) {
      try {
        await withinDeadline(auth.deleteUser(uid), options.timeoutMs, signal);
      } catch (error) {
        if ((error as { code?: string }).code === 'auth/user-not-found') return;
        throw error instanceof ApiError ? error : unavailable();
      }
      // The account's tokens are refused from now on: none may be answered from the cache either.
      for (const [token, entry] of cache) if (entry.identity.uid === uid) cache.delete(token);
    },
    async createSessionCookie(header, expiresInMs, signal) {
      try {
        return await withinDeadline(
          auth.createSessionCookie(bearerToken(header), { expiresIn: expiresInMs }),
          options.timeoutMs,
          signal,
        );
      } catch (error) {
        throw answerFor(error);
      }
    },
    async close() {
      cache.clear();
      await deleteApp(app);
    },
  };
}
