import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { NOTIFICATION_PAGE_SIZE, notificationSchema, type NotificationType } from '@stagepass/shared';
import { eq } from 'drizzle-orm';
import { createCreator as makeCreator, createFan as makeFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { notifications } from './notifications.tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const req = (method: 'GET' | 'PUT', url: string, who: Made, payload?: unknown) => t.app.inject({ method, url, headers: who.auth, payload: payload as object });
const make = (userId: string, n: number, type: NotificationType = 'tip', actorId: string | null = null) =>
  t.ctx.db.transaction((tx) => t.ctx.notifications.create(tx, Array.from({ length: n }, (_, i) => ({ userId, type, actorId, text: `Notification ${i + 1}`, link: '/home' }))));
/** Accounts whose welcome notification (made by the user.registered handler) is out of the way. */
const settled = async (m: Made) => {
  await t.ctx.queue.drain();
  await t.ctx.db.delete(notifications).where(eq(notifications.userId, m.user.id));
  return m;
};
const createFan = async () => settled(await makeFan(t));
const createCreator = async () => settled(await makeCreator(t));
const unread = async (who: Made) => (await req('GET', '/notification/total-unread', who)).json().data.total as number;

describe('GET /notification', () => {
  it('pages 12 by default, newest first, with the actor card and no one else\'s rows', async () => {
    const creator = await createCreator();
    const fan = await createFan();
    const other = await createCreator();
    await make(creator.user.id, 15, 'tip', fan.user.id);
    await make(other.user.id, 3);
    const res = await req('GET', '/notification', creator);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.total).toBe(15);
    expect(page.data).toHaveLength(NOTIFICATION_PAGE_SIZE);
    for (const n of page.data) notificationSchema.parse(n);
    expect(page.data[0].text).toBe('Notification 15');
    expect(page.data[0].actor).toMatchObject({ _id: fan.user.id, username: fan.user.username });
    const next = (await req('GET', '/notification?offset=12', creator)).json().data;
    expect(next.data.map((n: { text: string }) => n.text)).toEqual(['Notification 3', 'Notification 2', 'Notification 1']);
  });

  it('filters by type and by read state', async () => {
    const creator = await createCreator();
    await make(creator.user.id, 2, 'tip');
    const [follow] = await make(creator.user.id, 1, 'follow');
    await req('PUT', `/notification/${follow!.id}/read`, creator);
    const tips = (await req('GET', '/notification?type=tip', creator)).json().data;
    expect(tips.total).toBe(2);
    const read = (await req('GET', '/notification?read=true', creator)).json().data;
    expect(read.data.map((n: { _id: string }) => n._id)).toEqual([follow!.id]);
    expect((await req('GET', '/notification?read=false', creator)).json().data.total).toBe(2);
    expect((await req('GET', '/notification?type=nope', creator)).statusCode).toBe(400);
  });
});

describe('reading', () => {
  it('one: lowers the unread total once; reading it again changes nothing', async () => {
    const fan = await createFan();
    const [a] = await make(fan.user.id, 3);
    expect(await unread(fan)).toBe(3);
    const first = await req('PUT', `/notification/${a!.id}/read`, fan);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.total).toBe(2);
    expect((await req('PUT', `/notification/${a!.id}/read`, fan)).json().data.total).toBe(2);
    expect(await unread(fan)).toBe(2);
  });

  it("another user's notification, an unknown id → 404; a malformed id → 400", async () => {
    const fan = await createFan();
    const other = await createFan();
    const [mine] = await make(fan.user.id, 1);
    expect((await req('PUT', `/notification/${mine!.id}/read`, other)).statusCode).toBe(404);
    expect(await unread(fan)).toBe(1);
    expect((await req('PUT', `/notification/${uuidv7()}/read`, fan)).statusCode).toBe(404);
    expect((await req('PUT', '/notification/not-an-id/read', fan)).statusCode).toBe(400);
  });

  it('all: zeroes the caller\'s unread total only', async () => {
    const fan = await createFan();
    const other = await createFan();
    await make(fan.user.id, 4);
    await make(other.user.id, 2);
    const res = await req('PUT', '/notification/read-all', fan);
    expect(res.json().data.total).toBe(0);
    expect(await unread(fan)).toBe(0);
    expect(await unread(other)).toBe(2);
  });
});

describe('making notifications', () => {
  it('one per (event, user): a redelivered event adds none', async () => {
    const fan = await createFan();
    const eventId = uuidv7();
    const item = { userId: fan.user.id, type: 'tip' as const, text: 'x', eventId };
    const create = () => t.ctx.db.transaction((tx) => t.ctx.notifications.create(tx, [item]));
    expect(await create()).toHaveLength(1);
    expect(await create()).toHaveLength(0);
    expect(await unread(fan)).toBe(1);
  });
});

describe('preferences', () => {
  it('defaults: every type in the app; e-mail off for the welcome, follows, comments, replies and new posts', async () => {
    const fan = await createFan();
    const prefs = (await req('GET', '/notification/preferences', fan)).json().data as Array<{ type: string; inApp: boolean; email: boolean }>;
    expect(prefs.every((p) => p.inApp)).toBe(true);
    expect(prefs.find((p) => p.type === 'follow')!.email).toBe(false);
    expect(prefs.find((p) => p.type === 'tip')!.email).toBe(true);
    expect(prefs.find((p) => p.type === 'welcome')!.email).toBe(false);
  });

  it('a type switched off in the app makes no notification of that type; e-mail switch is kept', async () => {
    const fan = await createFan();
    const res = await req('PUT', '/notification/preferences', fan, { preferences: [{ type: 'tip', inApp: false, email: false }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.find((p: { type: string }) => p.type === 'tip')).toEqual({ type: 'tip', inApp: false, email: false, push: true });
    expect(await make(fan.user.id, 1, 'tip')).toHaveLength(0);
    expect(await make(fan.user.id, 1, 'follow')).toHaveLength(1);
    expect(await t.ctx.notifications.wantsEmail(fan.user.id, 'tip')).toBe(false);
    expect(await t.ctx.notifications.wantsEmail(fan.user.id, 'payout')).toBe(true);
    expect((await req('PUT', '/notification/preferences', fan, { preferences: [{ type: 'nope', inApp: true, email: true }] })).statusCode).toBe(400);
  });
});
