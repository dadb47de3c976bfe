/**
 * A member's own account (issue #47): their data as one document, and closing the account.
 *
 * Closing is all or nothing, and final. One transaction takes the member's lock exclusively (member-lock.ts: it
 * waits for the member's writes in progress, and holds off the next ones), withdraws the member's votes (the counts
 * recounted, so they stay honest), deletes their artifacts, releases their photos, drops their Idempotency-Keys,
 * marks the account closed (from then on every write of theirs is refused in its own transaction) and, last, still
 * inside it, deletes the identity provider's account; a failure of any step, that last one included, rolls all of it
 * back, and the member is told to try again. One case is ambiguous: a provider that did not answer in time may still
 * delete the account afterwards, leaving data nobody can sign in to remove. So the closing is recorded first
 * (account_closures, committed on its own) and the transaction marks the record closed; a record left unmarked is
 * settled by `settleInterruptedClosures`, run with the API's other sweeps: account gone at the provider, it is
 * closed; account still there, the record goes and the member may close it again. Photos' copies in storage go after
 * the commit, as for any released photo.
 *
 * An account deleted at the provider directly (its console, the Admin SDK) is closed the same way, without the
 * provider's step: `closeVanishedAccounts` asks the provider about every account that holds data here (a sweep on
 * a timer), or about one whose token turned out to name an account that is gone.
 */
import { sql, type Transaction } from 'kysely';
import type { ArtifactStore } from '../artifacts/artifact-store.ts';
import type { AccountProfile, MyDataExport } from 'artifact-model/member-data';
import type { TokenVerifier } from '../auth/verify-token.ts';
import type { DatabaseSchema } from '../db/schema.ts';
import type { RemovedPhoto } from '../images/image-files.ts';

export interface ClosedAccount {
  artifactsDeleted: number;
  votesWithdrawn: number;
  photosReleased: number;
}

/** How long a closing may be under way before its record counts as interrupted. */
const CLOSING_SETTLES_AFTER_MS = 5 * 60_000;

