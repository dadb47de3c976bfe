/**
 * Seeds N synthetic artifacts for performance work: `pnpm --filter api seed:scale -- 1000` (or SEED_SCALE_COUNT).
 * Uses the same configuration as the API (DATABASE_URL or PGLITE_DATA_DIR); with PGlite, stop the API first (the
 * data directory is locked). Images point at the shipped starter plates, so pages stay offline-complete.
 */
import { ARTIFACT_TYPES } from 'shared-ui/model';
import { ArtifactStore } from '../src/artifacts/artifact-store.ts';
import { createCollectionVersion } from '../src/artifacts/collection-version.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { STARTER_ARTIFACTS, starterImagePath } from '../src/seed/starter-artifacts.ts';

const MATERIALS = ['Bronze', 'Gold', 'Terracotta', 'Ivory', 'Obsidian', 'Linen', 'Silver', 'Jade', 'Basalt', 'Amber'];
const OBJECTS = ['Lamp', 'Figurine', 'Bowl', 'Amulet', 'Blade', 'Tablet', 'Comb', 'Mirror', 'Seal', 'Mask'];
const PLACES = ['Athens', 'Cairo', 'Baghdad', "Xi'an", 'Lima', 'Rome', 'Delhi', 'Mexico City', 'London', 'Copenhagen'];

async function main(): Promise<void> {
  const count = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? process.env.SEED_SCALE_COUNT ?? 1000);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: config.pgliteDataDir });
  try {
    const version = await createCollectionVersion(database.db, database.singleWriter);
    const store = new ArtifactStore(database.db, version, (stored) => stored);
    const start = Date.now();
    const batch = 250;
    for (let offset = 0; offset < count; offset += batch) {
      const rows = Array.from({ length: Math.min(batch, count - offset) }, (_, index) => {
        const n = offset + index;
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
        };
      });
      await store.write((trx) => trx.insertInto('artifacts').values(rows).execute());
    }
    console.log(`Seeded ${count} synthetic artifacts into ${database.description} in ${Date.now() - start} ms`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
