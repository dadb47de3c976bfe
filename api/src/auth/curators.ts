/**
 * The starter collection's owner, Heritage Vault Curators, is no account: its rows have no adder uid, so nobody can
 * edit or delete them. Its e-mail and name are reserved, so no sign-up can pass for it: an account with its e-mail is
 * refused on every authenticated call (verify-token.ts), and a member whose display name reads as its name cannot
 * add an artifact (the one place the API records a member's name).
 */
import { CURATORS } from '../seed/starter-artifacts.ts';
import { forbidden } from '../http/errors.ts';

/** Letters and digits only, compatibility-folded and lower-cased: spacing, punctuation and invisibles do not hide it. */
function nameKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

const CURATORS_EMAIL = CURATORS.email.toLowerCase();
const CURATORS_NAME = nameKey(CURATORS.name);

export function isCuratorsEmail(email: string): boolean {
  return email.normalize('NFKC').trim().toLowerCase() === CURATORS_EMAIL;
}

export function isCuratorsName(name: string): boolean {
  return nameKey(name) === CURATORS_NAME;
}

export const curatorsEmailRefused = () =>
  forbidden(`${CURATORS.email} is reserved for ${CURATORS.name}; sign in with another e-mail address`);

export const curatorsNameRefused = () =>
  forbidden(
    `The name "${CURATORS.name}" is reserved for the starter collection; change your display name in your profile first`,
  );
