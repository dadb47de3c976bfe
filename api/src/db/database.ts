/**
 * One query layer for both databases: Kysely's PostgresDialect over a pg.Pool. For PGlite the pool's connection
 * is PGlite's node-postgres adapter, so both return the same types.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { migrateToLatest } from './migrations.ts';
import type { DatabaseSchema } from './schema.ts';

export interface Database {
  db: Kysely<DatabaseSchema>;
  kind: 'pglite' | 'postgres';
  /** True when this process is the only one that can write (PGlite behind its lock file). */
  singleWriter: boolean;
  description: string;
  /** The pool's counts, for the metrics (http/metrics.ts). */
  pool: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  close(): Promise<void>;
}

/** A request waits at most this long for a connection to PostgreSQL before it is answered 503. */
const CONNECT_TIMEOUT_MS = 5_000;

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  pgliteDataDir: string;
  poolSize?: number;
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgresql://(unparsable url)';
  }
}

/**
 * PGlite runs no autovacuum. Without it the planner's statistics and the trigram index's own (its entry counts, and
 * the pending list of rows inserted since) fall behind the table, and the planner stops choosing the index (seen at
 * 10,000 rows after a bulk load), and count(*) cannot use an index-only scan. So at each start this process does what
 * autovacuum would have done by then: VACUUM (ANALYZE) the artifacts when the rows written since the last one pass
 * autovacuum's own default threshold (50 + 20% of the table). A first one after 100,000 new rows takes ~20 s here.
 */
async function tidyPglite(db: Kysely<DatabaseSchema>): Promise<void> {
  const { rows } = await sql<{ written: string; live: string }>`
    select coalesce(n_ins_since_vacuum + n_mod_since_analyze, 0) as written, coalesce(n_live_tup, 0) as live
    from pg_stat_user_tables where relname = 'artifacts'`.execute(db);
  const stats = rows[0];
  if (stats && Number(stats.written) > 50 + 0.2 * Number(stats.live))
    await sql`vacuum (analyze) artifacts`.execute(db);
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let database: Database;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // A connection PostgreSQL closes (a restart) emits 'error' on its client, and an 'error' no one listens to ends
    // the process. An idle client's reaches the pool, which replaces the client; a checked-out one's (between a
    // transaction's statements) has no listener of the pool's: its request's next query fails (a 503), and the pool
    // drops the client on release (not queryable). Seen as a crash of both API processes on a PostgreSQL restart.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
    database = {
      db,
      kind: 'postgres',
      singleWriter: false,
      description: `PostgreSQL ${redact(options.databaseUrl)}`,
      pool,
      close: () => db.destroy(),
    };
  } else {
    const dataDir = options.pgliteDataDir;
    const lock = acquireDataDirLock(dataDir);
    let pglite: PGlite;
    try {
      fs.mkdirSync(dataDir, { recursive: true });
      // pg_trgm serves the indexed search (migration 0002); PGlite loads extensions only when constructed.
      pglite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
    } catch (error) {
      lock.release();
      throw error;
    }
    const pool = new pg.Pool(createPgConfig(pglite));
    const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
    let closing: Promise<void> | undefined;
    database = {
      db,
      kind: 'pglite',
      singleWriter: true,
      description: `PGlite ${dataDir}`,
      pool,
      close() {
        closing ??= (async () => {
          try {
            await db.destroy();
            await pglite.close();
          } finally {
            lock.release();
          }
        })();
        return closing;
      },
    };
  }
  try {
    await migrateToLatest(database.db as Kysely<unknown>);
    if (database.kind === 'pglite') await tidyPglite(database.db);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  return database;
}

/** Runs `work` in one process at a time of those on the database (PGlite has only one); undefined when another is. */
export async function inOneProcess<T>(
  database: Pick<Database, 'db' | 'singleWriter'>,
  lockKey: number,
  work: () => Promise<T>,
): Promise<T | undefined> {
  if (database.singleWriter) return work();
  // A session lock on a connection of its own, held while `work` runs on the others.
  return database.db.connection().execute(async (connection) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_lock(${lockKey}) as locked`.execute(connection);
    if (!rows[0]?.locked) return undefined;
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${lockKey})`.execute(connection);
    }
  });
}
