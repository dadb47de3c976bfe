/**
 * Members' uploaded photos: recording one with its uploader, telling an artifact's Image URL that names one from any
 * other URL, and removing photos nobody uses. An artifact holds its photo by a foreign key (migration 0005), so a
 * photo in use cannot be removed, by this code or any other; an unused one goes when its artifact is deleted or
 * changes photo, or, if no artifact ever used it (a form left unsent), once it is older than the grace period.
 *
 * Nothing removed comes back. Copies in object storage cannot be removed in the row's transaction, so that
 * transaction records them in an outbox (photo_removals); after the commit the copies are removed and the record
 * goes. Storage that fails then does not fail the write that removed the photo (it committed, and is answered as
 * done): the record stays, and `sweepRemovals` (at start and every 30 seconds, app.ts) tries again until storage
 * answers. Meanwhile a photo whose row is gone is not served by the API (`file`), whatever the bucket still holds.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { isLocalHost, parseUploadedImageUrl, uploadedImageWidths } from 'artifact-model';
import { lockForMemberWrite } from '../account/member-lock.ts';
import type { ImageConfig } from '../config.ts';
import type { DatabaseSchema } from '../db/schema.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import { DatabaseImageFiles, S3ImageFiles, type ImageFiles, type RemovedPhoto } from './image-files.ts';
import type { ProcessedPhoto } from './image-processing.ts';

export interface StoredPhoto {
  id: string;
  url: string;
  width: number;
  height: number;
}

/** What an artifact stores for an Image URL: the photo it names, if any, and the text of its `image` column. */
export interface ImageReference {
  imageId: string | null;
  stored: string;
}

/** Who attaches an Image URL, and the photo the artifact showed before (an update may keep it). */
export interface ImageAttacher {
  uid: string;
  keeps?: string | null;
}

/** How long a sweeper's claim on outbox rows lasts (and how long a failed removal waits before its next try). */
const PHOTO_REMOVAL_LEASE = '30 seconds';

function imageRefusal(message: string): ApiError {
  return badRequest(`Invalid artifact: ${message}`, [{ field: 'image', message }]);
}

/** A photo row's condition: no artifact shows it (the foreign key would refuse its removal otherwise). */
const NO_ARTIFACT_SHOWS_IT = sql<boolean>`not exists (select 1 from artifacts where artifacts.image_id = images.id)`;

