/**
 * Issue 25 F1: an operator without two-factor authentication is a plain user everywhere, not only
 * under /admin. Each attack the probe found is replayed twice on a fresh record of someone else's:
 * as an operator whose account has the admin role but no 2FA (signed in with the password alone)
 * → refused exactly like a fan; then as an operator with 2FA on → allowed (so the fixture is real
 * and the refusal comes from the 2FA rule, not from a broken request). The route map's probe
 * (route-map.test.ts) adds the role to every operation.
 */
import sharp from 'sharp';
import { ACCESS_REASON_HEADER } from '@stagepass/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { createAdmin, createAdminWithout2fa, createCreator, createFan, createTestApp, multipart, type Made, type TestApp } from './harness';
import { createFeed, follow, subscribe } from './factories';
import { addPhoto, createGallery, createPhotoFile } from './galleries';
import { createAddress, createProduct } from './shop';
import { agoraOn, goLive } from './streams';
import { createVideo } from './videos';
import { SITE, wallet } from '../src/modules/ledger/ledger.service';

let t: TestApp;
let bare: Made; // admin role, no 2FA
let op: Made; // admin role, 2FA on
let creator: Made;
let fan: Made;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  [bare, op, creator, fan] = await Promise.all([createAdminWithout2fa(t), createAdmin(t), createCreator(t), createFan(t)]);
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
  await agoraOn(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;
/** `granted`: the answer gave the power (default: a 2xx). */
type Req = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown; headers?: Record<string, string>; granted?: (res: Res) => boolean };
const send = (who: Made, r: Req) =>
  t.app.inject({ method: r.method, url: r.url, headers: { ...who.auth, ...(r.headers ?? {}) }, ...(r.payload !== undefined ? { payload: r.payload as string } : {}) });

