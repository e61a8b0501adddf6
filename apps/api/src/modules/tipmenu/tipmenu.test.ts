// The tip menu (issue 31 §2; README beside this file): the creator's items with the forbidden cases,
// an order as a wallet tip (ledger line, earnings channel tip_menu, replayed Idempotency-Key, balance
// too low, blocks, inactive items), the queue and "mark done" by its owner only, and the order's line
// in a live stream's chat pushed to the room with the item's name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tipMenuItemSchema, type TipMenuItem } from '@stagepass/shared';
import { createCreator, createFan, createTestApp, requester, type Made, type TestApp } from '../../../test/harness';
import { follow } from '../../../test/factories';
import { expectLedgerBalanced, topUp } from '../../../test/money';
import { connectClient, joinRoom, listen, waitFor, type Client } from '../../../test/sockets';
import { insertLiveStream } from '../../../test/stream-rows';
import { earnings } from '../earnings/earnings.tables';
import { walletCharges } from '../wallet/wallet.tables';
import { streamMessages } from '../streaming/streaming.tables';
import { tipMenuOrders } from './tipmenu.tables';

let t: TestApp;
let url: string;
const open: Client[] = [];
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterAll(async () => {
  for (const s of open) s.disconnect();
  await expectLedgerBalanced(t);
  await t?.close();
});

const req = requester(() => t);
const balanceOf = async (who: Made) => (await req('GET', '/users/me', who)).json().data.balance as number;
const chargesOf = (who: Made) => t.ctx.db.select().from(walletCharges).where(eq(walletCharges.userId, who.user.id));
const ordersOf = (who: Made) => t.ctx.db.select().from(tipMenuOrders).where(eq(tipMenuOrders.fanId, who.user.id));

async function addItem(c: Made, body: Record<string, unknown>): Promise<TipMenuItem> {
  const r = await req('POST', '/tip-menu/items', c, { name: 'Song request', price: 15, ...body });
  expect(r.statusCode, r.body).toBe(200);
  return tipMenuItemSchema.parse(r.json().data);
}
const order = (fan: Made, itemId: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) => req('POST', `/tip-menu/items/${itemId}/orders`, fan, body, headers);

describe('menu items', () => {
  it('the creator adds, changes, reorders and removes items; fans see the active ones in order', async () => {
    const c = await createCreator(t);
    const song = await addItem(c, { keyword: 'Song', description: 'Any song you like' });
    const shout = await addItem(c, { name: 'Shout-out', price: 10, keyword: '!shout' });
    const hidden = await addItem(c, { name: 'Secret', price: 20, active: false });
    expect(song).toMatchObject({ keyword: '!song', position: 0, price: 15, orders: 0, revenue: 0 });
    expect(shout.position).toBe(1);

    let r = await req('POST', '/tip-menu/reorder', c, { ids: [hidden._id, shout._id, song._id] });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.map((i: TipMenuItem) => i.name)).toEqual(['Secret', 'Shout-out', 'Song request']);
    expect((await req('POST', '/tip-menu/reorder', c, { ids: [shout._id, song._id] })).statusCode).toBe(400);

    r = await req('PATCH', `/tip-menu/items/${song._id}`, c, { price: 12.5, keyword: null });
    expect(r.json().data).toMatchObject({ price: 12.5, keyword: null });
    const pub = (await req('GET', `/tip-menu/performer/${c.user.id}`)).json().data as TipMenuItem[];
    expect(pub.map((i) => i.name)).toEqual(['Shout-out', 'Song request']);
    expect(pub[0]).not.toHaveProperty('orders');

    expect((await req('DELETE', `/tip-menu/items/${hidden._id}`, c)).statusCode).toBe(200);
    expect((await req('GET', '/tip-menu/mine', c)).json().data).toHaveLength(2);
  });

  it('refuses a price outside the tip limits, a taken keyword, a bad name — and fans and other creators', async () => {
    const c = await createCreator(t);
    const other = await createCreator(t);
    const fan = await createFan(t);
    const item = await addItem(c, { keyword: '!song' });
    expect((await req('POST', '/tip-menu/items', c, { name: 'Cheap', price: 9.99 })).statusCode).toBe(400);
    expect((await req('POST', '/tip-menu/items', c, { name: 'Dear', price: 10000.01 })).statusCode).toBe(400);
    expect((await req('POST', '/tip-menu/items', c, { name: '', price: 10 })).statusCode).toBe(400);
    const taken = await req('POST', '/tip-menu/items', c, { name: 'Again', price: 10, keyword: 'SONG' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details).toEqual([expect.objectContaining({ field: 'keyword' })]);
    // Another creator may use the same keyword.
    await addItem(other, { keyword: '!song' });

    expect((await req('POST', '/tip-menu/items', fan, { name: 'x', price: 10 })).statusCode).toBe(403);
    expect((await req('GET', '/tip-menu/mine', fan)).statusCode).toBe(403);
    expect((await req('PATCH', `/tip-menu/items/${item._id}`, other, { price: 11 })).statusCode).toBe(404);
    expect((await req('DELETE', `/tip-menu/items/${item._id}`, other)).statusCode).toBe(404);
    expect((await req('PATCH', `/tip-menu/items/${item._id}`, fan, { price: 11 })).statusCode).toBe(403);
    expect((await req('POST', '/tip-menu/items', undefined, { name: 'x', price: 10 })).statusCode).toBe(401);
  });

  it('at most 30 items', async () => {
    const c = await createCreator(t);
    for (let i = 0; i < 30; i++) await addItem(c, { name: `Item ${i}` });
    expect((await req('POST', '/tip-menu/items', c, { name: 'One more', price: 10 })).statusCode).toBe(422);
  });
});

