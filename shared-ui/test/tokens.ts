/**
 * For tests: unsigned ID tokens as the Auth Emulator writes them. The site reads a token's claims (who, issued when,
 * expiring when), never its signature, which only the API checks.
 */
export function unsignedToken(claims: Record<string, unknown>): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'none' })}.${encode(claims)}.`;
}

/** A token issued `ageSeconds` ago and valid for an hour, with `claims` (whose it is). */
export function emulatorToken(
  ageSeconds: number,
  claims: Record<string, unknown> = { user_id: 'ada' },
): string {
  const iat = Math.floor(Date.now() / 1000) - ageSeconds;
  return unsignedToken({ iat, exp: iat + 3600, ...claims });
}
