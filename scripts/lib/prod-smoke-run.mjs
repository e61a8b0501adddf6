/**
 * The inner half of scripts/prod-smoke.mjs: brings the layout up (prod-layout.mjs), runs the main
 * journeys through the proxy, optionally the failure scenarios (prod-failures.mjs), and tears down.
 * Answers the exit code.
 */
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import sharp from 'sharp';
import { io as connectSocket } from 'socket.io-client';
import { ROOT, webBuildIsStale } from './build-web.mjs';
import {
  PORTS, URLS, layoutEnv, requireNginx, startApiNode, startNginx, startPostgres, startRedis, startS3, startWeb, startWorker,
  stopProcess, tail, waitFor, waitForTcp, writeNginxConfig,
} from './prod-layout.mjs';

const PASSWORD = 'prod-smoke-pass-42';
const sec = (ms) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs `fn` as a named step and prints its time; failures carry the step's name. */
export async function step(name, fn) {
  const t0 = performance.now();
  try {
    const out = await fn();
    console.log(`✔ ${name.padEnd(64)} ${sec(performance.now() - t0).padStart(8)}`);
    return out;
  } catch (err) {
    console.log(`✖ ${name.padEnd(64)} ${sec(performance.now() - t0).padStart(8)}`);
    throw err;
  }
}

/** JSON call; throws with the answer unless `expect` (default 2xx) holds. */
export async function call(base, method, p, { token, body, headers = {}, expect } = {}) {
  const isForm = body instanceof FormData;
  const res = await fetch(`${base}${p}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  let json = null;
  try { json = JSON.parse(text); } catch { /* not JSON */ }
  const ok = expect ? expect === res.status : res.ok;
  if (!ok) throw new Error(`${method} ${p} answered ${res.status}${expect ? ` (expected ${expect})` : ''}: ${text.slice(0, 300)}`);
  return { status: res.status, data: json?.data, json, headers: res.headers };
}

const png = async (background) => new Blob([new Uint8Array(await sharp({ create: { width: 64, height: 64, channels: 3, background } }).png().toBuffer())], { type: 'image/png' });

/** A fan: registered and signed in through the proxy. */
export async function registerFan(tag) {
  const username = `fan${tag}`;
  const reg = await call(URLS.api, 'POST', '/auth/users/register', { body: { firstName: 'Fran', lastName: 'Smoke', username, email: `${username}@example.test`, password: PASSWORD, ageConfirmed: true, acceptTerms: true } });
  const { data } = await call(URLS.api, 'POST', '/auth/login', { body: { username, password: PASSWORD } });
  return { id: reg.data.user._id, username, token: data.token };
}

/**
 * A creator registered through the proxy with the two identity pictures; approved by writing the
 * verification decision (the operator's approval needs an operator with 2FA, which a fresh
 * production database does not have; the console's approval is tested in the API and e2e suites).
 */
export async function registerCreator(tag, db) {
  const username = `creator${tag}`;
  const form = new FormData();
  for (const [k, v] of Object.entries({ firstName: 'Cleo', lastName: 'Smoke', username, email: `${username}@example.test`, password: PASSWORD, gender: 'female', dateOfBirth: '1994-06-01', ageConfirmed: 'true', acceptTerms: 'true' })) form.append(k, v);
  form.append('documentVerification', await png('#ddd'), 'id.png');
  form.append('idVerification', await png('#c96'), 'selfie.png');
  const { data } = await call(URLS.api, 'POST', '/auth/performers/register', { body: form });
  const id = data.user._id;
  await db.query(`UPDATE performer_profiles SET verification_status = 'approved', updated_at = now() WHERE user_id = $1`, [id]);
  const login = await call(URLS.api, 'POST', '/auth/login', { body: { username, password: PASSWORD } });
  return { id, username, token: login.data.token };
}

/** A socket.io client signed in with `token` on `url` (an API node directly, or the proxy). */
export function openSocket(url, token, opts = {}) {
  const socket = connectSocket(url, { query: { token }, transports: ['websocket'], forceNew: true, reconnection: false, ...opts });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket to ${url} did not connect`)), 15_000);
    socket.once('connect', () => { clearTimeout(timer); resolve(socket); });
    socket.once('connect_error', (err) => { clearTimeout(timer); socket.close(); reject(err); });
  });
}

