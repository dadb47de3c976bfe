/**
 * POST /images (and /api/images): a member uploads one photo as multipart/form-data, file field `image`; the answer
 * is 201 { success, url, width, height }. GET /images/<id>/<width>.webp serves the stored copies, cached forever.
 * Registered at / and /api like the artifact routes; multipart is parsed only here, so every other route still
 * takes JSON alone.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifySchemaCompiler, preHandlerAsyncHookHandler } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCEPTED_PHOTO_FORMATS,
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_MAX_PIXELS,
  UPLOADED_IMAGE_WIDTHS,
} from 'shared-ui/model';
import { memberOf, requireMember } from '../auth/member.ts';
import type { TokenVerifier } from '../auth/verify-token.ts';
import { errorAnswer, imageFileParams, uploadResultSchema, UUID, writeErrors } from '../http/api-schemas.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { IMAGE_CACHE_CONTROL, IMAGE_CONTENT_TYPE } from './image-files.ts';
import { processPhoto, unsupportedMediaType } from './image-processing.ts';
import type { ImageStore } from './image-store.ts';

/** The form field that carries the photo. */
export const IMAGE_FIELD = 'image';

export interface ImageRouteDeps {
  images: ImageStore;
  verifier: TokenVerifier;
  writeLimit: preHandlerAsyncHookHandler;
}

/** As every route validates, except the upload's body: it is streamed (request.file()) and checked by processPhoto. */
const bodyStreamed: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body'
    ? () => ({ value: undefined })
    : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

export function imageRoutes({ images, verifier, writeLimit }: ImageRouteDeps) {
  return async function register(plain: FastifyInstance): Promise<void> {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    await app.register(multipart, {
      // One file and nothing else; a larger file is a 413 (error-handler.ts words it).
      limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    });

    // On the plain instance: its body is no JSON the type provider could type, and the compiler above skips it.
    plain.post(
      '/images',
      {
        preValidation: [writeLimit, requireMember(verifier)],
        validatorCompiler: bodyStreamed,
        schema: {
          summary:
            "Upload a member's photo: re-encoded as WebP at several widths, with no metadata (no EXIF, no GPS)",
          description:
            `One file in the form field \`${IMAGE_FIELD}\`: ${ACCEPTED_PHOTO_FORMATS}, recognised by its content (not its ` +
            `name or declared type), at most ${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB and ` +
            `${IMAGE_UPLOAD_MAX_PIXELS / 1_000_000} megapixels. \`url\` names the widest copy ` +
            '(`.../images/{id}/{width}.webp`); the narrower ones are at the standard widths ' +
            `${UPLOADED_IMAGE_WIDTHS.join(', ')} below it. An artifact whose image is that URL keeps the photo; one ` +
            'no artifact uses is removed after a grace period (IMAGE_UNUSED_GRACE_HOURS).',
          tags: ['images'],
          security: [{ bearerAuth: [] }],
          consumes: ['multipart/form-data'],
          body: z.object({ [IMAGE_FIELD]: z.file().describe('The photo') }),
          response: {
            201: uploadResultSchema.describe('Stored'),
            ...writeErrors,
            400: errorAnswer('No file in the field image, a damaged file, or more pixels than allowed'),
            413: errorAnswer('The file is larger than the limit'),
            415: errorAnswer('Not a photo of an accepted type (SVG included), or not multipart/form-data'),
          },
        },
      },
      async (request, reply) => {
        const member = memberOf(request);
        if (!request.isMultipart()) {
          throw unsupportedMediaType(
            `Send the photo as multipart/form-data, in a file field named "${IMAGE_FIELD}"`,
          );
        }
        const part = await request.file();
        if (!part || part.fieldname !== IMAGE_FIELD) {
          // Read the rest of the upload and drop it: left unread, it would stall the next request on this connection.
          part?.file.resume();
          throw badRequest(
            `Send the photo in a file field named "${IMAGE_FIELD}" (a ${ACCEPTED_PHOTO_FORMATS} photo)`,
          );
        }
        const bytes = await part.toBuffer();
        if (!bytes.length) throw badRequest('The photo is empty: choose the file again');
        const photo = await images.add(member.uid, await processPhoto(bytes));
        return reply
          .code(201)
          .send({ success: true, url: photo.url, width: photo.width, height: photo.height });
      },
    );

    // Typed by hand: its 200 is a picture, not the JSON the type provider types answers as.
    plain.get<{ Params: { id: string; file: string } }>(
      '/images/:id/:file',
      {
        schema: {
          summary: 'One stored copy of an uploaded photo (Cache-Control: immutable)',
          tags: ['images'],
          params: imageFileParams,
          response: {
            200: {
              description: 'The picture',
              content: { 'image/webp': { schema: z.string().meta({ format: 'binary' }) } },
            },
            404: errorAnswer('Image not found'),
          },
        },
      },
      async (request, reply) => {
        const width = /^(\d{1,5})\.webp$/.exec(request.params.file)?.[1];
        const id = request.params.id.toLowerCase();
        const body = width && UUID.test(id) ? await images.file(id, Number(width)) : null;
        if (!body) throw notFound('Image not found');
        return reply.header('Cache-Control', IMAGE_CACHE_CONTROL).type(IMAGE_CONTENT_TYPE).send(body);
      },
    );
  };
}
