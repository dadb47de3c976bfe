/**
 * Where the stored copies of uploaded photos live, behind one small interface: in the database by default (PGlite or
 * PostgreSQL, table image_files, so `pnpm start` needs nothing new), or in S3-compatible object storage through the
 * official AWS SDK when IMAGE_STORAGE=s3 (api/README.md lists its variables).
 */
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Kysely, Transaction } from 'kysely';
import { uploadedImageWidths } from 'artifact-model';
import type { DatabaseSchema } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';

/** A photo whose row is gone: its id, and its width, which says which copies it had. */
export interface RemovedPhoto {
  id: string;
  width: number;
}

export const IMAGE_CONTENT_TYPE = 'image/webp';
/** Each copy's URL names its content forever (a new photo gets a new id), so it may be cached forever. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface ImageFiles {
  /**
   * Stores a new photo's copies, inside the transaction that records the photo: if that transaction fails, the
   * caller calls `removed` for it, so no copy outlives a photo that was not recorded.
   */
  save(
    trx: Transaction<DatabaseSchema>,
    id: string,
    files: Array<{ width: number; body: Buffer }>,
  ): Promise<void>;
  /** One copy, for the API to serve; null when there is none. */
  read(id: string, width: number): Promise<Buffer | null>;
  /** Removes the copies of photos whose rows were deleted (after that deletion committed). */
  removed(photos: readonly RemovedPhoto[]): Promise<void>;
}

/** The default: copies in table image_files, which its foreign key empties with each photo's row. */
export class DatabaseImageFiles implements ImageFiles {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async save(trx: Transaction<DatabaseSchema>, id: string, files: Array<{ width: number; body: Buffer }>) {
    await trx
      .insertInto('image_files')
      .values(files.map((file) => ({ image_id: id, width: file.width, body: file.body })))
      .execute();
  }

  async read(id: string, width: number): Promise<Buffer | null> {
    const row = await this.db
      .selectFrom('image_files')
      .select('body')
      .where('image_id', '=', id)
      .where('width', '=', width)
      .executeTakeFirst();
    return row ? Buffer.from(row.body) : null;
  }

  removed(): Promise<void> {
    // ON DELETE CASCADE removed them with the photo's row, in the same transaction.
    return Promise.resolve();
  }
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, Ceph, R2...); unset for AWS. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Key prefix inside the bucket, e.g. 'heritage/'; the copies go under `${prefix}images/<id>/<width>.webp`. */
  prefix: string;
}

/** What an upload (or a copy served by the API) gets while the bucket cannot be reached: a 503 to retry, not a 500. */
export const PHOTO_STORAGE_UNAVAILABLE =
  'Photo storage is unavailable at the moment, so the photo could not be stored or read: try again in a few minutes';

/**
 * True for an S3 call that got no answer (the storage is down or unreachable: the SDK's network errors carry no
 * HTTP status) or the service's own fault (5xx, throttling): the storage is away. A refusal of ours (403, 404) is not.
 */
function storageUnavailable(error: unknown): boolean {
  const { $metadata, $fault } = error as { $metadata?: { httpStatusCode?: number }; $fault?: string };
  return $fault === 'server' || $metadata?.httpStatusCode === undefined || $metadata.httpStatusCode >= 500;
}

/** Runs an S3 call; a storage that is away becomes PHOTO_STORAGE_UNAVAILABLE, with the SDK's error as its cause. */
async function fromStorage<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!storageUnavailable(error)) throw error;
    throw new ApiError(503, PHOTO_STORAGE_UNAVAILABLE, undefined, { cause: error });
  }
}

/** A storage that accepts no connection or stops answering fails the call within these (then the SDK retries). */
const S3_CONNECTION_TIMEOUT_MS = 3_000;
const S3_REQUEST_TIMEOUT_MS = 20_000;

/**
 * Copies as objects in a bucket, written with their content type and cache header so the bucket (or a CDN in front
 * of it, S3_PUBLIC_URL) can serve them as they are. Credentials come from the SDK's default chain (AWS_ACCESS_KEY_ID
 * and AWS_SECRET_ACCESS_KEY, a profile, or the machine's role).
 */
export class S3ImageFiles implements ImageFiles {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      requestHandler: { connectionTimeout: S3_CONNECTION_TIMEOUT_MS, requestTimeout: S3_REQUEST_TIMEOUT_MS },
    });
  }

  private key(id: string, width: number): string {
    return `${this.settings.prefix}images/${id}/${width}.webp`;
  }

  async save(_trx: Transaction<DatabaseSchema>, id: string, files: Array<{ width: number; body: Buffer }>) {
    await fromStorage(() =>
      Promise.all(
        files.map((file) =>
          this.client.send(
            new PutObjectCommand({
              Bucket: this.settings.bucket,
              Key: this.key(id, file.width),
              Body: file.body,
              ContentType: IMAGE_CONTENT_TYPE,
              CacheControl: IMAGE_CACHE_CONTROL,
            }),
          ),
        ),
      ),
    );
  }

  async read(id: string, width: number): Promise<Buffer | null> {
    try {
      const object = await fromStorage(() =>
        this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(id, width) })),
      );
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  }

  async removed(photos: readonly RemovedPhoto[]): Promise<void> {
    if (!photos.length) return;
    const keys = photos.flatMap((photo) =>
      uploadedImageWidths(photo.width).map((width) => ({ Key: this.key(photo.id, width) })),
    );
    await this.client.send(
      new DeleteObjectsCommand({ Bucket: this.settings.bucket, Delete: { Objects: keys } }),
    );
  }
}
