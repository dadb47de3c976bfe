/**
 * Firebase loads after the first paint: public pages never wait for it. Until it answers, the auth store says
 * `loading`, and protected routes show their spinner.
 */
import { useAuthStore } from 'shared-ui';

export function startAuth(): void {
  const connect = () =>
    import('./firebase-auth')
      .then(({ connectFirebaseAuth }) => connectFirebaseAuth())
      .catch((error: unknown) => {
        console.error('The identity provider could not start', error);
        useAuthStore.setState({ user: null, loading: false });
      });
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => void connect(), { timeout: 500 });
  else setTimeout(() => void connect(), 0);
}
