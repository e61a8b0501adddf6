import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import * as schema from './schema';
import { PGliteRemote } from './pglite-remote';
import { observed, sqlText } from './observe';

export type Schema = typeof schema;
/** Both drivers expose the same query builder; we type against node-postgres'. */
export type Db = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw client for pg-boss and health checks (PGlite on its own thread). */
  pglite?: PGliteRemote;
  pool?: pg.Pool;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** In-memory PGlite loaded from a dump (tests). */
  loadDataDir?: Blob;
  /** A fresh in-memory PGlite (tests' template). */
  memory?: boolean;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
    observePool(pool);
    // An idle connection the server ends (restart, failover, DROP DATABASE in tests) must not crash
    // the process: the pool drops it and opens a new one on the next query.
    pool.on('error', (err) => {
      if ((err as { code?: string }).code !== '57P01') console.error('PostgreSQL pool error:', err.message);
    });
    // A connection checked out of the pool (a transaction, the migrations' lock) when the server goes
    // away (stopped, restarted, failover): its queries fail with the error, and the client emits
    // 'error' too — with no listener on a checked-out client, that event killed the process (the
    // worker, in the prod-smoke failure run). Released, the dead client leaves the pool.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      pool,
      ping: async () => { await pool.query('select 1'); },
      close: async () => { await pool.end(); },
    };
  }
  let release: (() => void) | undefined;
  let client: PGliteRemote;
  if (opts.loadDataDir || opts.memory) {
    client = new PGliteRemote({ loadDataDir: opts.loadDataDir });
  } else {
    if (!opts.dataDir) throw new Error('openDatabase: dataDir or databaseUrl is required');
    release = lockDataDir(opts.dataDir);
    const dir = path.join(opts.dataDir, 'db');
    initDataDir(dir);
    client = new PGliteRemote({ dataDir: dir, options: { postgresqlconf: PGLITE_CONF } });
  }
  await client.waitReady;
  // Drizzle's PGlite driver uses query/exec/transaction, which the remote answers like PGlite.
  const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    ping: async () => { await client.query('select 1'); },
    close: async () => {
      await client.close();
      release?.();
    },
  };
}

/**
 * Reports every query of the pool to the query observers (db/observe.ts: metrics, traces). Two
 * paths reach the server: `pool.query` (Drizzle outside transactions, pg-boss) and a checked-out
 * client's `query` (Drizzle's transactions). The pool itself calls its client's `query` with a
 * callback, so the client's wrapper observes only the promise form, and no query counts twice.
 * Submittables (cursors, streams) pass unobserved.
 */
function observePool(pool: pg.Pool): void {
  type AnyQuery = (...args: unknown[]) => unknown;
  const plain = (args: unknown[]) => typeof args.at(-1) === 'function' || typeof (args[0] as { submit?: unknown } | null)?.submit === 'function';
  const wrap = (target: { query: unknown }) => {
    const query = (target.query as AnyQuery).bind(target);
    target.query = (...args: unknown[]) => (plain(args) ? query(...args) : observed(sqlText(args[0]), () => query(...args) as Promise<unknown>));
  };
  wrap(pool as unknown as { query: unknown });
  pool.on('connect', (client) => wrap(client as unknown as { query: unknown }));
}

/**
 * PostgreSQL settings of the embedded database. shared_buffers is PostgreSQL's own page cache, and
 * inside PGlite it is WebAssembly memory, which never shrinks: the default 128 MB cost ~100 MB of
 * RSS for nothing on a site's data, which the OS page cache holds anyway (fsync is off in PGlite).
 * 32 MB measured the same throughput (bench/README.md, embedded).
 */
const PGLITE_CONF = ['shared_buffers=32MB'];

/**
 * Creates a new data directory (initdb) in a short-lived child process. initdb inside the API
 * process left ~500 MB of RSS behind for the life of the process (its WebAssembly instance and
 * buffers are not returned to the OS); in a child, that memory goes when it exits. An existing
 * directory (PG_VERSION present) is left alone.
 */
function initDataDir(dir: string): void {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = `import { PGlite } from ${JSON.stringify(pglite)};
const db = new PGlite(process.argv[1], { postgresqlconf: ${JSON.stringify(PGLITE_CONF)} });
await db.waitReady;
await db.close();`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, dir], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`Could not create the embedded database in ${dir}: ${r.stderr || r.error?.message || `exit ${r.status}`}`);
}

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    // One migrator at a time across API nodes.
    const client = await database.pool!.connect();
    try {
      await client.query('select pg_advisory_lock(724100)');
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock(724100)').catch(() => {});
      client.release();
    }
  }
}

/**
 * The migrations of this code's journal (apps/api/drizzle/meta/_journal.json) split into applied
 * (by drizzle's own record, `drizzle.__drizzle_migrations`, matched on the journal's timestamp) and
 * pending; both by tag, oldest first.
 */
export async function migrationState(db: Db): Promise<{ applied: string[]; pending: string[] }> {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string; when: number }> };
  const rows = await db.execute<{ created_at: string | number }>(sql`select created_at from drizzle.__drizzle_migrations`);
  const done = new Set(rows.rows.map((r) => Number(r.created_at)));
  const applied = journal.entries.filter((e) => done.has(e.when)).map((e) => e.tag);
  const pending = journal.entries.filter((e) => !done.has(e.when)).map((e) => e.tag);
  return { applied, pending };
}

export class DataDirLockedError extends Error {}

/**
 * PGlite belongs to one process: a second opener of the same DATA_DIR would corrupt it. We hold a
 * lock file with our pid; a live other pid makes us refuse with a clear message, a dead one is stale.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'db.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
        } catch { /* already gone */ }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(lockFile, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by another process (pid ${pid}). ` +
            'Stop it first, or talk to the running API (e.g. `npm run settings` goes through the admin API). ' +
            'To run several processes, set DATABASE_URL to a PostgreSQL server.',
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export { sql };
