/**
 * Every SQL statement about artifacts and votes. Writes run in one transaction each, bump the collection version
 * (see collection-version.ts), and query only through the transaction object (a query on the outer handle inside
 * a transaction deadlocks on PGlite's single connection).
 */
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Artifact, ArtifactInput, ArtifactUpdate, Vote } from 'artifact-model';
import { DEFAULT_ARTIFACT_SORT, type ArtifactSort } from 'artifact-model/search-page';
import {
  accountClosed,
  ACCOUNT_CLOSED,
  lockForClosing,
  lockForMemberWrite,
  takeMemberWriteLock,
} from '../account/member-lock.ts';
import type { Identity } from '../auth/verify-token.ts';
import type { ArtifactRow, DatabaseSchema } from '../db/schema.ts';
import { conflict, forbidden, notFound, unauthorized } from '../http/errors.ts';
import type { ImageStore } from '../images/image-store.ts';
import type { RemovedPhoto } from '../images/image-files.ts';
import type { CollectionVersion } from './collection-version.ts';

export const TOP_LIKED_COUNT = 6;

export interface ArtifactQuery {
  q?: string | undefined;
  type?: string | undefined;
  sort?: ArtifactSort | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

export interface VoteResult {
  likeCount: number;
  myVote: Vote | null;
  message: string;
}

const ARTIFACT_COLUMNS = [
  'artifacts.id',
  'artifacts.name',
  'artifacts.image',
  'artifacts.type',
  'artifacts.historical_context',
  'artifacts.description',
  'artifacts.created_at',
  'artifacts.discovered_at',
  'artifacts.discovered_by',
  'artifacts.present_location',
  'artifacts.adder_name',
  'artifacts.adder_email',
  'artifacts.adder_uid',
  'artifacts.image_id',
  'artifacts.like_count',
  'artifacts.added_at',
  'artifacts.updated_at',
] as const;

/** Escape LIKE's wildcards so a search for "50%" means the text "50%". */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The four searched columns, lowercased and joined by the unit separator into one stored column (migration 0004),
 * which the trigram index serves. A LIKE of the lowercased pattern on it is the spec's case-insensitive match in any
 * one column: a match across two columns would have to contain the separator, a control character, which no term
 * may hold (the list's query schema refuses it).
 */
const SEARCH_TEXT = sql<string>`artifacts.search_text`;

/** A vote whose read state was overtaken by the same user's concurrent vote (nothing was written). */
const VOTE_RACED = Symbol('vote raced');

export class ArtifactStore {
  readonly db: Kysely<DatabaseSchema>;
  readonly version: CollectionVersion;
  readonly images: ImageStore;
  private readonly resolveImage: (stored: string) => string;

  constructor(
    db: Kysely<DatabaseSchema>,
    version: CollectionVersion,
    images: ImageStore,
    resolveImage: (stored: string) => string,
  ) {
    this.db = db;
    this.version = version;
    this.images = images;
    this.resolveImage = resolveImage;
  }

  toView(row: ArtifactRow): Artifact {
    return {
      _id: row.id,
      name: row.name,
      // Uploaded photos and the starter images are stored as paths, so they follow where they are served from.
      image: row.image_id ? this.images.publicUrl(row.image) : this.resolveImage(row.image),
      type: row.type as Artifact['type'],
      historicalContext: row.historical_context,
      description: row.description,
      createdAt: row.created_at,
      discoveredAt: row.discovered_at,
      discoveredBy: row.discovered_by,
      presentLocation: row.present_location,
      adderName: row.adder_name,
      adderEmail: row.adder_email,
      likeCount: row.like_count ?? 0,
      addedAt: new Date(row.added_at).toISOString(),
    };
  }

  private filtered(
    query: ArtifactQuery,
    db: Kysely<DatabaseSchema> = this.db,
  ): SelectQueryBuilder<DatabaseSchema, 'artifacts', object> {
    let builder = db.selectFrom('artifacts') as SelectQueryBuilder<DatabaseSchema, 'artifacts', object>;
    const term = query.q?.trim();
    if (term) {
      const pattern = likePattern(term);
      builder = builder.where(SEARCH_TEXT, 'like', sql<string>`lower(${pattern})`);
    }
    if (query.type) builder = builder.where('artifacts.type', '=', query.type);
    return builder;
  }

  /**
   * The SELECT of one page (or of everything without a limit), newest first unless sorted otherwise. Each order ends
   * with the id, so it is total: the cursor (an offset) pages through ties without repeating or skipping a row.
   */
  pageQuery(query: ArtifactQuery = {}, db: Kysely<DatabaseSchema> = this.db) {
    let select = this.filtered(query, db).select(ARTIFACT_COLUMNS);
    switch (query.sort ?? DEFAULT_ARTIFACT_SORT) {
      case 'oldest':
        select = select.orderBy('artifacts.added_at', 'asc').orderBy('artifacts.id', 'asc');
        break;
      case 'name':
        select = select.orderBy(sql`lower(artifacts.name)`, 'asc').orderBy('artifacts.id', 'asc');
        break;
      case 'most-liked':
        select = select
          .orderBy('artifacts.like_count', 'desc')
          .orderBy('artifacts.added_at', 'desc')
          .orderBy('artifacts.id', 'desc');
        break;
      default:
        select = select.orderBy('artifacts.added_at', 'desc').orderBy('artifacts.id', 'desc');
    }
    if (query.limit !== undefined) select = select.limit(query.limit);
    if (query.offset) select = select.offset(query.offset);
    return select;
  }

  /** The COUNT of every artifact matching the search (ignores sort and paging). */
  countQuery(query: ArtifactQuery = {}, db: Kysely<DatabaseSchema> = this.db) {
    return this.filtered(query, db).select((eb) => eb.fn.countAll<string>().as('count'));
  }

  /**
   * One page and the total. `countMatches` supplies the total (callers cache it under the content version, as it
   * does not change with votes); on PostgreSQL it runs beside the page, on another pooled connection.
   */
  async list(
    query: ArtifactQuery = {},
    countMatches: () => Promise<number> = () => this.count(query),
  ): Promise<{ rows: ArtifactRow[]; total: number }> {
    if (query.limit === undefined && !query.offset) {
      const rows = await this.pageQuery(query).execute();
      return { rows, total: rows.length };
    }
    const [rows, total] = await Promise.all([this.pageQuery(query).execute(), countMatches()]);
    return { rows, total };
  }

  async count(query: ArtifactQuery = {}): Promise<number> {
    const counted = await this.countQuery(query).executeTakeFirstOrThrow();
    return Number(counted.count);
  }

  topLiked(limit = TOP_LIKED_COUNT): Promise<ArtifactRow[]> {
    return this.db
      .selectFrom('artifacts')
      .select(ARTIFACT_COLUMNS)
      .orderBy('like_count', 'desc')
      .orderBy('added_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  findById(id: string): Promise<ArtifactRow | undefined> {
    return this.db.selectFrom('artifacts').select(ARTIFACT_COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** The artifacts an account added, by its uid (an e-mail can change hands; the starter rows have no uid). */
  listByAdder(uid: string): Promise<ArtifactRow[]> {
    return this.db
      .selectFrom('artifacts')
      .select(ARTIFACT_COLUMNS)
      .where('adder_uid', '=', uid)
      .orderBy('added_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  listLikedBy(uid: string): Promise<ArtifactRow[]> {
    return this.db
      .selectFrom('artifacts')
      .innerJoin('artifact_votes', 'artifact_votes.artifact_id', 'artifacts.id')
      .select(ARTIFACT_COLUMNS)
      .where('artifact_votes.user_uid', '=', uid)
      .where('artifact_votes.vote', '=', 'liked')
      .orderBy('artifact_votes.updated_at', 'desc')
      .orderBy('artifacts.id', 'desc')
      .execute();
  }

  async voteOf(artifactId: string, uid: string): Promise<Vote | null> {
    const row = await this.db
      .selectFrom('artifact_votes')
      .select('vote')
      .where('artifact_id', '=', artifactId)
      .where('user_uid', '=', uid)
      .executeTakeFirst();
    return row?.vote ?? null;
  }

  /**
   * Run a write in one transaction that also bumps the collection version; publish the version after commit. A
   * member's write begins with the member's lock (account/member-lock.ts): shared for their writes, which a closed
   * account is refused, exclusive for closing the account. The starter collection's seeding is nobody's.
   */
  async write<T>(
    work: (trx: Transaction<DatabaseSchema>) => Promise<T>,
    by?: { member: string; closing?: boolean },
  ): Promise<T> {
    const { result, version } = await this.db.transaction().execute(async (trx) => {
      if (by) await (by.closing ? lockForClosing : lockForMemberWrite)(trx, by.member);
      const value = await work(trx);
      return { result: value, version: await this.version.bump(trx) };
    });
    this.version.observe(version);
    return result;
  }

  /**
   * "Added by" follows the member's display name: the member's artifacts take `name` in one statement, and the
   * collection version moves only when a row changed (a renamed member), so an unchanged name costs no cache.
   */
  async renameAdder(uid: string, name: string): Promise<number> {
    const { renamed, version } = await this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('artifacts')
        .set({ adder_name: name })
        .where('adder_uid', '=', uid)
        .where('adder_name', '<>', name)
        .executeTakeFirst();
      const count = Number(result.numUpdatedRows);
      return { renamed: count, version: count > 0 ? await this.version.bump(trx) : null };
    });
    if (version !== null) this.version.observe(version);
    return renamed;
  }

  /** `alsoWrite` runs in the same transaction once the row is inserted (an Idempotency-Key's record). */
  create(
    input: ArtifactInput,
    adder: Identity,
    alsoWrite?: (trx: Transaction<DatabaseSchema>, row: ArtifactRow) => Promise<void>,
  ): Promise<ArtifactRow> {
    return this.write(
      async (trx) => {
        const image = await this.images.reference(trx, input.image, { uid: adder.uid });
        const row = await trx
          .insertInto('artifacts')
          .values({
            id: crypto.randomUUID(),
            name: input.name,
            image: image.stored,
            image_id: image.imageId,
            type: input.type,
            historical_context: input.historicalContext,
            description: input.description,
            created_at: input.createdAt,
            discovered_at: input.discoveredAt,
            discovered_by: input.discoveredBy,
            present_location: input.presentLocation,
            adder_name: adder.name,
            adder_email: adder.email,
            adder_uid: adder.uid,
          })
          .returning(ARTIFACT_COLUMNS)
          .executeTakeFirstOrThrow();
        await alsoWrite?.(trx, row);
        return row;
      },
      { member: adder.uid },
    );
  }

  private async lockOwned(
    trx: Transaction<DatabaseSchema>,
    id: string,
    user: Identity,
    action: 'update' | 'delete',
  ): Promise<ArtifactRow> {
    const row = await trx
      .selectFrom('artifacts')
      .select(ARTIFACT_COLUMNS)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Artifact not found');
    if (row.adder_uid !== user.uid) throw forbidden(`You can only ${action} your own artifacts`);
    return row;
  }

  async update(id: string, input: ArtifactUpdate, user: Identity): Promise<ArtifactRow> {
    const { row, released } = await this.write(
      async (trx) => {
        const before = await this.lockOwned(trx, id, user, 'update');
        const image = await this.images.reference(trx, input.image, {
          uid: user.uid,
          keeps: before.image_id,
        });
        const updated = await trx
          .updateTable('artifacts')
          .set({
            name: input.name,
            image: image.stored,
            image_id: image.imageId,
            type: input.type,
            historical_context: input.historicalContext,
            ...(input.description !== undefined ? { description: input.description } : {}),
            created_at: input.createdAt,
            discovered_at: input.discoveredAt,
            discovered_by: input.discoveredBy,
            present_location: input.presentLocation,
            updated_at: sql<Date>`now()`,
          })
          .where('id', '=', id)
          .returning(ARTIFACT_COLUMNS)
          .executeTakeFirstOrThrow();
        return { row: updated, released: await this.releasePhoto(trx, before, updated.image_id) };
      },
      { member: user.uid },
    );
    await this.images.filesReleased(released);
    return row;
  }

  async delete(id: string, user: Identity): Promise<ArtifactRow> {
    const { row, released } = await this.write(
      async (trx) => {
        const deleted = await this.lockOwned(trx, id, user, 'delete');
        await trx.deleteFrom('artifacts').where('id', '=', id).execute();
        return { row: deleted, released: await this.releasePhoto(trx, deleted, null) };
      },
      { member: user.uid },
    );
    await this.images.filesReleased(released);
    return row;
  }

  /** An artifact that stops showing its uploaded photo releases it: removed unless another artifact shows it too. */
  private async releasePhoto(
    trx: Transaction<DatabaseSchema>,
    before: ArtifactRow,
    nowShowing: string | null,
  ): Promise<RemovedPhoto[]> {
    if (!before.image_id || before.image_id === nowShowing) return [];
    return this.images.releaseIfUnused(trx, before.image_id, before.adder_uid);
  }

  /**
   * Spec section 4's states, per member per artifact: neutral -> liked, disliked -> liked, liked -> disliked; Like
   * when liked and Dislike when not liked are refused. The count is not moved by the spec's deltas (its "like after
   * dislike adds 2" let one member raise it without end): it is the number of members whose vote is 'liked', counted
   * again from the votes. The artifact row is locked first, so votes on one artifact queue up and each recount sees
   * every vote committed before it.
   */
  async vote(id: string, user: Identity, action: 'like' | 'dislike'): Promise<VoteResult> {
    for (let attempt = 1; ; attempt += 1) {
      const outcome = await this.voteOnce(id, user, action);
      if (outcome !== VOTE_RACED) return outcome;
      // The same user's other vote on this artifact committed between our read and our write: read again.
      if (attempt >= 5) throw new Error("Vote kept racing with the same user's other votes");
    }
  }

  private async voteOnce(
    id: string,
    user: Identity,
    action: 'like' | 'dislike',
  ): Promise<VoteResult | typeof VOTE_RACED> {
    // Five round trips: BEGIN; the member's lock (account/member-lock.ts); lock the artifact row and read this
    // user's vote and whether the account is closed; one statement that upserts the vote, moves the count and
    // advances the votes version (data-modifying CTEs always run to completion); COMMIT. Then, on PostgreSQL, one
    // more: the votes version advanced again, after commit (collection-version.ts).
    const outcome = await this.db.transaction().execute(async (trx) => {
      await takeMemberWriteLock(trx, user.uid);
      const current = await trx
        .selectFrom('artifacts')
        .leftJoin('artifact_votes', (join) =>
          join
            .onRef('artifact_votes.artifact_id', '=', 'artifacts.id')
            .on('artifact_votes.user_uid', '=', user.uid),
        )
        .select(['artifacts.id', 'artifact_votes.vote', accountClosed(user.uid).as('closed')])
        .where('artifacts.id', '=', id)
        .forUpdate('artifacts')
        .executeTakeFirst();
      if (current?.closed) throw unauthorized(ACCOUNT_CLOSED);
      if (!current) throw notFound('Artifact not found');
      // When this statement waited for the row lock, the vote it joined is as of its start: another vote of the
      // same user may have committed since. The write below therefore only applies over the state read here.
      const state: Vote | null = current.vote ?? null;

      let next: Vote;
      let message: string;
      if (action === 'like') {
        if (state === 'liked') throw conflict('You already like this artifact');
        next = 'liked';
        message = 'Artifact liked successfully!';
      } else {
        if (state === 'disliked') throw conflict('You already dislike this artifact');
        if (state !== 'liked') throw conflict('You can only dislike an artifact you liked');
        next = 'disliked';
        message = 'Artifact disliked';
      }

      // The statement's snapshot does not see its own CTE's upsert: the recount takes the other members' likes as
      // committed (all before this transaction took the row lock) and adds this member's new vote.
      const row = await trx
        .with('vote_row', (db) =>
          db
            .insertInto('artifact_votes')
            .values({ artifact_id: id, user_uid: user.uid, user_email: user.email, vote: next })
            .onConflict((oc) =>
              oc
                .columns(['artifact_id', 'user_uid'])
                .doUpdateSet({ vote: next, user_email: user.email, updated_at: sql<Date>`now()` })
                // ON CONFLICT sees the latest committed vote row: update it only if it is still what we read.
                .where(sql<boolean>`artifact_votes.vote is not distinct from ${state}::text`),
            )
            .returning('artifact_id'),
        )
        .updateTable('artifacts')
        .set({
          like_count: sql<number>`(select count(*) from artifact_votes where artifact_id = ${id} and vote = 'liked' and user_uid <> ${user.uid}) + ${next === 'liked' ? 1 : 0}`,
        })
        .where('id', '=', id)
        .where(sql<boolean>`exists (select 1 from vote_row)`)
        .returning(['like_count', this.version.voteBumpSql.as('version')])
        .executeTakeFirst();
      if (!row) return VOTE_RACED;
      return { result: { likeCount: row.like_count, myVote: next, message }, version: BigInt(row.version) };
    });
    if (outcome === VOTE_RACED) return VOTE_RACED;
    await this.version.publishVote(outcome.version);
    return outcome.result;
  }
}
