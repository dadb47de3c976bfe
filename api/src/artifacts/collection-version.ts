/**
 * The collection version that keys every cached response, so caches stay correct when several API processes share
 * one PostgreSQL: a reader asks the database for the version first and rebuilds when it moved, whichever process
 * wrote. It has two parts.
 *
 * - content: a counter in the collection_state row that a create, update or delete bumps inside its own
 *   transaction, so the new content and the new version become visible together. These writes are rare.
 * - votes: a sequence that a vote advances twice: once inside its transaction (in the statement that moves the
 *   count, so no extra round trip) and once after commit, before the vote is acknowledged. A sequence takes no
 *   row lock, so concurrent votes no longer queue on one hot row until commit, which capped votes at one commit
 *   at a time. Correctness: a reader reads the version, then the data. Every vote acknowledged to its client has
 *   advanced the sequence after its commit, so a reader that sees that value reads the vote's data. A reader that
 *   saw only the in-transaction value may have cached the old count under it; the after-commit value replaces it.
 *   The in-transaction advance keeps a crash between commit and the second advance harmless except for a reader
 *   that rebuilt in that one round trip.
 *
 * Totals ("Found N results") depend on content only, so they are cached under the content part and survive votes.
 *
 * With PGlite this process is the only writer (the data directory is locked), so the version it last committed is
 * the database's version and no query is needed to learn it, nor a second advance to publish a vote.
 */
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';

export interface VersionStamp {
  /** Changes with every write: keys cached bodies (which show like counts). "<instance>:<content>:<votes>". */
  all: string;
  /** Changes with creates, updates and deletes only: keys cached totals. "<instance>:<content>". */
  content: string;
}

export interface CollectionVersion {
  /** The version now committed in the database. */
  current(): Promise<VersionStamp>;
  /** Bump the content version inside a writing transaction; call observe() with the result after commit. */
  bump(trx: Transaction<DatabaseSchema>): Promise<bigint>;
  observe(version: bigint): void;
  /** SQL that advances the votes version inside a vote's statement (its value is handed to publishVote). */
  readonly voteBumpSql: RawBuilder<string>;
  /** After a vote's commit, before it is acknowledged: make it visible to every process's caches. */
  publishVote(bumpedInTransaction: bigint): Promise<void>;
}

export async function createCollectionVersion(
  db: Kysely<DatabaseSchema>,
  singleWriter: boolean,
): Promise<CollectionVersion> {
  const state = await db
    .selectFrom('collection_state')
    .select([
      'version',
      'instance_id',
      sql<string>`(select last_value from collection_vote_version)`.as('votes'),
    ])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  const instance = state.instance_id;
  let content = BigInt(state.version);
  let votes = BigInt(state.votes);
  const stamp = (): VersionStamp => ({
    all: `${instance}:${content}:${votes}`,
    content: `${instance}:${content}`,
  });
  const observeVotes = (value: bigint) => {
    if (value > votes) votes = value;
  };

  return {
    async current() {
      if (singleWriter) return stamp();
      const row = await db
        .selectFrom('collection_state')
        .select(['version', sql<string>`(select last_value from collection_vote_version)`.as('votes')])
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      const readContent = BigInt(row.version);
      const readVotes = BigInt(row.votes);
      if (readContent > content) content = readContent;
      observeVotes(readVotes);
      return { all: `${instance}:${readContent}:${readVotes}`, content: `${instance}:${readContent}` };
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
      if (version > content) content = version;
    },
    voteBumpSql: sql<string>`nextval('collection_vote_version')`,
    async publishVote(bumpedInTransaction) {
      if (singleWriter) {
        observeVotes(bumpedInTransaction);
        return;
      }
      const { rows } = await sql<{
        value: string;
      }>`select nextval('collection_vote_version') as value`.execute(db);
      observeVotes(BigInt(rows[0]!.value));
    },
  };
}
