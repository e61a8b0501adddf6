/**
 * bench/feeds — the home timeline under load (issue 3's figure).
 *
 *   npm run bench:feeds            (needs PostgreSQL; BENCH_DATABASE_URL, else DATABASE_URL, else
 *                                   postgres://postgres@127.0.0.1:5432/test — a database
 *                                   `stagepass_bench` is created next to it and dropped after)
 *
 * Seeds 1,000 creators, 10,000 fans and 100,000 feeds (each fan follows 50 creators), then measures
 * with autocannon (50 connections, BENCH_SECONDS each, default 10):
 *   1. GET /user/feeds through the real API (auth, access policy, batch loading, response schema);
 *   2. the same timeline query as raw SQL on the same pool behind a bare Fastify route;
 *   3. the same bare route with the two queries as named (prepared) statements, as the API uses;
 * and prints requests/s, p50, p99 and the ratio. Target: ≥ 0.8 of the bare route, p99 < 50 ms.
 */
import pg from 'pg';
import Fastify from 'fastify';
import autocannon from 'autocannon';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildAppWithRoot } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, runMigrations } from '../apps/api/src/db/client';

const BASE = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB = 'stagepass_bench';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// BENCH_KEEP=1 keeps the seeded database for EXPLAIN ANALYZE afterwards; BENCH_REUSE=1 then reuses it
// (no re-seeding); BENCH_ONLY=api|bare measures one side only (e.g. under --cpu-prof).
const REUSE = Boolean(process.env.BENCH_REUSE);
const ONLY = process.env.BENCH_ONLY;
const CONNECTIONS = 50;
const log = (m: string) => console.log(`[bench] ${m}`);

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: BASE });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function seed(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const t0 = Date.now();
  await c.query(`
    INSERT INTO users (id, username, email, name, is_performer, roles, verified_email)
    SELECT gen_random_uuid(), 'creator' || i, 'creator' || i || '@bench.test', 'Creator ' || i, true, '["user","performer"]', true
    FROM generate_series(1, 1000) i;
    INSERT INTO performer_profiles (user_id, bio) SELECT id, 'Bench creator ' || username FROM users WHERE is_performer;
    INSERT INTO users (id, username, email, name, is_performer, roles, verified_email)
    SELECT gen_random_uuid(), 'fan' || i, 'fan' || i || '@bench.test', 'Fan ' || i, false, '["user"]', true
    FROM generate_series(1, 10000) i;`);
  log(`users in ${Date.now() - t0} ms`);
  await c.query(`
    CREATE TEMP TABLE c AS SELECT id, row_number() OVER (ORDER BY username) AS n FROM users WHERE is_performer;
    INSERT INTO feeds (id, performer_id, text, type, visibility, price, publish_at, created_at, updated_at)
    SELECT gen_random_uuid(), c.id, 'Post ' || g || ' by creator ' || c.n || ' about music, studio and tour life',
           'text', (ARRAY['free','subscribers','ppv'])[1 + (g % 3)], CASE WHEN g % 3 = 2 THEN 500 ELSE NULL END,
           now() - (random() * interval '365 days'), now(), now()
    FROM c, generate_series(1, 100) g;`);
  log(`100,000 feeds in ${Date.now() - t0} ms`);
  // Every fan follows 50 creators (a sliding window over the creators, so all are followed).
  await c.query(`
    CREATE TEMP TABLE f AS SELECT id, row_number() OVER (ORDER BY username) AS n FROM users WHERE NOT is_performer;
    INSERT INTO follows (follower_id, following_id)
    SELECT f.id, c.id FROM f JOIN c ON c.n BETWEEN ((f.n * 7) % 950) + 1 AND ((f.n * 7) % 950) + 50;
    INSERT INTO follower_counts (performer_id, total) SELECT following_id, count(*) FROM follows GROUP BY following_id;
    ANALYZE;`);
  log(`500,000 follows in ${Date.now() - t0} ms`);
  // Steady state as autovacuum leaves it (visibility map set, so index-only scans need no heap).
  await c.query('VACUUM ANALYZE');
  const { rows } = await c.query(`SELECT f.id FROM users f WHERE username = 'fan1'`);
  await c.end();
  return rows[0].id as string;
}

const AUTHORS = `(SELECT following_id AS pid FROM follows WHERE follower_id = $1
  UNION SELECT performer_id FROM subscriptions WHERE user_id = $1 AND expires_at > now())`;
