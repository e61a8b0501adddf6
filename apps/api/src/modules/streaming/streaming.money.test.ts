import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PRIVATE_REQUEST_TTL_SECONDS } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { follow, subscribe } from '../../../test/factories';
import { expectLedgerBalanced, topUp } from '../../../test/money';
import { agoraOn, goLive } from '../../../test/streams';
import { insertLiveStream } from '../../../test/stream-rows';
import { notifications } from '../notifications/notifications.tables';
import { paymentTransactions } from '../payments/payments.tables';
import { privateShowMinutes, walletCharges } from '../wallet/wallet.tables';
import { streams } from './streaming.tables';

/** Group tickets, private shows and their per-minute billing on a controllable clock, go-live notifications. */
let t: TestApp;
const realNow = () => new Date();
beforeAll(async () => {
  t = await createTestApp();
  await agoraOn(t);
});
afterEach(() => {
  t.ctx.clock.now = realNow;
  vi.restoreAllMocks();
});
afterAll(async () => {
  await expectLedgerBalanced(t);
  await t?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, m: Made, payload?: unknown) =>
  t.app.inject({ method, url, headers: { ...m.auth, 'idempotency-key': `k-${Math.random()}` }, payload: payload as never });
const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);

describe('group tickets (POST /wallet/charges/stream/{id})', () => {
  it('bought once: a second purchase → 409 and one charge; the ticket opens the stream', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await topUp(t, fan, 30, { card: true });
    const s = await goLive(t, creator, { type: 'group', title: 'Concert', price: 7.5 });
    expect((await inject('GET', `/streaming/join/${s._id}`, fan)).json().data).toMatchObject({ entitled: false, need: 'ticket', price: 7.5, balance: 30 });

    const first = await inject('POST', `/wallet/charges/stream/${s._id}`, fan);
    expect(first.statusCode, first.body).toBe(200);
    const second = await inject('POST', `/wallet/charges/stream/${s._id}`, fan);
    expect(second.statusCode).toBe(409);
    const charges = await t.ctx.db.select().from(walletCharges).where(and(eq(walletCharges.userId, fan.user.id), eq(walletCharges.type, 'stream')));
    expect(charges).toEqual([expect.objectContaining({ itemId: s._id, amount: 750, performerId: creator.user.id, description: 'Ticket: Concert' })]);
    expect((await inject('GET', `/streaming/join/${s._id}`, fan)).json().data).toMatchObject({ entitled: true, credential: { provider: 'agora', role: 'subscriber' }, balance: 22.5 });
    // The creator hears of the ticket, named by the stream's title.
    await t.ctx.queue.drain();
    const told = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, creator.user.id), eq(notifications.type, 'purchase')));
    expect(told.map((n) => n.text)).toEqual([`${fan.user.name || fan.user.username} bought a ticket to your stream “Concert” for $7.50`]);
    await expectLedgerBalanced(t);
  });

  it('a public stream is free (422), a private show or an ended stream is not for sale (404)', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await topUp(t, fan, 10, { card: true });
    const pub = await goLive(t, creator);
    const free = await inject('POST', `/wallet/charges/stream/${pub._id}`, fan);
    expect(free.statusCode).toBe(422);
    expect(free.json().message).toBe('This stream is free');
    await inject('POST', `/streaming/live/${pub._id}/end`, creator);
    expect((await inject('POST', `/wallet/charges/stream/${pub._id}`, fan)).statusCode).toBe(404);
    const [priv] = await t.ctx.db.insert(streams).values({ performerId: creator.user.id, type: 'private', title: 'P', price: 300, privateFanId: fan.user.id, provider: 'agora', channel: 'c'.repeat(32) }).returning();
    expect((await inject('POST', `/wallet/charges/stream/${priv!.id}`, fan)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(walletCharges).where(and(eq(walletCharges.userId, fan.user.id), eq(walletCharges.type, 'stream')))).toEqual([]);
  });
});

