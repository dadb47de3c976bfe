/**
 * The OpenAPI description, generated from the same zod schemas that validate requests (z.toJSONSchema), so the docs
 * cannot drift from the rules. Each path is listed in both shapes the spec shows (with and without /api).
 */
import { z } from 'zod';
import {
  artifactInputSchema,
  artifactUpdateSchema,
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_MAX_PIXELS,
  UPLOADED_IMAGE_WIDTHS,
} from 'shared-ui/model';
import { ACCEPTED_PHOTOS } from '../images/image-processing.ts';
import { listQuerySchema, voteBodySchema } from '../artifacts/artifact-routes.ts';

type JsonObject = Record<string, unknown>;

const toSchema = (schema: z.ZodType): JsonObject =>
  z.toJSONSchema(schema, { io: 'input', target: 'openapi-3.0', unrepresentable: 'any' }) as JsonObject;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonObject) => ({ content: { 'application/json': { schema } } });
const errorResponse = (description: string) => ({ description, ...json(ref('Error')) });
const bearer = [{ bearerAuth: [] }];

const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const whoParam = (description: string) => ({
  name: 'who',
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', example: 'me' },
});

const commonErrors = {
  400: errorResponse('Malformed JSON, invalid body, invalid id or query'),
  401: errorResponse('Missing bearer token / Invalid or expired token'),
};
/** Every write: add, update, delete, like, dislike (http/write-limit.ts). */
const writeErrors = {
  ...commonErrors,
  429: {
    ...errorResponse(
      'Too many writes in a minute from this member (or, without a valid token, this address)',
    ),
    headers: {
      'Retry-After': { description: 'Seconds until writes are accepted again', schema: { type: 'integer' } },
    },
  },
};

function listQueryParameters(): JsonObject[] {
  const schema = toSchema(listQuerySchema) as { properties: Record<string, JsonObject> };
  const descriptions: Record<string, string> = {
    q: 'Search term: trimmed, case-insensitive substring over name, description, type and present location. Blank means all.',
    type: 'Only artifacts of this type.',
    sort: 'Order: newest (default), oldest, name, most-liked.',
    limit: 'Page size (1-100). Without limit and cursor the whole list is returned.',
    cursor: 'Opaque cursor from the X-Next-Cursor header of the previous page.',
  };
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: false,
    description: descriptions[name],
    schema: property,
  }));
}

