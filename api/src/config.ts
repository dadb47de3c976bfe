/**
 * Configuration comes only from environment variables (listed in api/README.md).
 * Parsing is strict: a typo in a number or boolean stops the process with a clear message.
 */
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMAGE_UPLOAD_MAX_PIXELS } from 'artifact-model/uploaded-image';
import type { S3Settings } from './images/image-files.ts';

/** The api package folder, so default paths do not depend on the current directory. One level up from this module
 * both as source (src/config.ts) and as built (dist/main.js). */
export const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const DEFAULT_CORS_ORIGINS = [
  'http://localhost:5173',
  'http://127.0.0.1:5173',
  'http://localhost:5174',
  'http://127.0.0.1:5174',
  'http://localhost:5175',
  'http://127.0.0.1:5175',
  'http://localhost:5176',
  'http://127.0.0.1:5176',
];

export interface ApiConfig {
  port: number;
  host: string;
  /** PostgreSQL server connection string; undefined means embedded PGlite. */
  databaseUrl: string | undefined;
  pgliteDataDir: string;
  corsOrigins: string[];
  /** Whose X-Forwarded-For to believe for a request's address (Fastify's trustProxy); false: none. */
  trustProxy: string[] | false;
  firebaseProjectId: string;
  /** host:port of the Firebase Auth Emulator, or undefined for a real project. */
  authEmulatorHost: string | undefined;
  seedStarter: boolean;
  publicUrl: string;
  logLevel: string;
  /** Seconds a verified token is remembered (0 turns the cache off). */
  tokenCacheSeconds: number;
  /** Milliseconds one token verification may wait for the identity provider before the request is answered 503. */
  identityProviderTimeoutMs: number;
  /**
   * Minutes between sweeps that ask the identity provider which accounts holding data here it no longer has (deleted
   * in its console or with the Admin SDK), and close them: the bound on how long such an account's data stays.
   */
  accountSweepMinutes: number;
  /** How long a page session cookie lasts (POST /session; Firebase allows 5 minutes to 2 weeks). */
  pageSessionDays: number;
  /** Writes a minute: per member, and per address for writes without a valid token, counted in Redis when
   * redisUrl is set (http/write-limit.ts). */
  writeLimits: { perMember: number; perAddress: number; redisUrl: string | undefined };
  /** The Contact form: where its messages go by SMTP (SMTP_URL; unset: stored only), and messages an address may send a minute. */
  contact: ContactConfig;
  /** Release health (telemetry/): POST /telemetry's limit per address, and how long the roll-ups are kept. */
  telemetry: { perAddress: number; retentionDays: number };
  /** Members' uploaded photos (images/). */
  images: ImageConfig;
}

export interface ContactConfig {
  smtpUrl: string | undefined;
  /** Who receives the messages (CONTACT_TO) and whom they come from (CONTACT_FROM); the sender is the Reply-To. */
  to: string;
  from: string;
  perAddress: number;
}

export interface ImageConfig {
  /** The copies' URLs: `${publicBase}/images/<id>/<width>.webp` (the API itself, or S3_PUBLIC_URL). */
  publicBase: string;
  /** Where the copies live: the database (default), or an S3-compatible bucket. */
  s3: S3Settings | undefined;
  /** Hours an uploaded photo no artifact uses is kept (a member may still be filling in the form). */
  unusedGraceHours: number;
  /** Uploads one member may have in progress at once in this process; one more is a 429. */
  uploadsPerMember: number;
  /** Photos decoded at once in this process (the rest wait their turn); at most the machine's cores. */
  processingConcurrency: number;
  /** Photos decoded at once in every API process sharing REDIS_URL (unused without it). */
  processingTotal: number;
  /** The most pixels a photo may declare in its header; a larger one is refused before it is decoded. */
  maxPixels: number;
  /** Bytes of stored copies one member's photos may take in all; an upload beyond is a 413. */
  quotaBytes: number;
}

