// Subscription tiers (README "Tiers"): the creator's CRUD, subscribing to a tier, access by tier for
// each kind, upgrade (prorated, on the sandbox card, ledger balanced) and downgrade at renewal.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { subscriptionSchema, tierSchema, type Tier } from '@stagepass/shared';
import { createCreator, createFan, createTestApp, type Made, type TestApp, requester } from '../../../test/harness';
import { createFeed, createFeedFile } from '../../../test/factories';
import { createVideo, createVideoFile } from '../../../test/videos';
import { addPhoto, createGallery, createPhotoFile } from '../../../test/galleries';
import { addCard, expectLedgerBalanced } from '../../../test/money';
import { paymentTransactions } from '../payments/payments.tables';
import { feeds } from '../feeds/feeds.tables';
import { videos } from '../videos/videos.tables';
import { galleries } from '../galleries/galleries.tables';
import { earnings } from '../earnings/earnings.tables';
import { subscriptions } from './subscriptions.tables';
import { audienceBatch } from '../messages/messages.audience';

/** A URL to paid media in an answer: a signed private file, a viewer's marked picture, or a viewer's HLS playlist (media README). */
const PAID_MEDIA = /\/files\/(private|marked)\/|\/media\/hls\//;
let t: TestApp;
let clock: Date;
beforeAll(async () => {
  t = await createTestApp();
  t.ctx.clock.now = () => clock;
});
beforeEach(() => {
  clock = new Date();
});
afterAll(async () => {
  await expectLedgerBalanced(t);
  await t?.close();
});

const req = requester(() => t);
const subRow = async (id: string) => (await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

/** A creator at 5.00/month with Silver (10.00) and Gold (20.00) above the default. */
async function tieredCreator() {
  const c = await createCreator(t);
  expect((await req('PUT', '/performers/subscription-settings', c, { monthlyPrice: 5, freeSubscriptionEnabled: false })).statusCode).toBe(200);
  const silver = await req('POST', '/subscription-tiers', c, { name: 'Silver', price: 10, description: 'More', colour: '#1677ff' });
  expect(silver.statusCode).toBe(200);
  const gold = await req('POST', '/subscription-tiers', c, { name: 'Gold', price: 20, colour: '#d4b106' });
  const tiers = (await req('GET', '/subscription-tiers/mine', c)).json().data as Tier[];
  return { c, base: tiers[0]!, silver: tierSchema.parse(silver.json().data), gold: tierSchema.parse(gold.json().data) };
}

describe('a creator\'s tiers', () => {
  it('starts with one default tier at the monthly price; CRUD, limits, names, reorder, public list', async () => {
    const c = await createCreator(t);
    const fan = await createFan(t);
    const first = (await req('GET', `/subscription-tiers/performer/${c.user.username}`)).json().data as Tier[];
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ name: 'Standard', price: 9.95, position: 1, isDefault: true });
    // Price within the operator's subscription limits, with field errors.
    for (const price of [2.94, 300.01]) {
      const r = await req('POST', '/subscription-tiers', c, { name: 'Cheap', price });
      expect(r.statusCode).toBe(400);
      expect(r.json().details[0].field).toBe('price');
    }
    expect((await req('POST', '/subscription-tiers', c, { name: '', price: 5 })).json().details[0].field).toBe('name');
    expect((await req('POST', '/subscription-tiers', c, { name: 'X', price: 5, colour: 'red' })).json().details[0].field).toBe('colour');
    expect((await req('POST', '/subscription-tiers', c, { name: 'standard', price: 5 })).statusCode).toBe(400);
    const made: Tier[] = [];
    for (const [i, name] of ['A', 'B', 'C', 'D'].entries()) made.push((await req('POST', '/subscription-tiers', c, { name, price: 10 + i })).json().data);
    expect(made.map((m) => m.position)).toEqual([2, 3, 4, 5]);
    expect((await req('POST', '/subscription-tiers', c, { name: 'E', price: 20 })).statusCode).toBe(422); // a sixth
    // Who may: fans 403, another creator's tier 404.
    expect((await req('POST', '/subscription-tiers', fan, { name: 'F', price: 5 })).statusCode).toBe(403);
    const other = await createCreator(t);
    expect((await req('PUT', `/subscription-tiers/${made[0]!._id}`, other, { name: 'Mine' })).statusCode).toBe(404);
    // Edit; the default's price is the monthly price both ways.
    expect((await req('PUT', `/subscription-tiers/${first[0]!._id}`, c, { price: 7.5 })).json().data.price).toBe(7.5);
    expect((await req('GET', `/subscriptions/offer/${c.user.id}`)).json().data.monthlyPrice).toBe(7.5);
    // Reorder: each tier once, else 400.
    const ids = [first[0]!._id, ...made.map((m) => m._id)];
    expect((await req('PUT', '/subscription-tiers/order', c, { ids: ids.slice(1) })).statusCode).toBe(400);
    const reordered = (await req('PUT', '/subscription-tiers/order', c, { ids: [...ids].reverse() })).json().data as Tier[];
    expect(reordered.map((x) => x.name)).toEqual(['D', 'C', 'B', 'A', 'Standard']);
    // Archive: not the default; the public list drops it and the rest are ranked 1..n again.
    expect((await req('POST', `/subscription-tiers/${first[0]!._id}/archive`, c, {})).statusCode).toBe(409);
    const after = (await req('POST', `/subscription-tiers/${made[1]!._id}/archive`, c, {})).json().data as Tier[];
    expect(after.map((x) => [x.name, x.position])).toEqual([['D', 1], ['C', 2], ['A', 3], ['Standard', 4]]);
    expect((await req('GET', `/subscription-tiers/performer/${c.user.id}`)).json().data).toHaveLength(4);
  });

  it('archiving a tier with subscribers needs a tier to move them to', async () => {
    const { c, silver, gold } = await tieredCreator();
    const fan = await createFan(t);
    await addCard(t, fan);
    const s = await req('POST', '/payment/subscribe/performers', fan, { performerId: c.user.id, tierId: silver._id });
    expect(s.statusCode).toBe(200);
    const refused = await req('POST', `/subscription-tiers/${silver._id}/archive`, c, {});
    expect(refused.statusCode).toBe(409);
    expect((await req('POST', `/subscription-tiers/${silver._id}/archive`, c, { moveTo: gold._id })).statusCode).toBe(200);
    expect(await subRow(s.json().data._id)).toMatchObject({ tierId: gold._id, price: 2000 });
  });
});

