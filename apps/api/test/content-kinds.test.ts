import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { bookmarkItemSchema, commentSchema, reactionStateSchema, walletChargeResultSchema } from '@stagepass/shared';
import type { ContentKindProvider, Counter } from '../src/platform/content-kinds';
import { purchases } from '../src/modules/purchases/purchases.tables';
import { earnings } from '../src/modules/earnings/earnings.tables';
import { createCreator, createFan, createTestApp, type Made, type TestApp } from './harness';
import { expectLedgerBalanced, topUp } from './money';

/**
 * The content-kind registry (platform/content-kinds.ts): a kind no module implements yet
 * ('video'), registered here with an in-memory item store, gets reactions, comments, reports,
 * bookmarks and wallet purchases through the existing endpoints — with no change to those
 * modules. Its access rule: the owner and buyers open it; others see it locked; hidden → 404.
 */
interface Clip {
  id: string;
  ownerId: string;
  title: string;
  price: number | null;
  hidden: boolean;
  totals: Record<Counter, number>;
}
const clips = new Map<string, Clip>();

const videoKind: ContentKindProvider = {
  kind: 'video',
  async load(db, viewer, id) {
    const c = clips.get(id);
    if (!c || c.hidden) return null;
    const bought = viewer
      ? (await db.select({ id: purchases.id }).from(purchases).where(and(eq(purchases.userId, viewer.id), eq(purchases.itemType, 'video'), eq(purchases.itemId, id)))).length > 0
      : false;
    return { id: c.id, ownerId: c.ownerId, canView: c.price === null || viewer?.id === c.ownerId || bought };
  },
  async views(_viewer, ids) {
    return ids.map((id) => clips.get(id)).filter((c): c is Clip => Boolean(c && !c.hidden)).map((c) => ({ _id: c.id, title: c.title }));
  },
  async sale(_tx, _buyer, id) {
    const c = clips.get(id);
    if (!c || c.hidden || c.price === null) throw new Error('not for sale in this test');
    return { itemId: c.id, performerId: c.ownerId, price: c.price, description: `Video: ${c.title}` };
  },
  counters: {
    async adjust(_tx, id, counter, delta) {
      const c = clips.get(id)!;
      c.totals[counter] = Math.max(0, c.totals[counter] + delta);
      return c.totals[counter];
    },
    async read(_db, id, counter) {
      return clips.get(id)?.totals[counter] ?? 0;
    },
  },
};

const clip = (ownerId: string, o: Partial<Clip> = {}): Clip => {
  const c: Clip = { id: uuidv7(), ownerId, title: 'A clip', price: null, hidden: false, totals: { like: 0, bookmark: 0, comment: 0 }, ...o };
  clips.set(c.id, c);
  return c;
};

let t: TestApp;
let creator: Made;
let fan: Made;
beforeAll(async () => {
  t = await createTestApp();
  // root.ts registers the videos module's `video` kind; this test puts its stand-in in its place, as
  // a kind no module implements yet (every reactable and commentable kind has its module now).
  (t.ctx.contentKinds as unknown as { byKind: Map<string, unknown> }).byKind.delete('video');
  creator = await createCreator(t);
  fan = await createFan(t);
});
afterAll(async () => {
  await expectLedgerBalanced(t);
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (method: Method, url: string, who?: Made, payload?: object) =>
  t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });

