/**
 * Issue 33 §4's failure scenarios on the prod-smoke layout (`npm run prod-smoke -- --failures`),
 * under steady traffic through nginx: reads, wallet tips (each with an Idempotency-Key, retried
 * with the same key until answered, as a client should), messages, and sockets that reconnect like
 * the web app's (apps/web/src/lib/socket.tsx). Scenarios, in turn:
 *
 *  1. kill -9 each API node (then it restarts, as systemd's Restart=always would): nginx routes
 *     around it, sockets reconnect, no committed tip lost or charged twice;
 *  2. SIGTERM an API node (graceful shutdown) under the same traffic;
 *  3. restart Redis: rate limits, the socket adapter (an event across nodes) and the session
 *     cache's cross-node eviction recover without restarting the API;
 *  4. stop PostgreSQL (the private cluster) for 8 s: /readyz and reads answer 503, and everything
 *     recovers by itself; the worker works a new upload after;
 *  5. kill -9 the worker mid-job, restart it: queued jobs resume.
 *
 * Each prints a report: requests, errors (by kind), recovery time, and at the end the ledger check.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { call, nextEvent, openSocket, registerFan, step } from './prod-smoke-run.mjs';
import { PORTS, URLS, startApiNode, startWorker, waitFor } from './prod-layout.mjs';
import { io as connectSocket } from 'socket.io-client';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
const TIP = 10; // dollars: the site's smallest tip
const TOP_UP = 300;
const TOP_UPS = 4; // per fan (RATE_LIMIT_CARD_MAX is 10 card attempts per 15 minutes)

/** Steady open-loop traffic through the proxy; every request's outcome kept with its time. */
class Traffic {
  constructor({ fans, creator, feedId, conversationId }) {
    Object.assign(this, { fans, creator, feedId, conversationId });
    this.log = []; // { at, kind, ok, status }
    this.tips = new Map(); // key → { fan, chargeId?, attempts }
    this.sent = new Set(); // message texts answered 200
    this.received = new Set(); // message texts seen on a creator socket
    this.sockets = [];
    this.socketEvents = []; // { at, socket, what: 'down'|'up', reason }
    this.running = false;
    this.pending = new Set();
    this.n = 0;
  }

  record(kind, ok, status) {
    this.log.push({ at: Date.now(), kind, ok, status });
  }

  /** Answers that are the site refusing (a 4xx), not failing. */
  static refusal(status) {
    return status >= 400 && status < 500;
  }

  async req(kind, base, method, p, opts) {
    try {
      const res = await call(base, method, p, opts);
      this.record(kind, true, res.status);
      return res;
    } catch (err) {
      const status = Number(/answered (\d+)/.exec(err.message)?.[1]) || 0;
      this.record(kind, false, status);
      throw err;
    }
  }

