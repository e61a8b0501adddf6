import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { contentSummarySchema } from '@stagepass/shared';
import { createAdmin, createAdminWithout2fa, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { createFeed, follow } from '../../../test/factories';
import { createVideo } from '../../../test/videos';
import { createGallery } from '../../../test/galleries';
import { createProduct } from '../../../test/shop';
import { auditLog } from '../../platform/audit.tables';
import { users } from '../users/users.tables';

/** Hidden content (users/moderation.policy.ts) and the console's Content section (README "Moderation"). */
let t: TestApp;
let admin: Made;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const inject = (method: 'GET' | 'POST', url: string, who?: Made, payload?: object) =>
  t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });
const ids = (res: { json(): { data: { data: Array<{ _id: string }> } } }) => res.json().data.data.map((x) => x._id);
const audits = (action: string, targetId: string) => t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

/** A creator with one item of each kind (all matching the word `w`), bookmarked and followed by a fan. */
async function world(w: string) {
  const creator = await createCreator(t);
  const fan = await createFan(t);
  await follow(t, fan.user.id, creator.user.id);
  const me = creator.user.id;
  const items = {
    feed: await createFeed(t, me, { text: `a ${w} post`, publishAt: new Date(Date.now() - 1000) }),
    video: await createVideo(t, me, { title: `a ${w} video` }),
    gallery: await createGallery(t, me, { title: `a ${w} gallery` }),
    product: await createProduct(t, me, { name: `a ${w} product` }),
  };
  for (const [objectType, row] of Object.entries(items)) {
    const res = await inject('POST', '/reactions', fan, { objectType, objectId: row.id, action: 'bookmark' });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  return { creator, fan, items };
}

/** Where a fan finds each item: [list URL (ids of `data.data`), direct read URL]. */
function places(w: string, creator: Made, items: Awaited<ReturnType<typeof world>>['items']) {
  const u = creator.user.username!;
  return {
    feed: { lists: ['/user/feeds?limit=50', `/user/feeds/search/${u}`, `/search/feeds?q=${w}`], read: `/user/feeds/${items.feed.id}`, bookmarks: 'feeds' },
    video: { lists: [`/performer-assets/videos/search?q=${w}`, `/performer-assets/videos/search?performerId=${creator.user.id}`], read: `/performer-assets/videos/${items.video.id}`, bookmarks: 'videos' },
    gallery: { lists: [`/performer-assets/galleries/search?q=${w}`, `/performer-assets/galleries/search?performerId=${creator.user.id}`], read: `/performer-assets/galleries/${items.gallery.id}`, bookmarks: 'galleries' },
    product: { lists: [`/performer-assets/products/search?q=${w}`, `/performer-assets/products/search?performerId=${creator.user.id}`], read: `/performer-assets/products/${items.product.id}`, bookmarks: 'products' },
  } as const;
}

/**
 * What `who` finds of every item: per kind, whether each list has it, the direct read's status,
 * whether the bookmark list shows it (null: not in the list at all) and that list's total.
 */
async function seen(who: Made | undefined, w: string, creator: Made, items: Awaited<ReturnType<typeof world>>['items']) {
  const out: Record<string, { lists: boolean[]; read: number; bookmark: boolean | null; bookmarkTotal?: number }> = {};
  for (const [kind, p] of Object.entries(places(w, creator, items))) {
    const id = items[kind as keyof typeof items].id;
    const lists: boolean[] = [];
    for (const url of p.lists) {
      if (!who && url.startsWith('/user/feeds?')) continue; // the home timeline needs a session
      const res = await inject('GET', url, who);
      // A creator's page answers 404 once the creator is suspended: not listed either.
      expect([200, 404], `${url} ${res.body}`).toContain(res.statusCode);
      lists.push(res.statusCode === 200 && ids(res).includes(id));
    }
    const read = (await inject('GET', p.read, who)).statusCode;
    let bookmark: boolean | null = null;
    let bookmarkTotal: number | undefined;
    if (who) {
      const res = await inject('GET', `/reactions/${p.bookmarks}/bookmark`, who);
      const row = (res.json().data.data as Array<{ objectId: string; object: { _id: string } | null }>).find((b) => b.objectId === id);
      bookmark = row ? row.object !== null : null;
      bookmarkTotal = res.json().data.total;
    }
    out[kind] = { lists, read, bookmark, ...(who ? { bookmarkTotal } : {}) };
  }
  return out;
}

describe('hidden content', () => {
  it('an item an operator hid disappears for fans and visitors from every list, search, bookmark and direct read; the owner and admins still see it, flagged; unhide brings it back', async () => {
    const w = 'quokka';
    const { creator, fan, items } = await world(w);
    const before = await seen(fan, w, creator, items);
    for (const k of Object.keys(items)) expect(before[k], k).toEqual({ lists: before[k]!.lists.map(() => true), read: 200, bookmark: true, bookmarkTotal: 1 });

    for (const [kind, row] of Object.entries(items)) {
      const res = await inject('POST', `/admin/content/${kind}/${row.id}/hide`, admin, { reason: 'Breaks rule 4' });
      expect(res.statusCode, res.body).toBe(200);
      expect(contentSummarySchema.parse(res.json().data)).toMatchObject({ kind, _id: row.id, hidden: true, hiddenReason: 'Breaks rule 4', owner: { _id: creator.user.id } });
      expect(await audits('content.hide', row.id)).toHaveLength(1);
    }
    for (const who of [fan, undefined]) {
      const after = await seen(who, w, creator, items);
      for (const k of Object.keys(items)) {
        expect(after[k]!.lists.every((x) => !x), `${k} listed`).toBe(true);
        expect(after[k]!.read, `${k} read`).toBe(404);
        // Gone from the bookmark list and its total — not kept as `object: null` (issue 26 §4.21).
        if (who) expect([after[k]!.bookmark, after[k]!.bookmarkTotal], `${k} bookmark`).toEqual([null, 0]);
      }
    }
    // Comments on a hidden item are gone with it; a fan cannot comment, like or buy it.
    expect((await inject('GET', `/comments?objectType=feed&objectId=${items.feed.id}`, fan)).statusCode).toBe(404);
    expect((await inject('POST', '/comments', fan, { objectType: 'video', objectId: items.video.id, content: 'hi' })).statusCode).toBe(404);

    // The owner sees each item with the flag; so does an admin.
    for (const who of [creator, admin]) {
      for (const [kind, p] of Object.entries(places(w, creator, items))) {
        const res = await inject('GET', p.read, who);
        expect(res.statusCode, `${kind} ${res.body}`).toBe(200);
        expect(res.json().data, kind).toMatchObject({ hidden: true, hiddenReason: 'Breaks rule 4' });
      }
    }
    const own = await inject('GET', '/performer/feeds?limit=50', creator);
    expect(own.json().data.data.find((f: { _id: string }) => f._id === items.feed.id)).toMatchObject({ hidden: true });
    const ownVideos = await inject('GET', '/performer/performer-assets/videos/search?limit=50', creator);
    expect(ownVideos.json().data.data.find((v: { _id: string }) => v._id === items.video.id)).toMatchObject({ hidden: true });

    // The owner is told, with the reason.
    await t.ctx.queue.drain();
    const notes = (await inject('GET', '/notification?limit=50', creator)).json().data.data as Array<{ type: string; text: string }>;
    expect(notes.filter((n) => n.type === 'moderation').map((n) => n.text)).toContain('Your post “a quokka post” was hidden by the team: Breaks rule 4');

    // Hiding twice → 409 (no second entry); unhide → visible again, audited.
    expect((await inject('POST', `/admin/content/feed/${items.feed.id}/hide`, admin, { reason: 'again' })).statusCode).toBe(409);
    expect(await audits('content.hide', items.feed.id)).toHaveLength(1);
    for (const [kind, row] of Object.entries(items)) {
      const res = await inject('POST', `/admin/content/${kind}/${row.id}/unhide`, admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.hidden).toBe(false);
      expect(await audits('content.unhide', row.id)).toHaveLength(1);
    }
    expect((await inject('POST', `/admin/content/feed/${items.feed.id}/unhide`, admin)).statusCode).toBe(409);
    const back = await seen(fan, w, creator, items);
    for (const k of Object.keys(items)) expect(back[k], k).toEqual({ lists: back[k]!.lists.map(() => true), read: 200, bookmark: true, bookmarkTotal: 1 });
  }, 180_000);

  it("a suspended creator's content and profile are gone for everyone but admins", async () => {
    const w = 'narwhal';
    const { creator, fan, items } = await world(w);
    await t.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, creator.user.id));
    for (const who of [fan, undefined]) {
      const after = await seen(who, w, creator, items);
      for (const k of Object.keys(items)) {
        expect(after[k]!.lists.every((x) => !x), `${k} listed`).toBe(true);
        expect([404].includes(after[k]!.read), `${k} read ${after[k]!.read}`).toBe(true);
        if (who) expect([after[k]!.bookmark, after[k]!.bookmarkTotal], `${k} bookmark`).toEqual([null, 0]);
      }
      expect((await inject('GET', `/performers/${creator.user.username}`, who)).statusCode).toBe(404);
    }
    for (const p of Object.values(places(w, creator, items))) expect((await inject('GET', p.read, admin)).statusCode).toBe(200);
    const listed = await inject('GET', `/admin/content?kind=video&performerId=${creator.user.id}`, admin);
    expect(listed.json().data.data.map((x: { owner: { status: string } }) => x.owner.status)).toEqual(['suspended']);
  }, 120_000);
});

