import { describe, expect, it } from 'vitest';
import { authErrorMessage } from './auth-error-messages';

const firebaseError = (code: string, message = `Firebase: Error (${code}).`) =>
  Object.assign(new Error(message), { code });

describe('authErrorMessage', () => {
  it.each([
    ['auth/invalid-credential', 'Incorrect email or password. Please try again.'],
    ['auth/wrong-password', 'Incorrect email or password. Please try again.'],
    ['auth/user-not-found', 'Incorrect email or password. Please try again.'],
    ['auth/too-many-requests', 'Too many attempts. Please wait a moment and try again.'],
    [
      'auth/popup-blocked',
      'Your browser blocked the sign-in popup. Allow popups for this site and try again.',
    ],
    ['auth/popup-closed-by-user', 'The sign-in popup was closed before signing in finished.'],
    [
      'auth/network-request-failed',
      'Could not reach the sign-in service. Check your connection and try again.',
    ],
    ['auth/unauthorized-domain', 'Sign-in is not allowed from this address. Please contact the site team.'],
  ])('turns %s into a readable sentence', (code, sentence) => {
    expect(authErrorMessage(firebaseError(code))).toBe(sentence);
  });

  it("falls back to the provider's own message, without the 'Firebase:' prefix", () => {
    expect(authErrorMessage(firebaseError('auth/odd-thing', 'Firebase: Something odd happened.'))).toBe(
      'Something odd happened.',
    );
  });
});
