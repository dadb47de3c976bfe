/**
 * Loads the starter collection once per database. The marker (collection_state.starter_seeded_at) and the rows
 * are written in one transaction; fixed ids with ON CONFLICT DO NOTHING make a repeat harmless.
 */
import { sql } from 'kysely';
import type { ArtifactStore } from '../artifacts/artifact-store.ts';
import { CURATORS, STARTER_ARTIFACTS, starterImagePath } from './starter-artifacts.ts';

export async function seedStarterCollection(store: ArtifactStore): Promise<number> {
  const state = await store.db
    .selectFrom('collection_state')
    .select('starter_seeded_at')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  if (state.starter_seeded_at) return 0;

  return store.write(async (trx) => {
    // Re-check under the row lock: another API process on the same PostgreSQL may have seeded meanwhile.
    const locked = await trx
      .selectFrom('collection_state')
      .select('starter_seeded_at')
      .where('id', '=', 1)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (locked.starter_seeded_at) return 0;
    const baseTime = Date.parse('2024-01-01T00:00:00Z');
    const inserted = await trx
      .insertInto('artifacts')
      .values(
        STARTER_ARTIFACTS.map((artifact, index) => ({
          id: artifact.id,
          name: artifact.name,
          image: starterImagePath(artifact.slug),
          type: artifact.type,
          historical_context: artifact.historicalContext,
          description: artifact.description,
          created_at: artifact.createdAt,
          discovered_at: artifact.discoveredAt,
          discovered_by: artifact.discoveredBy,
          present_location: artifact.presentLocation,
          adder_name: CURATORS.name,
          adder_email: CURATORS.email,
          adder_uid: null,
          // Spaced a minute apart so "newest first" keeps the curated order.
          added_at: new Date(baseTime + (STARTER_ARTIFACTS.length - index) * 60_000),
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .execute();
    await trx
      .updateTable('collection_state')
      .set({ starter_seeded_at: sql<Date>`now()` })
      .where('id', '=', 1)
      .execute();
    return inserted.length;
  });
}
