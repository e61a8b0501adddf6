import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { Queue, type JobInfo } from '../../platform/queue';

/** The job queue itself (platform/queue.ts) on the test database: retries, dead letters, drain. */
let t: TestApp;
let q: Queue;
const seen: Array<{ data: { n: number }; job: Omit<JobInfo, 'signal'> }> = [];
const dead: Array<{ n: number }> = [];

beforeAll(async () => {
  t = await createTestApp();
  q = new Queue(t.ctx.database, { workers: 2, log: t.app.log, pollingIntervalSeconds: 5 });
  q.define<{ n: number; fail?: boolean }>({
    name: 'test.work',
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 60,
    handler: async (data, { signal: _s, ...job }) => {
      seen.push({ data, job });
      if (data.fail) throw new Error(`fail ${data.n}`);
    },
    onDead: async (data) => {
      dead.push(data);
    },
  });
  await q.start();
});
afterAll(async () => {
  await q?.stop();
  await t?.close();
});

describe('Queue', () => {
  it('runs a job at once when sent from a process with workers (no waiting for the next poll)', async () => {
    const started = Date.now();
    await q.send('test.work', { n: 1 });
    await q.drain({ skipRetryDelays: false });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(seen.filter((s) => s.data.n === 1).map((s) => s.job)).toEqual([
      { id: expect.any(String), retryCount: 0, retryLimit: 2, isLastAttempt: false, expireInSeconds: 60 },
    ]);
  });

  it('retries a failing job retryLimit times (backoff skipped by drain), then hands its data to onDead', async () => {
    await q.send('test.work', { n: 2, fail: true }, { expireInSeconds: 120 });
    await q.drain();
    const attempts = seen.filter((s) => s.data.n === 2).map((s) => [s.job.retryCount, s.job.isLastAttempt, s.job.expireInSeconds]);
    expect(attempts).toEqual([[0, false, 120], [1, false, 120], [2, true, 120]]);
    expect(dead).toEqual([{ n: 2, fail: true }]);
    expect(await q.pending()).toBe(0);
  });

  it('pause holds a queue: its jobs wait, queued, until resume runs them', async () => {
    await q.pause('test.work');
    await q.send('test.work', { n: 5 });
    // No worker of this process fetches it: still queued after a wake-up and a while.
    await new Promise((r) => setTimeout(r, 300));
    expect(seen.some((s) => s.data.n === 5)).toBe(false);
    expect(await q.pending()).toBe(1);
    await q.resume('test.work');
    await q.drain();
    expect(seen.filter((s) => s.data.n === 5)).toHaveLength(1);
    await expect(q.pause('nope')).rejects.toThrow(/unknown job/);
  });

  it('refuses unknown job names, and defining after start', async () => {
    await expect(q.send('nope', {})).rejects.toThrow(/unknown job/);
    expect(() => q.define({ name: 'late', retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 1, handler: async () => {} })).toThrow(/before start/);
  });

  it('drain times out while a job is still running', async () => {
    const slow = new Queue(t.ctx.database, { workers: 1, log: t.app.log });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    slow.define({ name: 'test.slow', retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60, handler: () => gate });
    await slow.start();
    await slow.send('test.slow', {});
    await expect(slow.drain({ timeoutMs: 500 })).rejects.toThrow(/still pending/);
    release();
    await slow.drain();
    await slow.stop();
  });

  it('a handler that outlives stop() finishes without an unhandled rejection; its job stays to be retried', async () => {
    const rejections: unknown[] = [];
    const onRejection = (err: unknown) => rejections.push(err);
    process.on('unhandledRejection', onRejection);
    try {
      const q2 = new Queue(t.ctx.database, { workers: 1, log: t.app.log, stopTimeoutMs: 100 });
      let started!: () => void;
      const running = new Promise<void>((r) => (started = r));
      // Ignores the abort signal on purpose and ends 3.5 s later, after stop() gave up waiting (1 s pg-boss, 2 s ours).
      q2.define({ name: 'test.stubborn', retryLimit: 1, retryDelaySeconds: 1, expireInSeconds: 60, handler: () => { started(); return new Promise((r) => setTimeout(r, 3_500)); } });
      await q2.start();
      await q2.send('test.stubborn', {});
      await running;
      await q2.stop();
      await new Promise((r) => setTimeout(r, 1_000));
      expect(rejections).toEqual([]);
      const { rows } = await t.ctx.db.execute(sql`SELECT state FROM pgboss.job WHERE name = 'test.stubborn'`);
      expect(rows.map((r) => r.state)).not.toContain('completed');
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });

  it('a worker takes the next queued job as soon as it finishes one (no polling interval between queued jobs)', async () => {
    // An hour between polls: only the worker asking again right after a job can run the rest.
    const q2 = new Queue(t.ctx.database, { workers: 1, log: t.app.log, pollingIntervalSeconds: 3600 });
    const done: number[] = [];
    let allDone!: () => void;
    const finished = new Promise<void>((r) => (allDone = r));
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    q2.define<{ n: number }>({
      name: 'test.chain',
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      handler: async ({ n }) => {
        if (n === 1) await gate; // the others are queued while the first runs
        done.push(n);
        if (done.length === 4) allDone();
      },
    });
    await q2.start();
    try {
      for (const n of [1, 2, 3, 4]) await q2.send('test.chain', { n });
      open();
      const gaveUp = new Promise<'gave up'>((r) => setTimeout(() => r('gave up'), 20_000).unref());
      expect(await Promise.race([finished.then(() => 'all ran' as const), gaveUp])).toBe('all ran');
      expect(done.sort()).toEqual([1, 2, 3, 4]);
    } finally {
      await q2.stop();
    }
  });
});
