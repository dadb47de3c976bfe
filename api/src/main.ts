/**
 * Entry point, built into dist/main.js (scripts/build.ts) and run as `node dist/main.js`: the process PID is node's
 * own, so tests and the e2e stack can stop it by PID. Configuration comes from environment variables only; see api/README.md.
 */
import { startApi, type Api } from './app.ts';
import { loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  let api: Api;
  try {
    api = await startApi(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`heritage-api: ${error.message}`);
      process.exit(75);
    }
    throw error;
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`heritage-api: ${signal} again, exiting now`);
      process.exit(1);
    }
    stopping = true;
    api.app.log.info({ signal }, 'Shutting down');
    api.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('heritage-api: error while shutting down', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  const address = await api.app.listen({ port: config.port, host: config.host });
  api.app.log.info(
    {
      address,
      database: api.database.description,
      seeded: api.seeded,
      authEmulator: config.authEmulatorHost ?? null,
    },
    'Heritage Vault API ready',
  );
}

main().catch((error: unknown) => {
  console.error('heritage-api: failed to start', error);
  process.exit(1);
});