describe('GET /admin/content', () => {
  it('lists one kind with its filters (creator, status, hidden, text); bad input → 400; unknown item → 404', async () => {
    const creator = await createCreator(t);
    const me = creator.user.id;
    const draft = await createVideo(t, me, { title: 'draft one', status: 'draft' });
    const live = await createVideo(t, me, { title: 'live one' });
    expect((await inject('POST', `/admin/content/video/${live.id}/hide`, admin, { reason: 'spam' })).statusCode).toBe(200);
    const q = (s: string) => inject('GET', `/admin/content?kind=video&performerId=${me}${s}`, admin);
    expect(ids(await q(''))).toEqual([live.id, draft.id]);
    expect(ids(await q('&status=draft'))).toEqual([draft.id]);
    expect(ids(await q('&hidden=true'))).toEqual([live.id]);
    expect(ids(await q('&hidden=false'))).toEqual([draft.id]);
    expect(ids(await q('&q=live'))).toEqual([live.id]);
    expect(ids(await q('&status=scheduled'))).toEqual([]);
    expect((await q('')).json().data.data[0]).toMatchObject({ kind: 'video', title: 'live one', status: 'active', hidden: true, hiddenReason: 'spam', link: `/video/${live.id}` });
    expect((await inject('GET', '/admin/content?kind=photo', admin)).statusCode).toBe(400);
    expect((await inject('GET', '/admin/content?hidden=maybe', admin)).statusCode).toBe(400);
    const missing = '01900000-0000-7000-8000-000000000000';
    expect((await inject('POST', `/admin/content/feed/${missing}/hide`, admin, { reason: 'x' })).statusCode).toBe(404);
    const bad = await inject('POST', `/admin/content/feed/${draft.id}/hide`, admin, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('reason');
    expect((await inject('POST', `/admin/content/comment/${draft.id}/hide`, admin, { reason: 'x' })).statusCode).toBe(400);
  });

  it('every content route: anonymous 401; fan, creator and an admin without two-factor 403', async () => {
    const fan = await createFan(t);
    const creator = await createCreator(t);
    const no2fa = await createAdminWithout2fa(t);
    const f = await createFeed(t, creator.user.id);
    const routes: Array<['GET' | 'POST', string, object?]> = [
      ['GET', '/admin/content'],
      ['POST', `/admin/content/feed/${f.id}/hide`, { reason: 'x' }],
      ['POST', `/admin/content/feed/${f.id}/unhide`],
    ];
    for (const [method, url, body] of routes) {
      expect((await inject(method, url, undefined, body)).statusCode, url).toBe(401);
      for (const who of [fan, creator, no2fa]) expect((await inject(method, url, who, body)).statusCode, url).toBe(403);
    }
    expect(await audits('content.hide', f.id)).toHaveLength(0);
  });
});
