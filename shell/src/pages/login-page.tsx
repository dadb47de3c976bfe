import type { FormEvent } from 'react';
import {
  FormField,
  Input,
  Link,
  type FieldErrors,
  type Location,
  toast,
  useAuthStore,
  useLocation,
  useValidatedForm,
} from 'shared-ui';
import styled from 'styled-components';
import { authErrorCode, authErrorMessage } from '../auth/auth-error-messages';
import { AUTH_REFUSAL_TOAST, AuthFormFrame, useAuthAction } from '../auth/auth-form-parts';
import { emailError } from '../auth/credential-rules';

export const LOGIN_SUCCESS = 'Successfully logged in!';
export const GOOGLE_LOGIN_SUCCESS = 'Successfully logged in with Google!';
/** The same answer whether or not the e-mail has an account, so the form tells no one which e-mails have one. */
export const PASSWORD_RESET_SENT = 'If an account exists, an e-mail is on its way.';

const ForgotRow = styled.div`
  display: flex;
  justify-content: flex-end;
  margin: -${({ theme }) => theme.space.sm} 0 ${({ theme }) => theme.space.md};
  button {
    border: 0;
    background: none;
    padding: 0;
    color: ${({ theme }) => theme.colors.goldDark};
    font-weight: 700;
    cursor: pointer;
    text-decoration: underline;
  }
`;

type Field = 'email' | 'password';
const FIELDS: readonly Field[] = ['email', 'password'];
export const RESET_NEEDS_EMAIL = 'Enter your email address above, then choose Forgot password?';

function validate({ email, password }: Record<Field, string>): FieldErrors<Field> {
  return { email: emailError(email), password: password ? undefined : 'Password is required' };
}

export default function LoginPage() {
  const { login, loginWithGoogle, resetPassword } = useAuthStore.getState();
  const location = useLocation();
  // Register's 'Log in as ...' link brings the e-mail that already has an account.
  const arrivedWith = location.state as { from?: Location; email?: string } | null;
  const form = useValidatedForm({
    formId: 'login',
    fields: FIELDS,
    initialValues: { email: arrivedWith?.email ?? '', password: '' },
    validate,
  });
  const { email, password } = form.values;
  const set = (field: Field) => (event: { target: { value: string } }) =>
    form.setValue(field, event.target.value);

  // Back to the page the visitor was sent from (a protected route), else home.
  const from = arrivedWith?.from;
  const { busy, run } = useAuthAction(from ? `${from.pathname}${from.search}${from.hash}` : '/');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.submit()) return;
    void run(() => login(email.trim(), password), LOGIN_SUCCESS);
  };

  const onForgotPassword = async () => {
    if (emailError(email)) {
      form.show({ email: RESET_NEEDS_EMAIL });
      return;
    }
    try {
      await resetPassword(email.trim());
    } catch (error) {
      if (authErrorCode(error) !== 'auth/user-not-found') {
        toast.error(authErrorMessage(error), AUTH_REFUSAL_TOAST);
        return;
      }
    }
    toast.success(PASSWORD_RESET_SENT);
  };

  return (
    <AuthFormFrame
      title="Welcome Back"
      intro="Sign in to continue documenting history."
      onSubmit={onSubmit}
      summary={form.summary}
      busy={busy}
      submitLabel="Sign in"
      busyLabel="Signing in..."
      google={{
        label: 'Sign in with Google',
        onClick: () => void run(loginWithGoogle, GOOGLE_LOGIN_SUCCESS),
      }}
      switchLine={
        <>
          Don&apos;t have an account? <Link to="/register">Register</Link>
        </>
      }
    >
      <FormField id={form.idOf('email')} label="Email" error={form.errors.email}>
        {(control) => (
          <Input {...control} type="email" autoComplete="email" value={email} onChange={set('email')} />
        )}
      </FormField>
      <FormField id={form.idOf('password')} label="Password" error={form.errors.password}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={set('password')}
          />
        )}
      </FormField>
      <ForgotRow>
        <button type="button" onClick={onForgotPassword}>
          Forgot password?
        </button>
      </ForgotRow>
    </AuthFormFrame>
  );
}