describe('subscribing to a tier', () => {
  it('charges the tier\'s price; no tierId → the default (the existing call still works); another creator\'s tier → 400', async () => {
    const { c, silver } = await tieredCreator();
    const other = await tieredCreator();
    const fan = await createFan(t);
    const fan2 = await createFan(t);
    await addCard(t, fan);
    await addCard(t, fan2);
    expect((await req('POST', '/payment/subscribe/performers', fan, { performerId: c.user.id, tierId: other.silver._id })).json().details[0].field).toBe('tierId');
    const r = await req('POST', '/payment/subscribe/performers', fan, { performerId: c.user.id, type: 'monthly', tierId: silver._id });
    expect(r.statusCode).toBe(200);
    const sub = subscriptionSchema.parse(r.json().data);
    expect(sub).toMatchObject({ price: 10, isActive: true, tier: { _id: silver._id, name: 'Silver', colour: '#1677ff', position: 2 } });
    const [pay] = await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.subscriptionId, sub._id));
    expect(pay).toMatchObject({ amount: 1000, status: 'succeeded' });
    const d = subscriptionSchema.parse((await req('POST', '/payment/subscribe/performers', fan2, { performerId: c.user.id, type: 'monthly' })).json().data);
    expect(d).toMatchObject({ price: 5, tier: { name: 'Standard', position: 1 } });
    // The creator's list shows each fan's tier, and the counts per tier.
    const list = (await req('GET', '/subscriptions/performer/search', c)).json().data.data as Array<{ userId: string; tier: { name: string } }>;
    expect(Object.fromEntries(list.map((x) => [x.userId, x.tier.name]))).toEqual({ [fan.user.id]: 'Silver', [fan2.user.id]: 'Standard' });
    const mine = (await req('GET', '/subscription-tiers/mine', c)).json().data as Tier[];
    expect(mine.map((x) => x.subscriberCount)).toEqual([1, 1, 0]);
  });
});