  /** A tip with its key, retried with the same key until answered (or 90 s). */
  async tip(fan) {
    const key = `tip-${crypto.randomUUID()}`;
    const entry = { fan: fan.id, attempts: 0, chargeId: null };
    this.tips.set(key, entry);
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      entry.attempts++;
      try {
        const res = await this.req('tip', URLS.api, 'POST', `/wallet/charges/tip/${this.creator.id}`, { token: fan.token, headers: { 'idempotency-key': key }, body: { price: TIP, message: key } });
        entry.chargeId = res.data.charge._id;
        return;
      } catch (err) {
        if (/answered 4(0[0-3]|22)/.test(err.message)) { entry.error = err.message; return; } // a refusal, not an outage
        await sleep(500);
      }
    }
  }

  async socket(user, label) {
    const sock = connectSocket(URLS.api, { query: { token: user.token }, transports: ['websocket'], forceNew: true, reconnection: true, reconnectionDelay: 500, reconnectionDelayMax: 2000 });
    let restarting = null;
    sock.on('server/restarting', (e) => { restarting = e.reconnectAfterMs; });
    sock.on('disconnect', (reason) => {
      this.socketEvents.push({ at: Date.now(), socket: label, what: 'down', reason: restarting === null ? reason : `${reason} after the restart hint` });
      // As the web app does (lib/socket.tsx): a server-side close is retried after the hint's
      // jittered delay, or a second; a transport close reconnects by itself.
      if (reason === 'io server disconnect' && this.running) setTimeout(() => sock.connect(), restarting === null ? 1000 : restarting * (0.5 + Math.random()));
      restarting = null;
    });
    sock.on('connect', () => this.socketEvents.push({ at: Date.now(), socket: label, what: 'up' }));
    if (user === this.creator) sock.on('message/created', (m) => { if (m.message?.text) this.received.add(m.message.text); });
    await new Promise((resolve, reject) => { sock.once('connect', resolve); sock.once('connect_error', reject); });
    this.sockets.push(sock);
  }

  start({ readsPerS = 10, tipsPerS = 1, messagesPerS = 1 } = {}) {
    this.running = true;
    const every = (perS, fn) => {
      const t0 = Date.now();
      let i = 0;
      const tick = async () => {
        while (this.running) {
          const due = t0 + (i++ * 1000) / perS;
          const wait = due - Date.now();
          if (wait > 0) await sleep(wait);
          if (!this.running) return;
          const p = fn().catch(() => {}).finally(() => this.pending.delete(p));
          this.pending.add(p);
        }
      };
      void tick();
    };
    const fan = () => this.fans[this.n++ % this.fans.length];
    every(readsPerS, async () => {
      const f = fan();
      if (this.n % 2) await this.req('read', URLS.api, 'GET', `/user/feeds/${this.feedId}`, { token: this.fans[0].token });
      else await this.req('read', URLS.api, 'GET', '/conversations', { token: f.token });
    });
    every(tipsPerS, () => this.tip(fan()));
    every(messagesPerS, async () => {
      const text = `traffic ${crypto.randomUUID().slice(0, 8)}`;
      await this.req('message', URLS.api, 'POST', `/messages/conversations/${this.conversationId}`, { token: this.fans[0].token, body: { text } });
      this.sent.add(text);
    });
  }

  async stop() {
    this.running = false;
    await Promise.all([...this.pending]);
    for (const sock of this.sockets) sock.close();
  }

  /** Requests, errors by kind and status, and the time from `from` to the last failure, in [from, to). */
  window(from, to) {
    const rows = this.log.filter((r) => r.at >= from && r.at < to);
    const errors = rows.filter((r) => !r.ok && !Traffic.refusal(r.status));
    const refused = rows.filter((r) => !r.ok && Traffic.refusal(r.status)).length;
    const byKind = {};
    for (const r of errors) byKind[`${r.kind} ${r.status || 'network'}`] = (byKind[`${r.kind} ${r.status || 'network'}`] ?? 0) + 1;
    const lastError = errors.length ? Math.max(...errors.map((r) => r.at)) : null;
    const downs = this.socketEvents.filter((e) => e.at >= from && e.at < to && e.what === 'down');
    const ups = this.socketEvents.filter((e) => e.at >= from && e.at < to && e.what === 'up');
    // Per socket: from each drop to its next connection (the longest one is reported).
    const gaps = downs.map((d) => this.socketEvents.find((e) => e.socket === d.socket && e.what === 'up' && e.at >= d.at)).map((u, i) => (u ? u.at - downs[i].at : null));
    const back = gaps.filter((g) => g !== null);
    return { requests: rows.length, errors: errors.length, refused, byKind, errorsFor: lastError === null ? 0 : lastError - from, socketsDropped: downs.length, socketsBack: back.length, socketsBackAfter: back.length ? Math.max(...back) : null };
  }
}

/** Waits until `check` resolves truthy; answers the time it took. */
async function until(check, timeoutMs, what) {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    try { if (await check()) return Date.now() - t0; } catch { /* not yet */ }
    await sleep(200);
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}

const reports = [];
function report(name, w, extra = {}) {
  const errs = Object.entries(w.byKind).map(([k, n]) => `${n} ${k}`).join(', ') || 'none';
  const line = { scenario: name, requests: w.requests, errors: w.errors, refused: w.refused, detail: errs, errorsFor: w.errorsFor, sockets: `${w.socketsDropped} dropped, ${w.socketsBack} back${w.socketsBackAfter !== null ? ` within ${s(w.socketsBackAfter)}` : ''}`, ...extra };
  reports.push(line);
  console.log(`  ${name}: ${w.requests} requests, ${w.errors} errors (${errs})${w.refused ? `, ${w.refused} refused (4xx)` : ''}; errors until ${s(w.errorsFor)} after the fault; sockets ${line.sockets}${Object.entries(extra).map(([k, v]) => `; ${k} ${v}`).join('')}`);
}

