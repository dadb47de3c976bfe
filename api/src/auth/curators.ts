/**
 * The starter collection's owner, Heritage Vault Curators, is no account: its rows have no adder uid, so nobody can
 * edit or delete them. Its e-mail domain and its name are reserved by what they look like, so no sign-up can pass for
 * it: an account with an e-mail at its domain is refused on every authenticated call (verify-token.ts), and a member
 * whose display name reads as its name cannot add an artifact (the one place the API records a member's name).
 *
 * "Looks like" is Unicode's confusable skeleton (UTS #39, section 4): NFD, each character replaced by its prototype
 * in Unicode's confusables.txt (the `unhomoglyph` package holds that mapping), NFD again; so Cyrillic "с" and "а",
 * Greek "Η", "1" for "l" and "0" for "O" read as the letters they imitate.
 */
import { domainToASCII, domainToUnicode } from 'node:url';
import unhomoglyph from 'unhomoglyph';
import { ApiError } from '../http/errors.ts';
import { CURATORS } from '../seed/starter-artifacts.ts';

/** UTS #39's skeleton of a text. */
const skeleton = (text: string) => unhomoglyph(text.normalize('NFD')).normalize('NFD');

/** Nothing but letters and digits, nothing default-ignorable (a Hangul filler is a letter that draws nothing). */
const lettersAndDigits = (text: string) =>
  text.replace(/[^\p{L}\p{N}]|\p{Default_Ignorable_Code_Point}/gu, '');

/**
 * How a name reads, whatever its case: skeletons are case-sensitive (Greek "Η" is "H", lower-case "η" is "n"), so
 * both the skeleton of the lower-cased name and the lower-cased skeleton, of its letters and digits only.
 */
function nameKeys(name: string): string[] {
  const folded = name.normalize('NFKC');
  return [skeleton(folded.toLowerCase()), skeleton(folded).toLowerCase()].map(lettersAndDigits);
}

/** A host as it resolves: case, a trailing dot and IDNA (UTS #46, so full-width letters and punycode) undone, then its skeleton. */
function hostKey(host: string): string {
  const trimmed = host.normalize('NFKC').trim().toLowerCase().replace(/\.+$/, '');
  const ascii = domainToASCII(trimmed) || trimmed;
  return skeleton(domainToUnicode(ascii) || ascii).toLowerCase();
}

const CURATORS_DOMAIN = CURATORS.email.slice(CURATORS.email.lastIndexOf('@') + 1);
const CURATORS_HOST_KEY = hostKey(CURATORS_DOMAIN);
/** Every way the curators' name reads, in its own case and in capitals ("I" and "l" look alike). */
const CURATORS_NAME_KEYS = new Set([...nameKeys(CURATORS.name), ...nameKeys(CURATORS.name.toUpperCase())]);

/** True for any address at the curators' domain, or at a host that looks like it. */
export function isCuratorsEmail(email: string): boolean {
  const at = email.lastIndexOf('@');
  return at >= 0 && hostKey(email.slice(at + 1)) === CURATORS_HOST_KEY;
}

export function isCuratorsName(name: string): boolean {
  return nameKeys(name).some((key) => CURATORS_NAME_KEYS.has(key));
}

const forbiddenField = (field: string, message: string) => new ApiError(403, message, [{ field, message }]);

export const curatorsEmailRefused = (email: string) =>
  forbiddenField(
    'email',
    `Your e-mail address ${email} is at ${CURATORS_DOMAIN} (or looks like it), which is reserved for ${CURATORS.name}: sign in with another e-mail address`,
  );

export const curatorsNameRefused = () =>
  forbiddenField(
    'adderName',
    `Your display name reads as "${CURATORS.name}", which is reserved for the starter collection: change your display name in your profile first`,
  );
