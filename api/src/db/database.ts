/**
 * One query layer for both databases: Kysely's PostgresDialect over a pg.Pool. For PGlite the pool's connection
 * is PGlite's node-postgres adapter, so both return the same types.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
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
  close(): Promise<void>;
}

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

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let database: Database;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client's error (server restart) must not crash the process; the pool replaces the client.
    pool.on('error', () => undefined);
    const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
    database = {
      db,
      kind: 'postgres',
      singleWriter: false,
      description: `PostgreSQL ${redact(options.databaseUrl)}`,
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
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  return database;
}