describe('orders', () => {
  it('an order is a tip: ledger line "Tip menu: <name>", earnings channel tip_menu, the order row; the same Idempotency-Key pays once', async () => {
    const c = await createCreator(t);
    const fan = await createFan(t);
    await topUp(t, fan, 50, { card: true });
    const item = await addItem(c, { name: 'Song request', price: 15 });
    const key = { 'idempotency-key': 'menu-once' };
    const results = await Promise.all([order(fan, item._id, { note: 'Play <b>Wonderwall</b>' }, key), order(fan, item._id, { note: 'Play <b>Wonderwall</b>' }, key)]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const first = results[0]!.json().data;
    expect(first).toMatchObject({ balance: 35, order: { itemName: 'Song request', price: 15, note: 'Play Wonderwall', status: 'pending', fan: { _id: fan.user.id } } });
    expect(results[1]!.json().data.order._id).toBe(first.order._id);
    const replay = await order(fan, item._id, { note: 'Play <b>Wonderwall</b>' }, key);
    expect(replay.json().data.order._id).toBe(first.order._id);

    const charges = await chargesOf(fan);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ type: 'tip', amount: 1500, description: 'Tip menu: Song request', performerId: c.user.id });
    expect(await balanceOf(fan)).toBe(35);
    const [earned] = await t.ctx.db.select().from(earnings).where(eq(earnings.source, `wallet_charge:${charges[0]!.id}`));
    expect(earned).toMatchObject({ type: 'tip', channel: 'tip_menu', gross: 1500, description: 'Tip menu: Song request' });
    expect(await ordersOf(fan)).toEqual([expect.objectContaining({ chargeId: charges[0]!.id, status: 'pending' })]);

    // The fan's list, the creator's figures.
    expect((await req('GET', '/tip-menu/orders/mine', fan)).json().data).toMatchObject({ total: 1, data: [{ itemName: 'Song request', status: 'pending' }] });
    expect((await req('GET', '/tip-menu/mine', c)).json().data[0]).toMatchObject({ orders: 1, revenue: 15 });
    await expectLedgerBalanced(t);
  });

  it('balance too low → 422 and nothing written; inactive or unknown item → 404; blocked either way → 403; creators (own menu too) → 403', async () => {
    const c = await createCreator(t);
    const other = await createCreator(t);
    const fan = await createFan(t);
    const blocked = await createFan(t);
    const blocker = await createFan(t);
    await topUp(t, fan, 20, { card: true });
    await topUp(t, blocked, 50, { card: true });
    await topUp(t, blocker, 50, { card: true });
    const dear = await addItem(c, { name: 'Dance', price: 25 });
    const off = await addItem(c, { name: 'Off', price: 10, active: false });
    const cheap = await addItem(c, { name: 'Hi', price: 10 });

    const poor = await order(fan, dear._id);
    expect(poor.statusCode).toBe(422);
    expect(await chargesOf(fan)).toHaveLength(0);
    expect(await ordersOf(fan)).toHaveLength(0);
    expect(await balanceOf(fan)).toBe(20);

    expect((await order(fan, off._id)).statusCode).toBe(404);
    expect((await order(fan, '0190a0a0-0000-7000-8000-000000000000')).statusCode).toBe(404);

    expect((await req('POST', '/block/users', c, { targetId: blocked.user.id })).statusCode).toBe(200);
    expect((await order(blocked, cheap._id)).statusCode).toBe(403);
    expect((await req('POST', '/block/users', blocker, { targetId: c.user.id })).statusCode).toBe(200);
    expect((await order(blocker, cheap._id)).statusCode).toBe(403);
    expect(await chargesOf(blocked)).toHaveLength(0);

    expect((await order(c, cheap._id)).statusCode).toBe(403);
    expect((await order(other, cheap._id)).statusCode).toBe(403);
    expect((await order(fan, cheap._id, {}, {})).statusCode).toBe(200);
    expect((await req('POST', `/tip-menu/items/${cheap._id}/orders`, undefined, {})).statusCode).toBe(401);
  });

  it('the queue lists pending first; only the creator it was made to marks an order done; the fan sees it', async () => {
    const c = await createCreator(t);
    const other = await createCreator(t);
    const fan = await createFan(t);
    await topUp(t, fan, 100, { card: true });
    const item = await addItem(c, { name: 'Shout-out', price: 10 });
    const a = (await order(fan, item._id, { note: 'first' })).json().data.order;
    const b = (await order(fan, item._id, { note: 'second' })).json().data.order;

    expect((await req('POST', `/tip-menu/orders/${a._id}/done`, other)).statusCode).toBe(404);
    expect((await req('POST', `/tip-menu/orders/${a._id}/done`, fan)).statusCode).toBe(403);
    const done = await req('POST', `/tip-menu/orders/${a._id}/done`, c);
    expect(done.json().data).toMatchObject({ status: 'done', doneAt: expect.any(String) });
    expect((await req('POST', `/tip-menu/orders/${a._id}/done`, c)).json().data.status).toBe('done');

    const queue = (await req('GET', '/tip-menu/orders/received', c)).json().data;
    expect(queue.total).toBe(2);
    expect(queue.data.map((o: { _id: string }) => o._id)).toEqual([b._id, a._id]);
    expect((await req('GET', '/tip-menu/orders/received?status=pending', c)).json().data.total).toBe(1);
    expect((await req('GET', '/tip-menu/orders/received', other)).json().data.total).toBe(0);
    const mine = (await req('GET', `/tip-menu/orders/mine?performerId=${c.user.id}`, fan)).json().data;
    expect(mine.data.find((o: { _id: string }) => o._id === a._id).status).toBe('done');
  });
});

