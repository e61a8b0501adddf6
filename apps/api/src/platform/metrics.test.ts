import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCreator, createFan, createTestApp, type TestApp } from '../../test/harness';
import { topUp } from '../../test/money';
import { connectClient, listen, type Client } from '../../test/sockets';
import { countOf, parseExposition, seriesOf, valueOf, type Family } from '../../test/prometheus';
import { insertLiveStream } from '../../test/stream-rows';
import { Mailer } from './mailer';
import { Queue } from './queue';
import { exportedNames, startMetricsServer } from './metrics';

/**
 * Issue 33 §1: Prometheus metrics, scraped as a Prometheus server would and parsed against the text
 * format, move for a real request, job, purchase and socket; the API port serves them only to the
 * token's holder (docs/operations.md "Metrics"). Runs on PGlite, and on PostgreSQL + Redis.
 */
const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;
const sockets: Client[] = [];

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});

async function scrape(): Promise<Map<string, Family>> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(res.headers['cache-control']).toBe('no-store');
  return parseExposition(res.body);
}

describe('who may scrape', () => {
  it('no token → 401; a wrong token → 401; a session token → 401; the token → 200', async () => {
    const fan = await createFan(t);
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.body).not.toContain('stagepass_');
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    const bare = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: TOKEN } });
    expect(bare.statusCode).toBe(401);
    const session = await t.app.inject({ method: 'GET', url: '/metrics', headers: fan.auth });
    expect(session.statusCode).toBe(401);
    expect(session.body).not.toContain('stagepass_');
    await scrape();
  });

  it('an API without METRICS_TOKEN answers 404, with or without a token', async () => {
    const plain = await createTestApp();
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await plain.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('stagepass_');
      }
    } finally {
      await plain.close();
    }
  });

  it('the metrics port serves the same text, and asks for the token when one is set', async () => {
    let server: http.Server | null = null;
    try {
      server = await startMetricsServer({ host: '127.0.0.1', port: 0, token: TOKEN });
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect((await fetch(`${url}/metrics`)).status).toBe(401);
      expect((await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
      expect((await fetch(`${url}/other`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
      const ok = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      const m = parseExposition(await ok.text());
      expect(m.has('stagepass_http_requests_total')).toBe(true);
      expect(m.has('process_cpu_seconds_total')).toBe(true);
    } finally {
      await new Promise((r) => server?.close(r) ?? r(null));
    }
  });
});

describe('what moves', () => {
  it('a request: counted by route template (never the raw URL), method and status, with its duration and its queries', async () => {
    const creator = await createCreator(t);
    const route = { method: 'GET', route: '/performers/:id', status: '200' };
    const before = await scrape();
    const res = await t.app.inject({ method: 'GET', url: `/performers/${creator.user.username}` });
    expect(res.statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: '/no/such/route/123' });
    const after = await scrape();
    expect(valueOf(after, 'stagepass_http_requests_total', route) - valueOf(before, 'stagepass_http_requests_total', route)).toBe(1);
    expect(countOf(after, 'stagepass_http_request_duration_seconds', route) - countOf(before, 'stagepass_http_request_duration_seconds', route)).toBe(1);
    expect(valueOf(after, 'stagepass_http_requests_total', { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    const routes = seriesOf(after, 'stagepass_http_requests_total').map((l) => l.route!);
    expect(routes.some((r) => r.includes(creator.user.username!) || r.includes('/no/such'))).toBe(false);
    expect(countOf(after, 'stagepass_db_query_duration_seconds', { operation: 'select' })).toBeGreaterThan(countOf(before, 'stagepass_db_query_duration_seconds', { operation: 'select' }));
    // The pool gauges: PostgreSQL's pool, or PGlite's one connection.
    expect(valueOf(after, 'stagepass_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
  });

  it("a purchase: the ledger's movements by type with their amount, the job its event queued, and the queues' depth and age", async () => {
    const fan = await createFan(t);
    const creator = await createCreator(t);
    await topUp(t, fan, 50, { card: true });
    await t.ctx.queue.drain();
    const before = await scrape();
    // The tip's domain event's handler job waits in its queue while that queue is held: depth and age see it.
    await t.ctx.queue.pause('events.handle');
    const res = await t.app.inject({ method: 'POST', url: `/wallet/charges/tip/${creator.user.username}`, headers: fan.auth, payload: { price: 12.5 } });
    expect(res.statusCode, res.body).toBe(200);
    const handle = { queue: 'events.handle' };
    await expect.poll(async () => valueOf(await scrape(), 'stagepass_job_queue_depth', handle), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    expect(valueOf(await scrape(), 'stagepass_job_queue_oldest_age_seconds', handle)).toBeGreaterThan(0);
    await t.ctx.queue.resume('events.handle');
    await t.ctx.queue.drain();
    await expect.poll(async () => valueOf(await scrape(), 'stagepass_job_queue_depth', handle), { timeout: 15_000 }).toBe(0);
    const after = await scrape();
    const tip = { type: 'tip' };
    expect(valueOf(after, 'stagepass_ledger_movements_total', tip) - valueOf(before, 'stagepass_ledger_movements_total', tip)).toBe(1);
    expect(valueOf(after, 'stagepass_ledger_movement_amount_minor_total', tip) - valueOf(before, 'stagepass_ledger_movement_amount_minor_total', tip)).toBe(1250);
    // The tip's domain event was handled by its handler job: its run time was observed here.
    expect(countOf(after, 'stagepass_job_run_duration_seconds', { queue: 'events.handle', outcome: 'completed' })).toBeGreaterThan(countOf(before, 'stagepass_job_run_duration_seconds', { queue: 'events.handle', outcome: 'completed' }));
    // Its handler notified the creator (an in-app notification pushed).
    expect(valueOf(after, 'stagepass_notifications_sent_total', { channel: 'in_app' })).toBeGreaterThan(valueOf(before, 'stagepass_notifications_sent_total', { channel: 'in_app' }));
    // Every queue of ours has a depth and an age sample (drained: nothing waits).
    const depth = after.get('stagepass_job_queue_depth')!.samples;
    expect(depth.length).toBeGreaterThan(3);
    expect(depth.every((s) => s.labels.queue && s.value >= 0)).toBe(true);
    expect(seriesOf(after, 'stagepass_job_queue_oldest_age_seconds')).toHaveLength(depth.length);
  });

  it("a job that fails: its queue's failures and failed run time; once failed for good, its dead-letter queue's depth", async () => {
    // A queue of the test's own beside the app's, on the same database (pg-boss shares its schema).
    const queue = new Queue(t.ctx.database, { workers: 1, log: t.ctx.log });
    queue.define<{ n: number }>({
      name: 'metrics-test.fails', retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 30,
      handler: async () => { throw new Error('this job fails'); },
    });
    const q = { queue: 'metrics-test.fails' };
    try {
      await queue.start();
      const before = await scrape();
      await queue.send('metrics-test.fails', { n: 1 });
      // (Not drain: the dead letter waits in its queue, where nobody works it.)
      await expect.poll(async () => valueOf(await scrape(), 'stagepass_job_failures_total', q) - valueOf(before, 'stagepass_job_failures_total', q), { timeout: 20_000 }).toBe(1);
      const after = await scrape();
      expect(countOf(after, 'stagepass_job_run_duration_seconds', { ...q, outcome: 'failed' }) - countOf(before, 'stagepass_job_run_duration_seconds', { ...q, outcome: 'failed' })).toBe(1);
      await expect.poll(async () => valueOf(await scrape(), 'stagepass_job_queue_depth', { queue: 'metrics-test.fails__dead' }), { timeout: 15_000 }).toBe(1);
    } finally {
      await queue.stop();
    }
    // A stopped queue's gauges are gone from the scrape.
    await expect.poll(async () => seriesOf(await scrape(), 'stagepass_job_queue_depth').some((l) => l.queue === 'metrics-test.fails'), { timeout: 15_000 }).toBe(false);
  }, 90_000);

  it('a declined card payment counts as a failed payment', async () => {
    const fan = await createFan(t);
    const before = await scrape();
    const card = await t.app.inject({ method: 'POST', url: '/sandbox/cards', headers: fan.auth, payload: { number: '4000000000000341', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', holderName: 'Test Fan' } });
    expect(card.statusCode, card.body).toBe(201);
    const res = await t.app.inject({ method: 'POST', url: '/payment/wallet/top-up', headers: fan.auth, payload: { amount: 20 } });
    expect(res.statusCode).toBe(422);
    const after = await scrape();
    expect(valueOf(after, 'stagepass_payments_failed_total', { gateway: 'sandbox' }) - valueOf(before, 'stagepass_payments_failed_total', { gateway: 'sandbox' })).toBe(1);
  });

  it('e-mails: sent through the outbox, failed against an SMTP server that is not there', async () => {
    const before = await scrape();
    await t.ctx.mailer.send({ to: 'someone@example.test', subject: 'Metrics', text: 'Counted.' });
    const unreachable = new Mailer({ smtpUrl: 'smtp://127.0.0.1:1?ignoreTLS=true', from: 'x@example.test', outboxDir: t.config.outboxDir });
    await expect(unreachable.send({ to: 'someone@example.test', subject: 'Metrics', text: 'Fails.' })).rejects.toThrow();
    await unreachable.close();
    const after = await scrape();
    expect(valueOf(after, 'stagepass_emails_sent_total', { transport: 'outbox' }) - valueOf(before, 'stagepass_emails_sent_total', { transport: 'outbox' })).toBe(1);
    expect(valueOf(after, 'stagepass_emails_failed_total', { transport: 'smtp' }) - valueOf(before, 'stagepass_emails_failed_total', { transport: 'smtp' })).toBe(1);
  });

  it('live streams and their viewers, by provider', async () => {
    const creator = await createCreator(t);
    const before = await scrape();
    await insertLiveStream(t, creator.user.id, { viewerCount: 3 });
    const agora = { provider: 'agora' };
    // Read on scrape through a 5-second cache: wait for the next read to see it.
    await expect.poll(async () => valueOf(await scrape(), 'stagepass_live_streams', agora), { timeout: 15_000 }).toBe(valueOf(before, 'stagepass_live_streams', agora) + 1);
    expect(valueOf(await scrape(), 'stagepass_live_viewers', agora)).toBe(valueOf(before, 'stagepass_live_viewers', agora) + 3);
  });

  it('a socket: connected on this node, gone when it disconnects', async () => {
    const fan = await createFan(t);
    const url = await listen(t.app);
    const before = valueOf(await scrape(), 'stagepass_realtime_sockets');
    const s = await connectClient(url, fan.token, sockets);
    expect(valueOf(await scrape(), 'stagepass_realtime_sockets')).toBe(before + 1);
    s.disconnect();
    await expect.poll(async () => valueOf(await scrape(), 'stagepass_realtime_sockets')).toBe(before);
  });

  it('default process metrics, the disk of DATA_DIR, and every family the dashboard reads are exported', async () => {
    const m = await scrape();
    for (const name of ['process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'stagepass_data_dir_free_bytes', 'stagepass_data_dir_size_bytes', 'stagepass_live_streams', 'stagepass_live_viewers']) {
      expect(m.has(name), name).toBe(true);
    }
    expect(valueOf(m, 'stagepass_data_dir_free_bytes')).toBeGreaterThan(0);
    expect(valueOf(m, 'stagepass_data_dir_size_bytes')).toBeGreaterThanOrEqual(valueOf(m, 'stagepass_data_dir_free_bytes'));
    expect(exportedNames()).toEqual(expect.arrayContaining([...m.keys()]));
  });
});
