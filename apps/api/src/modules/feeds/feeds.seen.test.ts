// Post views (README "Post views"): a batch of seen posts counts once per viewer per post per UTC day, never the owner's, an operator's
// or a post the viewer may not see; the views reach the creator's content statistics (and the conversion).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { contentStatisticsSchema, FEED_VIEWS_BATCH_MAX } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, requester, type Made, type TestApp } from '../../../test/harness';
import { createFeed } from '../../../test/factories';
import { addCard, topUp } from '../../../test/money';
import { domainEvents } from '../../platform/events.tables';
import { feeds, feedViews } from './feeds.tables';
import { purgeOldFeedViews } from './feeds.seen';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const req = requester(() => t);
const see = async (who: Made | null, ids: unknown) => req('POST', '/user/feeds/views', who, { ids });
const counted = async (who: Made, ids: string[]) => {
  const r = await see(who, ids);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data.counted as number;
};
const viewsOf = async (creator: Made, feedId: string) => {
  await t.ctx.queue.drain();
  const r = await req('GET', '/statistics/content?kind=feed&sortBy=views', creator);
  expect(r.statusCode, r.body).toBe(200);
  return contentStatisticsSchema.parse(r.json().data).items.find((i) => i.itemId === feedId);
};

describe('post views', () => {
  let luna: Made, fan: Made, other: Made;
  beforeAll(async () => {
    luna = await createCreator(t);
    fan = await createFan(t);
    other = await createFan(t);
  });

  it('counts a seen post once per viewer per day, in a batch; the views reach the creator\'s content statistics', async () => {
    const free = await createFeed(t, luna.user.id, { text: 'Morning' });
    const locked = await createFeed(t, luna.user.id, { visibility: 'subscribers', text: 'For subscribers' });
    // A locked post counts too: the fan saw it (and its offer).
    expect(await counted(fan, [free.id, locked.id, free.id])).toBe(2);
    expect(await counted(fan, [free.id, locked.id])).toBe(0);
    expect(await counted(other, [free.id])).toBe(1);
    const events = await t.ctx.db.select().from(domainEvents).where(eq(domainEvents.type, 'content.viewed'));
    expect(events.filter((e) => (e.payload as { itemId: string }).itemId === free.id)).toHaveLength(2);
    expect(await viewsOf(luna, free.id)).toMatchObject({ kind: 'feed', views: 2, likes: 0, conversion: 0 });
    expect(await viewsOf(luna, locked.id)).toMatchObject({ views: 1 });
    // A redelivered event changes nothing (the statistics handler runs once per event).
    await t.ctx.queue.drain();
    expect(await viewsOf(luna, free.id)).toMatchObject({ views: 2 });
  });

  it('conversion = unlocks ÷ views for a pay-per-view post', async () => {
    const ppv = await createFeed(t, luna.user.id, { visibility: 'ppv', price: 5, text: 'Secret' });
    const buyer = await createFan(t);
    expect(await counted(buyer, [ppv.id])).toBe(1);
    expect(await counted(fan, [ppv.id])).toBe(1);
    await addCard(t, buyer);
    await topUp(t, buyer, 20, { card: true });
    expect((await req('POST', `/wallet/charges/feed/${ppv.id}`, buyer, {})).statusCode).toBe(200);
    expect(await viewsOf(luna, ppv.id)).toMatchObject({ views: 2, unlocks: 1, conversion: 50 });
  });

  it('never counts the owner, an operator, or a post the viewer may not see (scheduled, expired, hidden, blocked, unknown)', async () => {
    const mine = await createFeed(t, luna.user.id, { text: 'Mine' });
    expect(await counted(luna, [mine.id])).toBe(0);
    const admin = await createAdmin(t);
    expect(await counted(admin, [mine.id])).toBe(0);

    const scheduled = await createFeed(t, luna.user.id, { publishAt: new Date(Date.now() + 86_400_000) });
    const expired = await createFeed(t, luna.user.id, { text: 'Gone' });
    await t.ctx.db.update(feeds).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(feeds.id, expired.id));
    const hidden = await createFeed(t, luna.user.id, { text: 'Hidden' });
    await t.ctx.db.update(feeds).set({ hiddenAt: new Date(), hiddenReason: 'rules' }).where(eq(feeds.id, hidden.id));
    const unknown = '0190a0a0-0000-7000-8000-000000000000';
    expect(await counted(fan, [scheduled.id, expired.id, hidden.id, unknown])).toBe(0);

    const blocker = await createFan(t);
    const r = await req('POST', '/block/users', luna, { targetId: blocker.user.id });
    expect(r.statusCode, r.body).toBe(200);
    expect(await counted(blocker, [mine.id])).toBe(0);
    expect(await t.ctx.db.select().from(feedViews).where(and(eq(feedViews.feedId, mine.id)))).toHaveLength(0);
    expect(await viewsOf(luna, mine.id)).toBeUndefined();
  });

  it('bad input → 400 with the field; anonymous → 401', async () => {
    for (const ids of [[], ['nope'], 'x', Array.from({ length: FEED_VIEWS_BATCH_MAX + 1 }, () => '0190a0a0-0000-7000-8000-000000000000')]) {
      const r = await see(fan, ids);
      expect(r.statusCode, JSON.stringify(ids)).toBe(400);
      expect(JSON.stringify(r.json())).toContain('ids');
    }
    expect((await see(null, ['0190a0a0-0000-7000-8000-000000000000'])).statusCode).toBe(401);
  });

  it('the sweep deletes dedupe rows older than yesterday only', async () => {
    const f = await createFeed(t, luna.user.id);
    const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
    await t.ctx.db.insert(feedViews).values([0, 1, 2, 5].map((d) => ({ feedId: f.id, userId: other.user.id, day: day(d) })));
    await purgeOldFeedViews(t.ctx.db, new Date());
    const left = await t.ctx.db.select({ day: feedViews.day }).from(feedViews).where(eq(feedViews.feedId, f.id));
    expect(left.map((r) => r.day).sort()).toEqual([day(1), day(0)]);
  });
});