describe('in a live stream', () => {
  it('the order is a chat line pushed to the room with the item name; another creator\'s stream → 404 and nothing written', async () => {
    const c = await createCreator(t);
    const fan = await createFan(t);
    await follow(t, fan.user.id, c.user.id);
    await topUp(t, fan, 100, { card: true });
    const stream = await insertLiveStream(t, c.user.id);
    const item = await addItem(c, { name: 'Song request', price: 15, keyword: '!song' });
    const viewer = await connectClient(url, c.token, open);
    expect(await joinRoom(viewer, 'stream/join', { streamId: stream.id })).toBe(true);

    const r = await order(fan, item._id, { streamId: stream.id, note: 'Yesterday' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.order).toMatchObject({ streamId: stream.id, itemName: 'Song request' });
    const [pushed] = await waitFor(viewer, 'stream-message/created');
    expect(pushed).toMatchObject({ menuItem: 'Song request', tipsTotal: 15, message: { type: 'tip', amount: 15, text: 'Ordered Song request', senderId: fan.user.id } });
    const [msg] = await t.ctx.db.select().from(streamMessages).where(eq(streamMessages.streamId, stream.id));
    expect(msg).toMatchObject({ type: 'tip', text: 'Ordered Song request' });

    const other = await createCreator(t);
    const elsewhere = await insertLiveStream(t, other.user.id);
    expect((await order(fan, item._id, { streamId: elsewhere.id })).statusCode).toBe(404);
    expect(await chargesOf(fan)).toHaveLength(1);
    expect(await ordersOf(fan)).toHaveLength(1);
  });
});
