import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { createTestApp, type TestApp } from '../../test/harness';
import { openDatabase, type Database } from '../db/client';
import { Queue } from './queue';

/**
 * Several processes on one PostgreSQL (README "Domain events", deploy/): an API node that only
 * enqueues (WORKERS=0) wakes the worker process's workers through NOTIFY, so a job starts at once
 * rather than at the worker's next poll. Here the worker polls every 5 minutes: only the wake-up
 * can start the job within the test.
 */
describe.skipIf(!process.env.DATABASE_URL)('job wake-up across processes (PostgreSQL)', () => {
  let t: TestApp;
  const opened: Database[] = [];
  const queues: Queue[] = [];
  const log = pino({ level: 'silent' });
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const q of queues) await q.stop();
    for (const d of opened) await d.close();
    await t?.close();
  });

  async function node(workers: number, ran: string[]) {
    const database = await openDatabase({ databaseUrl: t.databaseUrl! });
    opened.push(database);
    const queue = new Queue(database, { workers, log, pollingIntervalSeconds: 300 });
    queues.push(queue);
    queue.define<{ n: string }>({ name: 'test.wake', retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60, handler: async ({ n }) => { ran.push(n); } });
    await queue.start();
    return queue;
  }

  it('a job sent by a node without workers runs on the worker process at once, each once', async () => {
    const ran: string[] = [];
    const worker = await node(1, ran);
    const api = await node(0, []);
    // The worker's first poll happened at its start; the next is 5 minutes away.
    await api.send('test.wake', { n: 'one' });
    await vi.waitFor(() => expect(ran).toEqual(['one']), { timeout: 30_000, interval: 50 });
    await api.sendMany('test.wake', [{ data: { n: 'two' } }, { data: { n: 'three' } }]);
    await vi.waitFor(() => expect(ran.sort()).toEqual(['one', 'three', 'two']), { timeout: 30_000, interval: 50 });
    await worker.drain();
    expect(ran).toHaveLength(3);
  });
});
