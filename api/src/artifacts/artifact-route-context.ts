/**
 * What the artifact routes share (artifact-routes.ts makes it once for the API): the member of a request, with "Added
 * by" following their verified name; the checks every write runs before its body is validated; the caches of the
 * read answers.
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { adderNameSchema } from 'artifact-model';
import { isCuratorsName } from '../auth/curators.ts';
import { memberOf, requireMember } from '../auth/member.ts';
import type { Identity, TokenVerifier } from '../auth/verify-token.ts';
import type { IdempotencyKeys } from '../http/idempotency.ts';
import type { ArtifactStore } from './artifact-store.ts';
import type { VersionStamp } from './collection-version.ts';
import { sendCached, VersionedResponseCache, type CachedResponse } from './response-cache.ts';

export interface ArtifactRouteDeps {
  store: ArtifactStore;
  /** Idempotency-Key on creates. */
  idempotency: IdempotencyKeys;
  verifier: TokenVerifier;
  /** Runs before every write (http/write-limit.ts). */
  writeLimit: preHandlerAsyncHookHandler;
}

/** A route's `security` in the OpenAPI document: a bearer token needed, or taken when sent. */
export const BEARER: Array<Record<string, string[]>> = [{ bearerAuth: [] }];
export const OPTIONAL_BEARER: Array<Record<string, string[]>> = [{}, { bearerAuth: [] }];

const NAME_FOLLOW_MS = 60_000;

export type ArtifactRouteContext = ReturnType<typeof artifactRouteContext>;

export function artifactRouteContext({ store, idempotency, verifier, writeLimit }: ArtifactRouteDeps) {
  // The name each member's artifacts were last given here, and when: a member seen again with it within the minute
  // costs no statement. The minute bounds how long another API process's rename back to an older name goes unseen.
  const namesFollowed = new Map<string, { name: string; at: number }>();
  /** "Added by" follows the verified display name, once it is one an artifact may carry (the adder's rules). */
  async function followName(identity: Identity): Promise<void> {
    const followed = namesFollowed.get(identity.uid);
    if (followed?.name === identity.name && Date.now() - followed.at < NAME_FOLLOW_MS) return;
    const name = adderNameSchema.safeParse(identity.name);
    if (!name.success || isCuratorsName(name.data)) return;
    await store.renameAdder(identity.uid, name.data);
    if (namesFollowed.size >= 10_000) namesFollowed.clear();
    namesFollowed.set(identity.uid, { name: identity.name, at: Date.now() });
  }

  // Lists and top-liked: few distinct keys. By id: one entry per artifact, so room for a large collection.
  const lists = new VersionedResponseCache(500);
  const byId = new VersionedResponseCache(20_000);

  return {
    store,
    idempotency,
    /** A write's options: counted by the write limit, then its member verified, both before its body is validated. */
    write: {
      preValidation: [
        writeLimit,
        requireMember(verifier),
        async (request: FastifyRequest) => followName(memberOf(request)),
      ],
    },
    /** The member a read's bearer token names (a read answers from the token cache: auth/verify-token.ts). */
    async authenticate(request: FastifyRequest): Promise<Identity> {
      const identity = await verifier.verify(request.headers.authorization, { signal: request.clientGone });
      await followName(identity);
      return identity;
    },
    caches: {
      lists,
      byId,
      // Totals of searches, under the content version only: a vote changes no total, and counting every match of a
      // broad search is the one list query that grows with the collection.
      totals: new VersionedResponseCache<number>(500),
    },
    /** Answers from `cache` under the collection's current version, building the answer on a miss; sent once resolved. */
    async cached(
      request: FastifyRequest,
      reply: FastifyReply,
      cache: VersionedResponseCache,
      key: string,
      build: (version: VersionStamp) => Promise<CachedResponse>,
    ): Promise<void> {
      const version = await store.version.current();
      await sendCached(request, reply, await cache.get(version.all, key, () => build(version)));
    },
  };
}
