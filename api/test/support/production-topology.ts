/**
 * The API side of the production topology for fault tests: nginx in front of an upstream of API processes (the built
 * API, `node dist/main.js`), which share a PostgreSQL cluster of their own (so it can be restarted), a redis-server
 * for the write limits (REDIS_URL) and an S3 server for photos (IMAGE_STORAGE=s3). Each part can be stopped and
 * started again by the test: kill -9 an API process, restart PostgreSQL, kill Redis, stop the S3 server.
 *
 * Until `pnpm start:production` (stack/) exports its start function, this is the smallest set-up that reuses the
 * test support of each part; the Auth Emulator is the test run's (global-setup.ts).
 */
import { apiProcessPort, baseEnv, spawnApiProcess, type ApiProcess } from './api-harness.ts';
import { startNginx, type RunningNginx } from './nginx.ts';
import { freePort } from './ports.ts';
import { createDatabase, startPostgresCluster, type RunningCluster } from './postgres-cluster.ts';
import { startRedis, type RunningRedis } from './redis-server.ts';
import { s3Env, startS3, type RunningS3 } from './s3-server.ts';

export interface ProductionTopology {
  /** The site's API address: nginx. */
  url: string;
  nginx: RunningNginx;
  /** The API processes in nginx's upstream, in its order. */
  apis: ApiProcess[];
  postgres: RunningCluster;
  redis: RunningRedis;
  s3: RunningS3;
  /** Starts API process `index` again (after it was stopped or killed), on its port, with its environment. */
  restartApi(index: number): Promise<ApiProcess>;
  stop(): Promise<void>;
}

export async function startProductionTopology({
  apiProcesses = 2,
  env = {},
}: {
  apiProcesses?: number;
  /** More environment for every API process (write limits, ...). */
  env?: Record<string, string>;
} = {}): Promise<ProductionTopology> {
  const [postgres, redis, s3] = await Promise.all([
    startPostgresCluster(),
    startRedis(),
    startS3('heritage-photos'),
  ]);
  const apis: ApiProcess[] = [];
  let nginx: RunningNginx | undefined;
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(apis.map((api) => api.stop()));
    await Promise.allSettled([postgres.stop(), redis.kill(), s3.close()]);
  };
  try {
    const nginxPort = await freePort();
    const processEnv = {
      DATABASE_URL: await createDatabase(postgres.adminUrl, 'hv_production'),
      REDIS_URL: redis.url,
      ...s3Env(s3),
      TRUST_PROXY: 'loopback',
      PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
      ...env,
    };
    // One after the other: the first runs the migrations and seeds the starter collection.
    const envs: Record<string, string>[] = [];
    for (let index = 0; index < apiProcesses; index += 1) {
      envs.push(baseEnv(await apiProcessPort(), processEnv));
      apis.push(await spawnApiProcess(envs[index]!));
    }
    const restartApi = async (index: number) => {
      await apis[index]!.stop();
      apis[index] = await spawnApiProcess(envs[index]!);
      return apis[index];
    };
    nginx = await startNginx(
      apis.map((api) => new URL(api.url).host),
      { port: nginxPort },
    );
    return { url: nginx.url, nginx, apis, postgres, redis, s3, restartApi, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
