/** Registration password rules (spec section 5), checked in this order; the first failure is shown. */
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
