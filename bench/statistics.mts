/**
 * bench/statistics — a big creator's statistics screens (issue 31 §5, "Figure").
 *
 *   npm run bench:statistics   BENCH_ENTRIES (default 2,000,000) ledger entries — a third as many
 *                              sales (the fan's side, the creator's earnings, the commission), each
 *                              with its earnings row, over the last 365 days, in every channel;
 *                              BENCH_SUBSCRIBERS (default 50,000) fans subscribed over two years
 *                              (a fifth of them lapsed), BENCH_POSTS (default 5,000) posts with
 *                              80,000 unlocks and 200,000 likes; BENCH_RUNS (default 100) timed
 *                              requests of each screen. On PostgreSQL (BENCH_DATABASE_URL, else
 *                              DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test: a
 *                              database `stagepass_bench_statistics` next to it, dropped after) and
 *                              on PGlite (a throwaway DATA_DIR; BENCH_PGLITE=0 skips it).
 *
 * The facts are written in bulk SQL; the rollups are then made from them by THE backfill of
 * migration 0064 (the statements after its "-- Backfill" line, the same sums the event handlers
 * keep one event at a time), plus views per post and day. The API runs as its own process; the
 * creator asks each statistics screen's call over loopback after a warm-up. The earnings figure
 * is checked against the earnings rows to the cent. Target: p95 < 100 ms on PostgreSQL, < 300 ms
 * on PGlite, for every screen's call.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { hashToken } from '../apps/api/src/platform/auth';
import { openDatabase, runMigrations } from '../apps/api/src/db/client';
import { startApi } from './lib/api-process.mts';
import { withBenchDatabase } from './lib/bench-db.mts';
import { fmt, percentile, type BenchRow } from './lib/report.mts';
import { reportOnBothDatabases } from './lib/both-databases.mts';

const ENTRIES = Math.min(Number(process.env.BENCH_ENTRIES ?? 2_000_000), 5_000_000);
const SALES = Math.floor(ENTRIES / 3);
const SUBSCRIBERS = Math.min(Number(process.env.BENCH_SUBSCRIBERS ?? 50_000), 200_000);
const POSTS = Math.min(Number(process.env.BENCH_POSTS ?? 5_000), 50_000);
const RUNS = Math.min(Number(process.env.BENCH_RUNS ?? 100), 2000);
const log = (m: string) => console.log(`[statistics] ${m}`);
const CHANNELS = ['subscription', 'tip', 'tip_menu', 'feed', 'message', 'video', 'gallery', 'product', 'live_ticket', 'private_show', 'referral'];
const TYPE_OF: Record<string, string> = { tip_menu: 'tip', live_ticket: 'stream', private_show: 'stream' };

/** The migration's backfill: its statements after the "-- Backfill" line. */
function backfillSql(): string[] {
  const text = fs.readFileSync(path.join(import.meta.dirname, '../apps/api/drizzle/0064_statistics.sql'), 'utf8');
  return text.slice(text.indexOf('-- Backfill')).split('--> statement-breakpoint').map((s) => s.trim()).filter(Boolean);
}

