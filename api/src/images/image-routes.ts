/**
 * POST /images (and /api/images): a member uploads one photo as multipart/form-data, file field `image`; the answer
 * is 201 { success, url, width, height }. GET /images/<id>/<width>.webp serves the stored copies, cached forever.
 * Registered once, served under /api too, like every API route (http/api-path-shapes.ts); multipart is parsed only
 * here, so every other route still takes JSON alone.
 */
import multipart, { type MultipartFile } from '@fastify/multipart';
import type {
  FastifyInstance,
  FastifyRequest,
  FastifySchemaCompiler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCEPTED_PHOTO_FORMATS, IMAGE_UPLOAD_MAX_BYTES, UPLOADED_IMAGE_WIDTHS } from 'artifact-model';
import type { ImageConfig } from '../config.ts';
import { memberOf, requireMember } from '../auth/member.ts';
import type { TokenVerifier } from '../auth/verify-token.ts';
import { errorAnswer, imageFileParams, uploadResultSchema, UUID, writeErrors } from '../http/api-schemas.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import type { IdempotencyKeys, IdempotentAnswer } from '../http/idempotency.ts';
import { IMAGE_CACHE_CONTROL, IMAGE_CONTENT_TYPE } from './image-files.ts';
import { checkPhoto, processPhoto, unsupportedMediaType } from './image-processing.ts';
import type { ImageStore } from './image-store.ts';
import { bothSlots, FairPhotoQueue, processSlots, type PhotoSlots } from './photo-queue.ts';

/** The form field that carries the photo. */
export const IMAGE_FIELD = 'image';

export interface ImageRouteDeps {
  images: ImageStore;
  /** Idempotency-Key on uploads: a retried upload is stored once. */
  idempotency: IdempotencyKeys;
  verifier: TokenVerifier;
  writeLimit: preHandlerAsyncHookHandler;
  limits: Pick<ImageConfig, 'uploadsPerMember' | 'processingConcurrency' | 'maxPixels'>;
  /** The photos waiting for and being decoded (photoQueue). */
  queue: FairPhotoQueue;
}

/**
 * Decoding is CPU- and memory-bound: photos wait for a slot, in a queue fair between members (photo-queue.ts), of
 * this process's slots and those shared with every API process (redis-photo-slots.ts, with REDIS_URL).
 */
export function photoQueue(
  processingConcurrency: number,
  sharedSlots: PhotoSlots | undefined,
): FairPhotoQueue {
  const ownSlots = processSlots(processingConcurrency);
  return new FairPhotoQueue(sharedSlots ? bothSlots(ownSlots, sharedSlots) : ownSlots);
}

/** Text fields a form may send beside the file (ignored), and how long each may be. */
const FORM_FIELDS = { fields: 10, fieldSize: 1024 };

/** What a form that could not be read gets: the multipart parser's errors in our words, all of them a 400. */
function formRefusal(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  // Ours, and the file over its size (error-handler.ts words that 413).
  if (error instanceof ApiError || code === 'FST_REQ_FILE_TOO_LARGE') return error;
  if (code === 'FST_FILES_LIMIT')
    return badRequest('Send one photo per upload: this form holds a second file');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return badRequest(`The form holds too many fields: send the photo alone, in the field "${IMAGE_FIELD}"`);
  return badRequest(
    'The upload is not a complete multipart/form-data form (its boundary is missing, or it was cut off before ' +
      'its end): send the photo again',
  );
}

/**
 * The one file of the upload, read whole, every other part read to its end: text fields are ignored, a second file
 * is refused (@fastify/multipart's files limit, worded by formRefusal), a file in another field too.
 */
async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  let photo: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const file = part as MultipartFile;
      if (file.fieldname !== IMAGE_FIELD) {
        // Read the rest of the upload and drop it: left unread, it would stall the next request on this connection.
        file.file.resume();
        throw badRequest(
          `Send the photo in a file field named "${IMAGE_FIELD}" (a ${ACCEPTED_PHOTO_FORMATS} photo)`,
        );
      }
      photo = await file.toBuffer();
    }
  } catch (error) {
    throw formRefusal(error);
  }
  if (!photo) {
    throw badRequest(
      `Send the photo in a file field named "${IMAGE_FIELD}" (a ${ACCEPTED_PHOTO_FORMATS} photo)`,
    );
  }
  return photo;
}

/** As every route validates, except the upload's body: it is streamed (request.parts()) and checked by checkPhoto. */
const bodyStreamed: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body'
    ? () => ({ value: undefined })
    : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

export function imageRoutes({ images, idempotency, verifier, writeLimit, limits, queue }: ImageRouteDeps) {
  // libvips' threads per photo, so that the photos decoded at once use the cores, not cores x cores threads.
  sharp.concurrency(Math.max(1, Math.floor(availableParallelism() / limits.processingConcurrency)));
  /** Uploads in progress per member, from their first byte to their answer. */
  const inProgress = new Map<string, number>();

  return async function register(plain: FastifyInstance): Promise<void> {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    await app.register(multipart, {
      // One file, a few small text fields; a larger file is a 413 (error-handler.ts), a second file a 400 (above).
      limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, ...FORM_FIELDS, parts: FORM_FIELDS.fields + 1 },
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
            `${limits.maxPixels / 1_000_000} megapixels. \`url\` names the widest copy ` +
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
            400: errorAnswer(
              'No file in the field image, a second file, a malformed form, a damaged file, or more pixels than allowed',
            ),
            413: errorAnswer("The file is larger than the limit, or the member's storage quota is used up"),
            429: errorAnswer(
              'Too many writes in a minute, or too many uploads of this member in progress (IMAGE_UPLOADS_PER_MEMBER)',
            ),
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
        const running = inProgress.get(member.uid) ?? 0;
        if (running >= limits.uploadsPerMember) {
          throw new ApiError(
            429,
            `You have ${running} photo uploads in progress: wait for one to finish before sending another`,
          );
        }
        inProgress.set(member.uid, running + 1);
        try {
          await images.checkQuota(member.uid);
          const bytes = await readPhoto(request);
          if (!bytes.length) throw badRequest('The photo is empty: choose the file again');
          // A retry of one upload (its Idempotency-Key) answers the photo stored the first time, unprocessed again.
          const fingerprint = createHash('sha256').update(bytes).digest('base64url');
          return await idempotency.once(
            request,
            reply,
            { scope: 'POST /images', uid: member.uid, fingerprint },
            async (record) => {
              // Refused at once if its header says so; else it waits its turn, its pixels its cost (photo-queue.ts).
              const checked = await checkPhoto(bytes, limits.maxPixels);
              const processed = await queue.run(member.uid, checked.width * checked.height, () =>
                processPhoto(checked),
              );
              let answer: IdempotentAnswer | undefined;
              await images.add(member.uid, processed, async (trx, photo) => {
                answer = {
                  status: 201,
                  body: { success: true, url: photo.url, width: photo.width, height: photo.height },
                };
                await record(trx, answer);
              });
              return answer!;
            },
          );
        } finally {
          const left = (inProgress.get(member.uid) ?? 1) - 1;
          if (left > 0) inProgress.set(member.uid, left);
          else inProgress.delete(member.uid);
        }
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
