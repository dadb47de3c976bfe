import { useEffect, type ReactNode } from 'react';
import { Navigate, Spinner, toast, useAuthStore, useLocation } from 'shared-ui';
import { authAttempted, startAuth } from './start-auth';

/**
 * Protected routes (spec sections 2 and 6): a spinner while sign-in state loads; signed-out visitors go to /login
 * with the route's toast, and the route they asked for is remembered so login can send them back.
 */
export function ProtectedRoute({ loginToast, children }: { loginToast: string; children: ReactNode }) {
  const user = useAuthStore((s) => s.user);
  const loading = useAuthStore((s) => s.loading);
  const location = useLocation();
  // Nobody known, but Firebase not asked yet (a page the server drew for a visitor): ask it before deciding.
  const unasked = !user && !loading && !authAttempted();
  const signedOut = !loading && !user && !unasked;

  useEffect(() => {
    if (!unasked) return;
    useAuthStore.setState({ loading: true });
    startAuth();
  }, [unasked]);

  useEffect(() => {
    // A fixed id: StrictMode and quick re-renders must not stack the same toast twice.
    if (signedOut) toast.error(loginToast, { id: 'login-required' });
  }, [signedOut, loginToast]);

  if (!user && (loading || unasked)) return <Spinner label="Checking your sign-in..." />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  return <>{children}</>;
}
