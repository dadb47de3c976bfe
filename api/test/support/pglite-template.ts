/**
 * A fresh PGlite database for each test, without each test waiting for initdb: PGlite's initdb takes 5-20 s here,
 * and the API tests start about fifty databases. The global set-up runs it once, into a template folder; each
 * test's data folder starts as a copy of it (~0.2 s), which PGlite opens as it would a database it had just made.
 * Everything after initdb (the API's migrations, the starter data) still runs in each test's own copy; `pnpm start`
 * and the journeys' stacks still make theirs with initdb.
 */
import { PGlite } from '@electric-sql/pglite';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** initdb's output, in a folder of its own; closed, so its copies open clean. */
export async function createPgliteTemplate(): Promise<{ dir: string; remove(): void }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-pglite-template-'));
  const dir = path.join(root, 'pglite');
  const db = await PGlite.create(dir);
  await db.close();
  return { dir, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}
