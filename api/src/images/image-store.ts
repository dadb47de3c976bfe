/**
 * Members' uploaded photos: recording one with its uploader, telling an artifact's Image URL that names one from any
 * other URL, and removing photos nobody uses. An artifact holds its photo by a foreign key (migration 0005), so a
 * photo in use cannot be removed, by this code or any other; an unused one goes when its artifact is deleted or
 * changes photo, or, if no artifact ever used it (a form left unsent), once it is older than the grace period.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { parseUploadedImageUrl, uploadedImageWidths } from 'shared-ui/model';
import type { ImageConfig } from '../config.ts';
import type { DatabaseSchema } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';
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

export class ImageStore {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    readonly files: ImageFiles,
    /** Where copies are served from: `${base}/images/<id>/<width>.webp` (the API's /api, or a bucket or CDN). */
    readonly publicBase: string,
  ) {}

  /** The path an artifact stores for one copy; `publicUrl` makes it a URL, so a new base moves every link. */
  private pathOf(id: string, width: number): string {
    return `/images/${id}/${width}.webp`;
  }

  publicUrl(stored: string): string {
    return `${this.publicBase}${stored}`;
  }

  async add(uploaderUid: string, photo: ProcessedPhoto): Promise<StoredPhoto> {
    const id = crypto.randomUUID();
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('images')
          .values({ id, uploader_uid: uploaderUid, width: photo.width, height: photo.height })
          .execute();
        await this.files.save(trx, id, photo.files);
      });
    } catch (error) {
      await this.files.removed([{ id, width: photo.width }]).catch(() => undefined);
      throw error;
    }
    const widest = photo.files[photo.files.length - 1]!.width;
    return { id, url: this.publicUrl(this.pathOf(id, widest)), width: photo.width, height: photo.height };
  }

  /**
   * What an artifact with this Image URL stores. A URL of one of our photos must name one that is stored, at one of
   * its widths (checked in the artifact's transaction; the foreign key holds it from there on); any other URL is
   * stored as it is.
   */
  async reference(trx: Transaction<DatabaseSchema>, imageUrl: string): Promise<ImageReference> {
    const parsed = parseUploadedImageUrl(imageUrl);
    if (!parsed || parsed.base !== this.publicBase) return { imageId: null, stored: imageUrl };
    const photo = await trx
      .selectFrom('images')
      .select(['id', 'width'])
      .where('id', '=', parsed.id)
      .forKeyShare()
      .executeTakeFirst();
    if (!photo || !uploadedImageWidths(photo.width).includes(parsed.widest)) {
      const message =
        'Image URL names an uploaded photo that is not stored (it was removed): upload the photo again';
      throw badRequest(`Invalid artifact: ${message}`, [{ field: 'image', message }]);
    }
    return { imageId: photo.id, stored: this.pathOf(photo.id, parsed.widest) };
  }

  /** Inside an artifact's transaction: removes the photo if no artifact uses it any more. */
  async releaseIfUnused(trx: Transaction<DatabaseSchema>, id: string): Promise<RemovedPhoto[]> {
    return trx
      .deleteFrom('images')
      .where('id', '=', id)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('artifacts').select('artifacts.id').where('artifacts.image_id', '=', id))),
      )
      .returning(['id', 'width'])
      .execute();
  }

  /** After the artifact's transaction committed: the copies of the photos it released. */
  async filesReleased(photos: readonly RemovedPhoto[]): Promise<void> {
    if (photos.length) await this.files.removed(photos);
  }

  /** Removes photos that no artifact uses and that were uploaded before `uploadedBefore`. Returns how many. */
  async sweep(uploadedBefore: Date): Promise<number> {
    const removed = await this.db
      .deleteFrom('images')
      .where('uploaded_at', '<', uploadedBefore)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('artifacts').select('artifacts.id').whereRef('artifacts.image_id', '=', 'images.id'),
          ),
        ),
      )
      .returning(['id', 'width'])
      .execute();
    await this.filesReleased(removed);
    return removed.length;
  }

  /** One stored copy of a photo, or null. */
  file(id: string, width: number): Promise<Buffer | null> {
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
  config: Pick<ImageConfig, 's3' | 'publicBase'>,
): ImageStore {
  const files = config.s3 ? new S3ImageFiles(config.s3) : new DatabaseImageFiles(db);
  return new ImageStore(db, files, config.publicBase);
}
