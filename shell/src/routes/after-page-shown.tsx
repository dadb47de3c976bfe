import { useEffect } from 'react';
import { loadToasts } from 'shared-ui';
import { startAuth, startAuthWhenIdle } from '../auth/start-auth';
import { whenIdle } from 'shared-ui/scheduling/when-idle';

/**
 * Rendered beside every page: once the page is on screen, what it did not need to render may load: Firebase when the
 * browser is idle, or at once where the page needs to know the member (`authNow`: start-auth.ts); the toasts' code
 * when the browser is idle (a toast raised earlier loads it itself).
 */
export function AfterPageShown({ authNow = false }: { authNow?: boolean }) {
  useEffect(() => (authNow ? startAuth() : startAuthWhenIdle()), [authNow]);
  useEffect(() => whenIdle(() => void loadToasts().catch(() => undefined)), []);
  return null;
}