function apiPaths(): Record<string, JsonObject> {
  const list = { type: 'array', items: ref('Artifact') };
  return {
    '/artifacts/top-liked': {
      get: {
        summary: 'The most liked artifacts (6), most liked first, then newest',
        tags: ['artifacts'],
        responses: { 200: { description: 'Array of artifacts', ...json(list) } },
      },
    },
    '/artifacts': {
      get: {
        summary: 'Every artifact, newest first; optional server-side search and paging',
        description:
          'A plain call returns the full array. With q, type, sort, limit or cursor the body is still an array; ' +
          'X-Total-Count gives the number of matches and X-Next-Cursor (when present) the cursor of the next page. ' +
          'Responses carry an ETag (If-None-Match answers 304) and are gzip-compressed on request.',
        tags: ['artifacts'],
        parameters: listQueryParameters(),
        responses: {
          200: {
            description: 'Array of artifacts',
            headers: {
              'X-Total-Count': { schema: { type: 'integer' }, description: 'Number of matching artifacts' },
              'X-Next-Cursor': { schema: { type: 'string' }, description: 'Cursor of the next page, if any' },
              ETag: { schema: { type: 'string' } },
            },
            ...json(list),
          },
          304: { description: 'Not modified (If-None-Match)' },
          400: errorResponse('Invalid query'),
        },
      },
      post: {
        summary: "Add an artifact; the adder is the verified token's user, whatever the body says",
        tags: ['artifacts'],
        security: bearer,
        requestBody: { required: true, ...json(ref('ArtifactInput')) },
        responses: {
          201: { description: 'Created', ...json(ref('CreateResult')) },
          ...writeErrors,
          413: errorResponse('Body too large'),
        },
      },
    },
    '/artifacts/user/{who}': {
      get: {
        summary: "An adder's artifacts: `me` (bearer token) or an e-mail address",
        tags: ['artifacts'],
        parameters: [whoParam("`me` (requires a bearer token) or the adder's e-mail")],
        security: [{}, { bearerAuth: [] }],
        responses: { 200: { description: 'Array of artifacts', ...json(list) }, ...commonErrors },
      },
    },
    '/artifacts/liked/{who}': {
      get: {
        summary:
          "The artifacts a user currently likes: `me` or the caller's own e-mail, with the caller's token",
        tags: ['artifacts'],
        parameters: [whoParam("`me` or the caller's own e-mail")],
        security: bearer,
        responses: {
          200: { description: 'Array of artifacts', ...json(list) },
          ...commonErrors,
          403: errorResponse("Another user's liked list"),
        },
      },
    },
    '/artifacts/{id}': {
      get: {
        summary: "One artifact; with a bearer token it also carries the caller's vote (myVote)",
        tags: ['artifacts'],
        parameters: [idParam],
        security: [{}, { bearerAuth: [] }],
        responses: {
          200: { description: 'The artifact', ...json(ref('Artifact')) },
          ...commonErrors,
          404: errorResponse('Artifact not found'),
        },
      },
      patch: {
        summary: 'Update an artifact (only its adder); likeCount and the adder cannot be changed here',
        tags: ['artifacts'],
        parameters: [idParam],
        security: bearer,
        requestBody: { required: true, ...json(ref('ArtifactUpdate')) },
        responses: {
          200: { description: 'Updated', ...json(ref('UpdateResult')) },
          ...writeErrors,
          403: errorResponse('You can only update your own artifacts'),
          404: errorResponse('Artifact not found'),
          413: errorResponse('Body too large'),
        },
      },
      delete: {
        summary: 'Delete an artifact (only its adder)',
        tags: ['artifacts'],
        parameters: [idParam],
        security: bearer,
        responses: {
          200: { description: 'Deleted', ...json(ref('MutationResult')) },
          ...writeErrors,
          403: errorResponse('You can only delete your own artifacts'),
          404: errorResponse('Artifact not found'),
        },
      },
    },
    '/artifacts/{id}/like': {
      patch: {
        summary: 'Like: neutral -> liked (+1), disliked -> liked (+2); refused (409) when already liked',
        tags: ['votes'],
        parameters: [idParam],
        security: bearer,
        requestBody: { required: false, ...json(ref('VoteBody')) },
        responses: {
          200: { description: 'Vote recorded', ...json(ref('VoteResult')) },
          ...writeErrors,
          403: errorResponse('userEmail does not match the token'),
          404: errorResponse('Artifact not found'),
          409: errorResponse('You already like this artifact'),
        },
      },
    },
    '/artifacts/{id}/dislike': {
      patch: {
        summary: 'Dislike: liked -> disliked (-1, never below 0); refused (409) unless currently liked',
        tags: ['votes'],
        parameters: [idParam],
        security: bearer,
        requestBody: { required: false, ...json(ref('VoteBody')) },
        responses: {
          200: { description: 'Vote recorded', ...json(ref('VoteResult')) },
          ...writeErrors,
          403: errorResponse('userEmail does not match the token'),
          404: errorResponse('Artifact not found'),
          409: errorResponse('You can only dislike an artifact you liked'),
        },
      },
    },
    '/images': {
      post: {
        summary:
          "Upload a member's photo: re-encoded as WebP at several widths, with no metadata (no EXIF, no GPS)",
        description:
          `One file in the form field \`image\`: ${ACCEPTED_PHOTOS}, recognised by its content (not its name or ` +
          `declared type), at most ${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB and ` +
          `${IMAGE_UPLOAD_MAX_PIXELS / 1_000_000} megapixels. \`url\` names the widest copy ` +
          '(`.../images/{id}/{width}.webp`); the narrower ones are at the standard widths ' +
          `${UPLOADED_IMAGE_WIDTHS.join(', ')} below it. An artifact whose image is that URL keeps the photo; one ` +
          'no artifact uses is removed after a grace period (IMAGE_UNUSED_GRACE_HOURS).',
        tags: ['images'],
        security: bearer,
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: { image: { type: 'string', format: 'binary' } },
                required: ['image'],
              },
            },
          },
        },
        responses: {
          201: { description: 'Stored', ...json(ref('UploadResult')) },
          ...writeErrors,
          400: errorResponse('No file in the field image, a damaged file, or more pixels than allowed'),
          413: errorResponse('The file is larger than the limit'),
          415: errorResponse('Not a photo of an accepted type (SVG included), or not multipart/form-data'),
        },
      },
    },
    '/images/{id}/{width}.webp': {
      get: {
        summary: 'One stored copy of an uploaded photo (Cache-Control: immutable)',
        tags: ['images'],
        parameters: [
          idParam,
          {
            name: 'width',
            in: 'path',
            required: true,
            schema: { type: 'integer', enum: [...UPLOADED_IMAGE_WIDTHS] },
          },
        ],
        responses: {
          200: {
            description: 'The picture',
            content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
          },
          404: errorResponse('Image not found'),
        },
      },
    },
  };
}

