/**
 * Like and dislike (spec section 4's states per member per artifact; the count is the members who like it now: see
 * api/README.md, Votes). Each is a write (artifact-route-context.ts); the voter is the verified token's member.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberOf } from '../auth/member.ts';
import { errorAnswer, idParams, voteResultSchema, writeErrors } from '../http/api-schemas.ts';
import type { BodyRefusal } from '../http/error-handler.ts';
import { forbidden } from '../http/errors.ts';
import { BEARER, type ArtifactRouteContext } from './artifact-route-context.ts';

const voteBodySchema = z
  .object({ userEmail: z.string({ error: 'userEmail must be text' }).max(320).optional() })
  .strip()
  .nullish()
  .meta({ id: 'VoteBody', description: "Optional; userEmail, if sent, must be the token's" });

const VOTE_BODY: BodyRefusal = {
  invalid: 'Invalid body',
  notAnObject: 'The request body must be a JSON object such as { "userEmail": "..." }',
};

const VOTES = {
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

export function voteRoutes({ store, write }: ArtifactRouteContext) {
  return async function register(plain: FastifyInstance): Promise<void> {
    const app = plain.withTypeProvider<ZodTypeProvider>();

    for (const action of ['like', 'dislike'] as const) {
      app.patch(
        `/artifacts/:id/${action}`,
        {
          ...write,
          config: { bodyRefusal: VOTE_BODY },
          schema: {
            summary: VOTES[action].summary,
            tags: ['votes'],
            params: idParams,
            security: BEARER,
            body: voteBodySchema,
            response: {
              200: voteResultSchema.describe('Vote recorded'),
              ...writeErrors,
              403: errorAnswer('userEmail does not match the token'),
              404: errorAnswer('Artifact not found'),
              409: errorAnswer(VOTES[action].conflict),
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
