/**
 * Which release of each remote a visitor gets (issue #56): the discovery document (site-config/discovery.ts)
 * and the visitor's bucket in, the remotes map out: the one choice behind both remotes.json and the page the server
 * renders (server.ts), so the browser hydrates the HTML its own release drew. The bucket is a cookie (`hv_bucket`)
 * set by the first remotes.json the visitor asks for, or by the API from the member's account on sign-in
 * (api/src/session), so the same visitor gets the same release on every load and in every tab; a page already open
 * has read its remotes.json and keeps what it loaded. A visitor without the cookie yet (a first page load) gets the
 * live releases, the page and its remotes.json alike; their bucket counts from their next load.
 *
 * Each remote draws its own bucket from the cookie (a hash of the remote's name and the cookie's value, 0-9999), so
 * the visitors who get one remote's canary are not always those who get another's. A canary at N % goes to the buckets
 * below N * 100: moving the percentage up keeps everyone who had the canary on it.
 */
import { createHash, randomBytes } from 'node:crypto';
// request.cookies and reply.setCookie, which @fastify/cookie adds (server.ts registers it).
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { discoveryDocument, type DiscoveryDocument } from 'site-config/discovery';

export const BUCKET_COOKIE = 'hv_bucket';
/** A year: the bucket outlives sessions, so a returning visitor keeps their release. */
export const BUCKET_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const BUCKETS = 10_000;

/** A cookie value this service made or the API made from an account: anything else is replaced. */
const BUCKET_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

export const isBucketToken = (value: string | undefined): value is string =>
  value !== undefined && BUCKET_TOKEN.test(value);

/** A new visitor's token: random, and nothing about them. */
export const newBucketToken = (): string => randomBytes(12).toString('base64url');

/** The visitor's bucket for one remote, 0 to BUCKETS - 1. */
export function bucketOf(token: string, remote: string): number {
  const digest = createHash('sha256').update(`${remote}:${token}`).digest();
  return digest.readUInt32BE(0) % BUCKETS;
}

/**
 * Each remote's manifest for this visitor: the canary's when the visitor's bucket falls in its share, else the live
 * one's; the live ones for a visitor without a bucket (undefined).
 */
export function chooseReleases(
  document: DiscoveryDocument,
  token: string | undefined,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(document.microFrontends).map(([remote, releases]) => {
      const live = releases.find((candidate) => candidate.deployment.default) ?? releases[0]!;
      if (token === undefined) return [remote, live.url];
      const bucket = bucketOf(token, remote);
      let threshold = 0;
      for (const candidate of releases) {
        if (candidate.deployment.default) continue;
        threshold += candidate.deployment.traffic * (BUCKETS / 100);
        if (bucket < threshold) return [remote, candidate.url];
      }
      return [remote, live.url];
    }),
  );
}

export interface VisitorReleases {
  /** Each remote's manifest for this visitor. */
  remotes: Record<string, string>;
  /**
   * A canary is out: the answer depends on the visitor's bucket cookie, and says so (`Vary: Cookie`), so a cache keeps
   * one copy per visitor while it lasts and one for all otherwise (deploy/nginx/render.ts).
   */
  perVisitor: boolean;
}

/** The releases of the visitor whose bucket cookie is `token`, or the live ones for a visitor without one (undefined). */
export function visitorReleases(env: NodeJS.ProcessEnv, token: string | undefined): VisitorReleases {
  const document = discoveryDocument(env);
  const perVisitor = Object.values(document.microFrontends).some((releases) => releases.length > 1);
  return { remotes: chooseReleases(document, token), perVisitor };
}

/** The visitor's bucket token from their cookie, if it is one this service or the API made. */
export function bucketCookieOf(request: FastifyRequest): string | undefined {
  const token = request.cookies[BUCKET_COOKIE];
  return isBucketToken(token) ? token : undefined;
}

/**
 * The visitor's bucket token: their cookie's, or a new one set on this answer (a year, this site only, not readable
 * by scripts; Secure over https). Set by remotes.json, which every page load asks for, and not by the page: nginx
 * keeps no answer that sets a cookie, and a first visit's page must stay one it may keep (deploy/nginx/render.ts).
 */
function visitorBucket(request: FastifyRequest, reply: FastifyReply): string | undefined {
  const token = bucketCookieOf(request);
  if (token) return token;
  const fresh = newBucketToken();
  // Two first requests in the same moment (two tabs) could each draw a token: the later cookie wins from then on.
  reply.setCookie(BUCKET_COOKIE, fresh, {
    path: '/',
    maxAge: BUCKET_MAX_AGE_SECONDS,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
  // This load's page was drawn without a bucket (the live releases): the new one counts from the next load.
  return undefined;
}

/**
 * remotes.json for this visitor: each remote's live release, or its canary when their bucket falls in its share, as
 * their page was rendered.
 */
export const visitorRemotesJson = (
  request: FastifyRequest,
  reply: FastifyReply,
  env: NodeJS.ProcessEnv,
): string => JSON.stringify(visitorReleases(env, visitorBucket(request, reply)).remotes, null, 2);
