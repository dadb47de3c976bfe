/**
 * The page session cookie (#53): set after each sign-in (never for a restored session), cleared on signing out, from
 * the page's idle time, in order, retried once, never shown (docs/architecture.md, "Signing in").
 */
import type { User } from 'firebase/auth';
import { getApiBaseUrl } from 'shared-ui';
import { PAGE_SESSION_PATH } from 'artifact-model/api-paths';
import { whenIdle } from 'shared-ui/scheduling/when-idle';

/** How long a call the API could not answer waits before its one more try. */
export const RETRY_AFTER_MS = 2000;

/** The last call asked for: each waits for the one before, so a sign-out's clearing never precedes its setting. */
let lastCall: Promise<void> = Promise.resolve();

/** The call, and once more a little later if it never arrived or the API said 503 (its identity provider was slow). */
async function withOneRetry(call: () => Promise<Response | null>): Promise<Response | null> {
  try {
    const response = await call();
    if (response?.status !== 503) return response;
  } catch {
    // Not arrived: once more.
  }
  await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
  return call();
}

function callWhenIdle(what: string, call: () => Promise<Response | null>): void {
  whenIdle(() => {
    lastCall = lastCall
      .then(() => withOneRetry(call))
      .then((response) => {
        if (response && !response.ok) console.warn(`The page session was not ${what}: ${response.status}`);
      })
      .catch((error: unknown) => console.warn(`The page session was not ${what}`, error));
  });
}

/** After `user` signed in: their page session, unless by then they have signed out or another member has signed in. */
export function startPageSession(user: User, signedInNow: () => User | null): void {
  callWhenIdle('started', async () => {
    if (signedInNow()?.uid !== user.uid) return null;
    return fetch(`${getApiBaseUrl()}${PAGE_SESSION_PATH}`, {
      method: 'POST',
      credentials: 'include',
      headers: { Authorization: `Bearer ${await user.getIdToken()}` },
    });
  });
}

/** After signing out: this browser's page session cleared (the member's other browsers keep theirs). */
export function endPageSession(): void {
  callWhenIdle('ended', () =>
    fetch(`${getApiBaseUrl()}${PAGE_SESSION_PATH}`, { method: 'DELETE', credentials: 'include' }),
  );
}
