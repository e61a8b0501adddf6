/**
 * bench/interactive — a tip's notification during bulk work (issue 33 §2: "p99 from a tip's commit
 * to the creator's socket event < 500 ms during a burst of 200 purchases/s for 30 s while a mass
 * message to 5,000 fans and a video transcode run").
 *
 *   npm run bench:interactive   BENCH_RATE (default 200) purchases a second for BENCH_SECONDS
 *                               (default 30), open loop; BENCH_AUDIENCE (default 5,000) subscribers
 *                               get the mass message; BENCH_TIPS_PER_S (default 4) tips a second.
 *                               PostgreSQL only (BENCH_DATABASE_URL, else DATABASE_URL, else
 *                               postgres://postgres@127.0.0.1:5432/test: a database
 *                               `stagepass_bench_interactive` is created next to it and dropped after).
 *
 * The API runs as its own process (as `npm start` runs it, job workers included; EVENT_WORKERS=4).
 * Written straight to the database before the clock: a creator whose page sells (a $9.99 monthly
 * subscription) with BENCH_AUDIENCE active subscribers, one buyer per purchase (a session and a
 * saved sandbox card each), and a second creator who receives the tips, signed in on a websocket.
 * The tippers top their wallets up through the API.
 *
 * Then, at once: the first creator sends a mass message to their subscribers and uploads a 30 s
 * 720p video (its transcode and HLS packaging run on the media queue), the purchases start (each a
 * real card checkout, POST /payment/subscribe/performers, whose events carry notifications, the fan
 * list, statistics, tracking…), and tips leave at BENCH_TIPS_PER_S, each with a unique message. For
 * each tip: the time from its answer (the commit is before it) and from its request to the
 * `notification/created` on the tipped creator's socket that names it. The same tips on the idle
 * site first, as the floor. Checked: every tip notified once, every purchase 200, the mass message
 * sent to all, the video ready.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import pg from 'pg';
import { io as connect } from 'socket.io-client';
import { hashToken } from '../apps/api/src/platform/auth';
import { startApi, startWorker } from './lib/api-process.mts';
import { withBenchDatabase } from './lib/bench-db.mts';
import { openLoop, type LoopRequest } from './lib/open-loop.mts';
import { fmt, percentile, report, type BenchRow } from './lib/report.mts';

const RATE = Math.min(Number(process.env.BENCH_RATE ?? 200), 1000);
const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 30), 300);
const AUDIENCE = Math.min(Number(process.env.BENCH_AUDIENCE ?? 5000), 50_000);
const TIPS_PER_S = Math.min(Number(process.env.BENCH_TIPS_PER_S ?? 4), 50);
const IDLE_TIPS = 20;
/** Tips are $10 (the smallest), a top-up at most $300: at most 25 tips per tipper. */
const TIPPERS = Math.max(10, Math.ceil((IDLE_TIPS + TIPS_PER_S * SECONDS) / 25));
const TARGET_MS = 500;
const log = (m: string) => console.log(`[interactive] ${m}`);

interface Account { id: string; token: string }

