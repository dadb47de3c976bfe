import { useState } from 'react';
import { Button, toast, useAuthStore, type AuthUser } from 'shared-ui';
import styled from 'styled-components';
import {
  NOT_VERIFIED,
  SEND_VERIFICATION,
  SENDING_VERIFICATION,
  VERIFICATION_FAILED,
  VERIFIED,
  verificationSent,
} from './profile-texts';

const Badge = styled.span<{ $verified: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: 0.125rem 0.625rem;
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme, $verified }) => ($verified ? theme.colors.success : theme.colors.dangerBg)};
  color: ${({ theme, $verified }) => ($verified ? theme.colors.white : theme.colors.danger)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  svg {
    width: 14px;
    height: 14px;
  }
`;

const Check = () => (
  <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    <path
      d="M3 8.5l3 3 7-7"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/**
 * The e-mail's verification as the identity provider says it (nothing until it is known), and, unverified, the
 * button that has the provider send the verification link. The status is a live region, so the answer is heard.
 */
export function EmailVerification({ user }: { user: AuthUser }) {
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  if (user.emailVerified === undefined) return null;

  const send = async () => {
    setSending(true);
    try {
      await useAuthStore.getState().sendEmailVerification();
      setSent(true);
      toast.success(verificationSent(user.email ?? ''));
    } catch {
      toast.error(VERIFICATION_FAILED);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <span role="status">
        <Badge $verified={user.emailVerified} data-testid="email-verification">
          {user.emailVerified ? <Check /> : null}
          {user.emailVerified ? VERIFIED : NOT_VERIFIED}
        </Badge>
        {sent ? <span className="visually-hidden">{verificationSent(user.email ?? '')}</span> : null}
      </span>
      {user.emailVerified ? null : (
        <Button $variant="secondary" onClick={() => void send()} disabled={sending} aria-busy={sending}>
          {sending ? SENDING_VERIFICATION : SEND_VERIFICATION}
        </Button>
      )}
    </>
  );
}
