/**
 * POST /images (and /api/images): a member uploads one photo as multipart/form-data, file field `image`; the answer
 * is 201 { success, url, width, height }. GET /images/<id>/<width>.webp serves the stored copies, cached forever.
 * Registered at / and /api like the artifact routes; multipart is parsed only here, so every other route still
 * takes JSON alone.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { IMAGE_UPLOAD_MAX_BYTES } from 'shared-ui/model';
import type { TokenVerifier } from '../auth/verify-token.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { IMAGE_CACHE_CONTROL, IMAGE_CONTENT_TYPE } from './image-files.ts';
import { ACCEPTED_PHOTOS, processPhoto, unsupportedMediaType } from './image-processing.ts';
import type { ImageStore } from './image-store.ts';

/** The form field that carries the photo. */
export const IMAGE_FIELD = 'image';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface ImageRouteDeps {
  images: ImageStore;
  verifier: TokenVerifier;
  writeLimit: preHandlerAsyncHookHandler;
}

export function imageRoutes({ images, verifier, writeLimit }: ImageRouteDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(multipart, {
      // One file and nothing else; a larger file is a 413 (error-handler.ts words it).
      limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    });

    app.post('/images', { preHandler: writeLimit }, async (request, reply) => {
      const identity = await verifier.verify(request.headers.authorization);
      if (!request.isMultipart()) {
        throw unsupportedMediaType(
          `Send the photo as multipart/form-data, in a file field named "${IMAGE_FIELD}"`,
        );
      }
      const part = await request.file();
      if (!part || part.fieldname !== IMAGE_FIELD) {
        throw badRequest(
          `Send the photo in a file field named "${IMAGE_FIELD}" (a ${ACCEPTED_PHOTOS} photo)`,
        );
      }
      const bytes = await part.toBuffer();
      if (!bytes.length) throw badRequest('The photo is empty: choose the file again');
      const photo = await images.add(identity.uid, await processPhoto(bytes));
      return reply
        .code(201)
        .send({ success: true, url: photo.url, width: photo.width, height: photo.height });
    });

    app.get<{ Params: { id: string; file: string } }>('/images/:id/:file', async (request, reply) => {
      const width = /^(\d{1,5})\.webp$/.exec(request.params.file)?.[1];
      const id = request.params.id.toLowerCase();
      const body = width && UUID.test(id) ? await images.file(id, Number(width)) : null;
      if (!body) throw notFound('Image not found');
      return reply.header('Cache-Control', IMAGE_CACHE_CONTROL).type(IMAGE_CONTENT_TYPE).send(body);
    });
  };
}
