/**
 * The ID token provider of spec section 4: the token lives under the 'token' key in browser storage; a stored
 * token is reused while it is unexpired and younger than the sync max age, otherwise a fresh one is fetched
 * from the current user. Null with no user. Storage failures are logged and yield null.
 */
import { useAuthStore, whenAuthProvider } from './auth-store';
import { TOKEN_STORAGE_KEY, usableStoredToken } from './token-claims';

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
    const stored = usableStoredToken();
    if (stored) return stored;
    // A page started from the stored token may outlast it before Firebase has loaded: wait for Firebase then.
    const fresh = await (await whenAuthProvider()).getFreshIdToken();
    storeIdToken(fresh);
    return fresh;
  } catch (error) {
    console.error('Could not get an ID token', error);
    return null;
  }
}
