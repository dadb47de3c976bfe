/**
 * Every call of spec section 7. The plugin is registered twice, at / and at /api, so each path shape is served by
 * the same handler; `me` and `{email}` share one route too. Each route declares its schemas once: they validate the
 * request (fastify-type-provider-zod; http/error-handler.ts words the refusals) and write the OpenAPI document.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adderNameSchema,
  ARTIFACT_TYPES,
  artifactInputSchema,
  artifactSchema,
  artifactUpdateSchema,
  badCharacters,
  normalizeText,
} from 'artifact-model';
import { ARTIFACT_SORTS } from 'artifact-model/search-page';
import { curatorsNameRefused, isCuratorsName } from '../auth/curators.ts';
import { memberOf, requireMember } from '../auth/member.ts';
import type { Identity, TokenVerifier } from '../auth/verify-token.ts';
import {
  artifactListSchema,
  createResultSchema,
  errorAnswer,
  idParams,
  mutationResultSchema,
  updateResultSchema,
  voteResultSchema,
  whoParams,
  writeErrors,
} from '../http/api-schemas.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { IdempotencyKeys, type IdempotentAnswer } from '../http/idempotency.ts';
import { varyOn } from '../http/vary.ts';
import type { ArtifactQuery, ArtifactStore } from './artifact-store.ts';
import type { VersionStamp } from './collection-version.ts';
import { makeCachedResponse, VersionedResponseCache, type CachedResponse } from './response-cache.ts';

const MAX_PAGE_SIZE = 100;

export const listQuerySchema = z
  .object({
    q: z
      .string()
      .max(200, { error: 'q must be at most 200 characters' })
      .superRefine((text, context) => {
        const problem = badCharacters(text);
        if (problem) context.addIssue({ code: 'custom', message: `q ${problem}` });
      })
      // Stored texts are in NFC (the model writes them so): "e" + combining accent finds "é".
      .overwrite(normalizeText)
      .optional(),
    type: z.enum(ARTIFACT_TYPES, { error: `type must be one of: ${ARTIFACT_TYPES.join(', ')}` }).optional(),
    sort: z.enum(ARTIFACT_SORTS, { error: `sort must be one of: ${ARTIFACT_SORTS.join(', ')}` }).optional(),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int({ error: 'limit must be a whole number' })
      .min(1, { error: 'limit must be at least 1' })
      .max(MAX_PAGE_SIZE, { error: `limit must be at most ${MAX_PAGE_SIZE}` })
      .optional(),
    cursor: z.string().max(200, { error: 'cursor is too long' }).optional(),
  })
  .strip()
  .meta({
    description:
      'q: a trimmed, case-insensitive substring of name, description, type or present location (blank: all); type: only ' +
      'that type; sort: newest (default), oldest, name, most-liked; limit: page size; cursor: X-Next-Cursor of the ' +
      'previous page. Without limit and cursor the whole list is returned.',
  });

export const voteBodySchema = z
  .object({ userEmail: z.string({ error: 'userEmail must be text' }).max(320).optional() })
  .strip()
  .nullish()
  .meta({ id: 'VoteBody', description: "Optional; userEmail, if sent, must be the token's" });

export interface ArtifactRouteDeps {
  store: ArtifactStore;
  /** Idempotency-Key on creates. */
  idempotency: IdempotencyKeys;
  verifier: TokenVerifier;
  /** Runs before every write (http/write-limit.ts). */
  writeLimit: preHandlerAsyncHookHandler;
}

/**
 * How a route words a body its schema refuses (http/error-handler.ts reads it from the route's config): the message's
 * first words, and what to say of a body that is not a JSON object at all.
 */
export interface BodyRefusal {
  invalid: string;
  /** For a missing body; without it, a missing body is refused as not an object (a vote's body may be missing). */
  empty?: string;
  notAnObject: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    bodyRefusal?: BodyRefusal;
  }
}

const ARTIFACT_BODY: BodyRefusal = {
  invalid: 'Invalid artifact',
  empty: 'Invalid artifact: the request body is empty; send the artifact as a JSON object',
  notAnObject: 'Invalid artifact: the request body must be a JSON object',
};
const VOTE_BODY: BodyRefusal = {
  invalid: 'Invalid body',
  notAnObject: 'The request body must be a JSON object such as { "userEmail": "..." }',
};