function seedSql(creatorId: string, tokenHash: string): string[] {
  const acc = { earnings: crypto.randomUUID(), gateway: crypto.randomUUID(), commission: crypto.randomUUID() };
  const secs = (365 * 86_400) / (SALES + 1);
  const start = `now() - interval '365 days'`;
  const channelCase = `(ARRAY[${CHANNELS.map((c) => `'${c}'`).join(',')}])[1 + (i % ${CHANNELS.length})]`;
  const typeCase = `CASE ch ${Object.entries(TYPE_OF).map(([c, ty]) => `WHEN '${c}' THEN '${ty}'`).join(' ')} ELSE ch END`;
  return [
    `INSERT INTO users (id, username, email, name, is_performer, roles, verified_email) VALUES ('${creatorId}', 'benchcreator', 'creator@bench.test', 'Bench Creator', true, '["user","performer"]', true)`,
    `INSERT INTO performer_profiles (user_id, bio) VALUES ('${creatorId}', 'Bench creator')`,
    `INSERT INTO sessions (id, user_id, token_hash, expires_at) VALUES ('${crypto.randomUUID()}', '${creatorId}', '${tokenHash}', now() + interval '1 day')`,
    `CREATE TABLE bench_fans AS SELECT n, gen_random_uuid() AS id FROM generate_series(0, ${SUBSCRIBERS - 1}) n`,
    `INSERT INTO users (id, username, email, name, is_performer, roles, verified_email) SELECT id, 'benchfan' || n, 'fan' || n || '@bench.test', 'Bench Fan ' || n, false, '["user"]', true FROM bench_fans`,
    // Subscriptions over two years; every fifth lapsed after a few months.
    `INSERT INTO subscriptions (id, user_id, performer_id, status, created_at, updated_at, expires_at)
       SELECT gen_random_uuid(), id, '${creatorId}', CASE WHEN n % 5 = 0 THEN 'expired' ELSE 'active' END, at, at,
              CASE WHEN n % 5 = 0 THEN at + make_interval(days => 30 * (1 + n % 7)) ELSE now() + interval '20 days' END
       FROM (SELECT n, id, now() - make_interval(secs => (n * 63072000.0 / ${SUBSCRIBERS})) AS at FROM bench_fans) s`,
    `INSERT INTO follows (follower_id, following_id, created_at) SELECT f.id, '${creatorId}', s.created_at FROM bench_fans f JOIN subscriptions s ON s.user_id = f.id`,
    `CREATE TABLE bench_posts AS SELECT n, gen_random_uuid() AS id, now() - make_interval(secs => n * 31536000.0 / ${POSTS}) AS at FROM generate_series(0, ${POSTS - 1}) n`,
    `INSERT INTO feeds (id, performer_id, type, visibility, text, created_at, updated_at) SELECT id, '${creatorId}', 'text', 'ppv', 'Bench post ' || n, at, at FROM bench_posts`,
    `INSERT INTO purchases (id, user_id, item_type, item_id, performer_id, amount, created_at)
       SELECT gen_random_uuid(), f.id, 'feed', p.id, '${creatorId}', 499, greatest(p.at, now() - make_interval(secs => i * 31536000.0 / 80000))
       FROM generate_series(0, 79999) i JOIN bench_fans f ON f.n = i % ${SUBSCRIBERS} JOIN bench_posts p ON p.n = (i * 7 + i / ${SUBSCRIBERS}) % ${POSTS}`,
    `INSERT INTO reactions (id, user_id, object_type, object_id, action, created_at)
       SELECT gen_random_uuid(), f.id, 'feed', p.id, 'like', greatest(p.at, now() - make_interval(secs => i * 31536000.0 / 200000))
       FROM generate_series(0, 199999) i JOIN bench_fans f ON f.n = i % ${SUBSCRIBERS} JOIN bench_posts p ON p.n = (i * 13 + i / ${SUBSCRIBERS}) % ${POSTS}`,
    `INSERT INTO ledger_accounts (id, kind, owner_id, balance) VALUES ('${acc.earnings}', 'earnings', '${creatorId}', 0), ('${acc.gateway}', 'gateway', NULL, 0), ('${acc.commission}', 'commission', NULL, 0)`,
    `CREATE TABLE bench_mv AS
       SELECT i, gen_random_uuid() AS tx, ch, ${typeCase} AS ty, gross, floor((gross * 2000 + 5000) / 10000)::bigint AS c, i % 53 = 0 AS refund, ${start} + make_interval(secs => i * ${secs}) AS at
       FROM (SELECT i, ${channelCase} AS ch, (500 + (i * 37) % 4500)::bigint AS gross FROM generate_series(1, ${SALES}) i) s`,
    `INSERT INTO ledger_transactions (id, type, reference, description, amount, performer_id, created_at)
       SELECT tx, CASE WHEN refund THEN 'card_refund' ELSE ty END, 'bench:' || i, 'Bench ' || ch, gross, '${creatorId}', at FROM bench_mv`,
    `INSERT INTO ledger_entries (id, transaction_id, account_id, amount, created_at)
       SELECT gen_random_uuid(), m.tx, v.acc, v.amt, m.at FROM bench_mv m CROSS JOIN LATERAL (VALUES
         ('${acc.gateway}'::uuid, CASE WHEN m.refund THEN m.gross ELSE -m.gross END),
         ('${acc.earnings}'::uuid, CASE WHEN m.refund THEN -(m.gross - m.c) ELSE m.gross - m.c END),
         ('${acc.commission}'::uuid, CASE WHEN m.refund THEN -m.c ELSE m.c END)) AS v(acc, amt)`,
    `INSERT INTO earnings (id, performer_id, user_id, type, channel, source, gross, commission, net, commission_bps, description, ledger_transaction_id, created_at)
       SELECT gen_random_uuid(), '${creatorId}', f.id, m.ty, m.ch, CASE WHEN m.refund THEN 'card_refund:' ELSE 'payment:' END || 'bench-' || m.i,
              CASE WHEN m.refund THEN -m.gross ELSE m.gross END, CASE WHEN m.refund THEN -m.c ELSE m.c END, CASE WHEN m.refund THEN -(m.gross - m.c) ELSE m.gross - m.c END,
              2000, 'Bench ' || m.ch, m.tx, m.at
       FROM bench_mv m JOIN bench_fans f ON f.n = m.i % ${SUBSCRIBERS}`,
    'DROP TABLE bench_mv',
    'DROP TABLE bench_posts',
    'DROP TABLE bench_fans',
    // The rollups, as the handlers would have kept them: the migration's backfill over these facts, and views per post and day.
    ...backfillSql(),
    `UPDATE stats_content_daily SET views = 40 * unlocks + 10 * likes + 25`,
    'ANALYZE',
  ];
}

