/**
 * A PostgreSQL database of a benchmark's own, next to the server's default one: created fresh,
 * handed to `fn` as a URL, dropped after (whatever `fn` did). The server is BENCH_DATABASE_URL,
 * else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
 */
import pg from 'pg';

export const BENCH_PG_BASE = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: BENCH_PG_BASE });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** True when the PostgreSQL server answers. */
export async function postgresReachable(): Promise<boolean> {
  try {
    await admin('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

export async function withBenchDatabase<T>(name: string, fn: (url: string) => Promise<T>): Promise<T> {
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  try {
    const u = new URL(BENCH_PG_BASE);
    u.pathname = `/${name}`;
    return await fn(u.toString());
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