/** A creator offering private shows at `rate` (decimal), a fan with `balance`, the request accepted: the private stream's id. */
async function privateShow(rate: number, balance: number): Promise<{ creator: Made; fan: Made; streamId: string }> {
  const creator = await createCreator(t);
  const fan = await createFan(t);
  expect((await inject('PUT', '/streaming/update', creator, { privateRate: rate })).json().data).toMatchObject({ privateRate: rate });
  await topUp(t, fan, balance, { card: true });
  const req = await inject('POST', '/streaming/private-requests', fan, { performerId: creator.user.id });
  expect(req.statusCode, req.body).toBe(200);
  const acc = await inject('POST', `/streaming/private-requests/${req.json().data._id}/accept`, creator);
  expect(acc.json().data).toMatchObject({ status: 'accepted', streamId: expect.any(String) });
  return { creator, fan, streamId: acc.json().data.streamId };
}

const minutesOf = async (streamId: string) => (await t.ctx.db.select().from(privateShowMinutes).where(eq(privateShowMinutes.streamId, streamId))).map((m) => m.minute).sort();
const streamRow = async (id: string) => (await t.ctx.db.select().from(streams).where(eq(streams.id, id)))[0]!;

describe('private shows: per started minute, on the server clock', () => {
  it('charges each started minute exactly once, however often and concurrently the sweep runs', async () => {
    const { fan, streamId } = await privateShow(3, 30);
    const t0 = new Date();
    const bill = async (seconds: number) => {
      t.ctx.clock.now = () => at(t0, seconds);
      // The fan's heartbeat keeps the presence open (and the first one starts billing).
      expect((await inject('PUT', '/streaming/set-duration', fan, { streamId, duration: 1 })).json().data.duration).toBe(seconds);
      await Promise.all([t.ctx.streaming.billing.billPrivateShows(at(t0, seconds)), t.ctx.streaming.billing.billPrivateShows(at(t0, seconds))]);
    };
    expect(await minutesOf(streamId)).toEqual([]);
    await bill(0);
    expect(await minutesOf(streamId)).toEqual([0]);
    await bill(30);
    await bill(59);
    expect(await minutesOf(streamId)).toEqual([0]);
    await bill(60);
    await bill(90);
    expect(await minutesOf(streamId)).toEqual([0, 1]);
    await bill(125);
    await bill(125);
    expect(await minutesOf(streamId)).toEqual([0, 1, 2]);
    const charges = await t.ctx.db.select().from(walletCharges).where(and(eq(walletCharges.userId, fan.user.id), eq(walletCharges.type, 'stream')));
    expect(charges.map((c) => c.amount)).toEqual([300, 300, 300]);
    expect((await streamRow(streamId)).status).toBe('live');
    await expectLedgerBalanced(t);
  });

  it('a balance for two minutes: the second warns (balance-low), the third ends the show with reason balance', async () => {
    const { creator, fan, streamId } = await privateShow(3, 6);
    const pushes = vi.spyOn(t.ctx.realtime, 'toUser');
    const t0 = new Date();
    const step = async (seconds: number) => {
      t.ctx.clock.now = () => at(t0, seconds);
      await inject('PUT', '/streaming/set-duration', fan, { streamId });
      await t.ctx.streaming.billing.billPrivateShows(at(t0, seconds));
    };
    const sent = (event: string) => pushes.mock.calls.filter((c) => c[1] === event);
    await step(0);
    expect(sent('stream/balance-low')).toEqual([]);
    await step(61);
    expect(await minutesOf(streamId)).toEqual([0, 1]);
    expect(sent('stream/balance-low').map((c) => c[0]).sort()).toEqual([creator.user.id, fan.user.id].sort());
    expect(sent('stream/balance-low')[0]![2]).toEqual({ streamId, balance: 0, rate: 3 });
    await step(121);
    expect(await minutesOf(streamId)).toEqual([0, 1]);
    expect(await streamRow(streamId)).toMatchObject({ status: 'ended', endReason: 'balance' });
    expect(sent('stream/ended').map((c) => c[0]).sort()).toEqual([creator.user.id, fan.user.id].sort());
    await t.ctx.streaming.billing.billPrivateShows(at(t0, 300));
    expect(await minutesOf(streamId)).toEqual([0, 1]);
    await expectLedgerBalanced(t);
  });

  it("a card payment of the fan's disputed mid-show: the next tick charges nothing and ends the show (spending_paused)", async () => {
    const admin = await createAdmin(t);
    const { creator, fan, streamId } = await privateShow(3, 30);
    const pushes = vi.spyOn(t.ctx.realtime, 'toUser');
    const t0 = new Date();
    const step = async (seconds: number) => {
      t.ctx.clock.now = () => at(t0, seconds);
      await inject('PUT', '/streaming/set-duration', fan, { streamId });
      await t.ctx.streaming.billing.billPrivateShows(at(t0, seconds));
    };
    await step(0);
    expect(await minutesOf(streamId)).toEqual([0]);
    const [topUpPayment] = await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, fan.user.id));
    const opened = await t.app.inject({ method: 'POST', url: '/admin/sandbox/disputes', headers: admin.auth, payload: { paymentId: topUpPayment!.id, amount: 5 } });
    expect(opened.statusCode, opened.body).toBe(200);
    await step(61);
    expect(await minutesOf(streamId)).toEqual([0]);
    expect(await streamRow(streamId)).toMatchObject({ status: 'ended', endReason: 'spending_paused' });
    expect(pushes.mock.calls.filter((c) => c[1] === 'stream/ended').map((c) => c[0]).sort()).toEqual([creator.user.id, fan.user.id].sort());
    await expectLedgerBalanced(t);
  });

  it('the fan gone (no heartbeat): the presence sweep ends the show (fan_left) and billing stops', async () => {
    const { fan, streamId } = await privateShow(3, 30);
    const t0 = new Date();
    t.ctx.clock.now = () => t0;
    await inject('PUT', '/streaming/set-duration', fan, { streamId });
    await t.ctx.streaming.billing.billPrivateShows(t0);
    await t.ctx.streaming.sweepPresence(at(t0, 30));
    expect((await streamRow(streamId)).status).toBe('live');
    await t.ctx.streaming.sweepPresence(at(t0, 50));
    expect(await streamRow(streamId)).toMatchObject({ status: 'ended', endReason: 'fan_left', viewerCount: 0 });
    await t.ctx.streaming.billing.billPrivateShows(at(t0, 200));
    expect(await minutesOf(streamId)).toEqual([0]);
  });

  it("a Janus show: minutes count only while the creator's camera is on and the fan is in — a dropped connection charges nothing (issue 27 §1)", async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await topUp(t, fan, 30, { card: true });
    const s = await insertLiveStream(t, creator.user.id, { type: 'private', price: 300, privateFanId: fan.user.id, provider: 'janus', publishing: false });
    const t0 = new Date();
    const step = async (seconds: number, camera?: boolean) => {
      t.ctx.clock.now = () => at(t0, seconds);
      if (camera !== undefined) await t.ctx.streaming.streams.setPublishing(s.id, camera);
      await inject('PUT', '/streaming/set-duration', fan, { streamId: s.id });
      await t.ctx.streaming.billing.billPrivateShows(at(t0, seconds));
    };
    await step(0); // the fan is in, the camera is not on yet
    await step(30);
    expect(await minutesOf(s.id)).toEqual([]);
    await step(40, true); // on air: the first minute starts
    expect(await minutesOf(s.id)).toEqual([0]);
    await step(70, false); // dropped after 30 s on the clock
    await step(200); // 130 s later, still down: nothing more
    expect(await minutesOf(s.id)).toEqual([0]);
    expect(await streamRow(s.id)).toMatchObject({ billableMs: 30_000, billableSince: null });
    await step(210, true); // back: the clock goes on from 30 s
    await step(239);
    expect(await minutesOf(s.id)).toEqual([0]);
    await step(240); // 60 s on the clock: the second minute
    expect(await minutesOf(s.id)).toEqual([0, 1]);
    const charges = await t.ctx.db.select().from(walletCharges).where(and(eq(walletCharges.userId, fan.user.id), eq(walletCharges.type, 'stream')));
    expect(charges.map((c) => c.amount)).toEqual([300, 300]);
    await expectLedgerBalanced(t);
  });

  it('billing starts with the fan, not with the acceptance', async () => {
    const { fan, streamId } = await privateShow(3, 30);
    await t.ctx.streaming.billing.billPrivateShows(at(new Date(), 600));
    expect(await minutesOf(streamId)).toEqual([]);
    expect((await inject('GET', `/streaming/join/${streamId}`, fan)).json().data.entitled).toBe(true);
  });
});

