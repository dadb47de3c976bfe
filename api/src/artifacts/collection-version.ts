/**
 * The collection version that keys every cached response, so caches stay correct when several API processes share
 * one PostgreSQL: a process holds the version it knows, learns of other processes' writes by PostgreSQL
 * notifications, and rebuilds a cached response when the version moved, whichever process wrote. It has two parts.
 *
 * - content: a counter in the collection_state row that a create, update or delete bumps inside its own
 *   transaction, so the new content and the new version become visible together. These writes are rare.
 * - votes: a sequence that a vote advances twice: once inside its transaction (in the statement that moves the
 *   count, so no extra round trip) and once after commit, before the vote is acknowledged. A sequence takes no
 *   row lock, so concurrent votes no longer queue on one hot row until commit, which capped votes at one commit
 *   at a time. A reader that saw only the in-transaction value (by a query, below) may have cached the old count
 *   under it; the after-commit value replaces it.
 *
 * How a process learns the version (PostgreSQL, several writers):
 * - Listening: one dedicated connection LISTENs on CHANNEL. A content bump NOTIFYs its new value inside its
 *   transaction (delivered on commit, never for a rolled-back write); a vote NOTIFYs the after-commit value, before
 *   it is acknowledged. Reads then cost no query: they use the version held. Concurrent votes of one process share
 *   one notification (the next one sent after their commits, carrying a value taken after them), so a burst of votes
 *   does not queue on PostgreSQL's notification lock, which serializes notifying commits.
 * - Not listening (at start before the connection is up, after it dropped, while PostgreSQL restarts): every read
 *   asks the database for the version, as before; reconnecting is tried every RECONNECT_MS, and once LISTEN is in
 *   place the version is read once, so nothing written in the gap is missed.
 * - The version is also read every REFRESH_MS while listening: a bound for what no notification announced (a
 *   process killed between a vote's commit and its publication, a connection dead without the socket knowing).
 *
 * Staleness bound: a write acknowledged by one process is served by another once its notification arrives, a few
 * milliseconds on one host (api/test/two-processes.test.ts measures it, and fails above 1 s); a process always reads
 * its own writes; what no notification announced is read within REFRESH_MS. Totals ("Found N results") depend on content only, so they are cached under the content part and
 * survive votes.
 *
 * With PGlite this process is the only writer (the data directory is locked), so the version it last committed is
 * the database's version and no query is needed to learn it, nor a second advance to publish a vote.
 */
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import pg from 'pg';
import type { DatabaseSchema } from '../db/schema.ts';

export interface VersionStamp {
  /** Changes with every write: keys cached bodies (which show like counts). "<instance>:<content>:<votes>". */
  all: string;
  /** Changes with creates, updates and deletes only: keys cached totals. "<instance>:<content>". */
  content: string;
}

export interface CollectionVersion {
  /** The version now committed in the database (as notified, when listening). */
  current(): Promise<VersionStamp>;
  /** Bump the content version inside a writing transaction; call observe() with the result after commit. */
  bump(trx: Transaction<DatabaseSchema>): Promise<bigint>;
  observe(version: bigint): void;
  /** SQL that advances the votes version inside a vote's statement (its value is handed to publishVote). */
  readonly voteBumpSql: RawBuilder<string>;
  /** After a vote's commit, before it is acknowledged: make it visible to every process's caches. */
  publishVote(bumpedInTransaction: bigint): Promise<void>;
  /** Stop listening. */
  close(): Promise<void>;
}

/** The notification channel; payloads are "content:<n>" or "votes:<n>". */
const CHANNEL = 'hv_collection_version';
const RECONNECT_MS = 1_000;
const REFRESH_MS = 10_000;

/**
 * @param listenUrl PostgreSQL connection string for the LISTEN connection; without it (and not singleWriter) every
 *   read queries the version (one-off tools that write through a short-lived store).
 */
