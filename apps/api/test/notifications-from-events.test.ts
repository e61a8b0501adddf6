import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCreator, createFan, createTestApp, type Made, type TestApp } from './harness';
import { addCard, topUp } from './money';
import { and, eq, sql } from 'drizzle-orm';
import { domainEvents } from '../src/platform/events.tables';

/** Domain events become notifications for the right reader only (notifications.handlers.ts). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const inject = (method: 'GET' | 'POST', url: string, who: Made, payload?: object) => t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
const texts = async (who: Made) => {
  await t.ctx.queue.drain();
  return ((await inject('GET', '/notification?limit=50', who)).json().data.data as Array<{ type: string; text: string; actor: { _id: string } | null; link: string | null }>);
};

describe('notifications made by event handlers', () => {
  it('follow, comment, reply and tip notify the creator (and the replied-to), never the actor or anyone else', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    const other = await createFan(t);
    expect((await inject('POST', `/follows/${creator.user.id}`, fan)).statusCode).toBe(200);
    const feedId = (await inject('POST', '/performer/feeds', creator, { text: 'hello', visibility: 'free' })).json().data._id;
    const comment = await inject('POST', '/comments', fan, { objectType: 'feed', objectId: feedId, content: 'nice' });
    expect(comment.statusCode, comment.body).toBe(201);
    const reply = await inject('POST', '/comments', other, { objectType: 'feed', objectId: feedId, content: 'agreed', parentId: comment.json().data._id });
    expect(reply.statusCode, reply.body).toBe(201);
    await addCard(t, fan);
    await topUp(t, fan, 50);
    expect((await inject('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 12, message: 'thanks' })).statusCode).toBe(200);

    const mine = await texts(creator);
    const byType = (type: string) => mine.filter((n) => n.type === type);
    expect(byType('follow').map((n) => n.text)).toEqual([`${fan.user.name || fan.user.username} followed you`]);
    expect(byType('tip')[0]!.text).toMatch(/tipped you \$12\.00: “thanks”/);
    expect(byType('tip')[0]!.actor!._id).toBe(fan.user.id);
    expect(byType('follow')[0]!.link).toBe('/followers');
    expect(byType('comment')).toHaveLength(2);
    expect(byType('comment').map((n) => n.link)).toEqual([`/post/${feedId}`, `/post/${feedId}`]);
    const fanGot = await texts(fan);
    expect(fanGot.filter((n) => n.type === 'reply').map((n) => n.link)).toEqual([`/post/${feedId}`]);
    expect(fanGot.filter((n) => n.type === 'reply').map((n) => n.text)).toEqual([`${other.user.name || other.user.username} replied to your comment`]);
    expect(fanGot.some((n) => n.type === 'tip' || n.type === 'follow')).toBe(false);
    expect((await texts(other)).filter((n) => n.type !== 'welcome')).toEqual([]);
    expect((await inject('GET', '/notification/total-unread', creator)).json().data.total).toBe(mine.length);
  });

  it('a redelivered event makes no second notification', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    expect((await inject('POST', `/follows/${creator.user.id}`, fan)).statusCode).toBe(200);
    await t.ctx.queue.drain();
    // The follow event of this pair, handled once already, delivered to the handler again.
    const [row] = await t.ctx.db.select({ id: domainEvents.id }).from(domainEvents).where(and(eq(domainEvents.type, 'follow.created'), sql`${domainEvents.payload}->>'followerId' = ${fan.user.id}`));
    await t.ctx.events.handle({ eventId: row!.id, handler: 'notifications.follow' });
    expect((await texts(creator)).filter((n) => n.type === 'follow')).toHaveLength(1);
  });
});