describe('access by tier (no media URL below the minimum tier)', () => {
  it('posts, videos and galleries open to a subscription whose rank reaches the item\'s minimum tier; a mass message reaches only those fans', async () => {
    const { c, silver, gold } = await tieredCreator();
    const [low, mid, top, none] = await Promise.all([createFan(t), createFan(t), createFan(t), createFan(t)]);
    for (const f of [low, mid, top]) await addCard(t, f);
    await req('POST', '/payment/subscribe/performers', low, { performerId: c.user.id });
    await req('POST', '/payment/subscribe/performers', mid, { performerId: c.user.id, tierId: silver._id });
    await req('POST', '/payment/subscribe/performers', top, { performerId: c.user.id, tierId: gold._id });

    const photo = await createFeedFile(t, c.user.id, 'feed-photo');
    const post = await createFeed(t, c.user.id, { visibility: 'subscribers', fileIds: [photo.id] });
    await t.ctx.db.update(feeds).set({ minTierId: silver._id }).where(eq(feeds.id, post.id));
    const main = await createVideoFile(t, c.user.id, 'video');
    const video = await createVideo(t, c.user.id, { access: 'subscribers', fileId: main.id });
    await t.ctx.db.update(videos).set({ minTierId: gold._id }).where(eq(videos.id, video.id));
    const gallery = await createGallery(t, c.user.id, { access: 'subscribers' });
    await addPhoto(t, gallery, { file: await createPhotoFile(t, c.user.id), title: 'p', isCover: true });
    await t.ctx.db.update(galleries).set({ minTierId: silver._id }).where(eq(galleries.id, gallery.id));

    const expectPost = async (who: Made, open: boolean) => {
      const r = await req('GET', `/user/feeds/${post.id}`, who);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data.isLocked, who.user.username!).toBe(!open);
      expect(PAID_MEDIA.test(r.body), who.user.username!).toBe(open);
    };
    await expectPost(low, false);
    await expectPost(none, false);
    await expectPost(mid, true);
    await expectPost(top, true);
    // The home timeline (its own single-statement facts) says the same.
    const tl = (await req('GET', '/user/feeds?limit=50', low)).json().data.data as Array<{ _id: string; isLocked: boolean }>;
    expect(tl.find((x) => x._id === post.id)?.isLocked).toBe(true);
    const tlTop = (await req('GET', '/user/feeds?limit=50', top)).json().data.data as Array<{ _id: string; isLocked: boolean }>;
    expect(tlTop.find((x) => x._id === post.id)?.isLocked).toBe(false);

    for (const [who, open] of [[low, false], [mid, false], [top, true]] as const) {
      const r = await req('GET', `/performer-assets/videos/${video.id}`, who);
      expect(r.json().data.canView, who.user.username!).toBe(open);
      expect(PAID_MEDIA.test(r.body), who.user.username!).toBe(open);
    }
    for (const [who, open] of [[low, false], [mid, true], [top, true]] as const) {
      const r = await req('GET', `/performer-assets/galleries/${gallery.id}`, who);
      expect(r.json().data.isLocked, who.user.username!).toBe(!open);
      expect(PAID_MEDIA.test(r.body), who.user.username!).toBe(open);
    }
    // A mass message to subscribers with a minimum tier reaches Silver and Gold only.
    const ids = await audienceBatch(t.ctx.db, { performerId: c.user.id, audience: 'subscribers', listIds: [], minTierId: silver._id }, null, 100, clock);
    expect(ids.sort()).toEqual([mid.user.id, top.user.id].sort());
    expect((await audienceBatch(t.ctx.db, { performerId: c.user.id, audience: 'subscribers', listIds: [] }, null, 100, clock)).length).toBe(3);
  });
});

