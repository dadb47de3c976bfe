/**
 * Readable sentences for the identity provider's common error codes; anything else shows the provider's message.
 * An unknown e-mail reads as a wrong password, so the sign-in form tells no one which e-mails have accounts.
 */
const MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'Incorrect email or password. Please try again.',
  'auth/wrong-password': 'Incorrect email or password. Please try again.',
  'auth/invalid-login-credentials': 'Incorrect email or password. Please try again.',
  'auth/user-not-found': 'Incorrect email or password. Please try again.',
  'auth/user-disabled': 'This account has been disabled.',
  'auth/too-many-requests': 'Too many attempts. Please wait a moment and try again.',
  'auth/popup-blocked': 'Your browser blocked the sign-in popup. Allow popups for this site and try again.',
  'auth/popup-closed-by-user': 'The sign-in popup was closed before signing in finished.',
  'auth/cancelled-popup-request': 'The sign-in popup was closed before signing in finished.',
  'auth/network-request-failed': 'Could not reach the sign-in service. Check your connection and try again.',
  'auth/unauthorized-domain': 'Sign-in is not allowed from this address. Please contact the site team.',
  'auth/email-already-in-use': 'An account already exists with this email address.',
  'auth/invalid-email': 'Please enter a valid email address.',
  'auth/weak-password': 'That password is too weak. Please choose a stronger one.',
  'auth/missing-email': 'Please enter your email address.',
  'auth/internal-error': 'The sign-in service could not complete the request. Please try again in a moment.',
};

/** The identity provider's error code of a failed sign-in or sign-up ('' when it has none). */
export const authErrorCode = (error: unknown): string =>
  typeof error === 'object' && error && 'code' in error ? String(error.code) : '';

export function authErrorMessage(error: unknown): string {
  const code = authErrorCode(error);
  if (MESSAGES[code]) return MESSAGES[code];
  if (error instanceof Error && error.message) return error.message.replace(/^Firebase:\s*/, '');
  return 'Something went wrong. Please try again.';
}
