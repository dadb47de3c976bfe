import { useAuthStore, type AuthUser } from 'shared-ui';

export const MEMBER: AuthUser = {
  uid: 'member-1',
  email: 'ada@heritage.test',
  displayName: 'Ada Lovelace',
  photoURL: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** Puts a member in the shared auth store, as the shell does after sign-in. */
export function signInMember(user: AuthUser = MEMBER): void {
  useAuthStore.setState({ user, loading: false });
}
