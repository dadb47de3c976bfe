/**
 * `Idempotency-Key` on creates (IETF draft-ietf-httpapi-idempotency-key-header): a client that lost the answer to
 * a create sends it again with the same key and gets the first answer, and nothing new is stored. Keys are per member
 * and per kind of create (`scope`), kept in the database (table idempotency_keys) for 24 hours, so every API process
 * on one PostgreSQL answers alike. The key is recorded in the create's own transaction: the key and what it created
 * commit together or not at all; of two simultaneous requests with one key, the second waits for the first's commit
 * (PostgreSQL's unique index), rolls back its own work and answers the first's result. Only successful answers are
 * recorded: a refused request leaves the key free for a corrected one.
 *
 * For a route: `idempotency.once(request, reply, { scope, uid }, async (record) => { ...; await record(trx, answer)
 * inside the write's transaction; return answer })`. A request without the header just runs.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';
import { ApiError, badRequest } from './errors.ts';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** How long a key answers with its first result. */
export const IDEMPOTENCY_KEY_HOURS = 24;
const MAX_KEY_LENGTH = 255;

export interface IdempotentAnswer {
  status: number;
  body: unknown;
}

/** Records `answer` for the request's key; call it inside the write's transaction, once what it answers is written. */
export type RecordAnswer = (trx: Transaction<DatabaseSchema>, answer: IdempotentAnswer) => Promise<void>;

export interface IdempotentCreate {
  /** The kind of create, e.g. 'POST /artifacts': one key may serve one create of each kind. */
  scope: string;
  /** The verified member's uid: keys are the member's own. */
  uid: string;
  /** What makes two requests the same one; default: a hash of the parsed JSON body. */
  fingerprint?: string;
}

interface Claim {
  member_uid: string;
  scope: string;
  key: string;
}

/** Another request with the same key committed first (found inside the transaction, which then rolls back). */
class KeyTaken extends Error {}

/** The request's Idempotency-Key, or undefined; 400 for one that is not 1-255 visible ASCII characters. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[\x21-\x7e]+$/.test(value) || value.length > MAX_KEY_LENGTH) {
    throw badRequest(
      `Invalid ${IDEMPOTENCY_KEY_HEADER} header: send one key of 1 to ${MAX_KEY_LENGTH} visible ASCII characters, such as a UUID`,
      [{ field: IDEMPOTENCY_KEY_HEADER, message: `must be 1 to ${MAX_KEY_LENGTH} visible ASCII characters` }],
    );
  }
  return value;
}

const fingerprintOf = (body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('base64url');

const EXPIRED = sql<Date>`now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`;

export class IdempotencyKeys {
  private readonly db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.db = db;
  }

  /**
   * Runs `create` once per key: with a key this member used for `scope` in the last 24 hours, sends the first answer
   * again without running it (422 when that key was used for a different request); otherwise runs it, and sends
   * what it returns. `create` must call `record` inside its transaction.
   */
  async once(
    request: FastifyRequest,
    reply: FastifyReply,
    target: IdempotentCreate,
    create: (record: RecordAnswer) => Promise<IdempotentAnswer>,
  ): Promise<FastifyReply> {
    const key = idempotencyKeyOf(request);
    if (key === undefined) {
      const answer = await create(async () => undefined);
      return reply.code(answer.status).send(answer.body);
    }
    const claim: Claim = { member_uid: target.uid, scope: target.scope, key };
    const fingerprint = target.fingerprint ?? fingerprintOf(request.body);
    const earlier = await this.find(claim, fingerprint);
    if (earlier) return replay(reply, earlier);
    try {
      const answer = await create((trx, result) => this.record(trx, claim, fingerprint, result));
      return reply.code(answer.status).send(answer.body);
    } catch (error) {
      if (!(error instanceof KeyTaken)) throw error;
      const first = await this.find(claim, fingerprint);
      if (!first)
        throw new Error(`${IDEMPOTENCY_KEY_HEADER} taken, yet its answer is not stored`, { cause: error });
      return replay(reply, first);
    }
  }

  /** Forgets keys past their 24 hours; the number removed. */
  async purgeExpired(): Promise<number> {
    const removed = await this.db
      .deleteFrom('idempotency_keys')
      .where('created_at', '<=', EXPIRED)
      .executeTakeFirst();
    return Number(removed.numDeletedRows);
  }

  private async find(
    claim: Claim,
    fingerprint: string,
  ): Promise<{ status: number; body: string } | undefined> {
    const row = await this.db
      .selectFrom('idempotency_keys')
      .select(['fingerprint', 'status', 'body'])
      .where('member_uid', '=', claim.member_uid)
      .where('scope', '=', claim.scope)
      .where('key', '=', claim.key)
      .where('created_at', '>', EXPIRED)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.fingerprint !== fingerprint) {
      throw new ApiError(
        422,
        `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request; send a new key for a new one`,
        [{ field: IDEMPOTENCY_KEY_HEADER, message: 'already used for a different request' }],
      );
    }
    return row;
  }

  private async record(
    trx: Transaction<DatabaseSchema>,
    claim: Claim,
    fingerprint: string,
    answer: IdempotentAnswer,
  ): Promise<void> {
    const values = { fingerprint, status: answer.status, body: JSON.stringify(answer.body) };
    // A live row for the key means another request with it committed first (PostgreSQL waits for it here); an
    // expired one, not yet purged, is taken over.
    const taken = await trx
      .insertInto('idempotency_keys')
      .values({ ...claim, ...values })
      .onConflict((oc) =>
        oc
          .columns(['member_uid', 'scope', 'key'])
          .doUpdateSet({ ...values, created_at: sql<Date>`now()` })
          .where('idempotency_keys.created_at', '<=', EXPIRED),
      )
      .returning('key')
      .executeTakeFirst();
    if (!taken) throw new KeyTaken();
  }
}

function replay(reply: FastifyReply, answer: { status: number; body: string }): FastifyReply {
  return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
}
