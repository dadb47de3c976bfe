/**
 * Reading artifacts: the most liked, the list with its search and paging, and one by id. Anonymous answers come from
 * the caches (artifact-route-context.ts), with an ETag and gzip; one by id with a bearer token carries the caller's
 * vote and is never cached.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { artifactSchema } from 'artifact-model';
import { artifactListSchema, errorAnswer, idParams, writeErrors } from '../http/api-schemas.ts';
import { notFound } from '../http/errors.ts';
import { decodeCursor, encodeCursor, listQuerySchema } from './artifact-list-query.ts';
import { OPTIONAL_BEARER, type ArtifactRouteContext } from './artifact-route-context.ts';
import type { ArtifactQuery } from './artifact-store.ts';
import { makeCachedResponse } from './response-cache.ts';

export function artifactReadRoutes({ store, authenticate, caches, cached }: ArtifactRouteContext) {
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
        cached(request, reply, caches.lists, 'top-liked', async () =>
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
        return cached(request, reply, caches.lists, key, async (version) => {
          const { rows, total } = await store.list(query, () =>
            caches.totals.get(version.content, totalKey, () => store.count(query)),
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
      '/artifacts/:id',
      {
        schema: {
          summary: "One artifact; with a bearer token it also carries the caller's vote (myVote)",
          tags: ['artifacts'],
          params: idParams,
          security: OPTIONAL_BEARER,
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
        return cached(request, reply, caches.byId, id, async () => {
          const row = await store.findById(id);
          if (!row) throw notFound('Artifact not found');
          return makeCachedResponse(JSON.stringify(store.toView(row)));
        });
      },
    );
  };
}
