/**
 * A member's pages start before Firebase has answered when the browser holds a usable stored ID token; Firebase's
 * answer then confirms, switches or signs out (docs/architecture.md, "Signing in").
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
