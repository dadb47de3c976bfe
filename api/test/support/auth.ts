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

const emulatorUrl = (path: string) =>
  `http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/${path}`;

async function emulatorCall<T>(path: string, body: Record<string, unknown>, admin = false): Promise<T> {
  const response = await fetch(emulatorUrl(path), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(admin ? { Authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

function asTestUser(uid: string, email: string, name: string, token: string): TestUser {
  return { uid, email, name, token, auth: { Authorization: `Bearer ${token}` } };
}

/** Signs up (or, when the e-mail is taken from an earlier test, signs in to) an account with exactly this e-mail. */
export async function signUpAs(email: string, displayName?: string): Promise<TestUser> {
  const password = 'Secret123';
  let session: { localId: string; idToken: string };
  try {
    session = await emulatorCall('accounts:signUp?key=test-api-key', {
      email,
      password,
      returnSecureToken: true,
    });
  } catch (error) {
    if (!String(error).includes('EMAIL_EXISTS')) throw error;
    session = await emulatorCall('accounts:signInWithPassword?key=test-api-key', {
      email,
      password,
      returnSecureToken: true,
    });
  }
  if (displayName) {
    const updated = await emulatorCall<{ idToken?: string }>('accounts:update?key=test-api-key', {
      idToken: session.idToken,
      displayName,
      returnSecureToken: true,
    });
    session = { ...session, idToken: updated.idToken ?? session.idToken };
  }
  return asTestUser(session.localId, email, displayName ?? email.split('@')[0]!, session.idToken);
}

/**
 * The member changes the e-mail of the account (as Firebase lets a signed-in user do), then signs in with it.
 * An e-mail change revokes the account's earlier sessions (validSince = now), and the token the Auth Emulator answers
 * the change with keeps the first sign-in's auth_time: once the sign-up and the change fall in different seconds the
 * API rightly refuses that token as revoked (CI saw it under load). A member signs in again, so the test does.
 */
export async function changeEmail(user: TestUser, email: string): Promise<TestUser> {
  await emulatorCall('accounts:update?key=test-api-key', {
    idToken: user.token,
    email,
    returnSecureToken: true,
  });
  const session = await emulatorCall<{ localId: string; idToken: string }>(
    'accounts:signInWithPassword?key=test-api-key',
    { email, password: 'Secret123', returnSecureToken: true },
  );
  return asTestUser(session.localId, email, user.name, session.idToken);
}

/** The member changes the display name (as Profile does with Firebase's updateProfile); a fresh token follows. */
export async function changeDisplayName(user: TestUser, displayName: string): Promise<TestUser> {
  await emulatorCall('accounts:update?key=test-api-key', { idToken: user.token, displayName });
  // A new token, as Profile takes one after the change (getIdToken(true)): the API caches a token's identity.
  const session = await emulatorCall<{ idToken: string }>('accounts:signInWithPassword?key=test-api-key', {
    email: user.email,
    password: 'Secret123',
    returnSecureToken: true,
  });
  return asTestUser(user.uid, user.email, displayName, session.idToken);
}

const adminPath = (action: string) => `projects/${TEST_PROJECT_ID}/accounts:${action}`;

/** What an administrator does to an account (firebase-admin's updateUser / revokeRefreshTokens / deleteUser). */
export const accountAdmin = {
  disable: (user: TestUser) =>
    emulatorCall(adminPath('update'), { localId: user.uid, disableUser: true }, true),
  /** Every session signed in before now is revoked (tokens issued in an earlier second). */
  revokeSessions: (user: TestUser) =>
    emulatorCall(
      adminPath('update'),
      { localId: user.uid, validSince: String(Math.floor(Date.now() / 1000)) },
      true,
    ),
  delete: (user: TestUser) => emulatorCall(adminPath('delete'), { localId: user.uid }, true),
};
