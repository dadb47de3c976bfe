/**
 * The one frame Login and Register share: the card, the form with its submit button, the divider, the Google button
 * and the line to the other page, with the form's error summary at its top; and how a sign-in or sign-up runs.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, ErrorSummary, PageContainer, toast, useNavigate, type ErrorSummaryProps } from 'shared-ui';
import styled from 'styled-components';
import { authErrorMessage } from './auth-error-messages';

const Sheet = styled.section`
  max-width: 440px;
  margin: 0 auto;
  background: ${({ theme }) => theme.colors.white};
  border: 1px solid ${({ theme }) => theme.colors.parchmentDark};
  border-top: 4px solid ${({ theme }) => theme.colors.gold};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  h1 {
    text-align: center;
    font-size: ${({ theme }) => theme.fontSizes.xxl};
  }
  > p {
    text-align: center;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

function AuthCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <PageContainer>
      <Sheet>
        <h1>{title}</h1>
        <p>{intro}</p>
        {children}
      </Sheet>
    </PageContainer>
  );
}

const Divider = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  margin: ${({ theme }) => theme.space.lg} 0;
  &::before,
  &::after {
    content: '';
    flex: 1;
    height: 1px;
    background: ${({ theme }) => theme.colors.parchmentDark};
  }
`;

const SwitchLine = styled.p`
  text-align: center;
  margin: ${({ theme }) => theme.space.lg} 0 0;
  a {
    color: ${({ theme }) => theme.colors.goldDark};
    font-weight: 700;
  }
`;

const GoogleMark = () => (
  <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
    <path
      fill="#EA4335"
      d="M24 9.5c3.5 0 6.6 1.2 9 3.5l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.8 6C12.4 13.7 17.7 9.5 24 9.5z"
    />
    <path
      fill="#4285F4"
      d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.6 5.9c4.4-4.1 7-10.1 7-17.6z"
    />
    <path
      fill="#FBBC05"
      d="M10.5 28.7A14.5 14.5 0 0 1 9.5 24c0-1.6.3-3.2.8-4.7l-7.8-6A24 24 0 0 0 0 24c0 3.9.9 7.5 2.7 10.7z"
    />
    <path
      fill="#34A853"
      d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.6-5.9c-2.1 1.4-4.9 2.3-8.3 2.3-6.3 0-11.6-4.2-13.5-9.9l-7.8 6C6.6 42.6 14.6 48 24 48z"
    />
  </svg>
);

function GoogleButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
}) {
  return (
    <Button $variant="ghost" $block onClick={onClick} disabled={disabled}>
      <GoogleMark />
      {label}
    </Button>
  );
}

/**
 * Every refusal of a sign-in or sign-up form raises its toast under this one id, so a new refusal replaces the one
 * before it instead of stacking stale reasons on screen.
 */
export const AUTH_REFUSAL_TOAST = { id: 'auth-refusal' } as const;

/**
 * Runs a sign-in or a sign-up: busy meanwhile; then its success toast and on to `destination` (replacing the form in
 * the history), or the reason in a toast and `onRefused` with the error.
 */
export function useAuthAction(destination: string) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>, success: string, onRefused?: (error: unknown) => void) => {
    setBusy(true);
    try {
      await action();
      toast.success(success);
      navigate(destination, { replace: true });
    } catch (error) {
      toast.error(authErrorMessage(error), AUTH_REFUSAL_TOAST);
      onRefused?.(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

export function AuthFormFrame({
  title,
  intro,
  onSubmit,
  summary,
  busy,
  submitLabel,
  busyLabel,
  google,
  switchLine,
  children,
}: {
  title: string;
  intro: string;
  onSubmit: (event: FormEvent) => void;
  /** The form's error summary, from its useValidatedForm. */
  summary: ErrorSummaryProps;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /** The Google button's label and action. */
  google: { label: string; onClick: () => void };
  /** The line under the form, with the link to the other page. */
  switchLine: ReactNode;
  /** The form's fields, and anything between them and the submit button. */
  children: ReactNode;
}) {
  return (
    <AuthCard title={title} intro={intro}>
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <ErrorSummary {...summary} />
        {children}
        <Button type="submit" $block disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </form>
      <Divider>or</Divider>
      <GoogleButton label={google.label} disabled={busy} onClick={google.onClick} />
      <SwitchLine>{switchLine}</SwitchLine>
    </AuthCard>
  );
}
