/**
 * bench/checkout — a subscription checkout with a promotion and a tracking attribution (issue 30,
 * "Figures": p99 < 50 ms at 100 req/s on PostgreSQL).
 *
 *   npm run bench:checkout   BENCH_RATE (default 100) checkouts a second for BENCH_SECONDS (default
 *                            30), open loop (every latency counted from when its request was due),
 *                            after BENCH_WARMUP (default 200) checkouts one at a time. PostgreSQL only
 *                            (BENCH_DATABASE_URL, else DATABASE_URL, else
 *                            postgres://postgres@127.0.0.1:5432/test: a database
 *                            `stagepass_bench_checkout` is created next to it and dropped after).
 *
 * The API runs as its own process (as `npm start` runs it, its job workers included) on the sandbox
 * gateway. The creator is set up through the API: a monthly price, a tracking link and a running
 * "50 % off for 3 months" promotion for new subscribers. Each fan — an account with a session, a
 * saved sandbox card and an attribution to the link (as a sign-up through it leaves them), written
 * in bulk — subscribes once: POST /payment/subscribe/performers with the promotion the checkout
 * showed and an Idempotency-Key. That request claims the promotion (the conditional UPDATE), charges
 * the card and books the sale in one transaction; the tracking link's subscription and revenue are
 * counted by the event handlers after it. The figures are checked afterwards: every checkout 200,
 * one claim and one subscription per fan at the promotion's price, and the link's rollup counting
 * every subscription.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { subscriptionPrice } from '@stagepass/shared';
import { hashToken } from '../apps/api/src/platform/auth';
import { startApi } from './lib/api-process.mts';
import { postgresReachable, withBenchDatabase } from './lib/bench-db.mts';
import { openLoop, type LoopRequest } from './lib/open-loop.mts';
import { fmt, report, type BenchRow } from './lib/report.mts';

const RATE = Math.min(Number(process.env.BENCH_RATE ?? 100), 1000);
const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 30), 300);
const WARMUP = Math.min(Number(process.env.BENCH_WARMUP ?? 200), 5000);
const PRICE = 999;
const PERCENT = 50;
const TARGET_MS = 50;
const log = (m: string) => console.log(`[checkout] ${m}`);

interface Fan { id: string; token: string }

async function api(base: string, token: string, method: string, path: string, body?: unknown): Promise<{ data: Record<string, unknown> }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as { data: Record<string, unknown> };
}

/** The creator (SQL: an account and a session), then their offer through the API. */
async function setUpCreator(c: pg.Client, base: string) {
  const creatorId = crypto.randomUUID();
  const token = crypto.randomBytes(32).toString('base64url');
  await c.query(`INSERT INTO users (id, username, email, name, is_performer, roles, verified_email) VALUES ($1, 'benchcreator', 'creator@bench.test', 'Bench Creator', true, '["user","performer"]', true)`, [creatorId]);
  await c.query(`INSERT INTO performer_profiles (user_id, bio, verification_status) VALUES ($1, 'Bench creator', 'approved')`, [creatorId]);
  await c.query(`INSERT INTO sessions (id, user_id, token_hash, expires_at) VALUES (gen_random_uuid(), $1, $2, now() + interval '1 day')`, [creatorId, hashToken(token)]);
  await api(base, token, 'PUT', '/performers/subscription-settings', { monthlyPrice: PRICE / 100, freeSubscriptionEnabled: false });
  const link = await api(base, token, 'POST', '/tracking/links', { name: 'Bench campaign' });
  const promotion = await api(base, token, 'POST', '/promotions', {
    kind: 'discount', percentage: PERCENT, months: 3, audience: 'new', maxClaims: 100_000, endsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  return { creatorId, linkId: String(link.data._id), promotionId: String(promotion.data._id) };
}

/** `count` fans: account, session, a saved sandbox card that succeeds, an attribution to the link. */
async function seedFans(c: pg.Client, count: number, creatorId: string, linkId: string): Promise<Fan[]> {
  const fans = Array.from({ length: count }, () => ({ id: crypto.randomUUID(), token: crypto.randomBytes(32).toString('base64url') }));
  const ids = fans.map((f) => f.id);
  await c.query(
    `INSERT INTO users (id, username, email, name, roles, verified_email)
     SELECT id, 'benchfan' || n, 'fan' || n || '@bench.test', 'Fan ' || n, '["user"]', true FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, n)`,
    [ids],
  );
  await c.query(`INSERT INTO sessions (id, user_id, token_hash, expires_at) SELECT gen_random_uuid(), u, h, now() + interval '1 day' FROM unnest($1::uuid[], $2::text[]) AS t(u, h)`, [ids, fans.map((f) => hashToken(f.token))]);
  // The sandbox gateway keeps no card state: its token names the outcome (platform/payments/sandbox.ts).
  await c.query(
    `INSERT INTO payment_cards (id, user_id, gateway, provider_card_id, brand, last4, exp_month, exp_year, is_default)
     SELECT gen_random_uuid(), u, 'sandbox', 'sbx_succeeds_4242_' || substr(md5(u::text), 1, 12), 'visa', '4242', 12, 2035, true FROM unnest($1::uuid[]) AS t(u)`,
    [ids],
  );
  await c.query(
    `INSERT INTO tracking_attributions (user_id, performer_id, link_id, via, touched_at, attributed_at)
     SELECT u, $2, $3, 'signup', now() - interval '1 hour', now() - interval '1 hour' FROM unnest($1::uuid[]) AS t(u)`,
    [ids, creatorId, linkId],
  );
  await c.query('ANALYZE');
  return fans;
}

const checkout = (performerId: string, promotionId: string) => (f: Fan): LoopRequest => ({
  method: 'POST',
  path: '/payment/subscribe/performers',
  headers: { authorization: `Bearer ${f.token}`, 'idempotency-key': crypto.randomUUID() },
  body: { performerId, type: 'monthly', promotionId },
});

async function onPostgres(): Promise<BenchRow[]> {
  return withBenchDatabase('stagepass_bench_checkout', async (url) => {
    const api0 = await startApi({ env: { DATABASE_URL: url, ...(process.env.BENCH_API_WORKERS ? { WORKERS: process.env.BENCH_API_WORKERS } : {}) } });
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const { creatorId, linkId, promotionId } = await setUpCreator(c, api0.url);
      const total = WARMUP + RATE * SECONDS;
      const fans = await seedFans(c, total, creatorId, linkId);
      log(`${fmt(total)} fans with a card and an attribution; warm-up: ${fmt(WARMUP)} checkouts one at a time`);
      const make = checkout(creatorId, promotionId);
      const one: number[] = [];
      for (const f of fans.slice(0, WARMUP)) {
        const r = make(f);
        const t0 = performance.now();
        await api(api0.url, f.token, r.method, r.path, r.body);
        one.push(performance.now() - t0);
      }
      one.sort((a, b) => a - b);
      log(`warm-up, one at a time: p50 ${fmt(one[Math.floor(one.length / 2)] ?? NaN, 1)} ms, last ${fmt(one.at(-1) ?? NaN, 1)} ms`);
      log(`open loop: ${RATE} checkouts/s for ${SECONDS} s`);
      const run = await openLoop({ url: api0.url, rate: RATE, seconds: SECONDS, requests: fans.slice(WARMUP).map(make) });
      if (run.errors > 0) throw new Error(`${run.errors} of ${run.sent} checkouts failed`);

      // What was written: one subscription and one claim per fan, each sale booked at the promotion's price.
      const want = subscriptionPrice({ tierPrice: PRICE, promotionPercentage: PERCENT }).amount;
      const { rows: [subs] } = await c.query<{ n: string; wrong: string }>(
        `SELECT count(*)::text AS n, count(*) FILTER (WHERE e.gross IS DISTINCT FROM $2)::text AS wrong FROM subscriptions s
         LEFT JOIN earnings e ON e.performer_id = s.performer_id AND e.user_id = s.user_id AND e.type = 'subscription'
         WHERE s.performer_id = $1 AND s.status = 'active'`,
        [creatorId, want],
      );
      const { rows: [promo] } = await c.query<{ claimed: number }>('SELECT claimed FROM promotions WHERE id = $1', [promotionId]);
      if (Number(subs!.n) !== total || Number(subs!.wrong) !== 0) throw new Error(`${subs!.n} subscriptions (${subs!.wrong} not at ${want}), ${total} checkouts`);
      if (promo!.claimed !== total) throw new Error(`the promotion counts ${promo!.claimed} claims, ${total} checkouts`);
      // The link's figures: counted by the event handlers after each checkout (their jobs may lag
      // the burst: how long until every subscription is counted is reported, up to 5 minutes).
      const waitFrom = Date.now();
      const deadline = waitFrom + (process.env.BENCH_API_WORKERS === '0' ? 0 : 300_000);
      let counted = 0;
      for (;;) {
        const { rows: [d] } = await c.query<{ n: string | null }>('SELECT sum(subscriptions)::text AS n FROM tracking_daily WHERE link_id = $1', [linkId]);
        counted = Number(d!.n ?? 0);
        if (counted === total || Date.now() >= deadline) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      const lag = (Date.now() - waitFrom) / 1000;
      log(`checked: ${fmt(total)} subscriptions at ${want} minor units, ${fmt(total)} claims; the link counts ${fmt(counted)} ${fmt(lag, 1)} s after the run`);
      return [
        {
          suite: 'checkout',
          figure: `PostgreSQL: subscribe with a promotion, attributed to a tracking link (POST /payment/subscribe/performers), ${RATE} req/s open loop for ${SECONDS} s, ${fmt(run.sent)} fans, p50 ${fmt(run.p50, 1)} ms, max ${fmt(run.max, 1)} ms`,
          value: `${fmt(run.p99, 1)} ms (p99)`,
          target: `< ${TARGET_MS} ms`,
          met: run.p99 < TARGET_MS,
        },
        {
          suite: 'checkout',
          figure: `PostgreSQL: the tracking link's rollup (event handlers' jobs) after that burst`,
          value: counted === total ? `all ${fmt(total)} counted ${fmt(lag, 1)} s after the run` : `${fmt(counted)} of ${fmt(total)} counted after ${fmt(lag, 0)} s`,
          target: 'reported',
          met: null,
        },
      ];
    } finally {
      await c.end();
      await api0.stop();
    }
  });
}

const rows: BenchRow[] = [];
if (await postgresReachable()) rows.push(...(await onPostgres()));
else rows.push({ suite: 'checkout', figure: 'PostgreSQL: subscribe with a promotion and a tracking attribution', value: 'not measured (no PostgreSQL on 127.0.0.1:5432)', target: `< ${TARGET_MS} ms`, met: null });
report('checkout', rows);
