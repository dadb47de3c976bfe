/**
 * The object storage of `pnpm start:production`: s3rver, an S3-compatible server, standing in for AWS S3, R2 or
 * MinIO. Its own process, so a fault test can stop it by PID. S3_PORT, S3_DIRECTORY (where the objects live) and
 * S3_BUCKET (created when missing) say where; it accepts the fixed credentials S3RVER / S3RVER.
 */
import S3rver from 's3rver';

const port = Number(process.env.S3_PORT);
const directory = process.env.S3_DIRECTORY;
const bucket = process.env.S3_BUCKET;
if (!port || !directory || !bucket) throw new Error('s3-server.ts needs S3_PORT, S3_DIRECTORY and S3_BUCKET');

const server = new S3rver({
  port,
  address: '127.0.0.1',
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [] }],
});
await server.run();
console.log(`s3rver: bucket ${bucket} at http://127.0.0.1:${port}, objects in ${directory}`);

const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