export function buildOpenApiDocument(publicUrl: string): JsonObject {
  const input = toSchema(artifactInputSchema) as {
    properties: Record<string, JsonObject>;
    required: string[];
  };
  const artifact = {
    type: 'object',
    properties: {
      _id: { type: 'string', format: 'uuid' },
      ...input.properties,
      adderName: { type: 'string' },
      adderEmail: { type: 'string', format: 'email' },
      likeCount: { type: 'integer', minimum: 0 },
      addedAt: {
        type: 'string',
        format: 'date-time',
        description: 'When the artifact was added (row timestamp)',
      },
      myVote: {
        type: 'string',
        enum: ['liked', 'disliked'],
        nullable: true,
        description: 'Only on GET /api/artifacts/{id} with a bearer token',
      },
    },
    required: ['_id', ...input.required, 'adderName', 'adderEmail', 'likeCount'],
  };
  const paths: Record<string, JsonObject> = {};
  for (const [path, item] of Object.entries(apiPaths())) {
    paths[path] = item;
    paths[`/api${path}`] = item;
  }
  paths['/health'] = {
    get: {
      summary: 'Liveness',
      tags: ['service'],
      responses: {
        200: { description: 'OK', ...json({ type: 'object', properties: { ok: { type: 'boolean' } } }) },
      },
    },
  };
  return {
    openapi: '3.0.3',
    info: {
      title: 'Heritage Vault API',
      version: '1.0.0',
      description:
        'REST API of Heritage Vault. Authenticated calls send `Authorization: Bearer <Firebase ID token>`. ' +
        'Every path is served in both shapes, with and without the /api prefix. Errors answer { success: false, message, errors? }.',
    },
    servers: [{ url: publicUrl }],
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' } },
      schemas: {
        ArtifactInput: input,
        ArtifactUpdate: toSchema(artifactUpdateSchema),
        Artifact: artifact,
        VoteBody: toSchema(voteBodySchema),
        UploadResult: {
          type: 'object',
          properties: {
            success: { type: 'boolean', enum: [true] },
            url: { type: 'string', format: 'uri' },
            width: { type: 'integer', description: 'Pixels, after the EXIF orientation was applied' },
            height: { type: 'integer' },
          },
          required: ['success', 'url', 'width', 'height'],
        },
        MutationResult: {
          type: 'object',
          properties: { success: { type: 'boolean' }, message: { type: 'string' } },
          required: ['success', 'message'],
        },
        CreateResult: {
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            message: { type: 'string' },
            artifact: ref('Artifact'),
          },
          required: ['success', 'message', 'artifact'],
        },
        UpdateResult: {
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            message: { type: 'string' },
            artifact: ref('Artifact'),
          },
          required: ['success', 'message'],
        },
        VoteResult: {
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            message: { type: 'string' },
            likeCount: { type: 'integer', minimum: 0 },
            myVote: { type: 'string', enum: ['liked', 'disliked'], nullable: true },
          },
          required: ['success', 'message', 'likeCount', 'myVote'],
        },
        Error: {
          type: 'object',
          properties: {
            success: { type: 'boolean', enum: [false] },
            message: { type: 'string' },
            errors: {
              type: 'array',
              items: {
                type: 'object',
                properties: { field: { type: 'string' }, message: { type: 'string' } },
                required: ['field', 'message'],
              },
            },
          },
          required: ['success', 'message'],
        },
      },
    },
    paths,
  };
}