export class ImageStore {
  private readonly publicOrigin: string;

  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    readonly files: ImageFiles,
    /** Where copies are served from: `${base}/images/<id>/<width>.webp` (the API's /api, or a bucket or CDN). */
    readonly publicBase: string,
    /** Bytes of stored copies one member's photos may take in all. */
    readonly quotaBytes = Number.POSITIVE_INFINITY,
  ) {
    this.publicOrigin = new URL(publicBase).origin;
  }

  /** The path an artifact stores for one copy; `publicUrl` makes it a URL, so a new base moves every link. */
  private pathOf(id: string, width: number): string {
    return `/images/${id}/${width}.webp`;
  }

  publicUrl(stored: string): string {
    return `${this.publicBase}${stored}`;
  }

  /** Bytes of stored copies the member's photos take. */
  async storedBytes(uploaderUid: string, db: Kysely<DatabaseSchema> = this.db): Promise<number> {
    const row = await db
      .selectFrom('images')
      .select(sql<string>`coalesce(sum(bytes), 0)`.as('bytes'))
      .where('uploader_uid', '=', uploaderUid)
      .executeTakeFirstOrThrow();
    return Number(row.bytes);
  }

  /** A 413 when the member's photos take `adding` more bytes than the quota allows (0: already at the quota). */
  async checkQuota(uploaderUid: string, adding = 0, db: Kysely<DatabaseSchema> = this.db): Promise<void> {
    const used = await this.storedBytes(uploaderUid, db);
    if (adding ? used + adding > this.quotaBytes : used >= this.quotaBytes) {
      const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
      throw new ApiError(
        413,
        `Your photos take ${mb(used)} MB of your ${mb(this.quotaBytes)} MB storage quota, which this photo would ` +
          'exceed: remove an artifact you no longer need, or use an image URL from elsewhere',
      );
    }
  }

  /** Stores a processed photo; `alsoWrite` runs in the same transaction once it is in (an Idempotency-Key's record). */
  async add(
    uploaderUid: string,
    photo: ProcessedPhoto,
    alsoWrite?: (trx: Transaction<DatabaseSchema>, stored: StoredPhoto) => Promise<void>,
  ): Promise<StoredPhoto> {
    const id = crypto.randomUUID();
    const bytes = photo.files.reduce((sum, file) => sum + file.body.length, 0);
    const widest = photo.files[photo.files.length - 1]!.width;
    const stored = {
      id,
      url: this.publicUrl(this.pathOf(id, widest)),
      width: photo.width,
      height: photo.height,
    };
    try {
      await this.db.transaction().execute(async (trx) => {
        await lockForMemberWrite(trx, uploaderUid);
        await this.checkQuota(uploaderUid, bytes, trx);
        await trx
          .insertInto('images')
          .values({ id, uploader_uid: uploaderUid, width: photo.width, height: photo.height, bytes })
          .execute();
        await this.files.save(trx, id, photo.files);
        await alsoWrite?.(trx, stored);
      });
    } catch (error) {
      // No row was recorded: copies already saved are removed, or, storage failing, left to the outbox's sweep.
      await this.removeCopies([{ id, width: photo.width }]).catch(() => undefined);
      throw error;
    }
    return stored;
  }

  /**
   * What an artifact with this Image URL stores. A URL of the shape of our photos' (`.../images/<id>/<width>.webp`)
   * on our own origin or on a local host is ours, however it is spelt (with or without /api, 127.0.0.1 or
   * LOCALHOST, any case, a query after it): it must name a photo that is stored, at one of its widths, and that the
   * member uploaded (or that the artifact already shows); it is stored as the photo's own path. Checked in the
   * artifact's transaction; the foreign key holds the photo from there on. Any other URL is stored as it is.
   */
  async reference(
    trx: Transaction<DatabaseSchema>,
    imageUrl: string,
    attacher: ImageAttacher,
  ): Promise<ImageReference> {
    const parsed = parseUploadedImageUrl(imageUrl);
    const url = URL.parse(imageUrl);
    const ours = parsed && url && (url.origin === this.publicOrigin || isLocalHost(url.hostname));
    if (!ours) return { imageId: null, stored: imageUrl };
    const photo = await trx
      .selectFrom('images')
      .select(['id', 'width', 'uploader_uid'])
      .where('id', '=', parsed.id)
      .forKeyShare()
      .executeTakeFirst();
    if (!photo || !uploadedImageWidths(photo.width).includes(parsed.widest)) {
      throw imageRefusal(
        'Image URL names an uploaded photo that is not stored (it was removed): upload the photo again',
      );
    }
    if (photo.uploader_uid !== attacher.uid && photo.id !== attacher.keeps) {
      throw imageRefusal(
        'Image URL names a photo another member uploaded: upload your own photo, or use an image URL from elsewhere',
      );
    }
    return { imageId: photo.id, stored: this.pathOf(photo.id, parsed.widest) };
  }

  /**
   * Inside an artifact's transaction: removes the photo if no artifact uses it any more and the artifact's owner
   * uploaded it (an artifact that showed another member's photo, from before photos had owners, never removes it).
   */
  async releaseIfUnused(
    trx: Transaction<DatabaseSchema>,
    id: string,
    ownerUid: string | null,
  ): Promise<RemovedPhoto[]> {
    if (!ownerUid) return [];
    const removed = await trx
      .deleteFrom('images')
      .where('id', '=', id)
      .where('uploader_uid', '=', ownerUid)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('artifacts').select('artifacts.id').where('artifacts.image_id', '=', id))),
      )
      .returning(['id', 'width'])
      .execute();
    return this.recordRemovals(trx, removed);
  }

  /**
   * Inside a closing account's transaction, once its artifacts are gone: removes every photo the member uploaded
   * that no artifact shows (one shown by another member's artifact, from before photos had owners, stays theirs).
   */
  async releaseAllOf(trx: Transaction<DatabaseSchema>, uploaderUid: string): Promise<RemovedPhoto[]> {
    const removed = await trx
      .deleteFrom('images')
      .where('uploader_uid', '=', uploaderUid)
      .where(NO_ARTIFACT_SHOWS_IT)
      .returning(['id', 'width'])
      .execute();
    return this.recordRemovals(trx, removed);
  }

  /** In the transaction that deleted the photos' rows: their copies to remove, in the outbox (object storage only). */
  private async recordRemovals(
    trx: Transaction<DatabaseSchema>,
    photos: RemovedPhoto[],
  ): Promise<RemovedPhoto[]> {
    if (photos.length && this.files.removedAfterCommit) {
      await trx
        .insertInto('photo_removals')
        .values(photos.map((photo) => ({ image_id: photo.id, width: photo.width })))
        .onConflict((oc) => oc.column('image_id').doNothing())
        .execute();
    }
    return photos;
  }

  /** Removes the copies, then their outbox records; throws (records kept) when storage does not answer. */
  private async removeCopies(photos: readonly RemovedPhoto[]): Promise<void> {
    if (!photos.length || !this.files.removedAfterCommit) return;
    try {
      await this.files.removed(photos);
    } catch (error) {
      // Recorded already when a transaction released them; a failed upload's copies are recorded here.
      await this.db
        .insertInto('photo_removals')
        .values(photos.map((photo) => ({ image_id: photo.id, width: photo.width })))
        .onConflict((oc) => oc.column('image_id').doNothing())
        .execute();
      throw error;
    }
    await this.db
      .deleteFrom('photo_removals')
      .where(
        'image_id',
        'in',
        photos.map((photo) => photo.id),
      )
      .execute();
  }

  /**
   * After the transaction that released the photos committed: their copies. Never fails the write that released
   * them: copies storage did not remove stay in the outbox for `sweepRemovals`, whose failures are logged.
   */
  async filesReleased(photos: readonly RemovedPhoto[]): Promise<void> {
    await this.removeCopies(photos).catch(() => undefined);
  }

  /**
   * Removes the copies the outbox holds, 100 at a time, until it is empty or storage fails (which throws, for the
   * log; the rest wait for the next sweep). Safe with several processes: each claims its rows (FOR UPDATE SKIP
   * LOCKED, then a lease of PHOTO_REMOVAL_LEASE) before it asks storage, so no two work on one row, and the rows of
   * a process that dies come back once the lease ends. Returns how many photos' copies it removed.
   */
  async sweepRemovals(): Promise<number> {
    if (!this.files.removedAfterCommit) return 0;
    let removed = 0;
    for (;;) {
      const claimed = await this.db
        .updateTable('photo_removals')
        .set({ attempt_after: sql<Date>`now() + ${PHOTO_REMOVAL_LEASE}::interval` })
        .where('image_id', 'in', (db) =>
          db
            .selectFrom('photo_removals')
            .select('image_id')
            .where('attempt_after', '<=', sql<Date>`now()`)
            .orderBy('attempt_after')
            .limit(100)
            .forUpdate()
            .skipLocked(),
        )
        .returning(['image_id as id', 'width'])
        .execute();
      if (!claimed.length) return removed;
      await this.removeCopies(claimed);
      removed += claimed.length;
    }
  }

  /** Removes photos that no artifact uses and that were uploaded before `uploadedBefore`. Returns how many. */
  async sweep(uploadedBefore: Date): Promise<number> {
    const removed = await this.db
      .transaction()
      .execute(async (trx) =>
        this.recordRemovals(
          trx,
          await trx
            .deleteFrom('images')
            .where('uploaded_at', '<', uploadedBefore)
            .where(NO_ARTIFACT_SHOWS_IT)
            .returning(['id', 'width'])
            .execute(),
        ),
      );
    await this.filesReleased(removed);
    return removed.length;
  }

  /**
   * One stored copy of a photo, or null. A copy in object storage is served only while its photo's row exists: a
   * removed photo's copies that storage still holds (the outbox not yet swept) are never served again.
   */
  async file(id: string, width: number): Promise<Buffer | null> {
    if (this.files.removedAfterCommit) {
      const photo = await this.db.selectFrom('images').select('id').where('id', '=', id).executeTakeFirst();
      if (!photo) return null;
    }
    return this.files.read(id, width);
  }

  /** How many photos are stored (for tests and the health of a deployment). */
  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('images')
      .select(sql<string>`count(*)`.as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}

/** The image store the configuration asks for: copies in the database, or in an S3 bucket. */
export function openImageStore(
  db: Kysely<DatabaseSchema>,
  config: Pick<ImageConfig, 's3' | 'publicBase' | 'quotaBytes'>,
): ImageStore {
  const files = config.s3 ? new S3ImageFiles(config.s3) : new DatabaseImageFiles(db);
  return new ImageStore(db, files, config.publicBase, config.quotaBytes);
}
