import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createCreator, createFan, createTestApp, type Made, type TestApp } from '../../test/harness';
import { EVENT_DISPATCH_JOB, EVENT_HANDLE_JOB } from './events';
import { domainEventHandled, domainEvents } from './events.tables';
import type { Tx } from '../db/client';

/** The outbox's guarantees (README "Domain events"): never for a rollback, never lost, never twice. */
let t: TestApp;
// Real accounts for the events the app's own handlers also take (the fan list, statistics and
// automatic messages write rows keyed to them; made-up ids would fail those handlers for good).
let fan: Made;
let fan2: Made;
let creator: Made;
beforeAll(async () => {
  t = await createTestApp();
  [fan, fan2, creator] = [await createFan(t), await createFan(t), await createCreator(t)];
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
      if (name === EVENT_DISPATCH_JOB || name === EVENT_HANDLE_JOB) throw new Error('process killed');
      return send(name, data, opts);
    });
    let id = '';
    try {
      id = await t.ctx.db.transaction((tx) => t.ctx.events.record(tx, 'comment.created', { commentId: ids().a, userId: ids().b, objectType: 'feed', objectId: ids().c, parentId: null, ownerId: null }));
    } finally {
      spy.mockRestore();
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

  it('handler jobs queued right after the commit; when that fails, a dispatch job queues them: each handler runs once', async () => {
    const seen: string[] = [];
    t.ctx.events.onSideEffect('follow.created', 'test.direct', async (e) => { seen.push(e.id); });
    const sent: string[] = [];
    const send = t.ctx.queue.send.bind(t.ctx.queue);
    const spy = vi.spyOn(t.ctx.queue, 'send').mockImplementation(async (name, data, opts) => {
      sent.push(name);
      return send(name, data, opts);
    });
    let direct = '';
    try {
      direct = await t.ctx.db.transaction((tx) => t.ctx.events.record(tx, 'follow.created', { followerId: fan.user.id, performerId: creator.user.id }));
    } finally {
      spy.mockRestore();
    }
    // Straight to the handler jobs: no dispatch job, and the event is dispatched before the caller goes on.
    expect(sent).not.toContain(EVENT_DISPATCH_JOB);
    expect(sent).toContain(EVENT_HANDLE_JOB);
    expect((await eventRow(direct))!.dispatchedAt).toBeInstanceOf(Date);

    // The handler jobs cannot be queued after the commit (a passing failure): a dispatch job does it.
    let failed = false;
    const flaky = vi.spyOn(t.ctx.queue, 'send').mockImplementation(async (name, data, opts) => {
      if (name === EVENT_HANDLE_JOB && !failed) {
        failed = true;
        throw new Error('queue unreachable');
      }
      return send(name, data, opts);
    });
    let retried = '';
    try {
      retried = await t.ctx.db.transaction((tx) => t.ctx.events.record(tx, 'follow.created', { followerId: fan2.user.id, performerId: creator.user.id }));
      await t.ctx.queue.drain();
    } finally {
      flaky.mockRestore();
    }
    expect(failed).toBe(true);
    expect(seen.sort()).toEqual([direct, retried].sort());
    expect((await eventRow(retried))!.dispatchedAt).toBeInstanceOf(Date);
  });

  it('a failing handler is retried until it succeeds; the other handler of the event ran once, unblocked', async () => {
    let attempts = 0;
    const other: string[] = [];
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
    expect(other).toEqual([id]);
    expect((await eventRow(id))!.lastError).toContain('test.flaky: flaky attempt 2');
    const markers = await t.ctx.db.select().from(domainEventHandled).where(eq(domainEventHandled.eventId, id));
    // (the app's own handlers of tip.sent, e.g. notifications.tip, have their markers too)
    expect(markers.map((m) => m.handler).filter((h) => h.startsWith('test.')).sort()).toEqual(['test.flaky', 'test.steady']);
  });

  it('a handler job delivered twice (or twice at once) has one effect', async () => {
    const mailed: string[] = [];
    t.ctx.events.on('payout.requested', 'test.twice.db', (e, tx) => effect(tx, e.id, 'test.twice.db').then(() => {}));
    t.ctx.events.onSideEffect('payout.requested', 'test.twice.mail', async (e) => { mailed.push(e.id); });
    const id = await t.ctx.db.transaction((tx) => t.ctx.events.record(tx, 'payout.requested', { payoutId: ids().a, performerId: creator.user.id, amount: 5000 }));
    await t.ctx.queue.drain();
    // Redelivery through the queue (a job pg-boss hands out again after a lost acknowledgement).
    for (const handler of ['test.twice.db', 'test.twice.mail']) {
      await t.ctx.queue.send(EVENT_HANDLE_JOB, { eventId: id, handler }, { singletonKey: `${id}:${handler}` });
    }
    // And the dispatch again (a second dispatch job).
    await t.ctx.events.dispatch(id);
    await t.ctx.queue.drain();
    // Two deliveries at the same moment.
    await Promise.all([t.ctx.events.handle({ eventId: id, handler: 'test.twice.db' }), t.ctx.events.handle({ eventId: id, handler: 'test.twice.db' })]);
    expect(await effects(id, 'test.twice.db')).toBe(1);
    expect(mailed).toEqual([id]);
  });
});
