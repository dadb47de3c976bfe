/**
 * The page session (issue #53): after a sign-in the shell asks the API for the httpOnly cookie that lets page
 * requests know the member (`POST /api/session` with the sign-in's ID token), and on signing out asks it to clear
 * the cookie (`DELETE /api/session`). The API is another origin than the pages, so both send the browser's
 * credentials, for the cookie to be kept. They go when the page is idle, never before it is shown, one after the
 * other in the order asked; one that fails is tried once more, then logged, never shown: the pages work without the
 * cookie.
 *
 * Once per sign-in (Login, Register, Google), not per page load or token refresh: the API makes a cookie only from a
 * sign-in of the last five minutes (Firebase's advice), so a member restored from an earlier sign-in, by Firebase or
 * from the stored token (stored-session.ts), asks for none. Their cookie lasts its days; once it has expired, their
 * next sign-in brings a new one.
 */
import type { User } from 'firebase/auth';
import { getApiBaseUrl } from 'shared-ui';
import { PAGE_SESSION_PATH } from 'artifact-model/api-paths';
import { whenIdle } from '../when-idle';

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