/** The API's timeline query (feeds.service.ts `timeline`), written by hand. */
const TIMELINE_SQL = `
  SELECT f.id, f.performer_id, f.text, f.type, f.visibility, f.price, f.file_ids, f.poll_id, f.publish_at,
         f.total_like, f.total_comment, f.total_bookmark, f.created_at, f.updated_at
  FROM ${AUTHORS} p CROSS JOIN LATERAL (
    SELECT * FROM feeds WHERE performer_id = p.pid AND publish_at <= now() ORDER BY publish_at DESC, id DESC LIMIT 10) f
  ORDER BY f.publish_at DESC, f.id DESC LIMIT 10`;
const COUNT_SQL = `SELECT coalesce(sum(c.n), 0)::int AS n FROM ${AUTHORS} p
  CROSS JOIN LATERAL (SELECT count(*) AS n FROM feeds WHERE performer_id = p.pid AND publish_at <= now()) c`;

async function measure(title: string, url: string, headers: Record<string, string>) {
  await autocannon({ url, connections: 10, duration: 2, headers }); // warm-up
  // The load generator runs in a worker thread so it does not share the servers' event loop.
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, workers: 1 });
  if (r.non2xx || r.errors) throw new Error(`${title}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { title, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

async function main() {
  const exists = await admin(async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB])).rowCount === 1);
  const reuse = REUSE && exists;
  if (!reuse) {
    await admin(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${DB}`);
    });
  }
  const u = new URL(BASE);
  u.pathname = `/${DB}`;
  const url = u.toString();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-bench-'));
  const database = await openDatabase({ databaseUrl: url });
  try {
    await runMigrations(database);
    const fanId = reuse
      ? ((await database.pool!.query(`SELECT id FROM users WHERE username = 'fan1'`)).rows[0].id as string)
      : await seed(url);
    const config = loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: url, APP_SECRET: 'bench-secret-bench-secret-bench-secret', WORKERS: '0' }, { DATA_DIR: dataDir });
    const { app, root } = await buildAppWithRoot({ config, database, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const apiUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const { token } = await root.auth.issueSession(fanId, false);

    const bare = Fastify({ logger: false });
    bare.get('/bare/user/feeds', async () => {
      const [rows, total] = await Promise.all([
        database.pool!.query(TIMELINE_SQL, [fanId]),
        database.pool!.query(COUNT_SQL, [fanId]),
      ]);
      return { data: { data: rows.rows, total: total.rows[0].n } };
    });
    // The same, as named (prepared) statements: PostgreSQL parses and plans them once per connection,
    // as it does the API's prepared statements — the fairer baseline for a prepared API.
    bare.get('/bare/user/feeds/prepared', async () => {
      const [rows, total] = await Promise.all([
        database.pool!.query({ name: 'bare_timeline', text: TIMELINE_SQL, values: [fanId] }),
        database.pool!.query({ name: 'bare_count', text: COUNT_SQL, values: [fanId] }),
      ]);
      return { data: { data: rows.rows, total: total.rows[0].n } };
    });
    await bare.listen({ host: '127.0.0.1', port: 0 });
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

    const check = await fetch(`${apiUrl}/user/feeds?limit=10`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await check.json()) as { data: { data: unknown[]; total: number } };
    log(`fan1's timeline: ${body.data.total} feeds, page of ${body.data.data.length}`);

    const results: Array<Awaited<ReturnType<typeof measure>>> = [];
    if (ONLY !== 'bare') results.push(await measure('GET /user/feeds (API)', `${apiUrl}/user/feeds?limit=10`, { authorization: `Bearer ${token}` }));
    if (ONLY !== 'api') results.push(await measure('bare route, raw SQL', `${bareUrl}/bare/user/feeds`, {}));
    if (ONLY !== 'api') results.push(await measure('bare route, raw SQL, named statements', `${bareUrl}/bare/user/feeds/prepared`, {}));
    console.log(`\nTimeline, ${CONNECTIONS} connections, ${SECONDS}s each (1,000 creators, 10,000 fans, 100,000 feeds):`);
    console.table(results.map((r) => ({ route: r.title, 'req/s': Math.round(r.rps), 'p50 ms': r.p50, 'p99 ms': r.p99 })));
    if (results.length === 3) {
      const ratio = (i: number) => (results[0]!.rps / results[i]!.rps).toFixed(2);
      console.log(`ratio API / bare: ${ratio(1)} (target ≥ 0.80); API / bare with named statements: ${ratio(2)}; API p99 ${results[0]!.p99} ms (target < 50 ms)`);
    }
    await bare.close();
    await app.close();
  } finally {
    await database.close();
    if (!process.env.BENCH_KEEP && !REUSE) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`));
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
