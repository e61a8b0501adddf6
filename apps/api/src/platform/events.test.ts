import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createCreator, createFan, createTestApp, type Made, type TestApp } from '../../test/harness';
import { EVENT_BULK_JOB, EVENT_DISPATCH_JOB, EVENT_HANDLE_JOB } from './events';
import { domainEventHandled, domainEvents } from './events.tables';
import type { Tx } from '../db/client';

/** The outbox's guarantees (README "Domain events"): never for a rollback, never lost, never twice. */
let t: TestApp;
// Real accounts for the events the app's own handlers also take (the fan list, statistics and
// automatic messages write rows keyed to them; made-up ids would fail those handlers for good).
let fan: Made;
let fan2: Made;
let fan3: Made;
let creator: Made;
beforeAll(async () => {
  t = await createTestApp();
  [fan, fan2, fan3, creator] = [await createFan(t), await createFan(t), await createFan(t), await createCreator(t)];
  await t.ctx.db.execute(sql`CREATE TABLE event_test_effects (event_id uuid NOT NULL, handler text NOT NULL)`);
});
afterAll(async () => {
  await t?.close();
});

const ids = () => ({ a: crypto.randomUUID(), b: crypto.randomUUID(), c: crypto.randomUUID() });
/** A database effect of a transactional handler, counted per (event, handler). */
const effect = (tx: Tx, eventId: string, handler: string) => tx.execute(sql`INSERT INTO event_test_effects (event_id, handler) VALUES (${eventId}, ${handler})`);
const effects = async (eventId: string, handler: string) =>
  Number((await t.ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM event_test_effects WHERE event_id = ${eventId} AND handler = ${handler}`)).rows[0]!.n);
const eventRow = async (id: string) => (await t.ctx.db.select().from(domainEvents).where(eq(domainEvents.id, id)))[0];

describe('domain events (transactional outbox)', () => {
  it('an event recorded in a rolled-back transaction does not exist and is never handled', async () => {
    const seen: string[] = [];
    t.ctx.events.onSideEffect('follow.created', 'test.rollback', async (e) => { seen.push(e.id); });
    let id = '';
    await expect(t.ctx.db.transaction(async (tx) => {
      id = await t.ctx.events.record(tx, 'follow.created', { followerId: ids().a, performerId: ids().b });
      throw new Error('the change failed');
    })).rejects.toThrow('the change failed');
    expect(id).not.toBe('');
    await t.ctx.queue.drain();
    expect(await t.ctx.events.sweep({ olderThanMs: 0 })).toBe(0);
    await t.ctx.queue.drain();
    expect(await eventRow(id)).toBeUndefined();
    expect(seen).toEqual([]);
  });

  it('a crash between the commit and the dispatch: the sweeper dispatches it, each handler runs once', async () => {
    const mailed: string[] = [];
    t.ctx.events.on('comment.created', 'test.crash.db', (e, tx) => effect(tx, e.id, 'test.crash.db').then(() => {}));
    t.ctx.events.onSideEffect('comment.created', 'test.crash.mail', async (e) => { mailed.push(e.id); });
    // The process "dies" after the commit: neither its handler jobs nor a dispatch job are queued.
    const send = t.ctx.queue.send.bind(t.ctx.queue);
    const spy = vi.spyOn(t.ctx.queue, 'send').mockImplementation(async (name, data, opts) => {
      if (name === EVENT_DISPATCH_JOB || name === EVENT_HANDLE_JOB || name === EVENT_BULK_JOB) throw new Error('process killed');
      return send(name, data, opts);
    });
    const spyMany = vi.spyOn(t.ctx.queue, 'sendJobs').mockRejectedValue(new Error('process killed'));
    let id = '';
    try {
      id = await t.ctx.db.transaction((tx) => t.ctx.events.record(tx, 'comment.created', { commentId: ids().a, userId: ids().b, objectType: 'feed', objectId: ids().c, parentId: null, ownerId: null }));
    } finally {
      spy.mockRestore();
      spyMany.mockRestore();
    }
    await t.ctx.queue.drain();
    expect(await eventRow(id)).toMatchObject({ dispatchedAt: null });
    expect(await effects(id, 'test.crash.db')).toBe(0);
    // Too young for the sweeper (its after-commit dispatch may still be on the way)…
    expect(await t.ctx.events.sweep()).toBe(0);
    // …then swept ("after the restart"): handled exactly once, and a second sweep finds nothing.
    expect(await t.ctx.events.sweep({ olderThanMs: 0 })).toBe(1);
    await t.ctx.queue.drain();
    expect(await t.ctx.events.sweep({ olderThanMs: 0 })).toBe(0);
    await t.ctx.queue.drain();
    expect(await effects(id, 'test.crash.db')).toBe(1);
    expect(mailed).toEqual([id]);
    expect((await eventRow(id))!.dispatchedAt).toBeInstanceOf(Date);
  });

  it('handler jobs queued right after the commit, one insert per transaction; when that fails, a dispatch job queues them: each handler runs once', async () => {
    const seen: string[] = [];
    t.ctx.events.onSideEffect('follow.created', 'test.direct', async (e) => { seen.push(e.id); });
    const sent: string[] = [];
    const batches: number[] = [];
    const send = t.ctx.queue.send.bind(t.ctx.queue);
    const sendJobs = t.ctx.queue.sendJobs.bind(t.ctx.queue);
    const spy = vi.spyOn(t.ctx.queue, 'send').mockImplementation(async (name, data, opts) => {
      sent.push(name);
      return send(name, data, opts);
    });
    const spyMany = vi.spyOn(t.ctx.queue, 'sendJobs').mockImplementation(async (jobs) => {
      sent.push(...new Set(jobs.map((j) => j.name)));
      batches.push(jobs.length);
      return sendJobs(jobs);
    });
    let direct = '';
    let second = '';
    try {
      // Two events of one transaction: their handler jobs go in one insert.
      [direct, second] = await t.ctx.db.transaction(async (tx) => [
        await t.ctx.events.record(tx, 'follow.created', { followerId: fan.user.id, performerId: creator.user.id }),
        await t.ctx.events.record(tx, 'follow.created', { followerId: fan3.user.id, performerId: creator.user.id }),
      ]);
    } finally {
      spy.mockRestore();
      spyMany.mockRestore();
    }
    // Straight to the handler jobs: no dispatch job, and the events are dispatched before the caller goes on.
    expect(sent).not.toContain(EVENT_DISPATCH_JOB);
    // follow.created has handlers in both lanes (the follower's welcome message and the creator's
    // notification; the fan list and statistics): a job per event and lane, all in one insert.
    expect(sent.sort()).toEqual([EVENT_BULK_JOB, EVENT_HANDLE_JOB]);
    expect(batches).toEqual([4]);
    expect((await eventRow(direct))!.dispatchedAt).toBeInstanceOf(Date);
    expect((await eventRow(second))!.dispatchedAt).toBeInstanceOf(Date);

    // The handler jobs cannot be queued after the commit (a passing failure): a dispatch job does it.
    let failed = false;
    const flaky = vi.spyOn(t.ctx.queue, 'sendJobs').mockImplementation(async (jobs) => {
      if (!failed) {
        failed = true;
        throw new Error('queue unreachable');
      }
      return sendJobs(jobs);
    });
    let retried = '';
    try {
      retried = await t.ctx.db.transaction((tx) => t.ctx.events.record(tx, 'follow.created', { followerId: fan2.user.id, performerId: creator.user.id }));
      await t.ctx.queue.drain();
    } finally {
      flaky.mockRestore();
    }
    expect(failed).toBe(true);
    expect(seen.sort()).toEqual([direct, second, retried].sort());
    expect((await eventRow(retried))!.dispatchedAt).toBeInstanceOf(Date);
  });

  it('a failing handler is retried until it succeeds; the other handlers of the event ran once, unblocked', async () => {
    let attempts = 0;
    let steadyRuns = 0;
    const other: string[] = [];
    // Registered first: in the event's shared transaction it runs before the flaky one, and that
    // transaction rolls back with the failure — it must still take effect once (on its own).
    t.ctx.events.on('tip.sent', 'test.steady.db', async (e, tx) => {
      steadyRuns++;
      await effect(tx, e.id, 'test.steady.db');
    });
    t.ctx.events.on('tip.sent', 'test.flaky', async (e, tx) => {
      attempts++;
      await effect(tx, e.id, 'test.flaky');
      if (attempts < 3) throw new Error(`flaky attempt ${attempts}`);
    });
    t.ctx.events.onSideEffect('tip.sent', 'test.steady', async (e) => { other.push(e.id); });
    const id = await t.ctx.db.transaction((tx) => t.ctx.events.record(tx, 'tip.sent', { chargeId: ids().a, userId: fan.user.id, performerId: creator.user.id, amount: 500, message: 'hi' }));
    await t.ctx.queue.drain();
    expect(attempts).toBe(3);
    // The failed attempts' writes rolled back with them: one effect.
    expect(await effects(id, 'test.flaky')).toBe(1);
    expect(await effects(id, 'test.steady.db')).toBe(1);
    // Ran in the shared transaction (rolled back) and again alone on the first attempt; skipped by its marker after.
    expect(steadyRuns).toBe(2);
    expect(other).toEqual([id]);
    expect((await eventRow(id))!.lastError).toContain('test.flaky: flaky attempt 2');
    const markers = await t.ctx.db.select().from(domainEventHandled).where(eq(domainEventHandled.eventId, id));
    // (the app's own handlers of tip.sent, e.g. notifications.tip, have their markers too)
    expect(markers.map((m) => m.handler).filter((h) => h.startsWith('test.')).sort()).toEqual(['test.flaky', 'test.steady', 'test.steady.db']);
  });

  it('handler jobs fetched in a batch: a failing one is retried on its own, the others of the batch are done once', async () => {
    const failOnce = new Set<string>();
    t.ctx.events.on('payout.requested', 'test.batch', async (e, tx) => {
      await effect(tx, e.id, 'test.batch');
      if (e.payload.amount === 1234 && !failOnce.has(e.id)) {
        failOnce.add(e.id);
        throw new Error('first attempt fails');
      }
    });
    // Held, so the three jobs are queued before a worker fetches them together.
    await t.ctx.queue.pause(EVENT_BULK_JOB);
    const recorded: string[] = [];
    try {
      for (const amount of [1000, 1234, 2000]) {
        recorded.push(await t.ctx.db.transaction((tx) => t.ctx.events.record(tx, 'payout.requested', { payoutId: ids().a, performerId: creator.user.id, amount })));
      }
    } finally {
      await t.ctx.queue.resume(EVENT_BULK_JOB);
    }
    await t.ctx.queue.drain();
    for (const id of recorded) expect(await effects(id, 'test.batch')).toBe(1);
    expect([...failOnce]).toEqual([recorded[1]]);
    expect((await eventRow(recorded[1]!))!.lastError).toContain('test.batch: first attempt fails');
    expect((await eventRow(recorded[0]!))!.lastError).toBeNull();
    // Fetched together: one fetch statement started the two that succeeded at its first attempt.
    const started = (await t.ctx.db.execute<{ s: string }>(sql`SELECT started_on::text AS s FROM pgboss.job WHERE name = ${EVENT_BULK_JOB} AND data->>'eventId' IN (${recorded[0]}, ${recorded[2]})`)).rows;
    expect(started).toHaveLength(2);
    expect(started[0]!.s).toBe(started[1]!.s);
  });

  it('lanes: an interactive handler runs while the bulk lane is held; the bulk ones run once it goes on', async () => {
    const ran: string[] = [];
    t.ctx.events.on('payout.paid', 'test.lane.bulk', async (e, tx) => { ran.push('bulk'); await effect(tx, e.id, 'test.lane.bulk'); });
    t.ctx.events.with({ lane: 'interactive' }).on('payout.paid', 'test.lane.interactive', async (e, tx) => { ran.push('interactive'); await effect(tx, e.id, 'test.lane.interactive'); });
    // The bulk lane stands still (a burst of rollups, a mass message's fan-out)…
    await t.ctx.queue.pause(EVENT_BULK_JOB);
    let id = '';
    try {
      id = await t.ctx.db.transaction((tx) => t.ctx.events.record(tx, 'payout.paid', { payoutId: ids().a, performerId: creator.user.id, amount: 2500 }));
      // …and the interactive handler still runs (drain would wait for the held lane: wait for the effect).
      await vi.waitFor(async () => expect(await effects(id, 'test.lane.interactive')).toBe(1), { timeout: 20_000, interval: 50 });
      expect(await effects(id, 'test.lane.bulk')).toBe(0);
      const jobs = (await t.ctx.db.execute<{ name: string; lane: string }>(sql`SELECT name, data->>'lane' AS lane FROM pgboss.job WHERE data->>'eventId' = ${id} ORDER BY name`)).rows;
      expect(jobs).toEqual([{ name: EVENT_BULK_JOB, lane: 'bulk' }, { name: EVENT_HANDLE_JOB, lane: 'interactive' }]);
    } finally {
      await t.ctx.queue.resume(EVENT_BULK_JOB);
    }
    await t.ctx.queue.drain();
    expect(await effects(id, 'test.lane.bulk')).toBe(1);
    expect(ran).toEqual(['interactive', 'bulk']);
  });

  it('a handler job delivered twice (or twice at once) has one effect', async () => {
    const mailed: string[] = [];
    t.ctx.events.on('payout.requested', 'test.twice.db', (e, tx) => effect(tx, e.id, 'test.twice.db').then(() => {}));
    t.ctx.events.onSideEffect('payout.requested', 'test.twice.mail', async (e) => { mailed.push(e.id); });
    const id = await t.ctx.db.transaction((tx) => t.ctx.events.record(tx, 'payout.requested', { payoutId: ids().a, performerId: creator.user.id, amount: 5000 }));
    await t.ctx.queue.drain();
    // Redelivery through the queue (a job pg-boss hands out again after a lost acknowledgement):
    // the event's job, and jobs naming one handler (as queued before handlers ran per event).
    // the event's job of each lane, one without a lane (queued before lanes: every handler), and
    // jobs naming one handler (as queued before handlers ran per event).
    await t.ctx.queue.send(EVENT_BULK_JOB, { eventId: id, lane: 'bulk' }, { singletonKey: id });
    await t.ctx.queue.send(EVENT_HANDLE_JOB, { eventId: id }, { singletonKey: id });
    for (const handler of ['test.twice.db', 'test.twice.mail']) {
      await t.ctx.queue.send(EVENT_HANDLE_JOB, { eventId: id, handler }, { singletonKey: `${id}:${handler}` });
    }
    // And the dispatch again (a second dispatch job).
    await t.ctx.events.dispatch(id);
    await t.ctx.queue.drain();
    // Two deliveries at the same moment.
    await Promise.all([t.ctx.events.handle({ eventId: id, handler: 'test.twice.db' }), t.ctx.events.handle({ eventId: id, handler: 'test.twice.db' }), t.ctx.events.handle({ eventId: id })]);
    expect(await effects(id, 'test.twice.db')).toBe(1);
    expect(mailed).toEqual([id]);
  });
});
