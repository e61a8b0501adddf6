/**
 * bench/welcome — the welcome message to 1,000 new subscribers arriving in one minute (issue 31,
 * "Figures": every copy delivered, p99 from subscription to message < 2 s).
 *
 *   npm run bench:welcome    BENCH_FANS (default 1,000) new subscribers over BENCH_WINDOW_S
 *                            (default 60) seconds. PostgreSQL only (BENCH_DATABASE_URL, else
 *                            DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test: a database
 *                            `stagepass_bench_welcome` is created next to it and dropped after).
 *
 * The API runs as its own process (as `npm start` runs it). The bench inserts one creator and the
 * fans with a session each; the creator sets a $9.99 subscription and a welcome message through the
 * API, each fan saves a sandbox card (before the clock starts) and connects a websocket. Then the
 * fans subscribe through POST /payment/subscribe/performers, one every WINDOW/FANS seconds (open
 * loop: a slow answer never holds back the next fan), each a real card payment whose transaction
 * records `fan.subscribed`; the welcome message goes the product's way — the event's handler job
 * claims the once-per-fan record and delivers the copy (message row, counters, socket push).
 * Two latencies per fan: the request's start → its socket's `message/created` (what the fan sees),
 * and the `fan.subscribed` event's time → the copy's row (`created_at`, both the database's clock).
 * Checked: one copy per fan, none missing. The API runs with EVENT_WORKERS=4 (handler jobs four at a
 * time; the welcome handler's jobs are fetched first: `events.on(…, { priority })`). Also printed:
 * each event type's handler jobs (one per event), queued → started and run time (pg-boss' job rows), where the time went.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { hashToken } from '../apps/api/src/platform/auth';
import { startApi } from './lib/api-process.mts';
import { withBenchDatabase } from './lib/bench-db.mts';
import { connectAll } from './lib/socket-rounds.mts';
import { fmt, percentile, report, type BenchRow } from './lib/report.mts';

const DB = 'stagepass_bench_welcome';
const FANS = Math.min(Number(process.env.BENCH_FANS ?? 1000), 10_000);
const WINDOW_S = Math.min(Number(process.env.BENCH_WINDOW_S ?? 60), 600);
const TARGET_MS = 2000;
const log = (m: string) => console.log(`[welcome] ${m}`);

async function seed(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const creatorId = crypto.randomUUID();
    const creatorToken = crypto.randomBytes(32).toString('base64url');
    await c.query(`INSERT INTO users (id, username, email, name, is_performer, roles, verified_email) VALUES ($1, 'benchcreator', 'creator@bench.test', 'Bench Creator', true, '["user","performer"]', true)`, [creatorId]);
    await c.query(`INSERT INTO performer_profiles (user_id, bio, verification_status) VALUES ($1, 'Bench creator', 'approved')`, [creatorId]);
    const fans = Array.from({ length: FANS }, (_, i) => ({ id: crypto.randomUUID(), token: crypto.randomBytes(32).toString('base64url'), i }));
    await c.query(
      `INSERT INTO users (id, username, email, name, roles, verified_email)
       SELECT id, 'benchfan' || n, 'fan' || n || '@bench.test', 'Fan ' || n, '["user"]', true FROM unnest($1::uuid[], $2::int[]) AS t(id, n)`,
      [fans.map((f) => f.id), fans.map((f) => f.i)],
    );
    await c.query(
      `INSERT INTO sessions (id, user_id, token_hash, expires_at)
       SELECT gen_random_uuid(), u, h, now() + interval '1 day' FROM unnest($1::uuid[], $2::text[]) AS t(u, h)`,
      [[creatorId, ...fans.map((f) => f.id)], [hashToken(creatorToken), ...fans.map((f) => hashToken(f.token))]],
    );
    await c.query('ANALYZE');
    return { creatorId, creatorToken, fans };
  } finally {
    await c.end();
  }
}

async function call(apiUrl: string, method: string, path: string, token: string, body?: unknown) {
  const r = await fetch(`${apiUrl}${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  if (!r.ok) throw new Error(`${method} ${path} answered ${r.status}: ${await r.text()}`);
  return r.json();
}

/** `fn` over `items`, `width` at a time. */
async function pool<T>(items: T[], width: number, fn: (x: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}

async function main(dbUrl: string) {
  // Card and subscribe limits are per user; the bench's fans each make one of each. Event handlers
  // four at a time (EVENT_WORKERS, the setting for bursts of events: apps/api/README.md).
  const api = await startApi({ env: { DATABASE_URL: dbUrl, RATE_LIMIT_CARD_MAX: '100000', EVENT_WORKERS: process.env.EVENT_WORKERS ?? '4' } });
  try {
    const { creatorId, creatorToken, fans } = await seed(dbUrl);
    const admin = new pg.Client({ connectionString: dbUrl });
    await admin.connect();
    // The creator (verified) sells subscriptions at $9.99 and greets new subscribers.
    await call(api.url, 'PUT', '/performers/subscription-settings', creatorToken, { monthlyPrice: 9.99, freeSubscriptionEnabled: false });
    await call(api.url, 'PUT', '/messages/auto/welcome', creatorToken, { enabled: true, text: 'Welcome! Thanks for subscribing.' });
    const year = new Date().getUTCFullYear() + 3;
    await pool(fans, 16, (f) => call(api.url, 'POST', '/sandbox/cards', f.token, { number: '4242424242424242', expMonth: 12, expYear: year, cvc: '123', holderName: `Fan ${f.i}` }));
    log(`${fmt(FANS)} fans with a card`);
    const { sockets, arrivals } = await connectAll(api.url, FANS, 'message/created', (i) => ({ token: fans[i]!.token }));
    log(`${fmt(FANS)} sockets connected`);

    // Open loop: fan i starts subscribing at i × WINDOW/FANS.
    const gap = (WINDOW_S * 1000) / FANS;
    const starts: number[] = [];
    const failures: string[] = [];
    const t0 = performance.now();
    await Promise.all(
      fans.map(async (f) => {
        const at = t0 + f.i * gap;
        const wait = at - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        starts[f.i] = performance.now();
        await call(api.url, 'POST', '/payment/subscribe/performers', f.token, { performerId: creatorId, type: 'monthly' }).catch((e: Error) => failures.push(e.message));
      }),
    );
    log(`${fmt(FANS)} subscribe requests in ${fmt((performance.now() - t0) / 1000, 1)} s, ${failures.length} failed${failures.length ? ` (first: ${failures[0]})` : ''}`);
    const until = Date.now() + 60_000;
    while (arrivals.some((a) => a.length === 0) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    for (const s of sockets) s.disconnect();

    const seen = arrivals.map((a, i) => (a.length ? a[0]! - starts[i]! : NaN)).filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
    const counts = await admin.query<{ copies: string; fans: string; sends: string }>(
      `SELECT count(*) AS copies, count(DISTINCT s.fan_id) AS fans, (SELECT count(*) FROM auto_message_sends WHERE performer_id = $1 AND kind = 'welcome' AND status = 'sent') AS sends
       FROM auto_message_sends s JOIN messages m ON m.id = s.message_id WHERE s.performer_id = $1 AND s.kind = 'welcome'`,
      [creatorId],
    );
    const server = await admin.query<{ ms: string }>(
      `SELECT extract(epoch FROM (m.created_at - e.occurred_at)) * 1000 AS ms
       FROM domain_events e
       JOIN auto_message_sends s ON s.performer_id = $1 AND s.kind = 'welcome' AND s.fan_id = (e.payload->>'userId')::uuid
       JOIN messages m ON m.id = s.message_id
       WHERE e.type = 'fan.subscribed' AND e.payload->>'performerId' = $1::text`,
      [creatorId],
    );
    // Where the time went: the welcome handler's jobs, queued → started → done, and the handler jobs of the whole run.
    const jobs = await admin.query<{ handler: string; n: string; wait: string; run: string }>(
      `SELECT e.type AS handler, count(*) AS n,
              percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM (j.started_on - j.created_on)) * 1000) AS wait,
              percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM (j.completed_on - j.started_on)) * 1000) AS run
       FROM pgboss.job j JOIN domain_events e ON e.id = (j.data->>'eventId')::uuid
       WHERE j.name = 'events.handle' AND j.state = 'completed' GROUP BY 1 ORDER BY 2 DESC`,
    ).catch(() => ({ rows: [] as Array<{ handler: string; n: string; wait: string; run: string }> }));
    for (const j of jobs.rows) log(`  ${j.handler} events' handler jobs: ${fmt(Number(j.n))} jobs, queued → started p99 ${fmt(Number(j.wait))} ms, run p99 ${fmt(Number(j.run))} ms`);
    await admin.end();
    const db = server.rows.map((r) => Number(r.ms)).sort((a, b) => a - b);
    const copies = Number(counts.rows[0]!.copies);
    const oneEach = copies === FANS && Number(counts.rows[0]!.fans) === FANS && Number(counts.rows[0]!.sends) === FANS;
    const p99 = percentile(seen, 99);
    log(`delivered ${fmt(copies)}/${fmt(FANS)} (sockets ${fmt(seen.length)}); request → socket p50 ${fmt(percentile(seen, 50))} ms, p99 ${fmt(p99)} ms, max ${fmt(seen.at(-1) ?? NaN)} ms; fan.subscribed → message row p50 ${fmt(percentile(db, 50))} ms, p99 ${fmt(percentile(db, 99))} ms`);
    const rows: BenchRow[] = [
      {
        suite: 'welcome',
        figure: `welcome message to ${fmt(FANS)} new subscribers in ${WINDOW_S} s (paid card subscriptions): delivered ${fmt(copies)}/${fmt(FANS)}${oneEach ? ', one each' : ', NOT one each'}; subscribe request → fan's socket p99 (p50 ${fmt(percentile(seen, 50))}, max ${fmt(seen.at(-1) ?? NaN)})`,
        value: `${fmt(p99)} ms`,
        target: `every copy, p99 < ${fmt(TARGET_MS)} ms`,
        met: oneEach && seen.length === FANS && failures.length === 0 && p99 < TARGET_MS,
      },
      {
        suite: 'welcome',
        figure: 'fan.subscribed recorded → the copy\'s message row (database clock), p50 / p99',
        value: `${fmt(percentile(db, 50))} / ${fmt(percentile(db, 99))} ms`,
        target: 'reported',
        met: null,
      },
    ];
    report('welcome', rows);
  } finally {
    await api.stop();
  }
}

await withBenchDatabase(DB, main);