describe('changing tier (sandbox card)', () => {
  it('an upgrade charges the prorated difference now, once (Idempotency-Key), with the creator\'s share and the commission; the locked post opens', async () => {
    const { c, silver, gold } = await tieredCreator();
    const fan = await createFan(t);
    await addCard(t, fan);
    const start = new Date('2027-03-01T00:00:00Z');
    clock = start;
    const sub = subscriptionSchema.parse((await req('POST', '/payment/subscribe/performers', fan, { performerId: c.user.id, tierId: silver._id })).json().data);
    expect(sub.expiresAt).toBe('2027-04-01T00:00:00.000Z');
    const post = await createFeed(t, c.user.id, { visibility: 'subscribers' });
    await t.ctx.db.update(feeds).set({ minTierId: gold._id }).where(eq(feeds.id, post.id));
    expect((await req('GET', `/user/feeds/${post.id}`, fan)).json().data.isLocked).toBe(true);
    // 10 days of 31 left: (2000 − 1000) × 10/31 = 322.58… → 323.
    clock = new Date('2027-03-22T00:00:00Z');
    const headers = { 'idempotency-key': 'upgrade-1' };
    const r = await req('POST', `/subscriptions/${sub._id}/tier`, fan, { tierId: gold._id }, headers);
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual({ kind: 'upgrade', charged: 3.23, effectiveAt: clock.toISOString() });
    const again = await req('POST', `/subscriptions/${sub._id}/tier`, fan, { tierId: gold._id }, headers);
    expect(again.json().data).toEqual(r.json().data);
    const pays = await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.subscriptionId, sub._id)).orderBy(paymentTransactions.createdAt);
    expect(pays.map((p) => [p.amount, p.status])).toEqual([[1000, 'succeeded'], [323, 'succeeded']]);
    const earned = await t.ctx.db.select().from(earnings).where(eq(earnings.performerId, c.user.id));
    expect(earned.length).toBe(2);
    expect(earned.map((e) => e.gross).sort((a, b) => a - b)).toEqual([323, 1000]);
    for (const e of earned) expect(e.net + e.commission).toBe(e.gross);
    expect(await subRow(sub._id)).toMatchObject({ tierId: gold._id, price: 2000, expiresAt: new Date('2027-04-01T00:00:00Z') });
    expect((await req('GET', `/user/feeds/${post.id}`, fan)).json().data.isLocked).toBe(false);
    // Someone else's subscription: 404; an unknown tier: 404.
    const other = await createFan(t);
    expect((await req('POST', `/subscriptions/${sub._id}/tier`, other, { tierId: silver._id })).statusCode).toBe(404);
    expect((await req('POST', `/subscriptions/${sub._id}/tier`, fan, { tierId: '00000000-0000-7000-8000-000000000000' })).statusCode).toBe(404);
  });

  it('a downgrade waits for the renewal, which charges the lower price and switches the tier', async () => {
    const { c, base, gold } = await tieredCreator();
    const fan = await createFan(t);
    await addCard(t, fan);
    clock = new Date('2026-05-01T00:00:00Z');
    const sub = subscriptionSchema.parse((await req('POST', '/payment/subscribe/performers', fan, { performerId: c.user.id, tierId: gold._id })).json().data);
    clock = new Date('2026-05-10T00:00:00Z');
    const r = await req('POST', `/subscriptions/${sub._id}/tier`, fan, { tierId: base._id });
    expect(r.json().data).toEqual({ kind: 'downgrade', charged: 0, effectiveAt: '2026-06-01T00:00:00.000Z' });
    const view = (await req('GET', '/subscriptions/user/search', fan)).json().data.data[0];
    expect(view).toMatchObject({ tier: { name: 'Gold' }, pendingTier: { name: 'Standard' } });
    expect(await subRow(sub._id)).toMatchObject({ tierId: gold._id, pendingTierId: base._id });
    clock = new Date('2026-06-01T00:00:01Z');
    expect((await t.ctx.subscriptions.renewDue()).renewed).toBeGreaterThanOrEqual(1);
    const pays = await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.subscriptionId, sub._id)).orderBy(paymentTransactions.createdAt);
    expect(pays.map((p) => p.amount)).toEqual([2000, 500]);
    expect(await subRow(sub._id)).toMatchObject({ tierId: base._id, pendingTierId: null, price: 500, expiresAt: new Date('2026-07-01T00:00:00Z') });
  });

  it('a declined card leaves the tier as it was', async () => {
    const { c, base, silver } = await tieredCreator();
    const fan = await createFan(t);
    await addCard(t, fan);
    clock = new Date('2026-08-01T00:00:00Z');
    const sub = subscriptionSchema.parse((await req('POST', '/payment/subscribe/performers', fan, { performerId: c.user.id, tierId: base._id })).json().data);
    // The subscription's card now fails its charges (it was attached fine).
    const failing = await addCard(t, fan, '4000000000000341');
    await t.ctx.db.update(subscriptions).set({ cardId: failing._id }).where(eq(subscriptions.id, sub._id));
    clock = new Date('2026-08-16T00:00:00Z');
    const r = await req('POST', `/subscriptions/${sub._id}/tier`, fan, { tierId: silver._id });
    expect(r.statusCode).toBe(422);
    expect(await subRow(sub._id)).toMatchObject({ tierId: base._id, price: 500 });
  });
});

