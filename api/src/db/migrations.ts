/**
 * Versioned migrations, run at start by Kysely's Migrator (which holds an advisory lock, so several API processes
 * starting on one PostgreSQL run each migration once). Append new migrations; never edit a released one.
 */
import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';

const migrations: Record<string, Migration> = {
  '0001_artifacts_and_votes': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('artifacts')
        .addColumn('id', 'uuid', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('image', 'text', (col) => col.notNull())
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('historical_context', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('discovered_at', 'text', (col) => col.notNull())
        .addColumn('discovered_by', 'text', (col) => col.notNull())
        .addColumn('present_location', 'text', (col) => col.notNull())
        .addColumn('adder_name', 'text', (col) => col.notNull())
        .addColumn('adder_email', 'text', (col) => col.notNull())
        .addColumn('adder_uid', 'text')
        .addColumn('like_count', 'integer', (col) =>
          col
            .notNull()
            .defaultTo(0)
            .check(sql`like_count >= 0`),
        )
        .addColumn('added_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createIndex('artifacts_added_at_idx')
        .on('artifacts')
        .columns(['added_at', 'id'])
        .execute();
      await db.schema
        .createIndex('artifacts_adder_email_idx')
        .on('artifacts')
        .column('adder_email')
        .execute();
      await db.schema.createIndex('artifacts_adder_uid_idx').on('artifacts').column('adder_uid').execute();
      await db.schema
        .createIndex('artifacts_like_count_idx')
        .on('artifacts')
        .columns(['like_count desc', 'added_at desc'])
        .execute();

      await db.schema
        .createTable('artifact_votes')
        .addColumn('artifact_id', 'uuid', (col) =>
          col.notNull().references('artifacts.id').onDelete('cascade'),
        )
        .addColumn('user_uid', 'text', (col) => col.notNull())
        .addColumn('user_email', 'text', (col) => col.notNull())
        .addColumn('vote', 'text', (col) => col.notNull().check(sql`vote in ('liked', 'disliked')`))
        .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('artifact_votes_pk', ['artifact_id', 'user_uid'])
        .execute();
      await db.schema
        .createIndex('artifact_votes_user_idx')
        .on('artifact_votes')
        .columns(['user_uid', 'vote'])
        .execute();

      await db.schema
        .createTable('collection_state')
        .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
        .addColumn('version', 'bigint', (col) => col.notNull().defaultTo(1))
        .addColumn('instance_id', 'uuid', (col) => col.notNull())
        .addColumn('starter_seeded_at', 'timestamptz')
        .execute();
      await sql`insert into collection_state (id, version, instance_id) values (1, 1, ${crypto.randomUUID()})`.execute(
        db,
      );
    },
  },

  /**
   * Indexed search. One trigram GIN index over the four searched columns joined into one text: a `%term%` ILIKE
   * on that same expression is answered from the index (pg_trgm, trusted since PostgreSQL 13, so the database
   * owner can create it; PGlite loads it at construction). The query keeps the exact per-column conditions
   * beside it (see artifact-store.ts), so a term spanning two columns never matches. Also an index for the
   * name sort, which otherwise sorts the whole table for every page.
   */
  '0002_trigram_search': {
    async up(db: Kysely<unknown>) {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`create index artifacts_search_trgm_idx on artifacts using gin ((name || ' ' || description || ' ' || type || ' ' || present_location) gin_trgm_ops)`.execute(
        db,
      );
      await sql`create index artifacts_name_idx on artifacts (lower(name), id)`.execute(db);
      await sql`analyze artifacts`.execute(db);
    },
  },

  /**
   * Votes publish their change to the cross-process caches through a sequence instead of the collection_state
   * row: nextval() takes no row lock and is not rolled back, so concurrent votes no longer queue on one row (see
   * collection-version.ts). The first nextval() here makes last_value move on every later call.
   */
  '0003_vote_version_sequence': {
    async up(db: Kysely<unknown>) {
      await sql`create sequence collection_vote_version`.execute(db);
      await sql`select nextval('collection_vote_version')`.execute(db);
    },
  },

  /**
   * Search reads one stored column instead of computing the joined text per row. A broad term's exact total
   * rechecks every match in the table (a trigram index is lossy): 10,000 rows at 100,000 took 37 ms warm in
   * PostgreSQL with the joined expression and four per-column ILIKEs, 16 ms with one LIKE on this column. The
   * columns are lowercased once here (ILIKE lowercases both sides on every row anyway) and joined by the unit
   * separator, chr(31), which a term must contain to span two columns (artifact-store.ts handles that term).
   */
  '0004_stored_search_text': {
    async up(db: Kysely<unknown>) {
      await sql`alter table artifacts add column search_text text not null generated always as (lower(name || chr(31) || description || chr(31) || type || chr(31) || present_location)) stored`.execute(
        db,
      );
      await sql`drop index artifacts_search_trgm_idx`.execute(db);
      await sql`create index artifacts_search_trgm_idx on artifacts using gin (search_text gin_trgm_ops)`.execute(
        db,
      );
      await sql`analyze artifacts`.execute(db);
    },
  },

  /**
   * Members' photos (POST /api/images). `images` records each upload and its uploader; an artifact that shows one
   * points at it by `image_id`, and the foreign key (no cascade) is what keeps an image in use from ever being
   * removed. `image_files` holds the stored copies when the images live in the database (the default); with S3 it
   * stays empty. Its rows go with their image.
   */
  '0005_uploaded_images': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('images')
        .addColumn('id', 'uuid', (col) => col.primaryKey())
        .addColumn('uploader_uid', 'text', (col) => col.notNull())
        .addColumn('width', 'integer', (col) => col.notNull())
        .addColumn('height', 'integer', (col) => col.notNull())
        .addColumn('uploaded_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('images_uploaded_at_idx').on('images').column('uploaded_at').execute();
      await db.schema
        .createTable('image_files')
        .addColumn('image_id', 'uuid', (col) => col.notNull().references('images.id').onDelete('cascade'))
        .addColumn('width', 'integer', (col) => col.notNull())
        .addColumn('body', 'bytea', (col) => col.notNull())
        .addPrimaryKeyConstraint('image_files_pk', ['image_id', 'width'])
        .execute();
      await db.schema
        .alterTable('artifacts')
        .addColumn('image_id', 'uuid', (col) => col.references('images.id').onDelete('restrict'))
        .execute();
      await db.schema.createIndex('artifacts_image_id_idx').on('artifacts').column('image_id').execute();
    },
  },

  /**
   * One member, one like: an artifact's like_count is the number of members whose vote on it is 'liked' now
   * (artifact-store.ts recounts it on every vote). Counts written by the spec's "like after dislike adds 2" are
   * recounted here from the votes; the starter rows were seeded at 0 with no votes, so theirs are what members gave.
   * The partial index is what a recount reads.
   */
  '0006_like_count_from_votes': {
    async up(db: Kysely<unknown>) {
      await sql`create index artifact_votes_liked_idx on artifact_votes (artifact_id) where vote = 'liked'`.execute(
        db,
      );
      await sql`update artifacts set like_count = (select count(*) from artifact_votes where artifact_votes.artifact_id = artifacts.id and artifact_votes.vote = 'liked')`.execute(
        db,
      );
      // Cached lists and counts (collection-version.ts) were built from the old counts.
      await sql`update collection_state set version = version + 1 where id = 1`.execute(db);
    },
  },

  /**
   * Idempotency-Key (http/idempotency.ts): a member's key for one kind of create, with the answer it got, kept 24
   * hours. The fingerprint is the request's hash: the same key with another request is refused, not replayed.
   */
  '0007_idempotency_keys': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('member_uid', 'text', (col) => col.notNull())
        .addColumn('scope', 'text', (col) => col.notNull())
        .addColumn('key', 'text', (col) => col.notNull())
        .addColumn('fingerprint', 'text', (col) => col.notNull())
        .addColumn('status', 'integer', (col) => col.notNull())
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['member_uid', 'scope', 'key'])
        .execute();
      await db.schema
        .createIndex('idempotency_keys_created_at_idx')
        .on('idempotency_keys')
        .column('created_at')
        .execute();
    },
  },

  /**
   * Each photo's stored bytes, which count against its uploader's quota (from its copies in the database; photos
   * stored in S3 before this count as 0), and an index to sum them per uploader.
   */
  '0008_photo_bytes': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('images')
        .addColumn('bytes', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await sql`update images set bytes = coalesce((select sum(length(body)) from image_files where image_files.image_id = images.id), 0)`.execute(
        db,
      );
      await db.schema.createIndex('images_uploader_uid_idx').on('images').column('uploader_uid').execute();
    },
  },

  /**
   * Every stored text in NFC, as the model now writes them, so a search (in NFC too) finds the rows written before;
   * search_text is generated from the columns, so it follows.
   */
  '0009_nfc_texts': {
    async up(db: Kysely<unknown>) {
      const columns = [
        'name',
        'type',
        'historical_context',
        'description',
        'created_at',
        'discovered_at',
        'discovered_by',
        'present_location',
        'adder_name',
      ];
      const notNfc = sql.join(
        columns.map((column) => sql`${sql.ref(column)} is not nfc normalized`),
        sql` or `,
      );
      const set = sql.join(
        columns.map((column) => sql`${sql.ref(column)} = normalize(${sql.ref(column)}, nfc)`),
      );
      await sql`update artifacts set ${set} where ${notNfc}`.execute(db);
    },
  },

  /** Account closings in progress (account/member-account.ts): one row per member, gone once the closing is done. */
  '0010_account_closures': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('account_closures')
        .addColumn('member_uid', 'text', (col) => col.primaryKey())
        .addColumn('requested_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },

  /**
   * Closing is final (account/member-lock.ts): a closing's record stays, with `closed_at` set, once the account is
   * closed, and every member's write checks it in its own transaction. A row without `closed_at` is a closing under
   * way or interrupted, as before.
   */
  '0011_closed_accounts': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('account_closures').addColumn('closed_at', 'timestamptz').execute();
    },
  },

  /**
   * The outbox of stored photo copies to remove (images/image-store.ts): written in the transaction that deletes a
   * photo's row when its copies live outside the database (S3), removed once storage confirms the copies gone, and
   * swept until it does. `attempt_after` is a lease: a sweeper claims rows by moving it on, so two processes never
   * work on one row at once and a crashed one's rows come back.
   */
  '0012_photo_removals': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('photo_removals')
        .addColumn('image_id', 'uuid', (col) => col.primaryKey())
        .addColumn('width', 'integer', (col) => col.notNull())
        .addColumn('recorded_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
        .addColumn('attempt_after', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createIndex('photo_removals_attempt_after_idx')
        .on('photo_removals')
        .column('attempt_after')
        .execute();
    },
  },
  /** Messages sent with the Contact form (contact/contact-routes.ts); `forwarded_at` once SMTP took one. */
  '0013_contact_messages': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('contact_messages')
        .addColumn('id', 'uuid', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('subject', 'text', (col) => col.notNull())
        .addColumn('message', 'text', (col) => col.notNull())
        .addColumn('sent_from', 'text', (col) => col.notNull())
        .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
        .addColumn('forwarded_at', 'timestamptz')
        .execute();
    },
  },
  // Release health (issue #56): per-release, per-minute roll-ups of the shell's page views; no visitor is named.
  '0014_release_health': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('release_minutes')
        .addColumn('remote', 'text', (col) => col.notNull())
        .addColumn('release', 'text', (col) => col.notNull())
        .addColumn('minute', 'timestamptz', (col) => col.notNull())
        .addColumn('views', 'integer', (col) => col.notNull())
        .addColumn('error_views', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('release_minutes_pkey', ['remote', 'release', 'minute'])
        .execute();
      await db.schema
        .createIndex('release_minutes_minute_idx')
        .on('release_minutes')
        .column('minute')
        .execute();
      await db.schema
        .createTable('release_samples')
        .addColumn('remote', 'text', (col) => col.notNull())
        .addColumn('release', 'text', (col) => col.notNull())
        .addColumn('minute', 'timestamptz', (col) => col.notNull())
        .addColumn('measure', 'text', (col) => col.notNull())
        .addColumn('bucket', 'integer', (col) => col.notNull())
        .addColumn('count', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('release_samples_pkey', ['remote', 'release', 'minute', 'measure', 'bucket'])
        .execute();
      await db.schema
        .createIndex('release_samples_minute_idx')
        .on('release_samples')
        .column('minute')
        .execute();
    },
  },
};

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, {
      cause: error,
    });
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
