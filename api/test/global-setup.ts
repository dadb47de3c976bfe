/**
 * Starts what the API tests need and tears it down afterwards: the Firebase Auth Emulator, a throwaway PostgreSQL
 * cluster, and the PGlite template each test's embedded database is copied from (support/pglite-template.ts). Builds
 * the API first: the tests that start it as a process run the build, as production does. The emulator and the
 * cluster can be supplied instead through TEST_AUTH_EMULATOR_HOST / TEST_DATABASE_URL (an admin connection string;
 * each suite creates its own database there).
 */
import type { TestProject } from 'vitest/node';
import { buildApi } from '../scripts/build.ts';
import { startAuthEmulator, type RunningEmulator } from './support/firebase-emulator.ts';
import { createPgliteTemplate } from './support/pglite-template.ts';
import { startPostgresCluster, type RunningCluster } from './support/postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
    postgresAdminUrl: string;
    /** The folder each test's PGlite data folder is copied from. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await buildApi();
  const [emulatorResult, clusterResult, templateResult] = await Promise.allSettled([
    process.env.TEST_AUTH_EMULATOR_HOST ? Promise.resolve(undefined) : startAuthEmulator(),
    process.env.TEST_DATABASE_URL ? Promise.resolve(undefined) : startPostgresCluster(),
    createPgliteTemplate(),
  ]);
  const emulator: RunningEmulator | undefined =
    emulatorResult.status === 'fulfilled' ? emulatorResult.value : undefined;
  const cluster: RunningCluster | undefined =
    clusterResult.status === 'fulfilled' ? clusterResult.value : undefined;
  const template = templateResult.status === 'fulfilled' ? templateResult.value : undefined;
  const stopAll = () => Promise.allSettled([emulator?.stop(), cluster?.stop(), template?.remove()]);
  const failure = [emulatorResult, clusterResult, templateResult].find(
    (result) => result.status === 'rejected',
  );
  if (failure) {
    await stopAll();
    throw failure.reason;
  }
  project.provide('authEmulatorHost', process.env.TEST_AUTH_EMULATOR_HOST ?? emulator?.host ?? '');
  project.provide('postgresAdminUrl', process.env.TEST_DATABASE_URL ?? cluster?.adminUrl ?? '');
  project.provide('pgliteTemplate', template!.dir);
  return async () => {
    await stopAll();
  };
}
