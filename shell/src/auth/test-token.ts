/**
 * For tests: an unsigned ID token as the Auth Emulator writes one (the pages read its claims, never its signature),
 * issued `ageSeconds` ago and valid for an hour.
 */
export function emulatorToken(
  ageSeconds: number,
  claims: Record<string, unknown> = { user_id: 'ada' },
): string {
  const iat = Math.floor(Date.now() / 1000) - ageSeconds;
  return `x.${btoa(JSON.stringify({ iat, exp: iat + 3600, ...claims })).replace(/=+$/, '')}.y`;
}
