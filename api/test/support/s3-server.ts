/**
 * s3rver, an S3-compatible server, in this process on a port of its own, with one bucket: what the tests use in place
 * of AWS S3, R2 or MinIO. It can be stopped and started again on the same port over the same files, as storage that
 * goes away and comes back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface RunningS3 {
  /** The endpoint, for S3_ENDPOINT. */
  url: string;
  bucket: string;
  /** Stops answering (its port refuses connections); the objects stay. */
  stop(): Promise<void>;
  /** Starts again on the same port, with the objects it had. */
  start(): Promise<void>;
  /** Stops and removes its files. */
  close(): Promise<void>;
}

/** What a process needs in its environment to store photos there (IMAGE_STORAGE=s3; api/README.md). */
export function s3Env(s3: RunningS3, extra: Record<string, string> = {}): Record<string, string> {
  return {
    IMAGE_STORAGE: 's3',
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.url,
    S3_FORCE_PATH_STYLE: 'true',
    // s3rver accepts these fixed credentials; the SDK reads them from the environment, as in a deployment.
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    ...extra,
  };
}

export async function startS3(bucket: string): Promise<RunningS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-s3rver-'));
  let server: S3rver | undefined;
  let port = 0;
  const run = async () => {
    server = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    port = (await server.run()).port;
  };
  await run();
  const stop = async () => {
    const running = server;
    server = undefined;
    await running?.close();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    stop,
    start: async () => {
      if (!server) await run();
    },
    close: async () => {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
