/**
 * Adding, updating and deleting artifacts. Each is a write (artifact-route-context.ts): limited, its member verified
 * with the identity provider, before its body is validated. The adder is the verified token's member, whatever the
 * body says; only the adder may update or delete (checked in the store, in the write's transaction).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adderNameSchema, artifactInputSchema, artifactUpdateSchema } from 'artifact-model';
import { curatorsNameRefused, isCuratorsName } from '../auth/curators.ts';
import { memberOf } from '../auth/member.ts';
import type { Identity } from '../auth/verify-token.ts';
import {
  createResultSchema,
  errorAnswer,
  idParams,
  mutationResultSchema,
  updateResultSchema,
  writeErrors,
} from '../http/api-schemas.ts';
import type { BodyRefusal } from '../http/error-handler.ts';
import { badRequest } from '../http/errors.ts';
import type { IdempotentAnswer } from '../http/idempotency.ts';
import { BEARER, type ArtifactRouteContext } from './artifact-route-context.ts';

const ARTIFACT_BODY: BodyRefusal = {
  invalid: 'Invalid artifact',
  empty: 'Invalid artifact: the request body is empty; send the artifact as a JSON object',
  notAnObject: 'Invalid artifact: the request body must be a JSON object',
};

/** The member adding an artifact, with the display name it will carry held to the model's rules (400 otherwise). */
function adderOf(request: FastifyRequest): Identity {
  const member = memberOf(request);
  const name = adderNameSchema.safeParse(member.name);
  if (name.success) return { ...member, name: name.data };
  const message = `${name.error.issues[0]?.message ?? 'Your display name is invalid'}: change it on your Profile`;
  throw badRequest(`Invalid artifact: ${message}`, [{ field: 'adderName', message }]);
}

export function artifactWriteRoutes({ store, idempotency, write }: ArtifactRouteContext) {
  return async function register(plain: FastifyInstance): Promise<void> {
    const app = plain.withTypeProvider<ZodTypeProvider>();

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
          security: BEARER,
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
          security: BEARER,
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
          security: BEARER,
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
  };
}