export async function createCollectionVersion(
  db: Kysely<DatabaseSchema>,
  singleWriter: boolean,
  listenUrl?: string,
): Promise<CollectionVersion> {
  const readState = () =>
    db
      .selectFrom('collection_state')
      .select([
        'version',
        'instance_id',
        sql<string>`(select last_value from collection_vote_version)`.as('votes'),
      ])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
  const state = await readState();
  const instance = state.instance_id;
  let content = BigInt(state.version);
  let votes = BigInt(state.votes);
  const stamp = (): VersionStamp => ({
    all: `${instance}:${content}:${votes}`,
    content: `${instance}:${content}`,
  });
  const observeContent = (value: bigint) => {
    if (value > content) content = value;
  };
  const observeVotes = (value: bigint) => {
    if (value > votes) votes = value;
  };
  const refresh = async () => {
    const row = await readState();
    observeContent(BigInt(row.version));
    observeVotes(BigInt(row.votes));
    return row;
  };

  const listener =
    singleWriter || !listenUrl
      ? undefined
      : await listen(listenUrl, refresh, (payload) => {
          const [part, value] = payload.split(':');
          if (!value || !/^\d+$/.test(value)) return;
          if (part === 'content') observeContent(BigInt(value));
          else if (part === 'votes') observeVotes(BigInt(value));
        });

  // One vote notification in flight at a time; the votes that commit meanwhile wait for the next one.
  let inFlight: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const notifyVotes = async () => {
    const { rows } = await sql<{ value: string }>`
      select value, pg_notify(${CHANNEL}, 'votes:' || value)
      from (select nextval('collection_vote_version') as value) advanced`.execute(db);
    observeVotes(BigInt(rows[0]!.value));
  };
  const publishVotes = (): Promise<void> => {
    if (!inFlight) {
      inFlight = notifyVotes().finally(() => (inFlight = undefined));
      return inFlight;
    }
    next ??= inFlight
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return publishVotes();
      });
    return next;
  };

  return {
    async current() {
      if (singleWriter || listener?.listening()) return stamp();
      const row = await refresh();
      return { all: `${instance}:${row.version}:${row.votes}`, content: `${instance}:${row.version}` };
    },
    async bump(trx) {
      const notify = singleWriter ? sql`null` : sql`pg_notify(${CHANNEL}, 'content:' || version)`;
      const row = await trx
        .updateTable('collection_state')
        .set({ version: sql`version + 1` })
        .where('id', '=', 1)
        .returning(['version', notify.as('notified')])
        .executeTakeFirstOrThrow();
      return BigInt(row.version);
    },
    observe: observeContent,
    voteBumpSql: sql<string>`nextval('collection_vote_version')`,
    async publishVote(bumpedInTransaction) {
      if (singleWriter) observeVotes(bumpedInTransaction);
      else await publishVotes();
    },
    close: async () => listener?.close(),
  };
}

/**
 * A LISTEN connection that reconnects by itself. listening() is true only while LISTEN is in place and the version
 * has been read since (onListening), so a caller that sees it true has missed no notification.
 */
async function listen(
  url: string,
  onListening: () => Promise<unknown>,
  onPayload: (payload: string) => void,
) {
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let refresher: NodeJS.Timeout | undefined;

  const drop = (dropped: pg.Client) => {
    if (client !== dropped) return;
    listening = false;
    client = undefined;
    clearInterval(refresher);
    dropped.end().catch(() => undefined);
    if (!closed) retry = setTimeout(() => void connect(), RECONNECT_MS).unref();
  };
  const connect = async () => {
    const attempt = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5_000 });
    client = attempt;
    attempt.on('error', () => drop(attempt));
    attempt.on('end', () => drop(attempt));
    attempt.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) onPayload(message.payload);
    });
    try {
      await attempt.connect();
      await attempt.query(`listen ${CHANNEL}`);
      await onListening();
      if (client !== attempt || closed) return;
      listening = true;
      refresher = setInterval(() => void onListening().catch(() => undefined), REFRESH_MS).unref();
    } catch {
      drop(attempt);
    }
  };
  await connect();

  return {
    listening: () => listening,
    async close() {
      closed = true;
      clearTimeout(retry);
      const open = client;
      if (open) {
        client = undefined;
        listening = false;
        clearInterval(refresher);
        await open.end().catch(() => undefined);
      }
    },
  };
}
