/**
 * bench/timeline — the home timeline under load (issue 11 §1).
 *
 *   npm run bench:timeline         (needs PostgreSQL; BENCH_DATABASE_URL, else DATABASE_URL, else
 *                                   postgres://postgres@127.0.0.1:5432/test — a database
 *                                   `stagepass_bench` is created next to it and dropped after;
 *                                   REDIS_URL (default redis://127.0.0.1:6379 when reachable) for
 *                                   the cross-node revocation figure)
 *
 * Seeds 1,000 creators, 10,000 fans and 100,000 feeds (each fan follows 50 creators), then measures
 *   1. GET /user/feeds through the real API (session cache, access policy, views, response schema);
 *   2. the fair floor: a bare Fastify route on the same pool that does the same database work — it
 *      looks the session up by the token's hash and runs the API's own timeline statement (the SQL
 *      the API prepares, taken from its query builder), both as named statements — and answers the
 *      rows as JSON;
 * each with autocannon at 50 connections (BENCH_SECONDS, default 10), then each at a fixed
 * open-loop 200 req/s (BENCH_OPEN_SECONDS, default 20; latency counted from when each request was
 * due). Then, with Redis, a second API node on the same database: a session cached on node B is
 * revoked on node A (logout) 20 times; the time until node B refuses it.
 * Targets: API ≥ 0.80 of the floor at 50 connections; API p99 < 50 ms at 200 req/s; revocation
 * reaches the other node in < 100 ms.
 */
import pg from 'pg';
import Fastify from 'fastify';
import autocannon from 'autocannon';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { buildAppWithRoot } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, runMigrations } from '../apps/api/src/db/client';
import { hashToken } from '../apps/api/src/platform/auth';
import { timelineQuery } from '../apps/api/src/modules/feeds/feeds.timeline';
import { openLoop } from './lib/open-loop.mts';
import { fmt, percentile, report, type BenchRow } from './lib/report.mts';

const BASE = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB = 'stagepass_bench';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const OPEN_SECONDS = Number(process.env.BENCH_OPEN_SECONDS ?? 20);
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

/** The session lookup of platform/auth.ts (findSession's statement), written by hand. */
const SESSION_SQL = `SELECT u.*, s.id AS session_id, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2::timestamptz LIMIT 1`;