interface Timed { ms: number[]; body: unknown }
async function timeGet(url: string, token: string): Promise<Timed> {
  const get = async () => {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (!res.ok) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 300)}`);
    return { ms, body: url.includes('/csv') ? text : (JSON.parse(text) as unknown) };
  };
  for (let i = 0; i < 5; i++) await get(); // warm-up
  const ms: number[] = [];
  let body: unknown = null;
  for (let i = 0; i < RUNS; i++) {
    const r = await get();
    ms.push(r.ms);
    body = r.body;
  }
  return { ms: ms.sort((a, b) => a - b), body };
}

const SCREENS = [
  ['earnings, last 30 days', '/statistics/earnings'],
  ['earnings, 366 days', '/statistics/earnings?from=DAY366&to=TODAY'],
  ['audience, last 30 days', '/statistics/audience'],
  ['audience, 366 days', '/statistics/audience?from=DAY366&to=TODAY'],
  ['content, last 30 days by views', '/statistics/content'],
  ['content, 366 days by conversion', '/statistics/content?from=DAY366&to=TODAY&sortBy=conversion'],
  ['earnings CSV, 366 days', '/statistics/earnings/csv?from=DAY366&to=TODAY'],
] as const;

async function timeScreens(label: string, apiUrl: string, token: string, netMinor: number, targetMs: number): Promise<BenchRow[]> {
  const today = new Date().toISOString().slice(0, 10);
  const d366 = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const rows: BenchRow[] = [];
  for (const [name, p] of SCREENS) {
    const r = await timeGet(`${apiUrl}${p.replace('DAY366', d366).replace('TODAY', today)}`, token);
    if (p.startsWith('/statistics/earnings?from')) {
      const net = Math.round((r.body as { data: { total: { net: number } } }).data.total.net * 100);
      if (net !== netMinor) throw new Error(`earnings over 366 days say ${net}, the earnings rows ${netMinor}`);
    }
    const p50 = fmt(percentile(r.ms, 50), 1);
    rows.push({
      suite: 'statistics',
      figure: `${label}: ${name} (${fmt(ENTRIES)} ledger entries, ${fmt(SUBSCRIBERS)} subscribers, ${fmt(POSTS)} posts), p50 ${p50} ms of ${RUNS}`,
      value: `${fmt(percentile(r.ms, 95), 1)} ms (p95)`,
      target: `< ${targetMs} ms`,
      met: percentile(r.ms, 95) < targetMs,
    });
    log(`${label}: ${name}: p95 ${fmt(percentile(r.ms, 95), 1)} ms`);
  }
  return rows;
}

/** The creator's net over the 366 days the screens ask for (from the earnings rows themselves). */
const netSql = (creatorId: string) => `SELECT coalesce(sum(net), 0)::text AS net FROM earnings WHERE performer_id = '${creatorId}' AND created_at >= (current_date - 365)::timestamp AT TIME ZONE 'UTC'`;

async function seedInto(database: Awaited<ReturnType<typeof openDatabase>>, creatorId: string, tokenHash: string, label: string): Promise<number> {
  await runMigrations(database);
  const t0 = Date.now();
  for (const q of seedSql(creatorId, tokenHash)) await database.db.execute(sql.raw(q));
  log(`${label}: seeded in ${fmt((Date.now() - t0) / 1000, 1)} s`);
  const { rows } = await database.db.execute<{ net: string }>(sql.raw(netSql(creatorId)));
  return Number(rows[0]!.net);
}

async function onPostgres(): Promise<BenchRow[]> {
  return withBenchDatabase('stagepass_bench_statistics', async (url) => {
    const creatorId = crypto.randomUUID();
    const token = crypto.randomBytes(32).toString('base64url');
    const database = await openDatabase({ databaseUrl: url });
    let net = 0;
    try {
      net = await seedInto(database, creatorId, hashToken(token), 'PostgreSQL');
    } finally {
      await database.close();
    }
    const api = await startApi({ env: { DATABASE_URL: url } });
    try {
      return await timeScreens('PostgreSQL', api.url, token, net, 100);
    } finally {
      await api.stop();
    }
  });
}

async function onPglite(): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-stats-'));
  try {
    const creatorId = crypto.randomUUID();
    const token = crypto.randomBytes(32).toString('base64url');
    const database = await openDatabase({ dataDir });
    let net = 0;
    try {
      net = await seedInto(database, creatorId, hashToken(token), 'PGlite');
    } finally {
      await database.close();
    }
    const api = await startApi({ dataDir });
    try {
      return await timeScreens('PGlite (embedded)', api.url, token, net, 300);
    } finally {
      await api.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await reportOnBothDatabases('statistics', { figure: 'PostgreSQL: statistics screens', target: '< 100 ms' }, onPostgres, onPglite);
