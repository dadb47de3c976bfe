/**
 * Firebase ID-token verification with firebase-admin: against the Auth Emulator when FIREBASE_AUTH_EMULATOR_HOST
 * is set, against the real project otherwise (credentials from GOOGLE_APPLICATION_CREDENTIALS or the platform).
 *
 * Emulator tokens are unsigned (alg "none"), so firebase-admin cannot detect a payload edited by hand there; it does
 * look the uid up in the emulator. To catch an edited e-mail as well, in emulator mode the identity is taken from the
 * emulator's user record and a token whose e-mail differs from it is refused.
 */
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type DecodedIdToken } from 'firebase-admin/auth';
import { ApiError, unauthorized } from '../http/errors.ts';

export interface Identity {
  uid: string;
  /** Lower-cased e-mail of the signed-in user. */
  email: string;
  /** Display name, or the e-mail's local part when the account has none. */
  name: string;
}

export interface TokenVerifier {
  verify(authorizationHeader: string | undefined): Promise<Identity>;
  close(): Promise<void>;
}

export interface TokenVerifierOptions {
  projectId: string;
  authEmulatorHost: string | undefined;
  /** How long a verified token is remembered, never past its own expiry. 0 = verify every time. */
  cacheSeconds: number;
}

const CLIENT_ERROR_CODES = new Set([
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/argument-error',
  'auth/invalid-id-token',
  'auth/user-not-found',
  'auth/user-disabled',
  'auth/invalid-argument',
]);

const MAX_CACHED_TOKENS = 10_000;
const MAX_TOKEN_LENGTH = 8192;

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
      const email = user.email?.toLowerCase();
      if (!email || (decoded.email && decoded.email.toLowerCase() !== email)) {
        throw unauthorized('Invalid or expired token');
      }
      return { uid: user.uid, email, name: user.displayName?.trim() || localPart(email) };
    }
    const email = decoded.email?.toLowerCase();
    if (!email) throw unauthorized('This account has no e-mail address');
    const claimedName = typeof decoded.name === 'string' ? decoded.name.trim() : '';
    return { uid: decoded.uid, email, name: claimedName || localPart(email) };
  }

  return {
    async verify(header) {
      if (!header) throw unauthorized('Missing bearer token');
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (!match?.[1]) throw unauthorized('Missing bearer token');
      const token = match[1];
      if (token.length > MAX_TOKEN_LENGTH) throw unauthorized('Invalid or expired token');

      const now = Date.now();
      const cached = cache.get(token);
      if (cached && cached.until > now) return cached.identity;
      if (cached) cache.delete(token);

      let decoded: DecodedIdToken;
      try {
        // On a real project, also refuse the token of a disabled account or one whose sessions were revoked
        // (one account lookup per token the cache does not hold); in emulator mode `identify` looks it up anyway.
        decoded = await auth.verifyIdToken(token, !emulator);
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        if (CLIENT_ERROR_CODES.has(code) || code.startsWith('auth/id-token')) {
          throw unauthorized('Invalid or expired token');
        }
        throw new ApiError(503, 'Authentication service unavailable, try again later', undefined);
      }
      const identity = await identify(decoded).catch((error: unknown) => {
        if (error instanceof ApiError) throw error;
        const code = (error as { code?: string }).code ?? '';
        if (CLIENT_ERROR_CODES.has(code)) throw unauthorized('Invalid or expired token');
        throw new ApiError(503, 'Authentication service unavailable, try again later');
      });

      if (options.cacheSeconds > 0) {
        const until = Math.min(now + options.cacheSeconds * 1000, decoded.exp * 1000);
        if (cache.size >= MAX_CACHED_TOKENS) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
        cache.set(token, { identity, until });
      }
      return identity;
    },
    async close() {
      cache.clear();
      await deleteApp(app);
    },
  };
}