describe('a minimum tier on create/update (posts, videos, galleries, mass messages)', () => {
  it('takes one of the creator\'s live tiers (another\'s → 400 minTierId) and shows it on the item', async () => {
    const { c, silver, gold } = await tieredCreator();
    const other = await tieredCreator();
    const bad = await req('POST', '/performer/feeds', c, { text: 'Gold only', visibility: 'subscribers', minTierId: other.gold._id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('minTierId');
    const made = await req('POST', '/performer/feeds', c, { text: 'Gold only', visibility: 'subscribers', minTierId: gold._id });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().data._id as string;
    expect((await t.ctx.db.select().from(feeds).where(eq(feeds.id, id)))[0]!.minTierId).toBe(gold._id);
    const upd = await req('PUT', `/performer/feeds/${id}`, c, { minTierId: silver._id });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data.minTierId).toBe(silver._id);
    expect((await req('PUT', `/performer/feeds/${id}`, c, { minTierId: null })).json().data.minTierId).toBeNull();

    const g = await req('POST', '/performer/performer-assets/galleries', c, { title: 'Set', access: 'subscribers', minTierId: silver._id });
    expect(g.statusCode, g.body).toBe(200);
    expect(g.json().data.minTierId).toBe(silver._id);
    expect((await req('PUT', `/performer/performer-assets/galleries/${g.json().data._id}`, c, { minTierId: other.silver._id })).statusCode).toBe(400);

    const v = await createVideo(t, c.user.id, { access: 'subscribers' });
    const ve = await req('PUT', `/performer/performer-assets/videos/edit/${v.id}`, c, { minTierId: gold._id });
    expect(ve.statusCode, ve.body).toBe(200);
    expect(ve.json().data.minTierId).toBe(gold._id);
  });
});

describe('the tier badge beside a fan\'s name', () => {
  it('in comments: told to the item\'s creator, not to other fans', async () => {
    const { c, silver } = await tieredCreator();
    const fan = await createFan(t);
    const other = await createFan(t);
    for (const f of [fan, other]) await addCard(t, f);
    await req('POST', '/payment/subscribe/performers', fan, { performerId: c.user.id, tierId: silver._id });
    await req('POST', '/payment/subscribe/performers', other, { performerId: c.user.id });
    const post = await createFeed(t, c.user.id, { visibility: 'free' });
    expect((await req('POST', '/comments', fan, { objectType: 'feed', objectId: post.id, content: 'Love it' })).statusCode).toBeLessThan(300);
    const asCreator = (await req('GET', `/comments?objectType=feed&objectId=${post.id}`, c)).json().data.data;
    expect(asCreator[0].tier).toMatchObject({ _id: silver._id, name: 'Silver', colour: '#1677ff' });
    const asFan = (await req('GET', `/comments?objectType=feed&objectId=${post.id}`, other)).json().data.data;
    expect(asFan[0].tier).toBeUndefined();
  });
});
