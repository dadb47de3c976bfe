/**
 * A member's own lists: the artifacts their account added, and those they like now. `me`, or the caller's own e-mail
 * (the spec's path shape), always with the caller's token: either resolves to the verified account (its uid), never
 * to whoever else holds or held that e-mail.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Identity } from '../auth/verify-token.ts';
import { artifactListSchema, errorAnswer, whoParams, writeErrors } from '../http/api-schemas.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { BEARER, type ArtifactRouteContext } from './artifact-route-context.ts';

export function memberListRoutes({ store, authenticate }: ArtifactRouteContext) {
  /** The caller, when `who` is `me` or their own e-mail; `refusal` (403) for anyone else's. */
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
      '/artifacts/user/:who',
      {
        schema: {
          summary:
            "The caller's own artifacts (those its account added): `me` or the caller's own e-mail, with the caller's token",
          tags: ['artifacts'],
          params: whoParams("`me` or the caller's own e-mail"),
          security: BEARER,
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
          security: BEARER,
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
  };
}
