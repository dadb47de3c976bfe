import { artifactsChanged, Button, toast, useAuthStore, useNavigate } from 'shared-ui';
import styled from 'styled-components';
import { closeMyAccount } from './account-api';
import { confirmAndCloseAccount } from './close-account-dialog';
import { ACCOUNT_CLOSED, CLOSE_ACCOUNT, DANGER_ZONE_HEADING, DANGER_ZONE_TEXT } from './profile-texts';
import { downloadMemberData } from './your-data-panel';

/** Set apart from the rest of the Profile: its own place at the end, a danger border, its own heading. */
const Zone = styled.section`
  border: 2px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.white};
  padding: ${({ theme }) => theme.space.lg};
  margin-top: ${({ theme }) => theme.space.xl};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
    color: ${({ theme }) => theme.colors.danger};
  }
`;

/** Closing the account (issue #55 item 5, close-account-dialog.ts): once closed, the member goes home, signed out. */
export function DangerZone() {
  const navigate = useNavigate();

  const closeAccount = async () => {
    const { signInMethods, reauthenticate } = useAuthStore.getState();
    const methods = await signInMethods().catch(() => ['password']);
    const closed = await confirmAndCloseAccount({
      // A member with no password (Google only) confirms with Google's popup.
      usesPassword: methods.includes('password') || !methods.includes('google.com'),
      downloadFirst: () => downloadMemberData(['json', 'csv']),
      reauthenticate,
      close: closeMyAccount,
    });
    if (!closed) return;
    // Home first, committed before the sign-out (flushSync: React Router otherwise renders the move as a transition,
    // and the sign-out's render of this protected page would send the visitor to log in instead).
    await navigate('/', { replace: true, flushSync: true });
    await useAuthStore
      .getState()
      .logout()
      .catch(() => undefined);
    void artifactsChanged();
    toast.success(ACCOUNT_CLOSED);
  };

  return (
    <Zone aria-labelledby="danger-zone-heading">
      <h2 id="danger-zone-heading">{DANGER_ZONE_HEADING}</h2>
      <p>{DANGER_ZONE_TEXT}</p>
      <Button $variant="danger" onClick={() => void closeAccount()}>
        {CLOSE_ACCOUNT}
      </Button>
    </Zone>
  );
}
