/**
 * What the stored ID token (spec section 4: localStorage 'token') says, without any library: the API client and the
 * shell's stored session read it.
 */
import type { AuthUser } from './auth-store';

export const TOKEN_STORAGE_KEY = 'token';
/** ID token sync max age (spec section 9). */
export const TOKEN_MAX_AGE_MS = 5 * 60 * 1000;
/** Treat a token as expired a little early so it cannot expire in flight. */
const EXPIRY_MARGIN_MS = 30 * 1000;

/** The claims of a Firebase ID token this site reads. */
export interface TokenClaims {
  exp?: number;
  iat?: number;
  user_id?: string;
  email?: string;
  name?: string;
  picture?: string;
  email_verified?: boolean;
}

export function decodeTokenClaims(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(json) as TokenClaims;
  } catch {
    return null;
  }
}

/** Whether a stored token may still be sent at time `now`. */
export function isTokenUsable(token: string, now = Date.now()): boolean {
  const claims = decodeTokenClaims(token);
  if (!claims?.exp || !claims.iat) return false;
  return claims.exp * 1000 - EXPIRY_MARGIN_MS > now && now - claims.iat * 1000 < TOKEN_MAX_AGE_MS;
}

/** The stored token while it is usable, else null. Throws when storage cannot be read (each caller says why not). */
export function usableStoredToken(now = Date.now()): string | null {
  const token = localStorage.getItem(TOKEN_STORAGE_KEY);
  return token && isTokenUsable(token, now) ? token : null;
}

/** The member a token names, as the auth store holds them until Firebase answers (no join date: only it knows). */
export function memberOfToken(token: string): AuthUser | null {
  const claims = decodeTokenClaims(token);
  if (!claims?.user_id) return null;
  return {
    uid: claims.user_id,
    email: claims.email ?? null,
    displayName: claims.name ?? null,
    photoURL: claims.picture ?? null,
    createdAt: null,
    emailVerified: claims.email_verified === true,
  };
}
