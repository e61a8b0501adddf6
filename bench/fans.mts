/**
 * bench/fans — a creator's fan list at the issue's scale (issue 31 §4).
 *
 *   npm run bench:fans   BENCH_FANS (default 50,000) fans of one creator in `creator_fans`,
 *                        BENCH_RUNS (default 40) timed requests of each figure; PostgreSQL
 *                        (BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test:
 *                        a database `stagepass_bench_fans` is created next to it and dropped after),
 *                        then the embedded database (PGlite) in a throwaway DATA_DIR.
 *
 * The rollup is written straight with SQL (as the handlers would have left it: every fan with a
 * total, a spend by channel, a "since" and a last activity spread over two years, a third of them
 * subscribers, a few custom names), plus the fans' accounts. The API runs as its own process; the
 * creator asks GET /fans over loopback: the first page (25, by total spent), the 40th page of the
 * same sort (keyset cursor), the first page by last activity, and a search by name prefix.
 * Target (issue 31's statistics figures): p95 < 100 ms on PostgreSQL, < 300 ms on PGlite.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { hashToken } from '../apps/api/src/platform/auth';
import { openDatabase, runMigrations } from '../apps/api/src/db/client';
import { startApi } from './lib/api-process.mts';
import { withBenchDatabase } from './lib/bench-db.mts';
import { fmt, percentile, type BenchRow } from './lib/report.mts';
import { reportOnBothDatabases } from './lib/both-databases.mts';

const FANS = Math.min(Number(process.env.BENCH_FANS ?? 50_000), 500_000);
const RUNS = Math.min(Number(process.env.BENCH_RUNS ?? 40), 500);
const log = (m: string) => console.log(`[fans] ${m}`);

function seedSql(creatorId: string, tokenHash: string): string[] {
  return [
    `INSERT INTO users (id, username, email, name, is_performer, roles, verified_email) VALUES ('${creatorId}', 'benchcreator', 'creator@bench.test', 'Bench Creator', true, '["user","performer"]', true)`,
    `INSERT INTO performer_profiles (user_id, bio) VALUES ('${creatorId}', 'Bench creator')`,
    `INSERT INTO sessions (id, user_id, token_hash, expires_at) VALUES ('${crypto.randomUUID()}', '${creatorId}', '${tokenHash}', now() + interval '1 day')`,
    `CREATE TABLE bench_fans AS SELECT i, gen_random_uuid() AS id, 'fan' || i AS username, (ARRAY['Alex','Sam','Robin','Kim','Lee','Jo','Max','Ana'])[1 + i % 8] || ' ' || i AS name FROM generate_series(1, ${FANS}) i`,
    `INSERT INTO users (id, username, email, name) SELECT id, username, username || '@bench.test', name FROM bench_fans`,
    `INSERT INTO creator_fans (performer_id, fan_id, spent_total, spent, first_seen_at, first_subscribed_at, followed_at, subscription_status, last_activity_at, username_key, name_key, custom_name, custom_name_key)
       SELECT '${creatorId}', id, (i * 7919) % 250000, jsonb_build_object('subscription', (i * 7919) % 100000, 'tip', (i * 7919) % 250000 - (i * 7919) % 100000),
              now() - make_interval(mins => (i * 37) % 1051200), CASE WHEN i % 3 = 0 THEN now() - make_interval(mins => (i * 37) % 1051200) END,
              now() - make_interval(mins => (i * 37) % 1051200), CASE WHEN i % 3 = 0 THEN 'active' END,
              now() - make_interval(mins => (i * 53) % 525600), lower(username), lower(name),
              CASE WHEN i % 100 = 0 THEN 'VIP ' || i END, CASE WHEN i % 100 = 0 THEN 'vip ' || i ELSE '' END
       FROM bench_fans`,
    'DROP TABLE bench_fans',
    'ANALYZE',
  ];
}

async function get(url: string, token: string): Promise<{ ms: number; body: { data: { data: unknown[]; next: string | null; total: number } } }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return { ms, body: JSON.parse(text) };
}

async function timeList(apiUrl: string, token: string) {
  // The 40th page's cursor, by walking the pages once.
  let cursor: string | null = null;
  for (let p = 1; p < 40; p++) cursor = (await get(`${apiUrl}/fans?limit=25${cursor ? `&cursor=${cursor}` : ''}`, token)).body.data.next;
  const figures = {
    first: `${apiUrl}/fans?limit=25`,
    deep: `${apiUrl}/fans?limit=25&cursor=${cursor}`,
    activity: `${apiUrl}/fans?limit=25&sort=activity`,
    search: `${apiUrl}/fans?limit=25&q=robin%201`,
  };
  const out: Record<keyof typeof figures, number[]> = { first: [], deep: [], activity: [], search: [] };
  for (const [k, url] of Object.entries(figures) as [keyof typeof figures, string][]) {
    const warm = await get(url, token);
    if (k === 'first' && warm.body.data.total !== FANS) throw new Error(`total ${warm.body.data.total}, not ${FANS}`);
    if (k === 'search' && !warm.body.data.data.length) throw new Error('the search found no one');
    for (let r = 0; r < RUNS; r++) out[k].push((await get(url, token)).ms);
  }
  return out;
}

const LABEL = { first: 'first page (25, by total spent, with the count)', deep: 'page 40 by total spent (keyset cursor)', activity: 'first page by last activity', search: 'search "robin 1" (name prefix)' } as const;
function rowsOf(where: string, target: number, r: Awaited<ReturnType<typeof timeList>>): BenchRow[] {
  return (Object.keys(LABEL) as (keyof typeof LABEL)[]).map((k) => {
    const s = [...r[k]].sort((a, b) => a - b);
    const p95 = percentile(s, 95);
    return { suite: 'fans', figure: `${where}: fan list, ${fmt(FANS)} fans — ${LABEL[k]} (p50 ${fmt(percentile(s, 50))} ms, ${RUNS} runs)`, value: `${fmt(p95)} ms p95`, target: `< ${target} ms`, met: p95 < target };
  });
}

async function onPostgres(): Promise<BenchRow[]> {
  return withBenchDatabase('stagepass_bench_fans', async (url) => {
    const database = await openDatabase({ databaseUrl: url });
    await runMigrations(database);
    await database.close();
    const creatorId = crypto.randomUUID();
    const token = crypto.randomBytes(32).toString('base64url');
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const t0 = Date.now();
    try {
      for (const q of seedSql(creatorId, hashToken(token))) await c.query(q);
    } finally {
      await c.end();
    }
    log(`PostgreSQL: seeded ${fmt(FANS)} fans in ${fmt((Date.now() - t0) / 1000, 1)} s`);
    const api = await startApi({ env: { DATABASE_URL: url } });
    try {
      return rowsOf('PostgreSQL', 100, await timeList(api.url, token));
    } finally {
      await api.stop();
    }
  });
}

async function onPglite(): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-fans-'));
  try {
    const creatorId = crypto.randomUUID();
    const token = crypto.randomBytes(32).toString('base64url');
    const database = await openDatabase({ dataDir });
    try {
      await runMigrations(database);
      const t0 = Date.now();
      for (const q of seedSql(creatorId, hashToken(token))) await database.db.execute(sql.raw(q));
      log(`PGlite: seeded ${fmt(FANS)} fans in ${fmt((Date.now() - t0) / 1000, 1)} s`);
    } finally {
      await database.close();
    }
    const api = await startApi({ dataDir });
    try {
      return rowsOf('PGlite (embedded)', 300, await timeList(api.url, token));
    } finally {
      await api.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await reportOnBothDatabases('fans', { figure: 'PostgreSQL: fan list', target: '< 100 ms' }, onPostgres, onPglite);