export async function exportMemberData(store: ArtifactStore, profile: AccountProfile): Promise<MyDataExport> {
  const [artifacts, liked] = await Promise.all([
    store.listByAdder(profile.uid),
    store.listLikedBy(profile.uid),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    profile,
    artifacts: artifacts.map((row) => store.toView(row)),
    likedArtifacts: liked.map((row) => {
      const { _id, name, type, presentLocation, adderName } = store.toView(row);
      return { _id, name, type, presentLocation, adderName };
    }),
  };
}

/** Everything the database holds of the member, removed inside `trx`. */
async function removeMemberData(
  trx: Transaction<DatabaseSchema>,
  store: ArtifactStore,
  uid: string,
): Promise<{ closed: ClosedAccount; released: RemovedPhoto[] }> {
  const withdrawn = await trx
    .deleteFrom('artifact_votes')
    .where('user_uid', '=', uid)
    .returning('artifact_id')
    .execute();
  const deleted = await trx.deleteFrom('artifacts').where('adder_uid', '=', uid).returning('id').execute();
  const gone = new Set(deleted.map((row) => row.id));
  const recount = [...new Set(withdrawn.map((row) => row.artifact_id))].filter((id) => !gone.has(id));
  if (recount.length) {
    await trx
      .updateTable('artifacts')
      .set({
        like_count: sql<number>`(select count(*) from artifact_votes where artifact_votes.artifact_id = artifacts.id and artifact_votes.vote = 'liked')`,
      })
      .where('id', 'in', recount)
      .execute();
  }
  const released = await store.images.releaseAllOf(trx, uid);
  await trx.deleteFrom('idempotency_keys').where('member_uid', '=', uid).execute();
  await trx
    .insertInto('account_closures')
    .values({ member_uid: uid, closed_at: sql<Date>`now()` })
    .onConflict((oc) => oc.column('member_uid').doUpdateSet({ closed_at: sql<Date>`now()` }))
    .execute();
  return {
    closed: {
      artifactsDeleted: deleted.length,
      votesWithdrawn: withdrawn.length,
      photosReleased: released.length,
    },
    released,
  };
}

export async function closeMemberAccount(
  store: ArtifactStore,
  uid: string,
  deleteIdentity: () => Promise<void>,
): Promise<ClosedAccount> {
  await store.db
    .insertInto('account_closures')
    .values({ member_uid: uid })
    .onConflict((oc) =>
      oc
        .column('member_uid')
        .doUpdateSet({ requested_at: sql<Date>`now()` })
        .where('account_closures.closed_at', 'is', null),
    )
    .execute();
  const { closed, released } = await store.write(
    async (trx) => {
      const removed = await removeMemberData(trx, store, uid);
      await deleteIdentity();
      return removed;
    },
    { member: uid, closing: true },
  );
  await store.images.filesReleased(released);
  return closed;
}

/**
 * Settles the closings the identity provider interrupted (older than a few minutes): finished where the account is
 * gone, forgotten where it is still there; left for the next sweep while the provider does not answer. Returns how
 * many it settled.
 */
export async function settleInterruptedClosures(
  store: ArtifactStore,
  verifier: TokenVerifier,
  olderThanMs = CLOSING_SETTLES_AFTER_MS,
): Promise<number> {
  const pending = await store.db
    .selectFrom('account_closures')
    .select('member_uid')
    .where('closed_at', 'is', null)
    .where('requested_at', '<', new Date(Date.now() - olderThanMs))
    .execute();
  let settled = 0;
  for (const { member_uid: uid } of pending) {
    const exists = await verifier.accountExists(uid).catch(() => undefined);
    if (exists === undefined) continue;
    if (exists) {
      await store.db
        .deleteFrom('account_closures')
        .where('member_uid', '=', uid)
        .where('closed_at', 'is', null)
        .execute();
    } else {
      await closeMemberAccount(store, uid, ALREADY_GONE);
    }
    settled += 1;
  }
  return settled;
}

/** The provider's step of a closing, for an account the provider no longer has. */
const ALREADY_GONE = () => Promise.resolve();

/** How many accounts one question to the provider names (firebase-admin's getUsers takes at most 100). */
const PROVIDER_BATCH = 100;

/** Every account that holds something here: artifacts, votes or photos. */
async function accountsWithData(store: ArtifactStore): Promise<string[]> {
  const rows = await store.db
    .selectFrom('artifacts')
    .select('adder_uid as uid')
    .where('adder_uid', 'is not', null)
    .union(store.db.selectFrom('artifact_votes').select('user_uid as uid'))
    .union(store.db.selectFrom('images').select('uploader_uid as uid'))
    .execute();
  return rows.flatMap((row) => (row.uid ? [row.uid] : []));
}

/**
 * A sweep that finds at least this many accounts gone, and more than half of those holding data here, closes none:
 * that is what an API pointed at the wrong project, or an Auth Emulator restarted without its accounts, looks like,
 * and closing them would erase every member's work. An operator looks first (api/README.md, Closing an account).
 */
export const SWEEP_SAFETY = { minimumGone: 5, largestShareGone: 0.5 };

export class SweepRefused extends Error {
  constructor(gone: number, asked: number) {
    super(
      `The identity provider has none of ${gone} of the ${asked} accounts holding data here: none were closed. ` +
        'Check that the API names the right Firebase project (or that the Auth Emulator kept its accounts).',
    );
    this.name = 'SweepRefused';
  }
}

/**
 * Closes the accounts the identity provider no longer has (deleted in its console or with the Admin SDK, not through
 * DELETE /me), as DELETE /me would: every account that holds data here, or only `among`. Asks the provider 100 at a
 * time; a provider that does not answer leaves the rest for the next sweep. A sweep of every account that finds most
 * of them gone closes none and throws SweepRefused (SWEEP_SAFETY). Returns how many it closed.
 */
export async function closeVanishedAccounts(
  store: ArtifactStore,
  verifier: TokenVerifier,
  among?: readonly string[],
): Promise<number> {
  let uids = among ? [...new Set(among)] : await accountsWithData(store);
  if (among?.length) {
    const closed = await store.db
      .selectFrom('account_closures')
      .select('member_uid')
      .where('member_uid', 'in', uids)
      .where('closed_at', 'is not', null)
      .execute();
    const done = new Set(closed.map((row) => row.member_uid));
    uids = uids.filter((uid) => !done.has(uid));
  }
  const gone: string[] = [];
  for (let start = 0; start < uids.length; start += PROVIDER_BATCH)
    gone.push(...(await verifier.missingAccounts(uids.slice(start, start + PROVIDER_BATCH))));
  const { minimumGone, largestShareGone } = SWEEP_SAFETY;
  if (!among && gone.length >= minimumGone && gone.length > uids.length * largestShareGone)
    throw new SweepRefused(gone.length, uids.length);
  for (const uid of gone) await closeMemberAccount(store, uid, ALREADY_GONE);
  return gone.length;
}
