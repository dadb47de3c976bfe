/**
 * When Firebase loads. A page that needs to know who is signed in (a protected route, Login, Register) loads it
 * at once; a public page loads it only once its own content is on screen and the browser is idle, so the identity
 * provider (~30 KB) never competes with what the visitor came to see. Until it answers, the auth store says
 * `loading`: protected routes show their spinner and the navigation bar holds its sign-in buttons back.
 */
import { failAuthProvider, useAuthStore } from 'shared-ui';
import { whenIdle } from 'shared-ui/scheduling/when-idle';
import { readableStoredToken } from './stored-session';

let started = false;
let attempted = false;

/**
 * Whether Firebase has been asked on this page. A page the server drew for a visitor starts with nobody signed in
 * (its page session said so), yet this browser may hold a Firebase session the page session no longer matches (it
 * lasts 5 days): only Firebase can say, so a protected route asks it before sending anyone to /login.
 */
export const authAttempted = (): boolean => attempted;

/** Loads and connects Firebase now; later calls do nothing. A failed load: docs/architecture.md, "Signing in". */
export function startAuth(): void {
  if (started) return;
  started = true;
  attempted = true;
  // Two chunks, fetched side by side: Firebase's session and what connects it to the kit.
  Promise.all([import('./firebase-session'), import('./firebase-auth')])
    .then(([{ auth }, { connectFirebaseAuth }]) => connectFirebaseAuth(auth))
    .catch((error: unknown) => {
      console.error('The identity provider could not start', error);
      started = false;
      if (!useAuthStore.getState().user || !readableStoredToken())
        useAuthStore.setState({ user: null, loading: false });
      // Firebase's own code for an unreachable service, so the pages show its message (auth-error-messages.ts).
      const unreachable = Object.assign(new Error('The sign-in service could not load', { cause: error }), {
        code: 'auth/network-request-failed',
      });
      failAuthProvider(unreachable, startAuth);
    });
}

/** Loads Firebase when the browser is next idle (within a second at most). */
export function startAuthWhenIdle(): void {
  if (!started) whenIdle(startAuth);
}
