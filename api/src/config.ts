/**
 * Configuration comes only from environment variables (listed in api/README.md).
 * Parsing is strict: a typo in a number or boolean stops the process with a clear message.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  firebaseProjectId: string;
  /** host:port of the Firebase Auth Emulator, or undefined for a real project. */
  authEmulatorHost: string | undefined;
  seedStarter: boolean;
  publicUrl: string;
  logLevel: string;
  /** Seconds a verified token is remembered (0 turns the cache off). */
  tokenCacheSeconds: number;
  /** Writes a minute: per member, and per address for writes without a valid token (http/write-limit.ts). */
  writeLimits: { perMember: number; perAddress: number };
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

export function loadConfig(env: Env = process.env): ApiConfig {
  const port = parseInteger(env, 'PORT', 3000, 0, 65535);
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
    firebaseProjectId: nonEmpty(env.FIREBASE_PROJECT_ID) ?? nonEmpty(env.GCLOUD_PROJECT) ?? 'demo-heritage',
    authEmulatorHost: nonEmpty(env.FIREBASE_AUTH_EMULATOR_HOST),
    seedStarter: parseBoolean(env, 'SEED_STARTER', true),
    publicUrl: (nonEmpty(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    tokenCacheSeconds: parseInteger(env, 'TOKEN_CACHE_SECONDS', 300, 0, 3600),
    writeLimits: {
      perMember: parseInteger(env, 'WRITE_LIMIT_PER_MEMBER', 120, 1, 1_000_000),
      perAddress: parseInteger(env, 'WRITE_LIMIT_PER_ADDRESS', 300, 1, 1_000_000),
    },
  };
}
