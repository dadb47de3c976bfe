/**
 * The PostgreSQL of `pnpm start:production`: a cluster of its own from Debian's server binaries (initdb once, then
 * `postgres` in the foreground, so its PID is the postmaster's), like the API tests' (api/test/support, which find
 * the binaries here). Started as root, it runs as the `postgres` system user: PostgreSQL refuses root.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProductionService } from './processes.ts';

export const DATABASE = 'heritage';

/** Where PostgreSQL's server binaries are (initdb, pg_ctl, postgres): PG_BIN_DIR, else Debian's, 15 or the newest. */
export function findPostgresBinDir(): string {
  const candidates = [process.env.PG_BIN_DIR, '/usr/lib/postgresql/15/bin'];
  if (existsSync('/usr/lib/postgresql')) {
    for (const version of readdirSync('/usr/lib/postgresql').sort().reverse()) {
      candidates.push(`/usr/lib/postgresql/${version}/bin`);
    }
  }
  const found = candidates.find(
    (dir) => dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')),
  );
  if (!found) {
    throw new Error(
      'PostgreSQL server binaries (initdb, pg_ctl) were not found in /usr/lib/postgresql/*/bin. ' +
        'Install it with `apt-get install -y postgresql` ' +
        '(or set PG_BIN_DIR); the API tests may instead use an existing server through TEST_DATABASE_URL.',
    );
  }
  return found;
}

interface User {
  uid: number;
  gid: number;
}

/** The `postgres` system user when started as root; nobody else to switch to otherwise. */
function postgresUser(): User | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** A folder the server's user owns and can reach: in the runtime folder, or (a checkout under a 0700 /root) in /tmp. */
function clusterDir(runtimeDir: string, user: User | undefined): string {
  const prepare = (dir: string) => {
    mkdirSync(dir, { recursive: true });
    if (user) chownSync(dir, user.uid, user.gid);
    return !user || spawnSync('test', ['-w', dir], { uid: user.uid, gid: user.gid }).status === 0;
  };
  const inRuntime = join(runtimeDir, 'postgres');
  if (prepare(inRuntime)) return inRuntime;
  const id = createHash('sha256').update(runtimeDir).digest('hex').slice(0, 12);
  const fallback = join(tmpdir(), `heritage-vault-postgres-${id}`);
  if (prepare(fallback)) return fallback;
  throw new Error(`PostgreSQL's user cannot write to ${inRuntime} nor ${fallback}`);
}

/** The server as a service (ensureCluster creates its cluster before its first start). */
export function postgresService(runtimeDir: string, port: number): ProductionService {
  const bin = findPostgresBinDir();
  const user = postgresUser();
  const dir = clusterDir(runtimeDir, user);
  const dataDir = join(dir, 'data');
  return {
    name: 'postgres',
    command: join(bin, 'postgres'),
    args: [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${dir}`,
    ],
    cwd: dir,
    env: {},
    ports: [port],
    ready: {
      command: [join(bin, 'pg_isready'), '-q', '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'],
    },
    // SIGINT is PostgreSQL's fast shutdown: SIGTERM would wait for every client (each API's pool) to leave.
    stopSignal: 'SIGINT',
    user,
    dataDir,
  };
}

/** Creates the cluster of `service` (postgresService) if its data folder has none yet. */
export function ensureCluster({ dataDir, user }: ProductionService): void {
  if (!dataDir || existsSync(join(dataDir, 'PG_VERSION'))) return;
  execFileSync(
    join(findPostgresBinDir(), 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8'],
    { stdio: ['ignore', 'ignore', 'pipe'], ...user },
  );
}

export const databaseUrl = (port: number) => `postgresql://postgres@127.0.0.1:${port}/${DATABASE}`;

/** Creates the site's database on a first start. */
export function ensureDatabase(port: number): void {
  const bin = findPostgresBinDir();
  const connection = ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'];
  const exists = execFileSync(
    join(bin, 'psql'),
    [...connection, '-d', 'postgres', '-tAc', `select 1 from pg_database where datname = '${DATABASE}'`],
    { encoding: 'utf8' },
  ).trim();
  if (!exists) execFileSync(join(bin, 'createdb'), [...connection, DATABASE]);
}