/** A 6 s 720p video made by the bundled ffmpeg (its processing takes a few seconds on the worker). */
let clip = null;
function video(dir) {
  if (clip) return clip;
  const file = path.join(dir, 'clip.mp4');
  const r = spawnSync(ffmpeg.path, ['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-t', '6', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ffmpeg: ${r.stderr}`);
  clip = fs.readFileSync(file);
  return clip;
}

async function uploadVideo(creator, dir) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(video(dir))], { type: 'video/mp4' }), 'clip.mp4');
  return (await call(URLS.api, 'POST', '/performer/feeds/video/upload', { token: creator.token, body: form })).data._id;
}
const fileStatus = async (creator, id) => (await call(URLS.api, 'GET', `/files/${id}/status`, { token: creator.token })).data.status;

export async function runFailures(layout, { fan, creator, feedId, tag }) {
  const { procs, db } = layout;
  // Tippers: four more fans with a card; everyone $1,200 (120 tips each).
  const fans = await step(`four tipping fans with a sandbox card; $${TOP_UPS * TOP_UP} in each wallet`, async () => {
    const list = [fan];
    for (let i = 0; i < 4; i++) list.push(await registerFan(`${tag}t${i}`));
    for (const f of list) {
      if (f !== fan) await call(URLS.api, 'POST', '/sandbox/cards', { token: f.token, body: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' }, expect: 201 });
      for (let k = 0; k < TOP_UPS; k++) await call(URLS.api, 'POST', '/payment/wallet/top-up', { token: f.token, headers: { 'idempotency-key': `topup-${f.id}-${k}` }, body: { amount: TOP_UP } });
    }
    return list;
  });
  const { rows: [before] } = await db.query(`SELECT count(*)::int AS n FROM wallet_charges WHERE user_id = ANY($1) AND type = 'tip'`, [fans.map((f) => f.id)]);
  const conversationId = (await call(URLS.api, 'POST', '/conversations', { token: fan.token, body: { source: 'performer', sourceId: creator.id } })).data._id;
  const traffic = new Traffic({ fans, creator, feedId, conversationId });
  for (let i = 0; i < 3; i++) await traffic.socket(creator, `creator${i}`);
  for (let i = 0; i < 3; i++) await traffic.socket(fans[i + 1], `fan${i}`);
  traffic.start();
  const settle = () => sleep(3000);
  const restartNode = async (name) => {
    const port = PORTS[name];
    procs[name] = startApiNode(layout.dir, layout.env, name, port);
    await waitFor(`http://127.0.0.1:${port}/readyz`, { child: procs[name] });
  };

  try {
    await step('steady traffic for 5 s (reads 10/s, tips 1/s, messages 1/s, 6 sockets)', async () => {
      const t0 = Date.now();
      await sleep(5000);
      report('baseline', traffic.window(t0, Date.now()));
    });

    for (const name of ['api1', 'api2']) {
      await step(`kill -9 ${name} under traffic; restart it`, async () => {
        const t0 = Date.now();
        procs[name].kill('SIGKILL');
        await procs[name].done;
        await sleep(4000); // the other node carries everything
        const t1 = Date.now();
        await restartNode(name);
        const restartedIn = Date.now() - t1;
        await settle();
        report(`kill -9 ${name}`, traffic.window(t0, Date.now()), { 'node restarted and ready in': s(restartedIn) });
      });
    }

    for (const name of ['api1', 'api2']) {
      await step(`SIGTERM ${name} under traffic (graceful shutdown); restart it`, async () => {
        const t0 = Date.now();
        procs[name].kill('SIGTERM');
        const { code, signal } = await procs[name].done;
        const stoppedIn = Date.now() - t0;
        await restartNode(name);
        await settle();
        const w = traffic.window(t0, Date.now());
        const hinted = traffic.socketEvents.filter((e) => e.at >= t0 && e.what === 'down' && /restart hint/.test(e.reason)).length;
        report(`SIGTERM ${name}`, w, { 'stopped in': `${s(stoppedIn)} (exit ${code ?? signal})`, 'sockets told to reconnect': hinted });
      });
    }

    await step('restart Redis under traffic: limits, adapter, session cache recover', async () => {
      const t0 = Date.now();
      await layout.redis.restart();
      const back = Date.now();
      // The socket adapter: an event sent on node 1 reaches a socket on node 2.
      const adapterIn = await until(async () => {
        const sock = await openSocket(URLS.api2, creator.token);
        try {
          const text = `adapter ${crypto.randomUUID().slice(0, 8)}`;
          const got = nextEvent(sock, 'message/created', (m) => m.message?.text === text, 3000);
          await call(URLS.api1, 'POST', `/messages/conversations/${conversationId}`, { token: fan.token, body: { text } });
          await got;
          return true;
        } finally { sock.close(); }
      }, 60_000, 'an event across nodes after the Redis restart');
      // The session cache: a sign-out on node 1 ends the session cached on node 2 at once.
      const cacheIn = await until(async () => {
        const { data } = await call(URLS.api1, 'POST', '/auth/login', { body: { username: fans[1].username, password: 'prod-smoke-pass-42' } });
        await call(URLS.api2, 'GET', '/users/me', { token: data.token }); // now cached on node 2
        await call(URLS.api1, 'POST', '/auth/logout', { token: data.token });
        const after = await fetch(`${URLS.api2}/users/me`, { headers: { authorization: `Bearer ${data.token}` } });
        return after.status === 401;
      }, 60_000, 'the session cache eviction across nodes after the Redis restart');
      // Rate limits: counted in the new Redis (a login still answers; the counter exists again).
      const keys = spawnSync('redis-cli', ['-p', String(PORTS.redis), '--scan', '--pattern', 'stagepass-rl:*'], { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean).length;
      if (!keys) throw new Error('no rate-limit counter in Redis after its restart');
      await settle();
      report('restart Redis', traffic.window(t0, Date.now()), { 'socket adapter back in': s(back - t0 + adapterIn), 'session-cache eviction back in': s(back - t0 + adapterIn + cacheIn), 'rate-limit counters': keys });
    });

    await step('stop PostgreSQL for 8 s under traffic: 503 while down, recovers by itself', async () => {
      const t0 = Date.now();
      layout.pg.halt('fast');
      const during = {};
      for (const [n, url] of [['readyz node 1', `${URLS.api1}/readyz`], ['readyz node 2', `${URLS.api2}/readyz`], ['read through nginx', `${URLS.api}/user/feeds/${feedId}`]]) {
        const res = await fetch(url, { headers: { authorization: `Bearer ${fan.token}` } });
        during[n] = res.status;
        await res.arrayBuffer();
      }
      if (Object.values(during).some((st) => st !== 503)) throw new Error(`while PostgreSQL is down: ${JSON.stringify(during)}`);
      await sleep(Math.max(0, 8000 - (Date.now() - t0)));
      const t1 = Date.now();
      layout.pg.start();
      const upIn = await until(async () => {
        for (const url of [`${URLS.api1}/readyz`, `${URLS.api2}/readyz`]) if ((await fetch(url)).status !== 200) return false;
        return (await fetch(`${URLS.api}/user/feeds/${feedId}`, { headers: { authorization: `Bearer ${fan.token}` } })).status === 200;
      }, 60_000, 'the API answering again after PostgreSQL started');
      // The worker kept running: a new upload is processed.
      const id = await uploadVideo(creator, layout.dir);
      const workerIn = await until(async () => (await fileStatus(creator, id)) === 'ready', 120_000, 'the worker processing an upload after PostgreSQL came back');
      await settle();
      report('stop PostgreSQL 8 s', traffic.window(t0, Date.now()), { 'while down': `readyz 503 on both nodes, a read 503 through nginx`, 'API answering': `${s(upIn)} after PostgreSQL started`, 'worker processed a new upload in': s(workerIn) });
      if (t1 < t0) throw new Error('clock');
    });

    await step('kill -9 the worker mid-job; restart it: queued jobs resume', async () => {
      const t0 = Date.now();
      const first = await uploadVideo(creator, layout.dir);
      await until(async () => (await fileStatus(creator, first)) === 'processing', 60_000, 'the video processing');
      procs.worker.kill('SIGKILL');
      await procs.worker.done;
      const queued = await uploadVideo(creator, layout.dir); // queued while no worker runs
      const atKill = await fileStatus(creator, first);
      const t1 = Date.now();
      procs.worker = startWorker(layout.dir, layout.env);
      const queuedIn = await until(async () => (await fileStatus(creator, queued)) === 'ready', 120_000, 'a job queued while the worker was down');
      const { rows: [job] } = await db.query(`SELECT state, EXTRACT(EPOCH FROM (started_on + expire_in - now()))::int AS expires_in FROM pgboss.job WHERE data->>'fileId' = $1 ORDER BY created_on DESC LIMIT 1`, [first]);
      const interrupted = (await fileStatus(creator, first)) === 'ready' ? 'ready' : `${job?.state ?? 'gone'} (retried when its attempt expires, in ${job?.expires_in ?? '?'} s)`;
      await settle();
      report('kill -9 worker', traffic.window(t0, Date.now()), { 'at the kill': atKill, 'queued job done': `${s(queuedIn)} after the restart`, 'interrupted job': interrupted });
      if (t1 < t0) throw new Error('clock');
    });
  } finally {
    await traffic.stop();
  }

  await step('ledger check: every answered tip is in the ledger once, balances add up', async () => {
    const keys = [...traffic.tips.keys()];
    const answered = [...traffic.tips.values()].filter((e) => e.chargeId);
    const refused = [...traffic.tips.values()].filter((e) => e.error);
    const { rows: dup } = await db.query('SELECT key, count(*)::int AS n FROM idempotency_keys WHERE key = ANY($1) GROUP BY key HAVING count(*) > 1', [keys]);
    const { rows: [charges] } = await db.query(`SELECT count(*)::int AS n, coalesce(sum(amount), 0)::bigint AS total FROM wallet_charges WHERE user_id = ANY($1) AND type = 'tip'`, [fans.map((f) => f.id)]);
    const { rows: found } = await db.query('SELECT id FROM wallet_charges WHERE id = ANY($1::uuid[])', [answered.map((e) => e.chargeId)]);
    const { rows: wallets } = await db.query(`SELECT owner_id, balance::bigint AS balance FROM ledger_accounts WHERE kind = 'wallet' AND owner_id = ANY($1)`, [fans.map((f) => f.id)]);
    const { rows: [tipsByFan] } = await db.query(`SELECT json_object_agg(user_id, n) AS m FROM (SELECT user_id, count(*)::int AS n FROM wallet_charges WHERE user_id = ANY($1) AND type = 'tip' GROUP BY user_id) x`, [fans.map((f) => f.id)]);
    const { rows: [unbalanced] } = await db.query('SELECT count(*)::int AS n FROM (SELECT transaction_id FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0) x');
    const made = charges.n - before.n;
    const problems = [];
    if (dup.length) problems.push(`${dup.length} keys charged more than once`);
    if (found.length !== answered.length) problems.push(`${answered.length - found.length} answered tips missing from wallet_charges`);
    if (made !== answered.length) problems.push(`${made} tip charges written for ${answered.length} answered tips`);
    for (const w of wallets) {
      const f = fans.find((x) => x.id === w.owner_id);
      const expected = TOP_UPS * TOP_UP * 100 - (tipsByFan.m?.[w.owner_id] ?? 0) * TIP * 100;
      if (Number(w.balance) !== expected) problems.push(`wallet of ${f?.username}: ${w.balance} minor units, expected ${expected}`);
    }
    if (unbalanced.n) problems.push(`${unbalanced.n} ledger transactions whose entries do not sum to 0`);
    const lost = keys.length - answered.length - refused.length;
    console.log(`  ledger: ${keys.length} tips sent (${[...traffic.tips.values()].reduce((a, e) => a + e.attempts, 0)} attempts), ${answered.length} answered, ${refused.length} refused, ${lost} unanswered after 90 s; ${made} charges written, ${dup.length} duplicates; ${wallets.length} wallets = top-ups − tips; ${unbalanced.n} unbalanced transactions`);
    console.log(`  messages: ${traffic.sent.size} answered, ${[...traffic.sent].filter((t) => traffic.received.has(t)).length} seen on a creator socket (the rest while that socket was reconnecting)`);
    reports.push({ scenario: 'ledger', tips: keys.length, answered: answered.length, refused: refused.length, charges: made, duplicates: dup.length, unbalanced: unbalanced.n });
    if (problems.length) throw new Error(problems.join('; '));
    if (lost) throw new Error(`${lost} tips never answered`);
  });
  if (process.env.PROD_SMOKE_REPORT) {
    const fs = await import('node:fs');
    fs.writeFileSync(process.env.PROD_SMOKE_REPORT, JSON.stringify(reports, null, 2));
  }
}
