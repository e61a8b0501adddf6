/**
 * bench/realtime — a creator's new post pushed to 2,000 connected subscribers (issue 11 §4).
 *
 *   npm run bench:realtime     BENCH_SOCKETS (default 2000), BENCH_ROUNDS (default 10); needs
 *                              PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL, else
 *                              postgres://postgres@127.0.0.1:5432/test): a database
 *                              `stagepass_bench_rt` is created next to it and dropped after.
 *
 * The API runs as its own process on that database. The bench inserts one creator and BENCH_SOCKETS
 * fans with an active subscription and a session each, connects one websocket per fan (loopback),
 * then the creator publishes posts through POST /performer/feeds. Each publish goes the product's
 * way: outbox event → fan-out jobs in batches (notifications written, `feed/published` pushed to
 * each fan's `user:<id>` room). Delivery latency is counted from the moment the publish request
 * was sent to the moment each fan's socket got the push; p50/p99/max over every delivery of every
 * round after one warm-up post. The floor, side by side: a bare socket.io server (own process, no auth, no database)
 * emitting to the same number of rooms on an HTTP trigger, timed the same way. API RSS is sampled.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { hashToken } from '../apps/api/src/platform/auth';
import { fmt, mb, percentile, report, rssOf, type BenchRow } from './lib/report.mts';
import { startApi } from './lib/api-process.mts';
import { withBenchDatabase } from './lib/bench-db.mts';

const DB = 'stagepass_bench_rt';
const SOCKETS = Math.min(Number(process.env.BENCH_SOCKETS ?? 2000), 5000);
const ROUNDS = Math.min(Number(process.env.BENCH_ROUNDS ?? 10), 50);
const log = (m: string) => console.log(`[realtime] ${m}`);


/** One creator, SOCKETS fans subscribed to it, a session (token) for each. */
async function seed(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const creatorId = crypto.randomUUID();
    const creatorToken = crypto.randomBytes(32).toString('base64url');
    await c.query(`INSERT INTO users (id, username, email, name, is_performer, roles, verified_email) VALUES ($1, 'benchcreator', 'creator@bench.test', 'Bench Creator', true, '["user","performer"]', true)`, [creatorId]);
    await c.query(`INSERT INTO performer_profiles (user_id, bio) VALUES ($1, 'Bench creator')`, [creatorId]);
    const fans = Array.from({ length: SOCKETS }, (_, i) => ({ id: crypto.randomUUID(), token: crypto.randomBytes(32).toString('base64url'), i }));
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
    await c.query(
      `INSERT INTO subscriptions (id, user_id, performer_id, status, type, price, expires_at)
       SELECT gen_random_uuid(), u, $2, 'active', 'monthly', 999, now() + interval '30 days' FROM unnest($1::uuid[]) AS t(u)`,
      [fans.map((f) => f.id), creatorId],
    );
    await c.query('ANALYZE');
    return { creatorToken, fans };
  } finally {
    await c.end();
  }
}

/** Connects one websocket per fan, a hundred at a time; each records when a `feed/published` came. */
async function connectAll(url: string, query: (i: number) => Record<string, string>) {
  const sockets: Socket[] = [];
  const arrivals: number[][] = [];
  for (let i = 0; i < SOCKETS; i += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, SOCKETS - i) }, (_, k) => {
        const n = i + k;
        arrivals[n] = [];
        const s = connect(url, { query: query(n), transports: ['websocket'], reconnection: false, forceNew: true });
        s.on('feed/published', () => arrivals[n]!.push(performance.now()));
        sockets.push(s);
        return new Promise<void>((resolve, reject) => {
          s.once('connect', () => resolve());
          s.once('connect_error', reject);
        });
      }),
    );
  }
  return { sockets, arrivals };
}

/**
 * Fires `trigger` once to warm up (first JIT, first prepared statements: not counted), then ROUNDS
 * times; answers every counted delivery's latency from its round's start (ms).
 */
