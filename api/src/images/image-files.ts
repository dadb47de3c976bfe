/**
 * Where the stored copies of uploaded photos live, behind one small interface: in the database by default (PGlite or
 * PostgreSQL, table image_files, so `pnpm start` needs nothing new), or in S3-compatible object storage through the
 * official AWS SDK when IMAGE_STORAGE=s3 (api/README.md lists its variables).
 */
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Kysely, Transaction } from 'kysely';
import { uploadedImageWidths } from 'artifact-model';
import type { DatabaseSchema } from '../db/schema.ts';
import { objectStorageAway, ServiceUnavailableError } from '../http/service-unavailable.ts';

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
   * True when the copies live outside the database (S3): a photo's row and its copies cannot go in one transaction,
   * so its removal is recorded in the outbox (photo_removals) and the copies removed after the commit.
   */
  readonly removedAfterCommit: boolean;
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
  /** Whether the storage answers now (the metrics' object-storage health); absent for the database's copies. */
  reachable?(): Promise<boolean>;
}

/** The default: copies in table image_files, which its foreign key empties with each photo's row. */
export class DatabaseImageFiles implements ImageFiles {
  readonly removedAfterCommit = false;

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

/** Runs an S3 call; a storage that is away becomes a 503 naming object storage, with the SDK's error as its cause. */
async function fromStorage<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!objectStorageAway(error)) throw error;
    throw new ServiceUnavailableError('object storage', undefined, { cause: error });
  }
}

/** A storage that accepts no connection or stops answering fails the call within these (then the SDK retries). */
const S3_CONNECTION_TIMEOUT_MS = 3_000;
const S3_REQUEST_TIMEOUT_MS = 20_000;

/** A scrape's question to the bucket gets this long (Prometheus's own scrape timeout is 10 s). */
const S3_HEALTH_TIMEOUT_MS = 2_000;

/**
 * Copies as objects in a bucket, written with their content type and cache header so the bucket (or a CDN in front
 * of it, S3_PUBLIC_URL) can serve them as they are. Credentials come from the SDK's default chain (AWS_ACCESS_KEY_ID
 * and AWS_SECRET_ACCESS_KEY, a profile, or the machine's role).
 */
export class S3ImageFiles implements ImageFiles {
  readonly removedAfterCommit = true;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      requestHandler: { connectionTimeout: S3_CONNECTION_TIMEOUT_MS, requestTimeout: S3_REQUEST_TIMEOUT_MS },
    });
  }

  /** HeadBucket, once (no SDK retry): answered, the bucket is there and ours to use. */
  async reachable(): Promise<boolean> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }), {
        abortSignal: AbortSignal.timeout(S3_HEALTH_TIMEOUT_MS),
      });
      return true;
    } catch {
      return false;
    }
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
    const result = await fromStorage(() =>
      this.client.send(new DeleteObjectsCommand({ Bucket: this.settings.bucket, Delete: { Objects: keys } })),
    );
    // DeleteObjects answers 200 with the keys it could not delete listed: those are not removed either.
    const failed = result.Errors?.filter((failure) => failure.Code !== 'NoSuchKey') ?? [];
    if (failed.length) {
      throw new ServiceUnavailableError('object storage', undefined, {
        cause: new Error(`${failed.length} copies not deleted: ${failed[0]?.Code} ${failed[0]?.Message}`),
      });
    }
  }
}
