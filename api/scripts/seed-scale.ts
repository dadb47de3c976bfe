/**
 * Seeds N synthetic artifacts for performance work: `pnpm --filter api seed:scale -- 100000` (or SEED_SCALE_COUNT).
 * Uses the same configuration as the API (DATABASE_URL or PGLITE_DATA_DIR); with PGlite, stop the API first (the
 * data directory is locked). Images point at the shipped starter plates, so pages stay offline-complete.
 *
 * Fast at 100,000: multi-row INSERTs of SEED_SCALE_BATCH rows (default 1,000; 16 parameters a row, under
 * PostgreSQL's 65,535), all in one transaction that bumps the collection version once, then VACUUM (ANALYZE) so the
 * planner knows the new size at once (PGlite runs no autovacuum).
 */
import { ARTIFACT_TYPES } from 'artifact-model';
import { ArtifactStore } from '../src/artifacts/artifact-store.ts';
import { createCollectionVersion } from '../src/artifacts/collection-version.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { openImageStore } from '../src/images/image-store.ts';
import type { NewArtifactRow } from '../src/db/schema.ts';
import { STARTER_ARTIFACTS, starterImagePath } from '../src/seed/starter-artifacts.ts';
import { sql } from 'kysely';

const MATERIALS = [
  'Bronze',
  'Gold',
  'Terracotta',
  'Ivory',
  'Obsidian',
  'Linen',
  'Silver',
  'Jade',
  'Basalt',
  'Amber',
];
const OBJECTS = ['Lamp', 'Figurine', 'Bowl', 'Amulet', 'Blade', 'Tablet', 'Comb', 'Mirror', 'Seal', 'Mask'];
const PLACES = [
  'Athens',
  'Cairo',
  'Baghdad',
  "Xi'an",
  'Lima',
  'Rome',
  'Delhi',
  'Mexico City',
  'London',
  'Copenhagen',
];

/** The n-th synthetic artifact (0-based); `addedAt` spreads rows over time so the newest-first order is stable. */
function syntheticArtifact(n: number, addedAt: Date): NewArtifactRow {
  const material = MATERIALS[n % MATERIALS.length]!;
  const object = OBJECTS[Math.floor(n / MATERIALS.length) % OBJECTS.length]!;
  const place = PLACES[(n * 7) % PLACES.length]!;
  const starter = STARTER_ARTIFACTS[n % STARTER_ARTIFACTS.length]!;
  return {
    id: crypto.randomUUID(),
    name: `${material} ${object} No. ${n + 1}`,
    image: starterImagePath(starter.slug),
    type: ARTIFACT_TYPES[n % ARTIFACT_TYPES.length]!,
    historical_context: `A synthetic ${material.toLowerCase()} ${object.toLowerCase()} generated for load tests. It stands in for a real entry with a paragraph of context about its period, its makers and the trade routes that carried it far from ${place}.`,
    description: `Synthetic record ${n + 1}: a ${material.toLowerCase()} ${object.toLowerCase()} with worn decoration, catalogued for performance measurements. The text is about as long as a member's description usually is.`,
    created_at: `${100 + (n % 900)} BC`,
    discovered_at: String(1800 + (n % 220)),
    discovered_by: `Expedition ${1 + (n % 40)}`,
    present_location: `Museum of ${place}`,
    adder_name: 'Load Test',
    adder_email: 'loadtest@heritagevault.org',
    adder_uid: null,
    added_at: addedAt,
    updated_at: addedAt,
  };
}

async function main(): Promise<void> {
  const count = Number(
    process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? process.env.SEED_SCALE_COUNT ?? 1000,
  );
  const batch = Number(process.env.SEED_SCALE_BATCH ?? 1000);
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDataDir: config.pgliteDataDir,
  });
  try {
    const version = await createCollectionVersion(database.db, database.singleWriter);
    const store = new ArtifactStore(
      database.db,
      version,
      openImageStore(database.db, config.images),
      (stored) => stored,
    );
    const start = Date.now();
    // One second apart, ending a little before now: newer artifacts (added later, e.g. the starter set) come first.
    const first = start - (count + 60) * 1000;
    await store.write(async (trx) => {
      for (let offset = 0; offset < count; offset += batch) {
        const rows = Array.from({ length: Math.min(batch, count - offset) }, (_, index) =>
          syntheticArtifact(offset + index, new Date(first + (offset + index) * 1000)),
        );
        await trx.insertInto('artifacts').values(rows).execute();
      }
    });
    const inserted = Date.now() - start;
    // What autovacuum would do after a bulk load (PGlite has none): statistics, the trigram index's pending list
    // and its entry counts, the visibility map for index-only counts.
    await sql`vacuum (analyze) artifacts`.execute(database.db);
    console.log(
      `Seeded ${count} synthetic artifacts into ${database.description} in ${Date.now() - start} ms ` +
        `(insert ${inserted} ms, vacuum and analyze ${Date.now() - start - inserted} ms)`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
