import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createCreator, createFan, createTestApp, type Made, type TestApp } from './harness';
import { addCard, topUp } from './money';
import { domainEvents } from '../src/platform/events.tables';
import { publishDueFeeds } from '../src/modules/feeds/feeds.schedule';
import type { EventType } from '../src/platform/events';

/** Services record their domain events with the change (README "Domain events"). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const inject = (method: 'POST' | 'PUT', url: string, who: Made, payload?: object) => t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
const recorded = async (type: EventType) => (await t.ctx.db.select().from(domainEvents).where(eq(domainEvents.type, type)).orderBy(desc(domainEvents.occurredAt))).map((r) => r.payload);

describe('events recorded by the services', () => {
  it('registration, follow, feed (now and on schedule), comment, tip', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    expect(await recorded('user.registered')).toContainEqual({ userId: fan.user.id, isPerformer: false, verifyEmail: false });

    expect((await inject('POST', `/follows/${creator.user.id}`, fan)).statusCode).toBe(200);
    expect((await inject('POST', `/follows/${creator.user.id}`, fan)).statusCode).toBe(200);
    expect(await recorded('follow.created')).toEqual([{ followerId: fan.user.id, performerId: creator.user.id }]);

    const feed = await inject('POST', '/performer/feeds', creator, { text: 'hello', visibility: 'free' });
    expect(feed.statusCode, feed.body).toBe(200);
    const feedId = feed.json().data._id;
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = (await inject('POST', '/performer/feeds', creator, { text: 'later', visibility: 'free', scheduleAt: later })).json().data._id;
    expect(await recorded('feed.published')).toEqual([{ feedId, performerId: creator.user.id, scheduled: false }]);
    expect(await publishDueFeeds(t.ctx, new Date(Date.now() + 3_700_000))).toBe(1);
    expect(await publishDueFeeds(t.ctx, new Date(Date.now() + 3_700_000))).toBe(0);
    expect((await recorded('feed.published'))[0]).toEqual({ feedId: scheduled, performerId: creator.user.id, scheduled: true });

    const comment = await inject('POST', '/comments', fan, { objectType: 'feed', objectId: feedId, content: 'nice' });
    expect(comment.statusCode, comment.body).toBe(201);
    expect(await recorded('comment.created')).toEqual([{ commentId: comment.json().data._id, userId: fan.user.id, objectType: 'feed', objectId: feedId, parentId: null, ownerId: creator.user.id }]);

    await addCard(t, fan);
    await topUp(t, fan, 50);
    const tip = await inject('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 12, message: 'thanks' });
    expect(tip.statusCode, tip.body).toBe(200);
    expect(await recorded('tip.sent')).toEqual([{ chargeId: tip.json().data.charge._id, userId: fan.user.id, performerId: creator.user.id, amount: 1200, message: 'thanks' }]);
  });

  it('a refused change records nothing (the event is part of its transaction)', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await addCard(t, fan);
    await topUp(t, fan, 20);
    const before = (await recorded('tip.sent')).length;
    expect((await inject('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 30 })).statusCode).toBe(422);
    expect(await recorded('tip.sent')).toHaveLength(before);
  });
});