type Env = Record<string, string | undefined>;

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parseInteger(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function parseBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = nonEmpty(env[name])?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false, got "${env[name]}"`);
}

/** proxy-addr's names for address ranges, which Fastify's trustProxy takes beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: the web server in front of the API, whose X-Forwarded-For names the client's address (the write limit
 * counts writes without a valid token per address). Addresses, CIDRs or proxy-addr's range names, comma-separated;
 * unset, the connection's own address is the client's and X-Forwarded-For is ignored.
 */
function parseTrustProxy(env: Env): string[] | false {
  const raw = nonEmpty(env.TRUST_PROXY);
  if (raw === undefined) return false;
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const validBits =
      bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (isIP(address ?? '') === 6 ? 128 : 32));
    if (!PROXY_RANGE_NAMES.has(entry) && !(isIP(address ?? '') && validBits && rest.length === 0)) {
      throw new Error(
        `TRUST_PROXY must be addresses, CIDRs or ${[...PROXY_RANGE_NAMES].join('/')}, comma-separated; "${entry}" is none of them`,
      );
    }
  }
  return entries;
}

function loadImageConfig(env: Env, publicUrl: string): ImageConfig {
  const storage = nonEmpty(env.IMAGE_STORAGE) ?? 'database';
  if (storage !== 'database' && storage !== 's3') {
    throw new Error(`IMAGE_STORAGE must be database or s3, got "${storage}"`);
  }
  let s3: S3Settings | undefined;
  if (storage === 's3') {
    const bucket = nonEmpty(env.S3_BUCKET);
    if (!bucket) throw new Error('IMAGE_STORAGE=s3 needs S3_BUCKET');
    s3 = {
      bucket,
      region: nonEmpty(env.S3_REGION) ?? nonEmpty(env.AWS_REGION) ?? 'us-east-1',
      endpoint: nonEmpty(env.S3_ENDPOINT),
      forcePathStyle: parseBoolean(env, 'S3_FORCE_PATH_STYLE', false),
      prefix: nonEmpty(env.S3_PREFIX) ?? '',
    };
  }
  const bucketUrl = nonEmpty(env.S3_PUBLIC_URL)?.replace(/\/+$/, '');
  return {
    publicBase: s3 && bucketUrl ? bucketUrl : `${publicUrl}/api`,
    s3,
    unusedGraceHours: parseInteger(env, 'IMAGE_UNUSED_GRACE_HOURS', 24, 1, 24 * 365),
    uploadsPerMember: parseInteger(env, 'IMAGE_UPLOADS_PER_MEMBER', 3, 1, 100),
    processingConcurrency: parseInteger(
      env,
      'IMAGE_PROCESSING_CONCURRENCY',
      availableParallelism(),
      1,
      availableParallelism(),
    ),
    processingTotal: parseInteger(env, 'IMAGE_PROCESSING_TOTAL', availableParallelism(), 1, 1024),
    maxPixels:
      parseInteger(
        env,
        'IMAGE_MAX_MEGAPIXELS',
        IMAGE_UPLOAD_MAX_PIXELS / 1_000_000,
        1,
        IMAGE_UPLOAD_MAX_PIXELS / 1_000_000,
      ) * 1_000_000,
    quotaBytes: parseInteger(env, 'IMAGE_QUOTA_MB', 500, 1, 1_000_000) * 1024 * 1024,
  };
}

export function loadConfig(env: Env = process.env): ApiConfig {
  const port = parseInteger(env, 'PORT', 3000, 0, 65535);
  const publicUrl = (nonEmpty(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const dataDir = nonEmpty(env.PGLITE_DATA_DIR) ?? '.data/pglite';
  const corsRaw = nonEmpty(env.CORS_ORIGINS);
  return {
    port,
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    databaseUrl: nonEmpty(env.DATABASE_URL),
    pgliteDataDir: path.resolve(API_ROOT, dataDir),
    corsOrigins: corsRaw
      ? corsRaw
          .split(',')
          .map((origin) => origin.trim().replace(/\/+$/, ''))
          .filter(Boolean)
      : DEFAULT_CORS_ORIGINS,
    trustProxy: parseTrustProxy(env),
    firebaseProjectId: nonEmpty(env.FIREBASE_PROJECT_ID) ?? nonEmpty(env.GCLOUD_PROJECT) ?? 'demo-heritage',
    authEmulatorHost: nonEmpty(env.FIREBASE_AUTH_EMULATOR_HOST),
    seedStarter: parseBoolean(env, 'SEED_STARTER', true),
    publicUrl,
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    tokenCacheSeconds: parseInteger(env, 'TOKEN_CACHE_SECONDS', 300, 0, 3600),
    identityProviderTimeoutMs: parseInteger(env, 'IDENTITY_PROVIDER_TIMEOUT_MS', 5000, 100, 60_000),
    accountSweepMinutes: parseInteger(env, 'ACCOUNT_SWEEP_MINUTES', 10, 1, 1440),
    pageSessionDays: parseInteger(env, 'PAGE_SESSION_DAYS', 5, 1, 14),
    writeLimits: {
      perMember: parseInteger(env, 'WRITE_LIMIT_PER_MEMBER', 120, 1, 1_000_000),
      perAddress: parseInteger(env, 'WRITE_LIMIT_PER_ADDRESS', 300, 1, 1_000_000),
      redisUrl: nonEmpty(env.REDIS_URL),
    },
    images: loadImageConfig(env, publicUrl),
    contact: {
      smtpUrl: nonEmpty(env.SMTP_URL),
      to: nonEmpty(env.CONTACT_TO) ?? 'contact@heritagevault.org',
      from: nonEmpty(env.CONTACT_FROM) ?? 'Heritage Vault <no-reply@heritagevault.org>',
      perAddress: parseInteger(env, 'CONTACT_LIMIT_PER_ADDRESS', 20, 1, 1_000_000),
    },
    telemetry: {
      // A page sends a batch when it is hidden or holds 10 views: a household or an office shares one address.
      perAddress: parseInteger(env, 'TELEMETRY_LIMIT_PER_ADDRESS', 120, 1, 1_000_000),
      retentionDays: parseInteger(env, 'TELEMETRY_RETENTION_DAYS', 30, 1, 3650),
    },
  };
}