async function rounds(arrivals: number[][], trigger: (round: number) => Promise<void>) {
  const latencies: number[] = [];
  let missing = 0;
  for (let r = 0; r <= ROUNDS; r++) {
    const t0 = performance.now();
    await trigger(r);
    const until = Date.now() + 30_000;
    while (arrivals.some((a) => a.length <= r) && Date.now() < until) await new Promise((res) => setTimeout(res, 10));
    const round: number[] = [];
    for (const a of arrivals) {
      if (a.length > r) round.push(a[r]! - t0);
      else if (r) missing++;
    }
    round.sort((a, b) => a - b);
    log(`  ${r ? `round ${r}` : 'warm-up'}: first ${fmt(round[0] ?? NaN)} ms, p50 ${fmt(percentile(round, 50))} ms, last ${fmt(round[round.length - 1] ?? NaN)} ms`);
    if (r) latencies.push(...round);
    await new Promise((res) => setTimeout(res, 1000));
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies[latencies.length - 1] ?? NaN, missing };
}

async function floor() {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'lib/bare-socket-server.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim())));
  const url = `http://127.0.0.1:${port}`;
  try {
    const { sockets, arrivals } = await connectAll(url, (i) => ({ userId: String(i) }));
    const r = await rounds(arrivals, async () => {
      await fetch(`${url}/emit`, { method: 'POST' });
    });
    for (const s of sockets) s.disconnect();
    return { ...r, rss: 0 };
  } finally {
    child.kill('SIGTERM');
  }
}

async function main(dbUrl: string) {
  let api: Awaited<ReturnType<typeof startApi>> | null = null;
  try {
    api = await startApi({ env: { DATABASE_URL: dbUrl } });
    const { creatorToken, fans } = await seed(dbUrl);
    const idle = rssOf(api.pid);
    const t0 = Date.now();
    const { sockets, arrivals } = await connectAll(api.url, (i) => ({ token: fans[i]!.token }));
    const connected = rssOf(api.pid);
    log(`${SOCKETS} sockets connected in ${Date.now() - t0} ms; API RSS ${mb(idle)} → ${mb(connected)}`);
    let peak = connected;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(api!.pid))), 100);
    const res = await rounds(arrivals, async (r) => {
      const p = await fetch(`${api!.url}/performer/feeds`, {
        method: 'POST',
        headers: { authorization: `Bearer ${creatorToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: `Bench post ${r}`, visibility: 'subscribers' }),
      });
      if (!p.ok) throw new Error(`publish answered ${p.status}: ${await p.text()}`);
    });
    clearInterval(sampler);
    for (const s of sockets) s.disconnect();
    log(`API: p50 ${fmt(res.p50)} ms, p99 ${fmt(res.p99)} ms, max ${fmt(res.max)} ms, ${res.missing} missing`);
    await api.stop();
    api = null;
    const bare = await floor();
    log(`bare socket.io: p50 ${fmt(bare.p50)} ms, p99 ${fmt(bare.p99)} ms, max ${fmt(bare.max)} ms, ${bare.missing} missing`);
    const rows: BenchRow[] = [
      {
        suite: 'realtime',
        figure: `new post → ${fmt(SOCKETS)} subscribers' sockets, p99 (${ROUNDS} posts; p50 ${fmt(res.p50)}, max ${fmt(res.max)}${res.missing ? `, ${res.missing} NOT delivered` : ''})`,
        value: `${fmt(res.p99)} ms`,
        floor: `bare socket.io emit p99 ${fmt(bare.p99)} ms`,
        target: '< 100 ms',
        met: res.missing === 0 && res.p99 < 100,
      },
      { suite: 'realtime', figure: `API RSS: idle → ${fmt(SOCKETS)} sockets → peak during fan-out`, value: `${mb(idle)} → ${mb(connected)} → ${mb(peak)}`, target: 'reported', met: null },
    ];
    report('realtime', rows);
  } finally {
    await api?.stop();
  }
}

await withBenchDatabase(DB, main);
