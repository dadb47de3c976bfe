/**
 * A member's pages start before Firebase has answered when the browser holds a usable stored ID token (spec
 * section 4: unexpired and younger than five minutes): the token says who the member is, the pages ask the API
 * with it at once (the server verifies it on every call).
 * Firebase's answer then replaces this user: the same member in full (nothing reloads: the data is keyed by uid),
 * another member (that member's data loads; the first one's is dropped from the cache), or nobody (a revoked or
 * deleted account, a sign-out in another tab): protected routes then go to /login with their toast.
 */
// From the kit's singleton: a subpath import would be a chunk (and a request) of the shell's own.
import { memberOfToken, usableStoredToken, useAuthStore } from 'shared-ui';

/** The stored token while it is usable; storage that cannot be read leaves the pages waiting for Firebase. */
export function readableStoredToken(): string | null {
  try {
    return usableStoredToken();
  } catch {
    return null;
  }
}

/** Adopts the member a usable stored token names; whether it did. */
export function startFromStoredToken(): boolean {
  const token = readableStoredToken();
  const member = token ? memberOfToken(token) : null;
  if (!member || useAuthStore.getState().user) return false;
  // `loading` stays true: this user is the token's word until Firebase confirms it.
  useAuthStore.setState({ user: member });
  return true;
}