describe('private show requests', () => {
  it('one pending per pair (409); a balance below one minute → 422; no private shows → 422; the creator hears of it', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    const noRate = await inject('POST', '/streaming/private-requests', fan, { performerId: creator.user.id });
    expect(noRate.statusCode).toBe(422);
    await inject('PUT', '/streaming/update', creator, { privateRate: 4 });
    const poor = await inject('POST', '/streaming/private-requests', fan, { performerId: creator.user.id });
    expect(poor.statusCode).toBe(422);
    expect(poor.json().message).toMatch(/^Your balance is too low/);
    await topUp(t, fan, 10, { card: true });
    const pushes = vi.spyOn(t.ctx.realtime, 'toUser');
    const ok = await inject('POST', '/streaming/private-requests', fan, { performerId: creator.user.id });
    expect(ok.json().data).toMatchObject({ status: 'pending', rate: 4, performerId: creator.user.id, fan: { _id: fan.user.id }, conversationId: expect.any(String) });
    expect(pushes.mock.calls.filter((c) => c[0] === creator.user.id && c[1] === 'stream/private-request')).toHaveLength(1);
    expect((await inject('POST', '/streaming/private-requests', fan, { performerId: creator.user.id })).statusCode).toBe(409);
    expect((await inject('GET', '/streaming/private-requests', creator)).json().data.data.map((r: { _id: string }) => r._id)).toEqual([ok.json().data._id]);
    // The conversation is the pair's private conversation.
    const conv = await inject('GET', `/conversations/${ok.json().data.conversationId}`, fan);
    expect(conv.statusCode, conv.body).toBe(200);
  });

  it('decline (creator) / cancel (fan); strangers → 404; not pending → 409; expiry', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    const stranger = await createCreator(t);
    await inject('PUT', '/streaming/update', creator, { privateRate: 3 });
    await topUp(t, fan, 10, { card: true });
    const ask = async () => (await inject('POST', '/streaming/private-requests', fan, { performerId: creator.user.id })).json().data._id as string;
    const a = await ask();
    expect((await inject('POST', `/streaming/private-requests/${a}/decline`, stranger)).statusCode).toBe(404);
    expect((await inject('POST', `/streaming/private-requests/${a}/accept`, stranger)).statusCode).toBe(404);
    expect((await inject('POST', `/streaming/private-requests/${a}/decline`, creator)).json().data.status).toBe('declined');
    expect((await inject('POST', `/streaming/private-requests/${a}/accept`, creator)).statusCode).toBe(409);
    const b = await ask();
    expect((await inject('POST', `/streaming/private-requests/${b}/decline`, fan)).json().data.status).toBe('cancelled');
    const c = await ask();
    expect(await t.ctx.streaming.privateShows.expire(at(new Date(), PRIVATE_REQUEST_TTL_SECONDS + 1))).toBeGreaterThanOrEqual(1);
    expect((await inject('POST', `/streaming/private-requests/${c}/accept`, creator)).statusCode).toBe(409);
    expect((await inject('GET', '/streaming/private-requests', fan)).json().data.total).toBe(0);
  });
});

describe('go-live notifications', () => {
  it('followers and subscribers are told once; going live again within the throttle tells no one', async () => {
    const creator = await createCreator(t);
    const follower = await createFan(t);
    const subscriber = await createFan(t);
    const stranger = await createFan(t);
    await follow(t, follower.user.id, creator.user.id);
    await subscribe(t, subscriber.user.id, creator.user.id);
    const s1 = await goLive(t, creator, { title: 'First show' });
    await t.ctx.queue.drain();
    const notes = async (m: Made) => t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, m.user.id), eq(notifications.type, 'stream')));
    for (const m of [follower, subscriber]) {
      expect(await notes(m)).toEqual([expect.objectContaining({ objectKind: 'stream', objectId: s1._id, link: `/live/${creator.user.username}`, actorId: creator.user.id })]);
    }
    expect(await notes(stranger)).toEqual([]);
    await goLive(t, creator, { title: 'Second show' });
    await t.ctx.queue.drain();
    for (const m of [follower, subscriber]) expect(await notes(m)).toHaveLength(1);
  });
});
