/**
 * bench/tracking — a tracking link's page over a year (issue 30 §4, "Figures").
 *
 *   npm run bench:tracking   BENCH_CLICKS (default 1,000,000) clicks and BENCH_SUBSCRIPTIONS
 *                            (default 10,000) attributed fans who signed up and subscribed, spread
 *                            over the last 365 days on ONE link; BENCH_RUNS (default 200) timed
 *                            requests of each page. PostgreSQL only (BENCH_DATABASE_URL, else
 *                            DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test: a database
 *                            `stagepass_bench_tracking` is created next to it and dropped after).
 *
 * The data goes through the module's own writers, so the rollups are the ones the API keeps:
 * the clicks through THE click count (`countClicks`: raw rows keyed (link, visitor, day), first
 * visits, the day's rollup increment — one call per day with that day's visitors, from a pool so
 * visitors come back), the fans' accounts and attributions in bulk SQL, and their sign-ups, follows,
 * subscriptions and revenue per day through THE rollup write (`bumpRollups`, the statement the
 * sign-up and the event handlers run). The API runs as its own process (as `npm start` runs it);
 * the creator asks GET /tracking/links/{id}?days=365 (the link's page: a year of days) and
 * GET /tracking/links (the list) over loopback, after a warm-up. The figures are checked against
 * what was written. Target: the link's page p99 < 100 ms.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { hashToken } from '../apps/api/src/platform/auth';
import { openDatabase, runMigrations } from '../apps/api/src/db/client';
import { countClicks } from '../apps/api/src/modules/tracking/tracking.service';
import { bumpRollups, type RollupDelta } from '../apps/api/src/modules/tracking/tracking.rollups';
import { startApi } from './lib/api-process.mts';
import { postgresReachable, withBenchDatabase } from './lib/bench-db.mts';
import { fmt, percentile, report, type BenchRow } from './lib/report.mts';

const CLICKS = Math.min(Number(process.env.BENCH_CLICKS ?? 1_000_000), 5_000_000);
const SUBSCRIPTIONS = Math.min(Number(process.env.BENCH_SUBSCRIPTIONS ?? 10_000), 200_000);
const RUNS = Math.min(Number(process.env.BENCH_RUNS ?? 200), 5000);
const DAYS = 365;
const PRICE = 999;
const TARGET_MS = 100;
const DAY_MS = 86_400_000;
const log = (m: string) => console.log(`[tracking] ${m}`);

const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

async function seed(url: string, ids: { creator: string; link: string; tokenHash: string }): Promise<{ clicks: number; visitors: number }> {
  const database = await openDatabase({ databaseUrl: url });
  try {
    await runMigrations(database);
    const db = database.db;
    await db.execute(sql.raw(`INSERT INTO users (id, username, email, name, is_performer, roles, verified_email) VALUES ('${ids.creator}', 'benchcreator', 'creator@bench.test', 'Bench Creator', true, '["user","performer"]', true)`));
    await db.execute(sql.raw(`INSERT INTO performer_profiles (user_id, bio) VALUES ('${ids.creator}', 'Bench creator')`));
    await db.execute(sql.raw(`INSERT INTO sessions (id, user_id, token_hash, expires_at) VALUES ('${crypto.randomUUID()}', '${ids.creator}', '${ids.tokenHash}', now() + interval '1 day')`));
    const today = Date.parse(`${utcDay(Date.now())}T00:00:00Z`);
    const first = today - (DAYS - 1) * DAY_MS;
    await db.execute(sql.raw(`INSERT INTO tracking_links (id, performer_id, name, code, created_at, updated_at) VALUES ('${ids.link}', '${ids.creator}', 'Twitter bio', 'benchtrk', '${new Date(first).toISOString()}', now())`));
    for (let i = 1; i <= 99; i++) {
      await db.execute(sql.raw(`INSERT INTO tracking_links (id, performer_id, name, code) VALUES ('${crypto.randomUUID()}', '${ids.creator}', 'Other ${i}', 'o${String(i).padStart(7, '0')}')`));
    }

    // Clicks: THE click count, one call per day with that day's visitors (a pool a third the size: visitors come back).
    const t0 = Date.now();
    const pool = Math.max(1, Math.round(CLICKS / 3));
    let clicks = 0;
    for (let d = 0; d < DAYS; d++) {
      const n = Math.floor(CLICKS / DAYS) + (d < CLICKS % DAYS ? 1 : 0);
      const start = (d * 7919) % pool;
      const at = new Date(first + d * DAY_MS + 12 * 3_600_000);
      for (let off = 0; off < n; off += 2000) {
        const visitors = Array.from({ length: Math.min(2000, n - off) }, (_, k) => `bench-visitor-${String((start + off + k) % pool).padStart(8, '0')}`);
        clicks += await db.transaction((tx) => countClicks(tx, ids.link, at, visitors));
      }
      if (d % 73 === 72) log(`clicks: ${d + 1} of ${DAYS} days (${fmt(clicks)}) in ${fmt((Date.now() - t0) / 1000, 1)} s`);
    }

    // The attributed fans: accounts and attributions in bulk, then their figures per day through THE rollup write.
    await db.execute(sql.raw(`INSERT INTO users (id, username, email, name, is_performer, roles, verified_email)
      SELECT gen_random_uuid(), 'benchfan' || i, 'fan' || i || '@bench.test', 'Bench Fan ' || i, false, '["user"]', true FROM generate_series(1, ${SUBSCRIPTIONS}) i`));
    await db.execute(sql.raw(`INSERT INTO tracking_attributions (user_id, performer_id, link_id, via, touched_at, attributed_at, followed_at, subscribed_at)
      SELECT id, '${ids.creator}', '${ids.link}', 'signup', at, at, at, at FROM (
        SELECT id, timestamptz '${new Date(first).toISOString()}' + make_interval(secs => (row_number() over (order by id) - 1) * ${(DAYS * 86_400) / SUBSCRIPTIONS}) AS at
        FROM users WHERE email LIKE 'fan%@bench.test') s`));
    const perDay = new Map<string, number>();
    for (let i = 0; i < SUBSCRIPTIONS; i++) {
      const day = utcDay(first + Math.floor((i * DAYS * DAY_MS) / SUBSCRIPTIONS));
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    const deltas: RollupDelta[] = [...perDay].map(([day, n]) => ({ linkId: ids.link, day, signups: n, follows: n, subscriptions: n, revenue: n * PRICE }));
    for (let i = 0; i < deltas.length; i += 100) await db.transaction((tx) => bumpRollups(tx, deltas.slice(i, i + 100)));
    await db.execute(sql.raw('ANALYZE'));
    const [v] = (await db.execute<{ n: string }>(sql.raw(`SELECT count(*)::text AS n FROM tracking_visitors WHERE link_id = '${ids.link}'`))).rows;
    log(`seeded ${fmt(clicks)} clicks and ${fmt(SUBSCRIPTIONS)} subscribed fans in ${fmt((Date.now() - t0) / 1000, 1)} s`);
    return { clicks, visitors: Number(v!.n) };
  } finally {
    await database.close();
  }
}

async function timeGet(url: string, token: string): Promise<{ ms: number[]; body: unknown }> {
  const get = async () => {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (!res.ok) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 300)}`);
    return { ms, body: JSON.parse(text) as unknown };
  };
  for (let i = 0; i < 10; i++) await get(); // warm-up
  const ms: number[] = [];
  let body: unknown = null;
  for (let i = 0; i < RUNS; i++) {
    const r = await get();
    ms.push(r.ms);
    body = r.body;
  }
  return { ms: ms.sort((a, b) => a - b), body };
}

async function onPostgres(): Promise<BenchRow[]> {
  return withBenchDatabase('stagepass_bench_tracking', async (url) => {
    const ids = { creator: crypto.randomUUID(), link: crypto.randomUUID(), tokenHash: '' };
    const token = crypto.randomBytes(32).toString('base64url');
    ids.tokenHash = hashToken(token);
    const written = await seed(url, ids);
    const api = await startApi({ env: { DATABASE_URL: url } });
    try {
      const page = await timeGet(`${api.url}/tracking/links/${ids.link}?days=365`, token);
      const list = await timeGet(`${api.url}/tracking/links?limit=100`, token);
      const d = (page.body as { data: { period: Record<string, number>; series: unknown[]; link: { totals: Record<string, number> } } }).data;
      const want = { clicks: written.clicks, visitors: written.visitors, signups: SUBSCRIPTIONS, follows: SUBSCRIPTIONS, subscriptions: SUBSCRIPTIONS, revenue: (SUBSCRIPTIONS * PRICE) / 100 };
      for (const [k, v] of Object.entries(want)) if (d.link.totals[k] !== v) throw new Error(`the page says ${k} ${d.link.totals[k]}, ${v} were written`);
      if (d.series.length !== DAYS) throw new Error(`the page has ${d.series.length} days, not ${DAYS}`);
      const p = (ms: number[], q: number) => fmt(percentile(ms, q), 1);
      return [
        {
          suite: 'tracking',
          figure: `PostgreSQL: a tracking link's page over 365 days (GET /tracking/links/{id}?days=365), ${fmt(written.clicks)} clicks + ${fmt(SUBSCRIPTIONS)} subscriptions on one link, p50 ${p(page.ms, 50)} ms of ${RUNS}`,
          value: `${p(page.ms, 99)} ms (p99)`,
          target: `< ${TARGET_MS} ms`,
          met: percentile(page.ms, 99) < TARGET_MS,
        },
        { suite: 'tracking', figure: `PostgreSQL: the creator's list of 100 links with all-time figures (GET /tracking/links?limit=100), p50 ${p(list.ms, 50)} ms`, value: `${p(list.ms, 99)} ms (p99)`, target: 'reported', met: null },
      ];
    } finally {
      await api.stop();
    }
  });
}

const rows: BenchRow[] = [];
if (await postgresReachable()) rows.push(...(await onPostgres()));
else rows.push({ suite: 'tracking', figure: "PostgreSQL: a tracking link's page over 365 days", value: 'not measured (no PostgreSQL on 127.0.0.1:5432)', target: `< ${TARGET_MS} ms`, met: null });
report('tracking', rows);
