/**
 * Closing is final for every write (issue #54). A write checks the identity provider before its transaction, so a
 * write whose check passed just before its member closed the account would otherwise land after the closing and
 * outlive it. So, inside the database:
 *
 * - every write of a member's (create, update, delete, like, dislike, a photo's rows) begins its transaction with a
 *   shared advisory lock on that member (`pg_advisory_xact_lock_shared`), then checks that the account is not closed
 *   (a row of `account_closures` with `closed_at` set), refusing with 401 ACCOUNT_CLOSED;
 * - closing takes the same lock exclusively (`pg_advisory_xact_lock`) before it removes anything, so it waits for the
 *   member's writes in progress to commit and removes what they wrote too, and it records the account as closed in
 *   the same transaction; the writes that wait behind it then see the record and are refused.
 *
 * Advisory locks rather than a row lock: there is no member row to lock (an account that never wrote has none), and
 * the lock lives only as long as the transaction. The check is a statement after the lock, so under READ COMMITTED
 * it sees a closing that committed while the write waited. On PGlite (one connection) transactions run one at a time
 * anyway and the lock is taken at once; the check is what refuses there. Both run on the transaction object.
 */
import { sql, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';
import { unauthorized } from '../http/errors.ts';

export const ACCOUNT_CLOSED = 'This account has been closed';

/** The first key of the two-key advisory locks, so members' locks are their own space ('HVMB'). */
const MEMBER_LOCKS = 0x48564d42;

const memberKey = (uid: string) => sql`${MEMBER_LOCKS}::int4, hashtext(${uid})`;

/** The member's lock, shared: waits for a closing of the account under way. Check `accountClosed` after it. */
export async function takeMemberWriteLock(trx: Transaction<DatabaseSchema>, uid: string): Promise<void> {
  await sql`select pg_advisory_xact_lock_shared(${memberKey(uid)})`.execute(trx);
}

/** True when the account is closed; in a statement after the lock (a vote reads it with its artifact row). */
export const accountClosed = (uid: string) =>
  sql<boolean>`exists (select 1 from account_closures where member_uid = ${uid} and closed_at is not null)`;

/** First in a member's write's transaction: waits for a closing of the account under way, refuses a closed one. */
export async function lockForMemberWrite(trx: Transaction<DatabaseSchema>, uid: string): Promise<void> {
  await takeMemberWriteLock(trx, uid);
  const { rows } = await sql<{ closed: boolean }>`select ${accountClosed(uid)} as closed`.execute(trx);
  if (rows[0]?.closed) throw unauthorized(ACCOUNT_CLOSED);
}

/** First in a closing's transaction: waits for the member's writes in progress, and holds off the next ones. */
export async function lockForClosing(trx: Transaction<DatabaseSchema>, uid: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${memberKey(uid)})`.execute(trx);
}
