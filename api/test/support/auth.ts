/** Real ID tokens from the Auth Emulator's REST API, and hand-made bad ones. */
import { inject } from 'vitest';
import { signUpUser, TEST_PROJECT_ID } from './firebase-emulator.ts';

export interface TestUser {
  uid: string;
  email: string;
  name: string;
  token: string;
  auth: { Authorization: string };
}

let counter = 0;

export async function signUp(displayName?: string): Promise<TestUser> {
  const host = inject('authEmulatorHost');
  counter += 1;
  const email = `user${counter}-${Math.random().toString(36).slice(2, 10)}@example.test`;
  const body = await signUpUser(host, { email, ...(displayName ? { displayName } : {}) });
  let token = body.token;
  if (displayName) {
    const update = await fetch(
      `http://${host}/identitytoolkit.googleapis.com/v1/accounts:update?key=test-api-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ idToken: token, displayName, returnSecureToken: true }),
      },
    );
    if (!update.ok) throw new Error(`update failed: ${update.status} ${await update.text()}`);
    token = ((await update.json()) as { idToken?: string }).idToken ?? token;
  }
  return {
    uid: body.uid,
    email,
    name: displayName ?? email.split('@')[0]!,
    token,
    auth: { Authorization: `Bearer ${token}` },
  };
}

export async function signUpMany(count: number): Promise<TestUser[]> {
  const users: TestUser[] = [];
  // A few at a time: the emulator is one Node process on a 2-core machine.
  for (let start = 0; start < count; start += 10) {
    users.push(...(await Promise.all(Array.from({ length: Math.min(10, count - start) }, () => signUp()))));
  }
  return users;
}

function decodePart(part: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

function encodePart(value: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** The same token with its payload edited (here: another e-mail), signature segment kept as it was. */
export function tamperedPayload(token: string, changes: Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.');
  return [header, encodePart({ ...decodePart(payload!), ...changes }), signature ?? ''].join('.');
}

/** The same token with a forged signature segment appended. */
export function tamperedSignature(token: string): string {
  const [header, payload] = token.split('.');
  return [header, payload, Buffer.from('forged-signature-bytes').toString('base64url')].join('.');
}

/** An emulator-style (alg "none") token for the user whose exp lies in the past. */
export function expiredToken(user: TestUser): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${TEST_PROJECT_ID}`,
    aud: TEST_PROJECT_ID,
    auth_time: now - 7200,
    user_id: user.uid,
    sub: user.uid,
    iat: now - 7200,
    exp: now - 3600,
    email: user.email,
    email_verified: false,
    firebase: { identities: { email: [user.email] }, sign_in_provider: 'password' },
  };
  return `${encodePart({ alg: 'none', typ: 'JWT' })}.${encodePart(payload)}.`;
}