/** The member adding an artifact, with the display name it will carry held to the model's rules (400 otherwise). */
function adderOf(request: FastifyRequest): Identity {
  const member = memberOf(request);
  const name = adderNameSchema.safeParse(member.name);
  if (name.success) return { ...member, name: name.data };
  const message = `${name.error.issues[0]?.message ?? 'Your display name is invalid'}: change it on your Profile`;
  throw badRequest(`Invalid artifact: ${message}`, [{ field: 'adderName', message }]);
}

function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

function decodeCursor(cursor: string): number {
  const match = /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1]) throw badRequest('Invalid cursor: pass the X-Next-Cursor value of a previous page');
  return Number(match[1]);
}

function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && /\bgzip\b/.test(header) && !/\bgzip;\s*q=0(?:\.0*)?\b/.test(header);
}

function etagMatches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return (
    header === '*' || header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag)
  );
}

async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedResponse,
): Promise<FastifyReply> {
  varyOn(reply.header('ETag', cached.etag).header('Cache-Control', 'no-cache'), 'Accept-Encoding');
  for (const [name, value] of Object.entries(cached.headers)) reply.header(name, value);
  if (etagMatches(request, cached.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (cached.body.length > 1024 && acceptsGzip(request)) {
    reply.header('Content-Encoding', 'gzip');
    return reply.send(await cached.gzipped());
  }
  return reply.send(cached.body);
}

const NAME_FOLLOW_MS = 60_000;

export function artifactRoutes(deps: ArtifactRouteDeps) {
  const { store, idempotency, verifier, writeLimit } = deps;
  // The name each member's artifacts were last given here, and when: a member seen again with it within the minute
  // costs no statement. The minute bounds how long another API process's rename back to an older name goes unseen.
  const namesFollowed = new Map<string, { name: string; at: number }>();
  /** "Added by" follows the verified display name, once it is one an artifact may carry (adderOf's rules). */
  async function followName(identity: Identity): Promise<void> {
    const followed = namesFollowed.get(identity.uid);
    if (followed?.name === identity.name && Date.now() - followed.at < NAME_FOLLOW_MS) return;
    const name = adderNameSchema.safeParse(identity.name);
    if (!name.success || isCuratorsName(name.data)) return;
    await store.renameAdder(identity.uid, name.data);
    if (namesFollowed.size >= 10_000) namesFollowed.clear();
    namesFollowed.set(identity.uid, { name: identity.name, at: Date.now() });
  }
  // A write: counted by the write limit, then its member verified, both before its body is validated.
  const write = {
    preValidation: [
      writeLimit,
      requireMember(verifier),
      async (request: FastifyRequest) => followName(memberOf(request)),
    ],
  };
  const bearer: Array<Record<string, string[]>> = [{ bearerAuth: [] }];
  const optionalBearer: Array<Record<string, string[]>> = [{}, { bearerAuth: [] }];
  // Lists and top-liked: few distinct keys. By id: one entry per artifact, so room for a large collection.
  const cache = new VersionedResponseCache(500);
  const byIdCache = new VersionedResponseCache(20_000);
  // Totals of searches, under the content version only: a vote changes no total, and counting every match of a
  // broad search is the one list query that grows with the collection.
  const totals = new VersionedResponseCache<number>(500);

  const authenticate = async (request: FastifyRequest): Promise<Identity> => {
    const identity = await verifier.verify(request.headers.authorization, { signal: request.clientGone });
    await followName(identity);
    return identity;
  };

  async function cached(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    build: (version: VersionStamp) => Promise<CachedResponse>,
    from: VersionedResponseCache = cache,
  ) {
    const version = await store.version.current();
    return sendCached(request, reply, await from.get(version.all, key, () => build(version)));
  }

  /**
   * A member's own list: `me`, or the caller's own e-mail (the spec's other path shape), always with the caller's
   * token. Either resolves to the verified account (its uid), never to whoever else holds or held that e-mail.
   */
  async function ownListOf(request: FastifyRequest, who: string, refusal: string): Promise<Identity> {
    const identity = await authenticate(request);
    if (who === 'me') return identity;
    if (!z.email().safeParse(who).success) throw badRequest('Invalid e-mail address in the path');
    if (who.toLowerCase() !== identity.email) throw forbidden(refusal);
    return identity;
  }

  return async function register(plain: FastifyInstance): Promise<void> {
    const app = plain.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/artifacts/top-liked',
      {
        schema: {
          summary: 'The most liked artifacts (6), most liked first, then newest',
          tags: ['artifacts'],
          response: { 200: artifactListSchema },
        },
      },
      (request, reply) =>
        cached(request, reply, 'top-liked', async () =>
          makeCachedResponse(JSON.stringify((await store.topLiked()).map((row) => store.toView(row)))),
        ),
    );

    app.get(
      '/artifacts',
      {
        schema: {
          summary: 'Every artifact, newest first; optional server-side search and paging',
          description:
            'A plain call returns the full array. With q, type, sort, limit or cursor the body is still an array; ' +
            'X-Total-Count gives the number of matches and X-Next-Cursor (when present) the cursor of the next page. ' +
            'Responses carry an ETag (If-None-Match answers 304) and are gzip-compressed on request.',
          tags: ['artifacts'],
          querystring: listQuerySchema,
          response: {
            200: artifactListSchema,
            304: z.null().describe('Not modified (If-None-Match)'),
            400: errorAnswer('Invalid query'),
          },
        },
      },
      (request, reply) => {
        const { q, type, sort, limit, cursor } = request.query;
        const query: ArtifactQuery = {
          q: q?.trim() || undefined,
          type,
          sort,
          limit,
          offset: cursor ? decodeCursor(cursor) : undefined,
        };
        const paged = query.limit !== undefined || query.offset !== undefined;
        const key = `list:${JSON.stringify([query.q?.toLowerCase(), query.type, query.sort, query.limit, query.offset])}`;
        const totalKey = JSON.stringify([query.q?.toLowerCase(), query.type]);
        return cached(request, reply, key, async (version) => {
          const { rows, total } = await store.list(query, () =>
            totals.get(version.content, totalKey, () => store.count(query)),
          );
          const headers: Record<string, string> = { 'X-Total-Count': String(total) };
          if (paged) {
            const next = (query.offset ?? 0) + rows.length;
            if (next < total && rows.length > 0) headers['X-Next-Cursor'] = encodeCursor(next);
          }
          return makeCachedResponse(JSON.stringify(rows.map((row) => store.toView(row))), headers);
        });
      },
    );

    app.get(
      '/artifacts/user/:who',
      {
        schema: {
          summary:
            "The caller's own artifacts (those its account added): `me` or the caller's own e-mail, with the caller's token",
          tags: ['artifacts'],
          params: whoParams("`me` or the caller's own e-mail"),
          security: bearer,
          response: {
            200: artifactListSchema,
            400: errorAnswer('Invalid e-mail address'),
            401: writeErrors[401],
            403: errorAnswer("Another member's list"),
            503: writeErrors[503],
          },
        },
      },
      async (request) => {
        const identity = await ownListOf(request, request.params.who, 'You can only list your own artifacts');
        return (await store.listByAdder(identity.uid)).map((row) => store.toView(row));
      },
    );

    app.get(
      '/artifacts/liked/:who',
      {
        schema: {
          summary:
            "The artifacts a user currently likes: `me` or the caller's own e-mail, with the caller's token",
          tags: ['artifacts'],
          params: whoParams("`me` or the caller's own e-mail"),
          security: bearer,
          response: {
            200: artifactListSchema,
            401: writeErrors[401],
            403: errorAnswer("Another user's liked list"),
          },
        },
      },
      async (request) => {
        const identity = await ownListOf(
          request,
          request.params.who,
          'You can only see your own liked artifacts',
        );
        return (await store.listLikedBy(identity.uid)).map((row) => store.toView(row));
      },
    );

    app.get(
      '/artifacts/:id',
      {
        schema: {
          summary: "One artifact; with a bearer token it also carries the caller's vote (myVote)",
          tags: ['artifacts'],
          params: idParams,
          security: optionalBearer,
          response: {
            200: artifactSchema.describe('The artifact'),
            400: errorAnswer('Invalid artifact id'),
            401: writeErrors[401],
            404: errorAnswer('Artifact not found'),
          },
        },
      },
      async (request, reply) => {
        const id = request.params.id.toLowerCase();
        if (request.headers.authorization) {
          const identity = await authenticate(request);
          const row = await store.findById(id);
          if (!row) throw notFound('Artifact not found');
          reply.header('Cache-Control', 'private, no-cache');
          return { ...store.toView(row), myVote: await store.voteOf(id, identity.uid) };
        }
        return cached(
          request,
          reply,
          id,
          async () => {
            const row = await store.findById(id);
            if (!row) throw notFound('Artifact not found');
            return makeCachedResponse(JSON.stringify(store.toView(row)));
          },
          byIdCache,
        );
      },
    );

    app.post(
      '/artifacts',
      {
        ...write,
        config: { bodyRefusal: ARTIFACT_BODY },
        schema: {
          summary: "Add an artifact; the adder is the verified token's user, whatever the body says",
          description:
            'An optional Idempotency-Key header (1-255 visible ASCII characters, e.g. a UUID per submit) makes a retry ' +
            'safe: the same key from the same member within 24 hours answers the first result and stores nothing new.',
          tags: ['artifacts'],
          security: bearer,
          body: artifactInputSchema,
          response: {
            201: createResultSchema.describe(
              'Created (or, for a repeated Idempotency-Key, created the first time)',
            ),
            ...writeErrors,
            403: errorAnswer("The curators' reserved name or e-mail"),
            413: errorAnswer('Body too large'),
            422: errorAnswer('Idempotency-Key already used for a different request'),
          },
        },
      },
      async (request, reply) => {
        const member = adderOf(request);
        // The adder's name is shown on the artifact: none may pass for the starter collection's curators.
        if (isCuratorsName(member.name)) throw curatorsNameRefused();
        return idempotency.once(
          request,
          reply,
          { scope: 'POST /artifacts', uid: member.uid },
          async (record) => {
            let answer: IdempotentAnswer | undefined;
            await store.create(request.body, member, async (trx, row) => {
              const artifact = store.toView(row);
              answer = {
                status: 201,
                body: {
                  success: true,
                  message: `Artifact "${artifact.name}" has been added successfully!`,
                  artifact,
                },
              };
              await record(trx, answer);
            });
            return answer!;
          },
        );
      },
    );

    app.patch(
      '/artifacts/:id',
      {
        ...write,
        config: { bodyRefusal: ARTIFACT_BODY },
        schema: {
          summary: 'Update an artifact (only its adder); likeCount and the adder cannot be changed here',
          tags: ['artifacts'],
          params: idParams,
          security: bearer,
          body: artifactUpdateSchema,
          response: {
            200: updateResultSchema.describe('Updated'),
            ...writeErrors,
            403: errorAnswer('You can only update your own artifacts'),
            404: errorAnswer('Artifact not found'),
            413: errorAnswer('Body too large'),
          },
        },
      },
      async (request) => {
        const id = request.params.id.toLowerCase();
        const artifact = store.toView(await store.update(id, request.body, memberOf(request)));
        return { success: true, message: 'Artifact updated successfully!', artifact };
      },
    );

    app.delete(
      '/artifacts/:id',
      {
        ...write,
        schema: {
          summary: 'Delete an artifact (only its adder)',
          tags: ['artifacts'],
          params: idParams,
          security: bearer,
          response: {
            200: mutationResultSchema.describe('Deleted'),
            ...writeErrors,
            403: errorAnswer('You can only delete your own artifacts'),
            404: errorAnswer('Artifact not found'),
          },
        },
      },
      async (request) => {
        const row = await store.delete(request.params.id.toLowerCase(), memberOf(request));
        return { success: true, message: `Artifact "${row.name}" has been deleted` };
      },
    );

    const votes = {
      like: {
        summary:
          "Like: neutral or disliked -> liked; likeCount is the number of members who like it (this member's like " +
          'counts once); refused (409) when already liked',
        conflict: 'You already like this artifact',
      },
      dislike: {
        summary:
          "Dislike: liked -> disliked, taking this member's like away (-1); refused (409) unless currently liked",
        conflict: 'You can only dislike an artifact you liked',
      },
    };
    for (const action of ['like', 'dislike'] as const) {
      app.patch(
        `/artifacts/:id/${action}`,
        {
          ...write,
          config: { bodyRefusal: VOTE_BODY },
          schema: {
            summary: votes[action].summary,
            tags: ['votes'],
            params: idParams,
            security: bearer,
            body: voteBodySchema,
            response: {
              200: voteResultSchema.describe('Vote recorded'),
              ...writeErrors,
              403: errorAnswer('userEmail does not match the token'),
              404: errorAnswer('Artifact not found'),
              409: errorAnswer(votes[action].conflict),
            },
          },
        },
        async (request) => {
          const identity = memberOf(request);
          const claimed = request.body?.userEmail;
          if (claimed !== undefined && claimed.trim().toLowerCase() !== identity.email) {
            throw forbidden('userEmail does not match the signed-in user');
          }
          const result = await store.vote(request.params.id.toLowerCase(), identity, action);
          return {
            success: true,
            message: result.message,
            likeCount: result.likeCount,
            myVote: result.myVote,
          };
        },
      );
    }
  };
}
