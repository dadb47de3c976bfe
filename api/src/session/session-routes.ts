/**
 * The page session cookie's life (issue #53), at /session and /api/session like every call: POST makes it from the
 * member's Firebase ID token, DELETE clears it (DELETE /me clears it too). It is Firebase's session cookie
 * (firebase-admin `createSessionCookie`), httpOnly, SameSite=Lax, Secure but on plain-http localhost, for page
 * requests only: the render service reads it (page-session.ts) and no API route takes it as identity. These routes
 * alone answer cross-origin calls with credentials (app.ts), so the shell's pages can have the cookie set.
 */
import { createHash } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberOf, requireMember } from '../auth/member.ts';
import type { TokenVerifier } from '../auth/verify-token.ts';
import { errorAnswer, writeErrors } from '../http/api-schemas.ts';
import { unauthorized } from '../http/errors.ts';
import { PAGE_SESSION_COOKIE } from './page-session.ts';

/** The path of these routes (served under /api too, as every route: http/api-path-shapes.ts); app.ts gives it credentialed CORS. */
export const PAGE_SESSION_PATH = '/session';

/**
 * Firebase's advice for session cookies: make one only from a sign-in of the last five minutes, so a stolen ID token
 * (refreshed for as long as its refresh token lives) cannot be turned into a cookie of days.
 */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

export const SIGN_IN_AGAIN =
  'A page session needs a sign-in of the last 5 minutes: sign in again to be known on page requests';

/**
 * The release bucket cookie the render service reads (render/src/release-choice.ts): on sign-in it becomes the
 * member's account's, so a member gets the same canary or live release in every browser. A hash of the account's
 * uid (nothing is stored; the cookie tells no one the uid), a year long as the render service's.
 */
export const RELEASE_BUCKET_COOKIE = 'hv_bucket';
const RELEASE_BUCKET_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const releaseBucketOfAccount = (uid: string) =>
  createHash('sha256').update(`heritage-release-bucket:${uid}`).digest('base64url').slice(0, 22);

/** Hosts a browser reaches over plain http in development, where a Secure cookie would not be kept everywhere. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * The cookie's attributes: Secure unless the request came over plain http to a local host. The protocol is the
 * connection's, or X-Forwarded-Proto from a proxy the API trusts (TRUST_PROXY), so nginx terminating TLS in front of
 * the API gets a Secure cookie; any other host is Secure whatever the protocol says.
 */
function cookieAttributes(request: FastifyRequest): CookieSerializeOptions {
  const plainLocal = request.protocol === 'http' && LOCAL_HOSTS.has(request.hostname.toLowerCase());
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: !plainLocal };
}

/** Clears the page session cookie in the browser that sent `request` (signing out, closing the account). */
export function clearPageSession(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(PAGE_SESSION_COOKIE, cookieAttributes(request));
}

export interface SessionRouteDeps {
  verifier: TokenVerifier;
  /** How long a cookie lasts (PAGE_SESSION_DAYS). */
  lifetimeDays: number;
}

export function sessionRoutes({ verifier, lifetimeDays }: SessionRouteDeps) {
  const bearer: Array<Record<string, string[]>> = [{ bearerAuth: [] }];
  const member = requireMember(verifier);
  const maxAgeSeconds = lifetimeDays * 24 * 60 * 60;

  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      PAGE_SESSION_PATH,
      {
        preValidation: member,
        schema: {
          summary: `Set the page session cookie (${PAGE_SESSION_COOKIE}, httpOnly) from a sign-in of the last 5 minutes`,
          description:
            'For page requests only: no API call takes the cookie as identity. Called by the site with credentials.',
          tags: ['session'],
          security: bearer,
          response: {
            204: z.null().describe(`Set-Cookie: ${PAGE_SESSION_COOKIE}=...; Max-Age=${maxAgeSeconds}`),
            401: errorAnswer(`Missing or invalid bearer token, or ${SIGN_IN_AGAIN}`),
            403: errorAnswer("The curators' reserved e-mail"),
            503: writeErrors[503],
          },
        },
      },
      async (request, reply) => {
        const { signedInAt, uid } = memberOf(request);
        if (Date.now() / 1000 - signedInAt > RECENT_SIGN_IN_SECONDS) throw unauthorized(SIGN_IN_AGAIN);
        const cookie = await verifier.createSessionCookie(
          request.headers.authorization,
          maxAgeSeconds * 1000,
          request.clientGone,
        );
        reply.header('Cache-Control', 'no-store');
        reply.setCookie(PAGE_SESSION_COOKIE, cookie, { ...cookieAttributes(request), maxAge: maxAgeSeconds });
        reply.setCookie(RELEASE_BUCKET_COOKIE, releaseBucketOfAccount(uid), {
          ...cookieAttributes(request),
          maxAge: RELEASE_BUCKET_MAX_AGE_SECONDS,
        });
        return reply.code(204).send(null);
      },
    );

    app.delete(
      PAGE_SESSION_PATH,
      {
        schema: {
          summary: `Clear the page session cookie (${PAGE_SESSION_COOKIE}): signing out of this browser only`,
          description: 'Revokes nothing: the member stays signed in on their other browsers.',
          tags: ['session'],
          response: { 204: z.null().describe(`Set-Cookie: ${PAGE_SESSION_COOKIE}=; Max-Age=0`) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        clearPageSession(request, reply);
        return reply.code(204).send(null);
      },
    );
  };
}
