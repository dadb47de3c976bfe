/**
 * Starts what the API tests need and tears it down afterwards: the Firebase Auth Emulator and a throwaway
 * PostgreSQL cluster. Builds the API first: the tests that start it as a process run the build, as production does. Either can be supplied instead through TEST_AUTH_EMULATOR_HOST / TEST_DATABASE_URL (an admin
 * connection string; each suite creates its own database there).
 */
import type { TestProject } from 'vitest/node';
import { buildApi } from '../scripts/build.ts';
import { startAuthEmulator, type RunningEmulator } from './support/firebase-emulator.ts';
import { startPostgresCluster, type RunningCluster } from './support/postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await buildApi();
  const [emulatorResult, clusterResult] = await Promise.allSettled([
    process.env.TEST_AUTH_EMULATOR_HOST ? Promise.resolve(undefined) : startAuthEmulator(),
    process.env.TEST_DATABASE_URL ? Promise.resolve(undefined) : startPostgresCluster(),
  ]);
  const emulator: RunningEmulator | undefined =
    emulatorResult.status === 'fulfilled' ? emulatorResult.value : undefined;
  const cluster: RunningCluster | undefined =
    clusterResult.status === 'fulfilled' ? clusterResult.value : undefined;
  const failure = [emulatorResult, clusterResult].find((result) => result.status === 'rejected');
  if (failure) {
    await Promise.allSettled([emulator?.stop(), cluster?.stop()]);
    throw failure.reason;
  }
  project.provide('authEmulatorHost', process.env.TEST_AUTH_EMULATOR_HOST ?? emulator?.host ?? '');
  project.provide('postgresAdminUrl', process.env.TEST_DATABASE_URL ?? cluster?.adminUrl ?? '');
  return async () => {
    await Promise.allSettled([emulator?.stop(), cluster?.stop()]);
  };
}
