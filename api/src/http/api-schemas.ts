/**
 * The zod schemas of what the API answers and of its path parameters, beside the request schemas the routes share
 * with the web forms (artifact-model). Routes declare them once in their `schema`: the request's validate it
 * (fastify-type-provider-zod), and @fastify/swagger writes the OpenAPI document at /openapi.json and /docs from all of
 * them. Each one registered with an id here is a named component of that document.
 */
import { z } from 'zod';
import {
  artifactInputSchema,
  artifactSchema,
  artifactUpdateSchema,
  UPLOADED_IMAGE_WIDTHS,
  voteSchema,
} from 'artifact-model';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const idParams = z.object({
  id: z.string().regex(UUID, { error: 'Invalid artifact id' }).describe("The artifact's id (a uuid)"),
});

export const whoParams = (description: string) =>
  z.object({ who: z.string().max(320).describe(description).meta({ example: 'me' }) });

export const imageFileParams = z.object({
  id: z.string().describe("The photo's id (a uuid)"),
  file: z
    .string()
    .describe(
      `A stored width and .webp: one of ${UPLOADED_IMAGE_WIDTHS.join(', ')} below the photo's own, or its own`,
    )
    .meta({ example: '768.webp' }),
});

export const artifactListSchema = z.array(artifactSchema).describe('Array of artifacts');

export const errorSchema = z
  .object({
    success: z.literal(false),
    message: z.string(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });

/** An error answer, with what causes it. */
export const errorAnswer = (description: string) => errorSchema.describe(description);

export const mutationResultSchema = z
  .object({ success: z.boolean(), message: z.string() })
  .meta({ id: 'MutationResult' });

export const createResultSchema = mutationResultSchema
  .extend({ artifact: artifactSchema })
  .meta({ id: 'CreateResult' });

export const updateResultSchema = createResultSchema.meta({ id: 'UpdateResult' });

export const voteResultSchema = mutationResultSchema
  .extend({ likeCount: z.int().min(0), myVote: voteSchema.nullable() })
  .meta({ id: 'VoteResult' });

export const uploadResultSchema = z
  .object({
    success: z.literal(true),
    url: z.url().describe('The widest stored copy; the others are at the standard widths below it'),
    width: z.int().describe('Pixels, after the EXIF orientation was applied'),
    height: z.int(),
  })
  .meta({ id: 'UploadResult' });

/** Named in the document: an artifact as answered (the model's), and what a member sends to add and to update one. */
z.globalRegistry.add(artifactSchema, { id: 'Artifact' });
z.globalRegistry.add(artifactInputSchema, { id: 'NewArtifact' });
z.globalRegistry.add(artifactUpdateSchema, { id: 'ArtifactUpdate' });

/** Every write's errors beyond its own: bad input, no token, too many writes. */
export const writeErrors = {
  400: errorAnswer('Malformed JSON, invalid body or invalid id'),
  401: errorAnswer('Missing bearer token / Invalid or expired token'),
  429: errorAnswer('Too many writes in a minute from this member (or, without a valid token, this address)'),
  503: errorAnswer(
    'The identity provider did not answer in time (IDENTITY_PROVIDER_TIMEOUT_MS), or the database or photo storage is unavailable',
  ),
};
