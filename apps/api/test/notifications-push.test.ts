import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSchema } from '@stagepass/shared';
import { createCreator, createFan, createTestApp, type Made, type TestApp } from './harness';
import { addCard, topUp } from './money';
import { connectClient, flushed, got, listen, waitFor, type Client } from './sockets';

/** The realtime side of notifications and money (issue 10): pushed after commit, to the reader only. */
let t: TestApp;
let base: string;
const open: Client[] = [];
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterAll(async () => {
  for (const c of open) c.close();
  await t?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, who: Made, payload?: object) => t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
const unread = async (who: Made) => (await inject('GET', '/notification/total-unread', who)).json().data.total as number;
/** Lets the event handlers run (follow, tip → notification); their pushes go out as each commits. */
const handled = () => t.ctx.queue.drain();

describe("'notification/created'", () => {
  it('reaches every socket of the reader with the API view and the unread total; nobody else', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    const other = await createFan(t);
    await handled(); // the welcome notifications are made (and pushed) before anyone listens
    const tab1 = await connectClient(base, creator.token, open);
    const tab2 = await connectClient(base, creator.token, open);
    const fanSocket = await connectClient(base, fan.token, open);
    const otherSocket = await connectClient(base, other.token, open);
    const before = await unread(creator);

    expect((await inject('POST', `/follows/${creator.user.id}`, fan)).statusCode).toBe(200);
    await handled();
    const [followed] = await waitFor(tab1, 'notification/created');
    expect(notificationSchema.parse(followed!.notification)).toMatchObject({ type: 'follow', read: false, link: '/followers' });
    expect(followed!.notification.actor).toMatchObject({ _id: fan.user.id });
    expect(followed!.totalUnread).toBe(before + 1);
    expect(await waitFor(tab2, 'notification/created')).toHaveLength(1);

    await addCard(t, fan);
    await topUp(t, fan, 50);
    expect((await inject('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 12, message: 'hi' })).statusCode).toBe(200);
    await handled();
    const pushed = await waitFor(tab1, 'notification/created', 2);
    expect(pushed[1]!.notification.type).toBe('tip');
    expect(pushed[1]!.notification.text).toMatch(/tipped you \$12\.00/);
    expect(pushed[1]!.totalUnread).toBe(before + 2);
    expect(pushed[1]!.totalUnread).toBe(await unread(creator));

    // The actor and a bystander hear nothing about it.
    await Promise.all([flushed(t, fanSocket, fan.user.id), flushed(t, otherSocket, other.user.id)]);
    expect(got(fanSocket, 'notification/created')).toEqual([]);
    expect(otherSocket.received).toEqual([]);
  });

  it('read and read-all push the new unread total to the reader (other tabs stay in sync)', async () => {
    const creator = await createCreator(t);
    const fans = [await createFan(t), await createFan(t)];
    for (const f of fans) expect((await inject('POST', `/follows/${creator.user.id}`, f)).statusCode).toBe(200);
    await handled();
    const tab = await connectClient(base, creator.token, open);
    const bystander = await connectClient(base, fans[0]!.token, open);
    const total = await unread(creator);
    const list = (await inject('GET', '/notification?read=false', creator)).json().data.data as Array<{ _id: string }>;

    expect((await inject('PUT', `/notification/${list[0]!._id}/read`, creator)).json().data.total).toBe(total - 1);
    expect(await waitFor(tab, 'notification/total-unread')).toEqual([{ total: total - 1 }]);
    expect((await inject('PUT', '/notification/read-all', creator)).json().data.total).toBe(0);
    expect(await waitFor(tab, 'notification/total-unread', 2)).toEqual([{ total: total - 1 }, { total: 0 }]);
    await flushed(t, bystander, fans[0]!.user.id);
    expect(got(bystander, 'notification/total-unread')).toEqual([]);
  });
});

describe('push after commit', () => {
  it('rows made in a transaction that rolls back are never pushed; committed ones only once it committed', async () => {
    const fan = await createFan(t);
    await handled();
    const s = await connectClient(base, fan.token, open);
    const item = { userId: fan.user.id, type: 'payout' as const, text: 'x' };
    await expect(t.ctx.db.transaction(async (tx) => {
      await t.ctx.notifications.create(tx, [item]);
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    let seenInside = -1;
    await t.ctx.db.transaction(async (tx) => {
      await t.ctx.notifications.create(tx, [item, { ...item, text: 'y' }]);
      // Anything pushed so far (inside the transaction) arrives before this marker.
      await flushed(t, s, fan.user.id);
      seenInside = got(s, 'notification/created').length;
    });
    expect(seenInside).toBe(0);
    const pushed = await waitFor(s, 'notification/created', 2);
    expect(pushed.map((p) => [p.notification.text, p.totalUnread])).toEqual([['x', await unread(fan)], ['y', await unread(fan)]]);
  });
});

describe("'wallet/balance'", () => {
  it('a top-up and a tip push the new balance (in the unit of the user view) to the fan, and the creator theirs', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    const other = await createFan(t);
    await addCard(t, fan);
    const fanSocket = await connectClient(base, fan.token, open);
    const creatorSocket = await connectClient(base, creator.token, open);
    const otherSocket = await connectClient(base, other.token, open);

    expect((await topUp(t, fan, 50)).balance).toBe(50);
    expect(await waitFor(fanSocket, 'wallet/balance')).toEqual([{ balance: 50 }]);
    expect((await inject('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 12.5 })).statusCode).toBe(200);
    expect(await waitFor(fanSocket, 'wallet/balance', 2)).toEqual([{ balance: 50 }, { balance: 37.5 }]);
    const me = async (who: Made) => (await inject('GET', '/users/me', who)).json().data.balance as number;
    expect(await me(fan)).toBe(37.5);
    // The creator's view balance is their earnings (net of the commission).
    const [earned] = await waitFor(creatorSocket, 'wallet/balance');
    expect(earned).toEqual({ balance: await me(creator) });
    expect(earned!.balance).toBeGreaterThan(0);

    // A refused spend moves nothing and pushes nothing.
    expect((await inject('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 1000 })).statusCode).toBe(422);
    await Promise.all([flushed(t, fanSocket, fan.user.id), flushed(t, otherSocket, other.user.id)]);
    expect(got(fanSocket, 'wallet/balance')).toHaveLength(2);
    expect(got(otherSocket, 'wallet/balance')).toEqual([]);
  });
});
