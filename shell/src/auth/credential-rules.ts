/** The e-mail Login and Register ask for, and Register's password (spec section 5). */
import { INVALID_EMAIL, isEmailAddress } from 'shared-ui';

export function emailError(email: string) {
  if (!email.trim()) return 'Email is required';
  if (!isEmailAddress(email)) return INVALID_EMAIL;
}

/** The password's rules, checked in this order; the first failure is shown. */
export const MIN_PASSWORD_LENGTH = 6;
export const PASSWORD_HINT = 'Must be at least 6 characters with 1 uppercase & 1 lowercase letter';

const RULES: ReadonlyArray<{ test: (password: string) => boolean; message: string }> = [
  { test: (p) => p.length >= MIN_PASSWORD_LENGTH, message: 'Password must be at least 6 characters long' },
  { test: (p) => /[A-Z]/.test(p), message: 'Password must contain at least one uppercase letter' },
  { test: (p) => /[a-z]/.test(p), message: 'Password must contain at least one lowercase letter' },
];

export function passwordProblem(password: string): string | null {
  return RULES.find((rule) => !rule.test(password))?.message ?? null;
}