async function call(base: string, token: string, method: string, p: string, body?: unknown): Promise<{ data: Record<string, unknown> }> {
  const res = await fetch(`${base}${p}`, { method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as { data: Record<string, unknown> };
}

/** `count` accounts (prefix names them) with a session each; creators get an approved profile. */
async function accounts(c: pg.Client, prefix: string, count: number, creator = false): Promise<Account[]> {
  const list = Array.from({ length: count }, () => ({ id: crypto.randomUUID(), token: crypto.randomBytes(32).toString('base64url') }));
  const ids = list.map((a) => a.id);
  await c.query(
    `INSERT INTO users (id, username, email, name, is_performer, roles, verified_email)
     SELECT id, $2 || n, $2 || n || '@bench.test', $2 || ' ' || n, $3, $4::jsonb, true FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, n)`,
    [ids, prefix, creator, JSON.stringify(creator ? ['user', 'performer'] : ['user'])],
  );
  if (creator) await c.query(`INSERT INTO performer_profiles (user_id, bio, verification_status) SELECT u, 'Bench creator', 'approved' FROM unnest($1::uuid[]) AS t(u)`, [ids]);
  await c.query(`INSERT INTO sessions (id, user_id, token_hash, expires_at) SELECT gen_random_uuid(), u, h, now() + interval '1 day' FROM unnest($1::uuid[], $2::text[]) AS t(u, h)`, [ids, list.map((a) => hashToken(a.token))]);
  return list;
}

/** A saved sandbox card that succeeds (the sandbox keeps no card state: its token names the outcome). */
async function cards(c: pg.Client, ids: string[]) {
  await c.query(
    `INSERT INTO payment_cards (id, user_id, gateway, provider_card_id, brand, last4, exp_month, exp_year, is_default)
     SELECT gen_random_uuid(), u, 'sandbox', 'sbx_succeeds_4242_' || substr(md5(u::text), 1, 12), 'visa', '4242', 12, 2035, true FROM unnest($1::uuid[]) AS t(u)`,
    [ids],
  );
}

/** A 30 s 720p H.264 video made by the ffmpeg the project ships. */
function makeVideo(dir: string): string {
  const file = path.join(dir, 'bench.mp4');
  const r = spawnSync(ffmpeg.path, ['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-t', '30', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file]);
  if (r.status !== 0) throw new Error(`ffmpeg: ${r.stderr}`);
  return file;
}

function upload(apiUrl: string, token: string, file: string): Promise<string> {
  const boundary = `----stagepass${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, fs.readFileSync(file), tail]);
  const u = new URL(`${apiUrl}/performer/feeds/video/upload`);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => (res.statusCode === 200 ? resolve((JSON.parse(text) as { data: { _id: string } }).data._id) : reject(new Error(`upload answered ${res.statusCode}: ${text.slice(0, 300)}`))));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Tips at `perSecond` for `seconds` (or `count` tips); each tip's latencies to its notification on the creator's socket. */
async function tipRound(base: string, tippers: Account[], creatorId: string, seen: Map<string, number>, opts: { count: number; perSecond: number }) {
  const fromCommit: number[] = [];
  const fromRequest: number[] = [];
  const missing: string[] = [];
  const failed: string[] = [];
  const runs: Array<Promise<void>> = [];
  const start = performance.now();
  for (let i = 0; i < opts.count; i++) {
    const due = start + (i * 1000) / opts.perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const tag = `bench-tip-${crypto.randomUUID().slice(0, 8)}`;
    const who = tippers[i % tippers.length]!;
    runs.push((async () => {
      const t0 = performance.now();
      try {
        await call(base, who.token, 'POST', `/wallet/charges/tip/${creatorId}`, { price: 10, message: tag });
      } catch (err) {
        failed.push(String(err));
        return;
      }
      const answered = performance.now();
      const deadline = Date.now() + 60_000;
      while (!seen.has(tag) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      const at = seen.get(tag);
      if (at === undefined) {
        missing.push(tag);
        return;
      }
      fromCommit.push(Math.max(0, at - answered));
      fromRequest.push(at - t0);
    })());
  }
  await Promise.all(runs);
  fromCommit.sort((a, b) => a - b);
  fromRequest.sort((a, b) => a - b);
  if (failed.length) throw new Error(`${failed.length} tips failed: ${failed[0]}`);
  return { fromCommit, fromRequest, missing };
}

const summary = (xs: number[]) => `p50 ${fmt(percentile(xs, 50))} ms, p99 ${fmt(percentile(xs, 99))} ms, max ${fmt(xs.at(-1) ?? NaN)} ms`;

async function run(url: string): Promise<BenchRow[]> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-interactive-'));
  // The production layout (deploy/): the API node serves requests and sockets only (WORKERS=0), a
  // worker process runs the jobs, Redis carries the worker's socket events to the API node. Its own
  // Redis channel and key prefixes: the bench shares Redis with whatever else runs here.
  // BENCH_LAYOUT=single: one process doing both (`npm start`'s layout).
  const single = process.env.BENCH_LAYOUT === 'single';
  const run = crypto.randomBytes(4).toString('hex');
  const env = {
    DATABASE_URL: url, RATE_LIMIT_CARD_MAX: '1000000', EVENT_WORKERS: process.env.EVENT_WORKERS ?? '4',
    ...(single ? {} : { REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379', REALTIME_CHANNEL: `stagepass-bench-${run}`, RATE_LIMIT_NAMESPACE: `stagepass-bench-rl-${run}:` }),
  };
  const api = await startApi({ env: { ...env, ...(single ? {} : { WORKERS: '0' }) } });
  // Files on the API node's local storage, which the worker reads too (one machine; S3 across machines).
  const worker = single ? null : await startWorker({ env, dataDir: api.dataDir });
  log(single ? 'one process: API and jobs' : 'an API node (WORKERS=0) and a worker process, Redis between them');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const socketSeen = new Map<string, number>();
  const received: string[] = [];
  let socket: ReturnType<typeof connect> | null = null;
  try {
    const [seller] = await accounts(c, 'benchseller', 1, true);
    const [tipped] = await accounts(c, 'benchtipped', 1, true);
    await call(api.url, seller!.token, 'PUT', '/performers/subscription-settings', { monthlyPrice: 9.99, freeSubscriptionEnabled: false });
    const audience = await accounts(c, 'benchsub', AUDIENCE);
    await c.query(
      `INSERT INTO subscriptions (id, user_id, performer_id, status, type, price, expires_at)
       SELECT gen_random_uuid(), u, $2, 'active', 'monthly', 999, now() + interval '30 days' FROM unnest($1::uuid[]) AS t(u)`,
      [audience.map((a) => a.id), seller!.id],
    );
    const buyers = await accounts(c, 'benchbuyer', RATE * SECONDS);
    const tippers = await accounts(c, 'benchtipper', TIPPERS);
    await cards(c, [...buyers, ...tippers].map((a) => a.id));
    await c.query('ANALYZE');
    for (const t of tippers) await call(api.url, t.token, 'POST', '/payment/wallet/top-up', { amount: 300 });
    const video = makeVideo(work);
    log(`${fmt(AUDIENCE)} subscribers, ${fmt(buyers.length)} buyers, ${TIPPERS} tippers with $300 each; a 30 s 720p video`);

    socket = connect(api.url, { query: { token: tipped!.token }, transports: ['websocket'], reconnection: false, forceNew: true });
    socket.on('notification/created', (m: { notification?: { text?: string } }) => {
      received.push(m.notification?.text ?? '');
      const tag = /bench-tip-[0-9a-f]{8}/.exec(m.notification?.text ?? '')?.[0];
      if (tag && !socketSeen.has(tag)) socketSeen.set(tag, performance.now());
    });
    await new Promise<void>((resolve, reject) => { socket!.once('connect', () => resolve()); socket!.once('connect_error', reject); });

    const idle = await tipRound(api.url, tippers, tipped!.id, socketSeen, { count: IDLE_TIPS, perSecond: 4 });
    log(`idle site: tip → creator's socket ${summary(idle.fromCommit)} (from the request: ${summary(idle.fromRequest)})`);

    // Everything at once: the mass message, the transcode, the purchases, the tips.
    const massAt = Date.now();
    const mass = await call(api.url, seller!.token, 'POST', '/messages/broadcast-message', { text: 'Bench mass message', audience: 'subscribers' });
    const massId = String(mass.data._id);
    const uploadAt = Date.now();
    const fileId = await upload(api.url, seller!.token, video);
    log(`mass message ${massId} to ${fmt(AUDIENCE)} queued; video ${fileId} uploaded in ${fmt((Date.now() - uploadAt) / 1000, 1)} s; purchases: ${RATE}/s for ${SECONDS} s, tips ${TIPS_PER_S}/s`);
    const purchases: LoopRequest[] = buyers.map((b) => ({
      method: 'POST', path: '/payment/subscribe/performers',
      headers: { authorization: `Bearer ${b.token}`, 'idempotency-key': crypto.randomUUID() },
      body: { performerId: seller!.id, type: 'monthly' },
    }));
    const [burst, busy] = await Promise.all([
      openLoop({ url: api.url, rate: RATE, seconds: SECONDS, requests: purchases }),
      tipRound(api.url, tippers, tipped!.id, socketSeen, { count: TIPS_PER_S * SECONDS, perSecond: TIPS_PER_S }),
    ]);
    log(`purchases: ${fmt(burst.ok)}/${fmt(burst.sent)} ok, p50 ${fmt(burst.p50)} ms, p99 ${fmt(burst.p99)} ms`);
    log(`during the burst: tip → creator's socket ${summary(busy.fromCommit)} (from the request: ${summary(busy.fromRequest)})${busy.missing.length ? `, ${busy.missing.length} NOT notified` : ''}`);
    for (const tag of [...idle.missing, ...busy.missing]) {
      // Where a lost one went: its notification row, its event and the event's handler jobs.
      const { rows } = await c.query(
        `SELECT e.type, e.dispatched_at, e.last_error, (SELECT count(*) FROM notifications n WHERE n.event_id = e.id) AS notifications,
                (SELECT json_agg(json_build_object('name', j.name, 'state', j.state)) FROM pgboss.job j WHERE j.data->>'eventId' = e.id::text) AS jobs
           FROM domain_events e WHERE e.type = 'tip.sent' AND e.payload->>'message' = $1`,
        [tag],
      );
      log(`not notified: ${tag} ${JSON.stringify(rows)}; socket events ${received.length}, naming it: ${received.filter((t) => t.includes(tag)).length}`);
    }

    // What the bulk work came to (waited for up to 10 minutes).
    const deadline = Date.now() + 600_000;
    let massSent = NaN;
    let videoReady = NaN;
    while ((Number.isNaN(massSent) || Number.isNaN(videoReady)) && Date.now() < deadline) {
      const { rows: [m] } = await c.query<{ status: string; delivered: number }>('SELECT status, delivered FROM mass_messages WHERE id = $1', [massId]);
      if (Number.isNaN(massSent) && m?.status === 'sent') massSent = Date.now() - massAt;
      const { rows: [f] } = await c.query<{ status: string }>('SELECT status FROM files WHERE id = $1', [fileId]);
      if (Number.isNaN(videoReady) && f?.status === 'ready') videoReady = Date.now() - uploadAt;
      if (f?.status === 'failed') throw new Error('the video failed to process');
      await new Promise((r) => setTimeout(r, 500));
    }
    const { rows: [d] } = await c.query<{ delivered: number }>('SELECT delivered FROM mass_messages WHERE id = $1', [massId]);
    log(`mass message sent after ${fmt(massSent / 1000, 1)} s (${fmt(d?.delivered ?? 0)} copies); video ready after ${fmt(videoReady / 1000, 1)} s`);
    if (burst.errors > 0) throw new Error(`${burst.errors} of ${burst.sent} purchases failed`);
    if (busy.missing.length || idle.missing.length) throw new Error(`${busy.missing.length + idle.missing.length} tips never reached the creator's socket`);
    // Its audience is read batch by batch: buyers who subscribed before their batch came get it too.
    if ((d?.delivered ?? 0) < AUDIENCE) throw new Error(`the mass message reached ${d?.delivered} of ${AUDIENCE}`);

    const p99 = percentile(busy.fromCommit, 99);
    return [
      { suite: 'interactive', figure: `tip → creator's socket during ${RATE} purchases/s × ${SECONDS} s + a mass message to ${fmt(AUDIENCE)} + a transcode (${busy.fromCommit.length} tips; p50 ${fmt(percentile(busy.fromCommit, 50))}, max ${fmt(busy.fromCommit.at(-1) ?? NaN)})`, value: `p99 ${fmt(p99)} ms`, floor: `idle p99 ${fmt(percentile(idle.fromCommit, 99))} ms`, target: `< ${TARGET_MS} ms`, met: p99 < TARGET_MS },
      { suite: 'interactive', figure: 'the same tips from their request (the request waits behind the burst too)', value: `p99 ${fmt(percentile(busy.fromRequest, 99))} ms`, floor: `idle p99 ${fmt(percentile(idle.fromRequest, 99))} ms`, target: 'reported', met: null },
      { suite: 'interactive', figure: `purchases (open loop, ${fmt(burst.ok)} of ${fmt(burst.sent)} ok)`, value: `p99 ${fmt(burst.p99)} ms`, floor: `p50 ${fmt(burst.p50)} ms`, target: 'reported', met: null },
      { suite: 'interactive', figure: `bulk work beside it: mass message to ${fmt(AUDIENCE)} sent; 30 s 720p video ready`, value: `${fmt(massSent / 1000, 1)} s; ${fmt(videoReady / 1000, 1)} s`, target: 'reported', met: null },
    ];
  } finally {
    socket?.disconnect();
    await c.end();
    await worker?.stop();
    await api.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

report('interactive', await withBenchDatabase('stagepass_bench_interactive', run));