/** A fan with $100 buys a new physical product of `creator`'s; answers the order id. */
async function anOrder(): Promise<string> {
  const buyer = await createFan(t);
  await t.ctx.db.transaction((tx) =>
    t.ctx.ledger.post(tx, { type: 'wallet_topup', reference: `test-topup:${uuidv7()}`, postings: [{ account: SITE.gateway, amount: -10_000 }, { account: wallet(buyer.user.id), amount: 10_000 }] }),
  );
  const product = await createProduct(t, creator.user.id, { name: 'Signed mug', price: 20, shippingFee: 3 });
  const res = await t.app.inject({ method: 'POST', url: `/wallet/charges/product/${product.id}`, headers: buyer.auth, payload: { deliveryAddressId: (await createAddress(t, buyer))._id } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.order._id;
}

/** Each attack: a fresh target of someone else's, and the request an operator would make. */
const attacks: Record<string, () => Promise<Req>> = {
  "a creator's ID document (signed URL)": async () => {
    const mp = multipart({ kind: 'idVerification' }, [{ field: 'file', filename: 'id.png', content: png, type: 'image/png' }]);
    const up = await t.app.inject({ method: 'POST', url: '/performers/documents/upload', headers: { ...creator.auth, ...mp.headers }, payload: mp.payload });
    expect(up.statusCode, up.body).toBe(200);
    // An operator's read of private data carries its reason (issue 28 §6): the refusal tested here is the 2FA one.
    return { method: 'GET', url: `/performers/documents/${up.json().data._id}`, headers: { [ACCESS_REASON_HEADER]: 'Reviewing a creator' } };
  },
  // Locked media opens to an operator only in the console, audited with a reason (issue 28 §6).
  "a sale gallery's photos (the console's audited read)": async () => {
    const g = await createGallery(t, creator.user.id, { access: 'sale', price: 5 });
    const webp = await sharp(png).webp().toBuffer();
    await addPhoto(t, g, { file: await createPhotoFile(t, creator.user.id, { withBytes: webp }) });
    return { method: 'GET', url: `/admin/content/gallery/${g.id}`, headers: { [ACCESS_REASON_HEADER]: 'Checking a copyright claim' } };
  },
  "a sale video's media URL (the console's audited read)": async () => ({
    method: 'GET',
    url: `/admin/content/video/${(await createVideo(t, creator.user.id, { access: 'sale', price: 5 })).id}`,
    headers: { [ACCESS_REASON_HEADER]: 'Checking a copyright claim' },
    granted: (res) => res.statusCode === 200 && Boolean(res.json().data.item.video?.url),
  }),
  "someone's private conversation (the console's audited read)": async () => {
    const [someone, follower] = await Promise.all([createCreator(t), createFan(t)]);
    await follow(t, follower.user.id, someone.user.id);
    const conv = await t.app.inject({ method: 'POST', url: '/conversations', headers: someone.auth, payload: { source: 'user', sourceId: follower.user.id } });
    expect(conv.statusCode, conv.body).toBe(200);
    return { method: 'GET', url: `/admin/conversations/${conv.json().data._id}/messages`, headers: { [ACCESS_REASON_HEADER]: 'Harassment report' } };
  },
  'a draft video': async () => ({ method: 'GET', url: `/performer-assets/videos/${(await createVideo(t, creator.user.id, { status: 'draft', access: 'sale', price: 5 })).id}` }),
  'a scheduled post': async () => ({ method: 'GET', url: `/user/feeds/${(await createFeed(t, creator.user.id, { publishAt: new Date(Date.now() + 86_400_000) })).id}` }),
  "a buyer's order (with the address)": async () => ({ method: 'GET', url: `/orders/${await anOrder()}`, headers: { [ACCESS_REASON_HEADER]: 'Checking a delivery complaint' } }),
  "cancelling a fan's subscription": async () => {
    const s = await subscribe(t, (await createFan(t)).user.id, creator.user.id);
    return { method: 'POST', url: `/payment/sandbox/cancel-subscription/${s.id}` };
  },
  "ending a creator's live stream": async () => {
    const live = await goLive(t, await createCreator(t));
    return { method: 'POST', url: `/streaming/live/${live._id}/end` };
  },
  // A paid stream opens to an operator only through the console's audited watch (issue 28 §6, streaming README "Operators watching").
  "a ticketed live stream's credential (the console's audited watch)": async () => {
    const live = await goLive(t, await createCreator(t), { type: 'group', price: 5 });
    return { method: 'POST', url: `/admin/streams/${live._id}/watch`, headers: { [ACCESS_REASON_HEADER]: 'Checking a reported show' }, granted: (res) => res.statusCode === 200 && res.json().data.credential !== null };
  },
  "banning a viewer from another creator's streams": async () => {
    const live = await goLive(t, await createCreator(t));
    return { method: 'POST', url: '/streaming/bans', payload: { userId: (await createFan(t)).user.id, streamId: live._id } };
  },
  "deleting a message of others' conversation": async () => {
    const [someone, follower] = await Promise.all([createCreator(t), createFan(t)]);
    await follow(t, follower.user.id, someone.user.id);
    const conv = await t.app.inject({ method: 'POST', url: '/conversations', headers: someone.auth, payload: { source: 'user', sourceId: follower.user.id } });
    expect(conv.statusCode, conv.body).toBe(200);
    const msg = await t.app.inject({ method: 'POST', url: `/messages/conversations/${conv.json().data._id}`, headers: someone.auth, payload: { text: 'hello' } });
    expect(msg.statusCode, msg.body).toBeLessThan(300);
    return { method: 'DELETE', url: `/messages/${msg.json().data._id}` };
  },
  "deleting someone's comment": async () => {
    const post = await createFeed(t, creator.user.id);
    const c = await t.app.inject({ method: 'POST', url: '/comments', headers: fan.auth, payload: { objectId: post.id, objectType: 'feed', content: 'Nice' } });
    expect(c.statusCode, c.body).toBe(201);
    return { method: 'DELETE', url: `/comments/${c.json().data._id}` };
  },
  "another user's avatar": async () => {
    const mp = multipart({}, [{ field: 'avatar', filename: 'a.png', content: png, type: 'image/png' }]);
    return { method: 'POST', url: `/users/${(await createFan(t)).user.id}/avatar/upload`, payload: mp.payload, headers: mp.headers };
  },
};

describe('an operator without two-factor authentication has no operator power outside /admin either', () => {
  for (const [name, make] of Object.entries(attacks)) {
    it(name, async () => {
      const granted = (r: Req, res: Res) => (r.granted ? r.granted(res) : res.statusCode < 300);
      const asBare = await make();
      const refused = await send(bare, asBare);
      expect(granted(asBare, refused), `without 2FA: ${refused.statusCode} ${refused.body.slice(0, 200)}`).toBe(false);
      expect(refused.statusCode).toBeLessThan(500);
      expect(refused.body).not.toMatch(/"url":"http/);
      const asOp = await make();
      const allowed = await send(op, asOp);
      expect(granted(asOp, allowed), `with 2FA: ${allowed.statusCode} ${allowed.body.slice(0, 200)}`).toBe(true);
    });
  }

  it('lists and searches show them what a fan sees (no drafts, no scheduled posts)', async () => {
    const c = await createCreator(t);
    await createFeed(t, c.user.id, { text: 'Tomorrow', publishAt: new Date(Date.now() + 86_400_000) });
    await createFeed(t, c.user.id, { text: 'Today' });
    await createVideo(t, c.user.id, { title: 'Draft cut', status: 'draft' });
    await createVideo(t, c.user.id, { title: 'Out now' });
    const feedsUrl = `/user/feeds/search/${c.user.username}`;
    const videosUrl = `/performer-assets/videos/search?performerId=${c.user.id}`;
    const texts = async (who: Made) => (await send(who, { method: 'GET', url: feedsUrl })).json().data.data.map((f: { text: string }) => f.text).sort();
    const titles = async (who: Made) => (await send(who, { method: 'GET', url: videosUrl })).json().data.data.map((v: { title: string }) => v.title).sort();
    const aFan = await createFan(t);
    expect(await texts(bare)).toEqual(await texts(aFan));
    expect(await texts(bare)).toEqual(['Today']);
    expect(await texts(op)).toEqual(['Today', 'Tomorrow']);
    expect(await titles(bare)).toEqual(await titles(aFan));
    expect(await titles(bare)).toEqual(['Out now']);
  });

  it('can be blocked like anyone, and the block then holds for them (an operator with 2FA cannot be blocked)', async () => {
    const c = await createCreator(t);
    const blockOf = (who: Made) => t.app.inject({ method: 'POST', url: '/block/users', headers: c.auth, payload: { targetId: who.user.id } });
    expect((await blockOf(op)).statusCode).toBe(422);
    expect((await blockOf(bare)).statusCode).toBe(200);
    expect((await send(bare, { method: 'GET', url: `/performers/${c.user.username}` })).statusCode).toBe(404);
    expect((await send(op, { method: 'GET', url: `/performers/${c.user.username}` })).statusCode).toBe(200);
  });
});
