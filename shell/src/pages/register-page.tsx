import { useState, type FormEvent } from 'react';
import {
  DISPLAY_NAME_MAX_LENGTH,
  FormField,
  Input,
  isHttpUrl,
  Link,
  useAuthStore,
  useValidatedForm,
  type FieldErrors,
} from 'shared-ui';
import styled from 'styled-components';
import { authErrorCode } from '../auth/auth-error-messages';
import { AuthFormFrame, useAuthAction } from '../auth/auth-form-parts';
import { emailError, PASSWORD_HINT, passwordProblem } from '../auth/credential-rules';

export const REGISTER_SUCCESS = 'Registration successful!';
export const GOOGLE_REGISTER_SUCCESS = 'Successfully registered with Google!';

type Field = 'name' | 'email' | 'password' | 'photoURL';

export const NAME_TOO_LONG = `Full name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`;

/**
 * The spec's rules; a password that breaks one of its rules shows the first one broken at the field and in the
 * summary, where the spec has a toast (docs/forms.md).
 */
function validate(form: Record<Field, string>): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  if (!form.name.trim()) errors.name = 'Full name is required';
  else if (form.name.trim().length > DISPLAY_NAME_MAX_LENGTH) errors.name = NAME_TOO_LONG;
  errors.email = emailError(form.email);
  if (!form.password) errors.password = 'Password is required';
  else errors.password = passwordProblem(form.password) ?? undefined;
  if (form.photoURL.trim() && !isHttpUrl(form.photoURL.trim()))
    errors.photoURL = 'Photo URL must be a valid http(s) URL';
  return errors;
}

const FIELDS: readonly Field[] = ['name', 'email', 'password', 'photoURL'];

const SignInInstead = styled.p`
  margin: -${({ theme }) => theme.space.sm} 0 ${({ theme }) => theme.space.md};
  a {
    color: ${({ theme }) => theme.colors.goldDark};
    font-weight: 700;
  }
`;

export default function RegisterPage() {
  const { register, loginWithGoogle } = useAuthStore.getState();
  const validated = useValidatedForm({
    formId: 'register',
    fields: FIELDS,
    initialValues: { name: '', email: '', password: '', photoURL: '' },
    validate,
  });
  const { values: form, errors } = validated;
  // The e-mail the provider said already has an account: the form offers to log in with it instead.
  const [existingAccount, setExistingAccount] = useState<string | null>(null);
  const { busy, run } = useAuthAction('/');
  const set = (field: Field) => (event: { target: { value: string } }) =>
    validated.setValue(field, event.target.value);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!validated.submit()) return;
    const email = form.email.trim();
    setExistingAccount(null);
    void run(
      () =>
        register({
          name: form.name.trim(),
          email,
          password: form.password,
          photoURL: form.photoURL.trim() || undefined,
        }),
      REGISTER_SUCCESS,
      (error) => authErrorCode(error) === 'auth/email-already-in-use' && setExistingAccount(email),
    );
  };

  return (
    <AuthFormFrame
      title="Create Account"
      intro="Join the community preserving history one artifact at a time."
      onSubmit={onSubmit}
      summary={validated.summary}
      busy={busy}
      submitLabel="Create Account"
      busyLabel="Creating Account..."
      google={{
        label: 'Sign up with Google',
        onClick: () => void run(loginWithGoogle, GOOGLE_REGISTER_SUCCESS),
      }}
      switchLine={
        <>
          Already have an account? <Link to="/login">Login</Link>
        </>
      }
    >
      <FormField
        id={validated.idOf('name')}
        label="Full Name"
        error={errors.name}
        limit={{ length: form.name.length, max: DISPLAY_NAME_MAX_LENGTH }}
      >
        {(control) => <Input {...control} autoComplete="name" value={form.name} onChange={set('name')} />}
      </FormField>
      <FormField id={validated.idOf('email')} label="Email" error={errors.email}>
        {(control) => (
          <Input {...control} type="email" autoComplete="email" value={form.email} onChange={set('email')} />
        )}
      </FormField>
      {existingAccount === form.email.trim() ? (
        <SignInInstead>
          Is this you?{' '}
          <Link to="/login" state={{ email: existingAccount }}>
            Log in as {existingAccount}
          </Link>
        </SignInInstead>
      ) : null}
      <FormField
        id={validated.idOf('password')}
        label="Password"
        hint={PASSWORD_HINT}
        error={errors.password}
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
          />
        )}
      </FormField>
      <FormField id={validated.idOf('photoURL')} label="Profile Photo URL (optional)" error={errors.photoURL}>
        {(control) => (
          <Input {...control} type="url" inputMode="url" value={form.photoURL} onChange={set('photoURL')} />
        )}
      </FormField>
    </AuthFormFrame>
  );
}
