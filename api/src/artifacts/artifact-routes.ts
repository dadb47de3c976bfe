/**
 * Every call of spec section 7. The plugin is registered twice, at / and at /api, so each path shape is served by
 * the same handler; `me` and `{email}` share one route too.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { ARTIFACT_TYPES, artifactInputSchema, artifactUpdateSchema } from 'shared-ui/model';
import type { Identity, TokenVerifier } from '../auth/verify-token.ts';
import { badRequest, forbidden, notFound, type FieldError } from '../http/errors.ts';
import { ARTIFACT_SORTS, type ArtifactQuery, type ArtifactStore } from './artifact-store.ts';
import type { VersionStamp } from './collection-version.ts';
import { makeCachedResponse, VersionedResponseCache, type CachedResponse } from './response-cache.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_PAGE_SIZE = 100;

export const listQuerySchema = z
  .object({
    q: z.string().max(200, { error: 'q must be at most 200 characters' }).optional(),
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
  .strip();

export const voteBodySchema = z
  .object({ userEmail: z.string({ error: 'userEmail must be text' }).max(320).optional() })
  .strip();

export interface ArtifactRouteDeps {
  store: ArtifactStore;
  verifier: TokenVerifier;
  /** Runs before every write (http/write-limit.ts). */
  writeLimit: preHandlerAsyncHookHandler;
}

function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

function decodeCursor(cursor: string): number {
  const match = /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1]) throw badRequest('Invalid cursor: pass the X-Next-Cursor value of a previous page');
  return Number(match[1]);
}

function zodFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }));
}

function parseArtifactBody<T>(schema: z.ZodType<T>, body: unknown): T {
  if (body === undefined || body === null) {
    throw badRequest('Invalid artifact: the request body is empty; send the artifact as a JSON object');
  }
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('Invalid artifact: the request body must be a JSON object');
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const errors = zodFieldErrors(result.error);
    throw badRequest(`Invalid artifact: ${errors.map((error) => error.message).join('; ')}`, errors);
  }
  return result.data;
}

function parseId(raw: string): string {
  if (!UUID.test(raw)) throw badRequest('Invalid artifact id');
  return raw.toLowerCase();
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
  reply.header('ETag', cached.etag).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
  for (const [name, value] of Object.entries(cached.headers)) reply.header(name, value);
  if (etagMatches(request, cached.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (cached.body.length > 1024 && acceptsGzip(request)) {
    reply.header('Content-Encoding', 'gzip');
    return reply.send(await cached.gzipped());
  }
  return reply.send(cached.body);
}

export function artifactRoutes(deps: ArtifactRouteDeps) {
  const { store, verifier, writeLimit } = deps;
  const write = { preHandler: writeLimit };
  // Lists and top-liked: few distinct keys. By id: one entry per artifact, so room for a large collection.
  const cache = new VersionedResponseCache(500);
  const byIdCache = new VersionedResponseCache(20_000);
  // Totals of searches, under the content version only: a vote changes no total, and counting every match of a
  // broad search is the one list query that grows with the collection.
  const totals = new VersionedResponseCache<number>(500);

  const authenticate = (request: FastifyRequest): Promise<Identity> =>
    verifier.verify(request.headers.authorization);

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

  /** `me` means the token's user; an e-mail lists that adder's artifacts (public, like every artifact's adderEmail). */
  async function adderEmailFor(request: FastifyRequest, who: string): Promise<string> {
    if (who === 'me') return (await authenticate(request)).email;
    if (!z.email().safeParse(who).success) throw badRequest('Invalid e-mail address in the path');
    return who.toLowerCase();
  }

  /** Liked lists are private: `me` or the caller's own e-mail, always with the caller's token. */
  async function likerFor(request: FastifyRequest, who: string): Promise<Identity> {
    const identity = await authenticate(request);
    if (who !== 'me' && who.toLowerCase() !== identity.email) {
      throw forbidden('You can only see your own liked artifacts');
    }
    return identity;
  }

  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/artifacts/top-liked', (request, reply) =>
      cached(request, reply, 'top-liked', async () =>
        makeCachedResponse(JSON.stringify((await store.topLiked()).map((row) => store.toView(row)))),
      ),
    );

    app.get('/artifacts', (request, reply) => {
      const parsed = listQuerySchema.safeParse(request.query);
      if (!parsed.success) {
        const errors = zodFieldErrors(parsed.error);
        throw badRequest(`Invalid query: ${errors.map((error) => error.message).join('; ')}`, errors);
      }
      const { q, type, sort, limit, cursor } = parsed.data;
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
    });

    app.get<{ Params: { who: string } }>('/artifacts/user/:who', async (request) => {
      const email = await adderEmailFor(request, request.params.who);
      return (await store.listByAdderEmail(email)).map((row) => store.toView(row));
    });

    app.get<{ Params: { who: string } }>('/artifacts/liked/:who', async (request) => {
      const identity = await likerFor(request, request.params.who);
      return (await store.listLikedBy(identity.uid)).map((row) => store.toView(row));
    });

    app.get<{ Params: { id: string } }>('/artifacts/:id', async (request, reply) => {
      const id = parseId(request.params.id);
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
    });

    app.post('/artifacts', write, async (request, reply) => {
      const identity = await authenticate(request);
      const input = parseArtifactBody(artifactInputSchema, request.body);
      const artifact = store.toView(await store.create(input, identity));
      return reply.code(201).send({
        success: true,
        message: `Artifact "${artifact.name}" has been added successfully!`,
        artifact,
      });
    });

    app.patch<{ Params: { id: string } }>('/artifacts/:id', write, async (request) => {
      const identity = await authenticate(request);
      const id = parseId(request.params.id);
      const input = parseArtifactBody(artifactUpdateSchema, request.body);
      const artifact = store.toView(await store.update(id, input, identity));
      return { success: true, message: 'Artifact updated successfully!', artifact };
    });

    app.delete<{ Params: { id: string } }>('/artifacts/:id', write, async (request) => {
      const identity = await authenticate(request);
      const id = parseId(request.params.id);
      const row = await store.delete(id, identity);
      return { success: true, message: `Artifact "${row.name}" has been deleted` };
    });

    for (const action of ['like', 'dislike'] as const) {
      app.patch<{ Params: { id: string } }>(`/artifacts/:id/${action}`, write, async (request) => {
        const identity = await authenticate(request);
        const id = parseId(request.params.id);
        if (request.body !== undefined && request.body !== null) {
          if (typeof request.body !== 'object' || Array.isArray(request.body)) {
            throw badRequest('The request body must be a JSON object such as { "userEmail": "..." }');
          }
          const body = voteBodySchema.safeParse(request.body);
          if (!body.success)
            throw badRequest(`Invalid body: ${body.error.issues.map((issue) => issue.message).join('; ')}`);
          if (
            body.data.userEmail !== undefined &&
            body.data.userEmail.trim().toLowerCase() !== identity.email
          ) {
            throw forbidden('userEmail does not match the signed-in user');
          }
        }
        const result = await store.vote(id, identity, action);
        return { success: true, message: result.message, likeCount: result.likeCount, myVote: result.myVote };
      });
    }
  };
}