async function redisUp(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect(Number(u.port || 6379), u.hostname, () => { s.end(); resolve(true); });
    s.on('error', () => resolve(false));
  });
}

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
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const withRedis = await redisUp(redisUrl);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-bench-'));
  const database = await openDatabase({ databaseUrl: url });
  const closers: Array<() => Promise<unknown>> = [];
  try {
    await runMigrations(database);
    const fanId = reuse
      ? ((await database.pool!.query(`SELECT id FROM users WHERE username = 'fan1'`)).rows[0].id as string)
      : await seed(url);
    const { REDIS_URL: _ignored, ...base } = process.env;
    const env = { ...base, NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: url, APP_SECRET: 'bench-secret-bench-secret-bench-secret', WORKERS: '0', ...(withRedis ? { REDIS_URL: redisUrl } : {}) };
    const config = loadConfig(env, { DATA_DIR: dataDir });
    const { app, root } = await buildAppWithRoot({ config, database, logger: false });
    closers.push(() => app.close());
    await app.listen({ host: '127.0.0.1', port: 0 });
    const apiUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const { token } = await root.auth.issueSession(fanId, false);
    const auth = { authorization: `Bearer ${token}` };

    // The floor: the same two statements the API runs (session, timeline), named, on the same pool.
    const tl = timelineQuery(root.db).toSQL();
    const tlValues = (viewer: string, now: string) =>
      tl.params.map((p) => {
        const name = (p as { name?: string }).name;
        const v = name === undefined ? p : ({ viewer, now, ageRestricted: false, depth: 10, offset: 0, limit: 10, countCap: 1010 } as Record<string, unknown>)[name];
        if (v === undefined) throw new Error(`timeline statement: no value for ${String(name)}`);
        return v;
      });
    const bare = Fastify({ logger: false });
    bare.get('/bare/user/feeds', async (req, reply) => {
      const t = String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      const now = new Date().toISOString();
      const s = await database.pool!.query({ name: 'bare_session', text: SESSION_SQL, values: [hashToken(t), now] });
      if (!s.rows[0]) return reply.code(401).send({ message: 'expired' });
      const rows = await database.pool!.query({ name: 'bare_timeline', text: tl.sql, values: tlValues(s.rows[0].id, now) });
      return { data: { data: rows.rows, total: rows.rows[0]?.total ?? 0 } };
    });
    closers.push(() => bare.close());
    await bare.listen({ host: '127.0.0.1', port: 0 });
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare/user/feeds`;

    const check = await fetch(`${apiUrl}/user/feeds?limit=10`, { headers: auth });
    const body = (await check.json()) as { data: { data: unknown[]; total: number } };
    const bareCheck = (await (await fetch(bareUrl, { headers: auth })).json()) as { data: { data: unknown[] } };
    log(`fan1's timeline: total ${body.data.total}, page of ${body.data.data.length} (floor: ${bareCheck.data.data.length})`);
    if (body.data.data.length !== 10 || bareCheck.data.data.length !== 10) throw new Error('the timeline page is not what the bench expects');

    const apiFeeds = `${apiUrl}/user/feeds?limit=10`;
    const closed = { api: ONLY !== 'bare' ? await measure('API', apiFeeds, auth) : null, bare: ONLY !== 'api' ? await measure('floor', bareUrl, auth) : null };
    const open = {
      api: ONLY !== 'bare' ? await openLoop({ url: apiFeeds, rate: 200, seconds: OPEN_SECONDS, headers: auth }) : null,
      bare: ONLY !== 'api' ? await openLoop({ url: bareUrl, rate: 200, seconds: OPEN_SECONDS, headers: auth }) : null,
    };
    for (const [k, r] of Object.entries(closed)) if (r) log(`${k} at ${CONNECTIONS} connections: ${fmt(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`);
    for (const [k, r] of Object.entries(open)) if (r) log(`${k} at 200 req/s open loop: p50 ${fmt(r.p50, 1)} ms, p99 ${fmt(r.p99, 1)} ms, max ${fmt(r.max)} ms, ${r.errors} errors`);

    // Revocation across nodes (needs Redis): node B caches the session, node A logs it out.
    let revocation: number[] = [];
    if (withRedis) {
      const nodeB = await buildAppWithRoot({ config, database, logger: false });
      closers.push(() => nodeB.app.close());
      await nodeB.app.ready();
      await new Promise((r) => setTimeout(r, 200));
      for (let i = 0; i < 20; i++) {
        const s = await root.auth.issueSession(fanId, false);
        const h = { authorization: `Bearer ${s.token}` };
        const onB = () => nodeB.app.inject({ method: 'GET', url: '/users/me', headers: h });
        if ((await onB()).statusCode !== 200) throw new Error('node B refused a fresh session');
        const out = await app.inject({ method: 'POST', url: '/auth/logout', headers: h });
        if (out.statusCode !== 200) throw new Error(`logout answered ${out.statusCode}`);
        const t0 = performance.now();
        while ((await onB()).statusCode === 200) {
          if (performance.now() - t0 > 5000) throw new Error('node B kept accepting a revoked session');
          await new Promise((r) => setImmediate(r));
        }
        revocation.push(performance.now() - t0);
      }
      revocation = revocation.sort((a, b) => a - b);
      log(`revocation on node A → refused on node B: p50 ${fmt(percentile(revocation, 50), 1)} ms, max ${fmt(revocation.at(-1)!, 1)} ms`);
    }

    const rows: BenchRow[] = [];
    if (closed.api && closed.bare) {
      const ratio = closed.api.rps / closed.bare.rps;
      rows.push({ suite: 'timeline', figure: `GET /user/feeds at ${CONNECTIONS} connections (API p50 ${closed.api.p50} / p99 ${closed.api.p99} ms)`, value: `${fmt(closed.api.rps)} req/s = ${fmt(ratio, 2)} of floor`, floor: `session + timeline SQL, named: ${fmt(closed.bare.rps)} req/s`, target: '≥ 0.80 of floor', met: ratio >= 0.8 });
    }
    if (open.api) {
      rows.push({ suite: 'timeline', figure: `GET /user/feeds at 200 req/s open loop, ${OPEN_SECONDS} s: p99 (p50 ${fmt(open.api.p50, 1)})`, value: `${fmt(open.api.p99, 1)} ms`, floor: open.bare ? `floor p99 ${fmt(open.bare.p99, 1)} ms` : undefined, target: '< 50 ms', met: open.api.errors === 0 && open.api.p99 < 50 });
    }
    if (revocation.length) {
      rows.push({ suite: 'timeline', figure: 'logout on node A → token refused on node B (20 times, Redis pub/sub)', value: `max ${fmt(revocation.at(-1)!, 1)} ms (p50 ${fmt(percentile(revocation, 50), 1)})`, target: '< 100 ms', met: revocation.at(-1)! < 100 });
    } else {
      rows.push({ suite: 'timeline', figure: 'logout on node A → token refused on node B', value: 'not measured (no Redis on 127.0.0.1:6379)', target: '< 100 ms', met: null });
    }
    report('timeline', rows);
  } finally {
    for (const close of closers.reverse()) await close().catch(() => {});
    await database.close();
    if (!process.env.BENCH_KEEP && !REUSE) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`));
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
