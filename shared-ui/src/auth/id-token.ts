/**
 * The ID token provider of spec section 4: the token lives under the 'token' key in browser storage; a stored
 * token is reused while it is unexpired and younger than the sync max age, otherwise a fresh one is fetched
 * from the current user. Null with no user. Storage failures are logged and yield null.
 */
import { currentAuthProvider, useAuthStore } from './auth-store';

export const TOKEN_STORAGE_KEY = 'token';
/** ID token sync max age (spec section 9). */
export const TOKEN_MAX_AGE_MS = 5 * 60 * 1000;
/** Treat a token as expired a little early so it cannot expire in flight. */
const EXPIRY_MARGIN_MS = 30 * 1000;

interface TokenClaims {
  exp?: number;
  iat?: number;
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

export function storeIdToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
    else localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch (error) {
    console.error('Could not store the ID token', error);
  }
}

export async function getIdToken(): Promise<string | null> {
  if (!useAuthStore.getState().user) return null;
  try {
    const stored = localStorage.getItem(TOKEN_STORAGE_KEY);
    if (stored && isTokenUsable(stored)) return stored;
    const fresh = (await currentAuthProvider()?.getFreshIdToken()) ?? null;
    storeIdToken(fresh);
    return fresh;
  } catch (error) {
    console.error('Could not get an ID token', error);
    return null;
  }
}
