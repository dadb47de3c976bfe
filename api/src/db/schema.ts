/** Table shapes as Kysely sees them. Column names are snake_case; the API maps them to the spec's camelCase. */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

export interface ArtifactsTable {
  id: string;
  name: string;
  /** An http(s) URL, or a path under /images/ for the shipped starter images (expanded with PUBLIC_URL). */
  image: string;
  type: string;
  historical_context: string;
  description: string;
  /** Free-text era such as '100 BC' (the spec's createdAt), not a row timestamp. */
  created_at: string;
  /** Free-text such as '1799' (the spec's discoveredAt). */
  discovered_at: string;
  discovered_by: string;
  present_location: string;
  adder_name: string;
  adder_email: string;
  /** The Firebase uid of the adder; null for the curators' starter rows, which no user owns. */
  adder_uid: string | null;
  /** The uploaded photo `image` shows (its path is then /images/<id>/<width>.webp), or null for any other image. */
  image_id: string | null;
  like_count: Generated<number>;
  added_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ArtifactVotesTable {
  artifact_id: string;
  user_uid: string;
  user_email: string;
  vote: 'liked' | 'disliked';
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** One row (id = 1): the collection version every write bumps in its own transaction, for cross-process caches. */
export interface CollectionStateTable {
  id: number;
  version: ColumnType<string, string | number | bigint, string | number | bigint>;
  /** Random per database: ETags from one database never match another's. */
  instance_id: string;
  starter_seeded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A member's uploaded photo (images/image-store.ts). */
export interface ImagesTable {
  id: string;
  uploader_uid: string;
  /** Pixels of the photo as stored, after its EXIF orientation was applied. */
  width: number;
  height: number;
  /** Bytes of its stored copies, counted against its uploader's quota. */
  bytes: ColumnType<number, number | undefined, number>;
  uploaded_at: ColumnType<Date, Date | string | undefined, never>;
}

/** One stored copy of an uploaded photo, when the images live in the database. */
export interface ImageFilesTable {
  image_id: string;
  width: number;
  body: Buffer | Uint8Array;
}

/** An Idempotency-Key a member sent with a create, and the answer it got (http/idempotency.ts). */
export interface IdempotencyKeysTable {
  member_uid: string;
  /** Which kind of create the key was for, e.g. 'POST /artifacts'. */
  scope: string;
  key: string;
  /** Hash of the request the key was first used for. */
  fingerprint: string;
  status: number;
  /** The answer's JSON, as sent. */
  body: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/**
 * A member's request to close their account, written before the closing transaction, which sets `closed_at`: a row
 * left without it marks a closing the identity provider interrupted (account/member-account.ts finishes or drops it).
 */
export interface AccountClosuresTable {
  member_uid: string;
  requested_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Set when the account was closed (migration 0011): from then on no write of the member's is accepted. */
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Stored copies of a removed photo still to remove from object storage (images/image-store.ts). */
export interface PhotoRemovalsTable {
  image_id: string;
  /** The photo's width, which says which copies it had. */
  width: number;
  recorded_at: ColumnType<Date, Date | string | undefined, never>;
  /** Not tried again before this: a sweeper's claim, or the wait after a failed try. */
  attempt_after: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface DatabaseSchema {
  artifacts: ArtifactsTable;
  images: ImagesTable;
  image_files: ImageFilesTable;
  artifact_votes: ArtifactVotesTable;
  collection_state: CollectionStateTable;
  idempotency_keys: IdempotencyKeysTable;
  account_closures: AccountClosuresTable;
  photo_removals: PhotoRemovalsTable;
  contact_messages: ContactMessagesTable;
  release_minutes: ReleaseMinutesTable;
  release_samples: ReleaseSamplesTable;
}

/** Release health (telemetry/release-health-store.ts): one remote's release's page views in one minute. */
export interface ReleaseMinutesTable {
  remote: string;
  release: string;
  minute: Date;
  views: number;
  /** Views with at least one error. */
  error_views: number;
}

/** Release health: how many of a minute's views fell in one bucket of a measure (a web vital, or `error:<kind>`). */
export interface ReleaseSamplesTable {
  remote: string;
  release: string;
  minute: Date;
  measure: string;
  bucket: number;
  count: number;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The sender's address, as the request limits see it. */
  sent_from: string;
  received_at: Generated<Date>;
  forwarded_at: Date | null;
}

export type ArtifactRow = Selectable<ArtifactsTable>;
export type NewArtifactRow = Insertable<ArtifactsTable>;
