/**
 * A throwaway PostgreSQL cluster for the tests: initdb into a temp dir, started on a free port, stopped and removed
 * at the end. Running as root (as here and in CI), the server binaries run as the `postgres` system user.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findPostgresBinDir } from '../../../stack/production/postgres.ts';
import { freePort } from './ports.ts';

export interface RunningCluster {
  /** Connection string of the cluster's `postgres` database (superuser, trust auth). */
  adminUrl: string;
  stop(): Promise<void>;
}

function runAsPostgres(binary: string, args: string[]): string {
  const asRoot = process.getuid?.() === 0;
  const [command, commandArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', binary, ...args]]
    : [binary, args];
  return execFileSync(command, commandArgs, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export async function startPostgresCluster(): Promise<RunningCluster> {
  const bin = findPostgresBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-pg-'));
  fs.chmodSync(dir, 0o755);
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  try {
    runAsPostgres(path.join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      "-c listen_addresses='127.0.0.1'",
      // A throwaway cluster: speed over crash safety (the durability test runs on PGlite).
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    runAsPostgres(path.join(bin, 'pg_ctl'), [
      '-D',
      dataDir,
      '-o',
      options,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      'start',
    ]);
  } catch (error) {
    const detail = (error as { stderr?: string }).stderr ?? '';
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`Could not start a PostgreSQL test cluster: ${String(error)} ${detail}`, {
      cause: error,
    });
  }
  return {
    adminUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        runAsPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Creates a fresh database on the cluster and returns its connection string. */
export async function createDatabase(adminUrl: string, prefix: string): Promise<string> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
    .replace(/[^a-z0-9_]/gi, '_')
    .toLowerCase();
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