/** The next `event` on `socket` whose payload `match`es. */
export function nextEvent(socket, event, match = () => true, timeoutMs = 15_000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { socket.off(event, on); reject(new Error(`no ${event} within ${timeoutMs / 1000} s`)); }, timeoutMs);
    const on = (payload) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, on);
      resolve(payload);
    };
    socket.on(event, on);
  });
}

/**
 * The web app's production build, made when missing or stale (scripts/lib/build-web.mjs decides);
 * type checking is left to `npm run typecheck`, as in CI. Throws on failure, so teardown runs.
 */
function buildWeb() {
  if (!webBuildIsStale()) return;
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', WEB_BUILD_SKIP_TYPECHECK: '1' }, maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`the web build failed:\n${`${r.stdout}\n${r.stderr}`.trim().split('\n').slice(-30).join('\n')}`);
}

/**
 * Brings the layout up into `layout` (given by the caller, so a Ctrl-C during the bring-up can
 * stop what is already running); `layout.stop()` stops it in reverse order, once.
 */
export async function bringUp(layout, { privatePostgres }) {
  const { dir } = layout;
  layout.procs = {};
  const stoppers = [];
  // One teardown however many ask (a failed step and a Ctrl-C at once); it waits for a start in
  // progress only as long as that takes to fail — the children got the Ctrl-C too.
  let stopping = null;
  layout.stop = () => (stopping ??= (async () => {
    while (stoppers.length) {
      const s = stoppers.pop();
      try { await s(); } catch (err) { console.error(`teardown: ${err.message}`); }
    }
  })());
  try {
    const nginxBin = await step('nginx (Debian) present', () => requireNginx());
    layout.pg = await step(privatePostgres ? `PostgreSQL: a private cluster on :${PORTS.pg} (initdb + pg_ctl)` : 'PostgreSQL: a throwaway database on the machine\'s server', () =>
      startPostgres(dir, { mode: privatePostgres ? 'private' : 'shared', baseUrl: process.env.PROD_SMOKE_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres' }));
    stoppers.push(() => layout.pg.stop());
    layout.redis = await step(`Redis: a redis-server of its own on :${PORTS.redis}`, async () => {
      const r = startRedis(dir);
      stoppers.push(() => stopProcess(r.child));
      await waitForTcp(PORTS.redis);
      return r;
    });
    const s3 = await step(`S3 storage: s3rver on :${PORTS.s3}`, () => startS3(dir));
    stoppers.push(() => s3.stop());
    await step('web app production build (reused when fresh)', () => buildWeb());
    layout.env = layoutEnv({ dir, databaseUrl: layout.pg.url, redisUrl: layout.redis.url, s3Env: s3.env, extra: { RATE_LIMIT_AUTH_MAX: '100' } });
    fs.mkdirSync(layout.env.DATA_DIR, { recursive: true });
    const keep = (child) => { layout.procs[child.name] = child; stoppers.push(() => stopProcess(layout.procs[child.name])); return child; };
    await step('API node 1 (migrations on a fresh database)', async () => {
      const api1 = keep(startApiNode(dir, layout.env, 'api1', PORTS.api1));
      await waitFor(`${URLS.api1}/readyz`, { child: api1 });
    });
    await step('API node 2, the worker and the web app', async () => {
      const api2 = keep(startApiNode(dir, layout.env, 'api2', PORTS.api2));
      const worker = keep(startWorker(dir, layout.env));
      const web = keep(startWeb(dir, layout.env));
      await Promise.all([
        waitFor(`${URLS.api2}/readyz`, { child: api2 }),
        waitFor(`http://127.0.0.1:${PORTS.next}/auth/login`, { child: web }),
        waitForLog(worker, /worker running job handlers/),
      ]);
    });
    await step(`nginx: web https :${PORTS.web}, API https :${PORTS.api}`, async () => {
      const conf = writeNginxConfig(dir, { cert: process.env.NODE_EXTRA_CA_CERTS, key: process.env.NODE_EXTRA_CA_CERTS.replace(/cert\.pem$/, 'key.pem') });
      const nginx = keep(startNginx(dir, nginxBin, conf));
      await waitFor(`${URLS.api}/readyz`, { child: nginx, timeoutMs: 20_000 });
    });
    layout.db = new pg.Pool({ connectionString: layout.pg.url, max: 2 });
    layout.db.on('error', () => {}); // the failure scenarios stop PostgreSQL under it
    stoppers.push(() => layout.db.end());
    return layout;
  } catch (err) {
    await layout.stop();
    throw err;
  }
}

/** Resolves when the child's log shows `re` (its readiness line). */
export async function waitForLog(child, re, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  child.done.then((e) => { exited = e; });
  while (Date.now() < deadline) {
    if (re.test(fs.readFileSync(child.logFile, 'utf8'))) return;
    if (exited) throw new Error(`${child.name} exited (${exited.code ?? exited.signal}):\n${tail(child.logFile)}`);
    await sleep(200);
  }
  throw new Error(`${child.name} did not log ${re} within ${timeoutMs / 1000} s:\n${tail(child.logFile)}`);
}

/** The main journeys through the proxy. Answers the accounts for the failure scenarios. */
export async function journeys(layout) {
  const tag = crypto.randomBytes(3).toString('hex');
  const fan = await step('a fan registers and signs in (https, through nginx)', () => registerFan(tag));
  const creator = await step('a creator registers with ID pictures, is approved, signs in', () => registerCreator(tag, layout.db));
  await step('the creator sets a $9.95 monthly subscription', () => call(URLS.api, 'PUT', '/performers/subscription-settings', { token: creator.token, body: { monthlyPrice: 9.95, freeSubscriptionEnabled: false } }));

  const { feedId, fileId } = await step('the creator uploads a photo (to S3) and posts it for subscribers', async () => {
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#3a6' } }).jpeg().toBuffer();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'smoke.jpg');
    const file = (await call(URLS.api, 'POST', '/performer/feeds/photo/upload', { token: creator.token, body: form })).data;
    const feed = (await call(URLS.api, 'POST', '/performer/feeds', { token: creator.token, body: { text: `Smoke post ${tag}`, fileIds: [file._id], visibility: 'subscribers' } })).data;
    return { feedId: feed._id, fileId: file._id };
  });
  await step('the worker processes the upload (the API nodes run no jobs)', async () => {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const { data } = await call(URLS.api, 'GET', `/files/${fileId}/status`, { token: creator.token });
      if (data.status === 'ready') return;
      if (data.status === 'failed') throw new Error(`processing failed: ${data.error}`);
      if (Date.now() > deadline) throw new Error(`the upload is still ${data.status} after 120 s:\n${tail(layout.procs.worker.logFile)}`);
      await sleep(250);
    }
  });
  const objects = await layout.db.query('SELECT count(*)::int AS n FROM files WHERE id = $1', [fileId]);
  if (objects.rows[0].n !== 1) throw new Error('the file row is missing');

  await step('before paying, the fan sees the post locked (no media URL)', async () => {
    const { data } = await call(URLS.api, 'GET', `/user/feeds/${feedId}`, { token: fan.token });
    if (data.files.some((f) => f.url || f.thumbnails.length)) throw new Error(`a locked post carries media: ${JSON.stringify(data.files)}`);
  });
  await step('the fan saves the sandbox card and subscribes ($9.95)', async () => {
    await call(URLS.api, 'POST', '/sandbox/cards', { token: fan.token, body: { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' }, expect: 201 });
    await call(URLS.api, 'POST', '/payment/subscribe/performers', { token: fan.token, headers: { 'idempotency-key': `smoke-${tag}` }, body: { performerId: creator.id, type: 'monthly' } });
  });
  await step('the fan sees the post and its picture (from S3, through nginx)', async () => {
    const { data } = await call(URLS.api, 'GET', `/user/feeds/${feedId}`, { token: fan.token });
    const url = data.files[0]?.url;
    if (!url || !url.startsWith(URLS.api)) throw new Error(`no media URL through the proxy: ${JSON.stringify(data.files)}`);
    const res = await fetch(url, { headers: { authorization: `Bearer ${fan.token}` } });
    const bytes = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || !/^image\//.test(res.headers.get('content-type') ?? '') || bytes.length < 100) throw new Error(`the picture answered ${res.status} ${res.headers.get('content-type')} (${bytes.length} bytes)`);
  });

  await step('a message reaches the other side through the other API node (Redis adapter)', async () => {
    // The fan's socket on node 1, the creator's on node 2 and one more through nginx (wss).
    const fanSocket = await openSocket(URLS.api1, fan.token);
    const creatorSocket = await openSocket(URLS.api2, creator.token);
    const creatorViaProxy = await openSocket(URLS.api, creator.token);
    try {
      const conv = (await call(URLS.api, 'POST', '/conversations', { token: fan.token, body: { source: 'performer', sourceId: creator.id } })).data;
      const text1 = `hello from the fan ${tag}`;
      const got = Promise.all([
        nextEvent(creatorSocket, 'message/created', (m) => m.message?.text === text1),
        nextEvent(creatorViaProxy, 'message/created', (m) => m.message?.text === text1),
      ]);
      await call(URLS.api1, 'POST', `/messages/conversations/${conv._id}`, { token: fan.token, body: { text: text1 } }); // sent on node 1
      await got;
      const text2 = `hello from the creator ${tag}`;
      const back = nextEvent(fanSocket, 'message/created', (m) => m.message?.text === text2);
      await call(URLS.api2, 'POST', `/messages/conversations/${conv._id}`, { token: creator.token, body: { text: text2 } }); // sent on node 2
      await back;
    } finally {
      for (const s of [fanSocket, creatorSocket, creatorViaProxy]) s.close();
    }
  });

  await step('the web app\'s pages answer 200 through nginx; static assets cached', async () => {
    for (const p of ['/', '/auth/login', '/auth/register', `/${creator.username}`]) {
      const res = await fetch(`${URLS.web}${p}`);
      if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
      await res.arrayBuffer();
    }
    const html = await (await fetch(`${URLS.web}/auth/login`)).text();
    const asset = /\/_next\/static\/[^"'\s]+\.js/.exec(html)?.[0];
    if (!asset) throw new Error('no /_next/static script in the login page');
    const first = await fetch(`${URLS.web}${asset}`);
    await first.arrayBuffer();
    const second = await fetch(`${URLS.web}${asset}`);
    await second.arrayBuffer();
    if (second.status !== 200 || second.headers.get('x-cache-status') !== 'HIT') throw new Error(`${asset}: second fetch ${second.status}, X-Cache-Status ${second.headers.get('x-cache-status')}`);
    if (!/immutable/.test(second.headers.get('cache-control') ?? '')) throw new Error(`${asset}: Cache-Control ${second.headers.get('cache-control')}`);
  });
  await step('HTTP/2 and TLS on both hosts; plain HTTP redirects to https', async () => {
    const redirect = await fetch(`http://127.0.0.1:${PORTS.http}/auth/login`, { redirect: 'manual' });
    if (redirect.status !== 301 || !redirect.headers.get('location')?.startsWith('https://')) throw new Error(`plain HTTP answered ${redirect.status} ${redirect.headers.get('location')}`);
    const curl = spawnSync('curl', ['--version']);
    if (curl.status === 0) {
      for (const url of [`${URLS.web}/auth/login`, `${URLS.api}/healthz`]) {
        const r = spawnSync('curl', ['-s', '--http2', '--cacert', process.env.NODE_EXTRA_CA_CERTS, '-o', '/dev/null', '-w', '%{http_version} %{http_code}', url], { encoding: 'utf8' });
        if (r.stdout.trim() !== '2 200') throw new Error(`${url} over HTTP/2: ${r.stdout} ${r.stderr}`);
      }
    }
  });
  await step('/metrics is not served through the public entry', async () => {
    const res = await fetch(`${URLS.api}/metrics`);
    await res.arrayBuffer();
    if (res.status !== 404) throw new Error(`/metrics answered ${res.status} through nginx`);
  });
  return { fan, creator, feedId, tag };
}

export async function runSmoke({ dir, failures }) {
  const t0 = performance.now();
  const layout = { dir, stop: async () => {} };
  let code = 0;
  let stopping = false;
  const teardown = async () => {
    if (stopping) return;
    stopping = true;
    await step('teardown (every process stopped, the database dropped)', () => layout.stop());
  };
  const onSignal = (sig) => {
    console.log(`\n${sig}: tearing down…`);
    void teardown().then(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    console.log(`▶ Production layout on loopback (${dir})`);
    await bringUp(layout, { privatePostgres: failures });
    console.log('▶ Journeys through the proxy');
    const accounts = await journeys(layout);
    if (failures) {
      const { runFailures } = await import('./prod-failures.mjs');
      console.log('▶ Failure scenarios under steady traffic');
      await runFailures(layout, accounts);
    }
  } catch (err) {
    code = 1;
    console.error(`\n✖ ${err.stack ?? err.message}`);
  }
  await teardown();
  console.log(`${code === 0 ? '✔ prod-smoke passed' : '✖ prod-smoke failed'} in ${sec(performance.now() - t0)}`);
  return code;
}
