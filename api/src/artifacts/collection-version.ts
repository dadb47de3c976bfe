/**
 * The collection version: a counter in PostgreSQL that every write bumps inside its own transaction. Caches key
 * their entries by it, so they stay correct when several API processes share one PostgreSQL: a reader asks the
 * database for the version first and rebuilds when it moved, whichever process wrote.
 *
 * With PGlite this process is the only writer (the data directory is locked), so the version it last committed is
 * the database's version and no query is needed to learn it.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';

export interface CollectionVersion {
  /** The version now committed in the database, as a string ("<instance>:<n>"). */
  current(): Promise<string>;
  /** Bump the version inside a writing transaction; call observe() with the result after commit. */
  bump(trx: Transaction<DatabaseSchema>): Promise<bigint>;
  observe(version: bigint): void;
}

export async function createCollectionVersion(
  db: Kysely<DatabaseSchema>,
  singleWriter: boolean,
): Promise<CollectionVersion> {
  const state = await db.selectFrom('collection_state').select(['version', 'instance_id']).where('id', '=', 1).executeTakeFirstOrThrow();
  const instance = state.instance_id;
  let known = BigInt(state.version);

  return {
    async current() {
      if (singleWriter) return `${instance}:${known}`;
      const row = await db.selectFrom('collection_state').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
      const version = BigInt(row.version);
      if (version > known) known = version;
      return `${instance}:${version}`;
    },
    async bump(trx) {
      const row = await trx
        .updateTable('collection_state')
        .set({ version: sql`version + 1` })
        .where('id', '=', 1)
        .returning('version')
        .executeTakeFirstOrThrow();
      return BigInt(row.version);
    },
    observe(version) {
      if (version > known) known = version;
    },
  };
}