describe('a content kind registered in the registry', () => {
  it('before registration the kind is "not available yet" (422) for reactions, comments and purchases', async () => {
    const c = clip(creator.user.id);
    expect((await req('POST', '/reactions', fan, { objectId: c.id, objectType: 'video', action: 'like' })).statusCode).toBe(422);
    expect((await req('POST', '/comments', fan, { objectId: c.id, objectType: 'video', content: 'hi' })).statusCode).toBe(422);
    expect((await req('POST', `/wallet/charges/video/${c.id}`, fan, {})).statusCode).toBe(422);
    t.ctx.contentKinds.register(videoKind);
    expect(() => t.ctx.contentKinds.register(videoKind)).toThrow(/registered twice/);
  });

  it('gets likes and bookmarks (with its own counters) and bookmark lists in its own shape', async () => {
    const c = clip(creator.user.id, { title: 'Free clip' });
    const like = await req('POST', '/reactions', fan, { objectId: c.id, objectType: 'video', action: 'like' });
    expect(like.statusCode).toBe(200);
    expect(reactionStateSchema.parse(like.json().data)).toMatchObject({ reacted: true, total: 1 });
    expect(c.totals.like).toBe(1);
    expect((await req('POST', '/reactions', fan, { objectId: c.id, objectType: 'video', action: 'bookmark' })).statusCode).toBe(200);
    const list = await req('GET', '/reactions/videos/bookmark', fan);
    expect(list.statusCode).toBe(200);
    const items = list.json().data.data.map((b: unknown) => bookmarkItemSchema.parse(b));
    expect(items).toMatchObject([{ objectId: c.id, objectType: 'video', object: { _id: c.id, title: 'Free clip' } }]);
    const unlike = await req('DELETE', '/reactions', fan, { objectId: c.id, objectType: 'video', action: 'like' });
    expect(unlike.json().data).toMatchObject({ reacted: false, total: 0 });
    const hidden = clip(creator.user.id, { hidden: true });
    expect((await req('POST', '/reactions', fan, { objectId: hidden.id, objectType: 'video', action: 'bookmark' })).statusCode).toBe(404);
  });

  it('follows its access rule: a locked item may be bookmarked but not liked or commented on', async () => {
    const c = clip(creator.user.id, { price: 500 });
    expect((await req('POST', '/reactions', fan, { objectId: c.id, objectType: 'video', action: 'like' })).statusCode).toBe(403);
    expect((await req('POST', '/comments', fan, { objectId: c.id, objectType: 'video', content: 'hi' })).statusCode).toBe(403);
    expect((await req('POST', '/reactions', fan, { objectId: c.id, objectType: 'video', action: 'bookmark' })).statusCode).toBe(200);
  });

  it('is bought through the wallet: price, earnings of its type, access after, no second purchase', async () => {
    const buyer = await createFan(t);
    await topUp(t, buyer, 20, { card: true });
    const c = clip(creator.user.id, { price: 750, title: 'Paid clip' });
    const res = await req('POST', `/wallet/charges/video/${c.id}`, buyer, {});
    expect(res.statusCode).toBe(200);
    const result = walletChargeResultSchema.parse(res.json().data);
    expect(result.charge).toMatchObject({ type: 'video', itemId: c.id, amount: 7.5, description: 'Video: Paid clip' });
    expect(result.balance).toBe(12.5);
    const [earned] = await t.ctx.db.select().from(earnings).where(eq(earnings.performerId, creator.user.id));
    expect(earned).toMatchObject({ type: 'video', gross: 750 });
    expect((await req('POST', `/wallet/charges/video/${c.id}`, buyer, {})).statusCode).toBe(409);
    // Bought: now it opens for the buyer.
    expect((await req('POST', '/reactions', buyer, { objectId: c.id, objectType: 'video', action: 'like' })).json().data.total).toBe(1);
    // The seller cannot buy their own item.
    expect((await req('POST', `/wallet/charges/video/${c.id}`, creator, {})).statusCode).toBe(403);
  });

  it('gets comments: its comment counter moves, its owner may delete them', async () => {
    const c = clip(creator.user.id);
    const created = await req('POST', '/comments', fan, { objectId: c.id, objectType: 'video', content: 'Nice <b>clip</b>' });
    expect(created.statusCode).toBe(201);
    const comment = commentSchema.parse(created.json().data);
    expect(c.totals.comment).toBe(1);
    const list = await req('GET', `/comments?objectType=video&objectId=${c.id}`, creator);
    expect(list.json().data.data).toMatchObject([{ _id: comment._id, content: 'Nice <b>clip</b>', canDelete: true }]);
    // A like on the comment goes through the comment kind, whose visibility follows the video's.
    expect((await req('POST', '/reactions', creator, { objectId: comment._id, objectType: 'comment', action: 'like' })).json().data.total).toBe(1);
    expect((await req('DELETE', `/comments/${comment._id}`, creator)).statusCode).toBe(200);
    expect(c.totals.comment).toBe(0);
  });

  it('can be reported (visible items only)', async () => {
    const c = clip(creator.user.id);
    expect((await req('POST', '/reports', fan, { target: 'video', targetId: c.id, reason: 'spam' })).statusCode).toBe(201);
    const hidden = clip(creator.user.id, { hidden: true });
    expect((await req('POST', '/reports', fan, { target: 'video', targetId: hidden.id, reason: 'spam' })).statusCode).toBe(404);
  });
});
