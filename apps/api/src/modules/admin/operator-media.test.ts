import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  ACCESS_REASON_HEADER, REASON_REQUIRED_CODE, adminContentItemSchema, adminConversationMessagesSchema, adminConversationSchema, encodeAccessReason,
  feedSchema, gallerySchema, messageSchema, productSchema, videoSchema,
} from '@stagepass/shared';
import { createAdmin, createAdminWithout2fa, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { createFeed, createFeedFile, follow } from '../../../test/factories';
import { addPhoto, createGallery, createPhotoFile } from '../../../test/galleries';
import { createProduct } from '../../../test/shop';
import { createVideo } from '../../../test/videos';
import { auditLog } from '../../platform/audit.tables';
import { conversationMembers } from '../messages/messages.tables';

/**
 * Issue 28 §6, locked media and private conversations: an operator SEES every item but gets media
 * URLs of what they are not otherwise entitled to (owner, bought, subscribed, free) only through
 * the console's audited reads — GET /admin/content/{kind}/{id}, GET /admin/users/{id}/conversations,
 * GET /admin/conversations/{id}/messages — each with a reason and one audit row naming whose data
 * it was (their data export lists it). Nowhere else.
 */
let t: TestApp;
let admin: Made;
let creator: Made;
let fan: Made;
const ids = {} as { video: string; gallery: string; feed: string; product: string; conversation: string; paidMessage: string };

const REASON = 'Copyright claim #311: comparing the files';
const withReason = (who: Made, reason = REASON) => ({ ...who.auth, [ACCESS_REASON_HEADER]: encodeAccessReason(reason) });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const rowsOf = (action: string, targetId: string) => t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
const totalRows = async () => (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
/** Every signed URL of a private file in an answer (a locked answer has none). */
const privateUrls = (body: string) => body.match(/\/files\/private\/[^"]+/g) ?? [];

beforeAll(async () => {
  t = await createTestApp();
  [admin, creator, fan] = await Promise.all([createAdmin(t), createCreator(t), createFan(t)]);
  ids.video = (await createVideo(t, creator.user.id, { title: 'Sale cut', access: 'sale', price: 5 })).id;
  const g = await createGallery(t, creator.user.id, { title: 'Sale set', access: 'sale', price: 4 });
  for (let i = 0; i < 2; i++) await addPhoto(t, g, { file: await createPhotoFile(t, creator.user.id), title: `photo ${i}` });
  ids.gallery = g.id;
  ids.feed = (await createFeed(t, creator.user.id, { text: 'Pay to see', visibility: 'ppv', price: 3, fileIds: [(await createFeedFile(t, creator.user.id, 'feed-photo')).id] })).id;
  ids.product = (await createProduct(t, creator.user.id, { type: 'digital', name: 'The e-book', price: 6 })).id;
  // A private conversation with a paid message in it, and a free one.
  await follow(t, fan.user.id, creator.user.id);
  const conv = await t.app.inject({ method: 'POST', url: '/conversations', headers: fan.auth, payload: { source: 'performer', sourceId: creator.user.id } });
  expect(conv.statusCode, conv.body).toBe(200);
  ids.conversation = conv.json().data._id;
  const send = (payload: object) => t.app.inject({ method: 'POST', url: `/messages/conversations/${ids.conversation}`, headers: creator.auth, payload });
  expect((await send({ text: 'Hi there, thanks for following' })).statusCode).toBe(200);
  const paid = await send({ text: 'A private set, just for you', fileIds: [(await createFeedFile(t, creator.user.id, 'feed-photo')).id], price: 3.5 });
  expect(paid.statusCode, paid.body).toBe(200);
  ids.paidMessage = paid.json().data._id;
});
afterAll(async () => {
  await t?.close();
});

describe('on the public endpoints an operator sees locked items, without their media', () => {
  it('a sale video: listed and shown, no video URL', async () => {
    const res = await get(`/performer-assets/videos/${ids.video}`, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(videoSchema.parse(res.json().data)).toMatchObject({ title: 'Sale cut', canView: false, video: null });
    expect(privateUrls(res.body)).toEqual([]);
  });

  it('a sale gallery: shown locked, its photos refused (403), no ZIP', async () => {
    const res = await get(`/performer-assets/galleries/${ids.gallery}`, admin.auth);
    expect(gallerySchema.parse(res.json().data)).toMatchObject({ title: 'Sale set', isLocked: true });
    expect(privateUrls(res.body)).toEqual([]);
    expect((await get(`/performer-assets/photos?galleryId=${ids.gallery}`, admin.auth)).statusCode).toBe(403);
    expect((await get(`/performer-assets/galleries/${ids.gallery}/download`, admin.auth)).statusCode).toBe(403);
  });

  it('a pay-per-view post: shown locked, no file URL', async () => {
    const res = await get(`/user/feeds/${ids.feed}`, admin.auth);
    expect(feedSchema.parse(res.json().data)).toMatchObject({ text: 'Pay to see', isLocked: true });
    expect(privateUrls(res.body)).toEqual([]);
  });

  it('a digital product: shown, its download link refused as to anyone who did not buy it', async () => {
    const res = await get(`/performer-assets/products/${ids.product}`, admin.auth);
    expect(productSchema.parse(res.json().data)).toMatchObject({ name: 'The e-book' });
    const link = await get(`/performer-assets/products/${ids.product}/download-link`, admin.auth);
    expect(link.statusCode).toBe(403);
  });

  it('a paid message sent TO an operator: they pay like anyone — locked in their thread, and locked on the console route too (a member: no audit row)', async () => {
    const c = await t.app.inject({ method: 'POST', url: '/conversations', headers: creator.auth, payload: { source: 'user', sourceId: admin.user.id } });
    expect(c.statusCode, c.body).toBe(200);
    const convId = c.json().data._id as string;
    const sent = await t.app.inject({
      method: 'POST', url: `/messages/conversations/${convId}`, headers: creator.auth,
      payload: { text: 'For the operator', fileIds: [(await createFeedFile(t, creator.user.id, 'feed-photo')).id], price: 2 },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const thread = await get(`/messages/conversations/${convId}`, admin.auth);
    expect(messageSchema.parse(thread.json().data.data[0])).toMatchObject({ text: 'For the operator', isLocked: true });
    expect(privateUrls(thread.body)).toEqual([]);
    const before = await totalRows();
    const own = await get(`/admin/conversations/${convId}/messages`, withReason(admin));
    expect(own.statusCode, own.body).toBe(200);
    expect(adminConversationMessagesSchema.parse(own.json().data).data[0]).toMatchObject({ isLocked: true });
    expect(privateUrls(own.body)).toEqual([]);
    expect(await totalRows()).toBe(before);
  });
});

describe('GET /admin/content/{kind}/{id}: the audited read', () => {
  const KINDS = ['video', 'gallery', 'feed', 'product'] as const;

  it.each(KINDS)('%s without a reason → 400 reason_required, nothing read, no row', async (kind) => {
    const before = await totalRows();
    const res = await get(`/admin/content/${kind}/${ids[kind]}`, admin.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(REASON_REQUIRED_CODE);
    expect(privateUrls(res.body)).toEqual([]);
    expect(await totalRows()).toBe(before);
  });

  it.each(KINDS)('%s with a reason → its media, and one media.read row (the reason, the creator as subject)', async (kind) => {
    const res = await get(`/admin/content/${kind}/${ids[kind]}?limit=10`, withReason(admin));
    expect(res.statusCode, res.body).toBe(200);
    const data = adminContentItemSchema.parse(res.json().data);
    expect(data.kind).toBe(kind);
    expect(data.summary).toMatchObject({ _id: ids[kind], ownerId: creator.user.id, owner: { _id: creator.user.id } });
    if (data.kind === 'video') expect(data.item).toMatchObject({ canView: true, video: { url: expect.stringMatching(/\/files\/private\//) } });
    if (data.kind === 'feed') expect(data.item.files[0]!.url).toMatch(/\/files\/private\//);
    if (data.kind === 'gallery') {
      expect(data.item.isLocked).toBe(false);
      expect(data.photos.total).toBe(2);
      expect(data.photos.data.map((p) => p.title)).toEqual(['photo 0', 'photo 1']);
      for (const p of data.photos.data) expect(p.file.url).toMatch(/\/files\/private\//);
    }
    if (data.kind === 'product') {
      expect(data.download?.url).toMatch(/\/performer-assets\/products\/.+\/download\?token=/);
      // The link opens the file (the operator is still an operator).
      const file = await get(new URL(data.download!.url).pathname + new URL(data.download!.url).search);
      expect(file.statusCode).toBe(200);
      expect(file.body).toContain('%PDF');
    }
    const rows = await rowsOf('media.read', ids[kind]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: admin.user.id, targetType: kind, reason: REASON, subjectIds: [creator.user.id] });
  });

  it('the opening does not carry over: the public endpoint right after is still locked for the operator', async () => {
    expect(videoSchema.parse((await get(`/performer-assets/videos/${ids.video}`, withReason(admin))).json().data).canView).toBe(false);
  });

  it('a fan or a creator → 403 (with a reason too); an operator without 2FA → 403', async () => {
    const bare = await createAdminWithout2fa(t);
    const before = await totalRows();
    for (const who of [fan, creator, bare]) {
      const res = await get(`/admin/content/video/${ids.video}`, withReason(who));
      expect(res.statusCode, res.body).toBe(403);
      expect(privateUrls(res.body)).toEqual([]);
    }
    expect(await totalRows()).toBe(before);
  });

  it('an unknown kind or a malformed id → 400, an unknown item → 404; never a 500, never a row', async () => {
    const before = await totalRows();
    expect((await get(`/admin/content/stream/${ids.video}`, withReason(admin))).statusCode).toBe(400);
    expect((await get(`/admin/content/nonsense/${ids.video}`, withReason(admin))).statusCode).toBe(400);
    expect((await get('/admin/content/video/not-an-id', withReason(admin))).statusCode).toBe(400);
    expect((await get('/admin/content/video/01890000-0000-7000-8000-000000000000', withReason(admin))).statusCode).toBe(404);
    // A real id of another kind is no video.
    expect((await get(`/admin/content/video/${ids.gallery}`, withReason(admin))).statusCode).toBe(404);
    expect(await totalRows()).toBe(before);
  });

  it("the console's lists show a private file's blurred preview, never its URL", async () => {
    const res = await get(`/admin/content?kind=gallery&performerId=${creator.user.id}`, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data[0].thumbnail).toMatch(/public\/.+\/preview\.webp$/);
    expect(privateUrls(res.body)).toEqual([]);
  });
});

describe("a user's private conversations", () => {
  it('the list: 400 without a reason; with one — who with, how many, when, never the text — and one conversations.read row', async () => {
    const before = await totalRows();
    const refused = await get(`/admin/users/${fan.user.id}/conversations`, admin.auth);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe(REASON_REQUIRED_CODE);
    expect(await totalRows()).toBe(before);

    const res = await get(`/admin/users/${fan.user.id}/conversations`, withReason(admin, 'Harassment report #77'));
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as { data: unknown[]; total: number };
    expect(list.total).toBe(1);
    expect(adminConversationSchema.parse(list.data[0])).toMatchObject({ _id: ids.conversation, other: { _id: creator.user.id }, messageCount: 2 });
    expect(res.body).not.toContain('thanks for following');
    expect(res.body).not.toContain('private set');
    const rows = await rowsOf('conversations.read', fan.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ targetType: 'user', reason: 'Harassment report #77' });
    expect(new Set(rows[0]!.subjectIds)).toEqual(new Set([fan.user.id, creator.user.id]));
  });

  it('a user without conversations: an empty page, no reason asked, no row; an unknown user → 404', async () => {
    const lonely = await createFan(t);
    const before = await totalRows();
    const res = await get(`/admin/users/${lonely.user.id}/conversations`, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ data: [], total: 0 });
    expect((await get('/admin/users/01890000-0000-7000-8000-000000000000/conversations', withReason(admin))).statusCode).toBe(404);
    expect(await totalRows()).toBe(before);
  });

  it('the messages: 400 without a reason; with one — the full text, paid media open — one conversation.read row naming both; nothing marked seen', async () => {
    const unread = async () => (await t.ctx.db.select({ n: conversationMembers.unreadCount }).from(conversationMembers).where(and(eq(conversationMembers.conversationId, ids.conversation), eq(conversationMembers.userId, fan.user.id))))[0]!.n;
    const unreadBefore = await unread();
    const before = await totalRows();
    const refused = await get(`/admin/conversations/${ids.conversation}/messages`, admin.auth);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe(REASON_REQUIRED_CODE);
    expect(await totalRows()).toBe(before);

    const res = await get(`/admin/conversations/${ids.conversation}/messages`, withReason(admin, 'Harassment report #77'));
    expect(res.statusCode, res.body).toBe(200);
    const page = adminConversationMessagesSchema.parse(res.json().data);
    expect(page.total).toBe(2);
    expect(new Set(page.conversation.members.map((m) => m._id))).toEqual(new Set([fan.user.id, creator.user.id]));
    const paid = page.data.find((m) => m._id === ids.paidMessage)!;
    expect(paid).toMatchObject({ text: 'A private set, just for you', isLocked: false, price: 3.5, isBought: false });
    expect(paid.files[0]!.url).toMatch(/\/files\/private\//);
    const rows = await rowsOf('conversation.read', ids.conversation);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ targetType: 'conversation', reason: 'Harassment report #77' });
    expect(new Set(rows[0]!.subjectIds)).toEqual(new Set([fan.user.id, creator.user.id]));
    expect(await unread()).toBe(unreadBefore);
    // The audit log names the target without its messages, linked to the console's (audited) page.
    const log = await get(`/admin/audit-log?subject=${fan.user.id}&action=conversation.read`, admin.auth);
    expect(log.json().data.data[0]).toMatchObject({ read: true, reason: 'Harassment report #77', target: { name: 'Private conversation', link: `/admin/conversations/${ids.conversation}` } });

    // The fan's own thread still shows the paid message locked: the operator's read unlocked nothing for anyone.
    expect(messageSchema.parse((await get(`/messages/conversations/${ids.conversation}`, fan.auth)).json().data.data[0])).toMatchObject({ isLocked: true });
  });

  it('fans and creators → 403, an operator without 2FA → 403, an unknown conversation → 404 (no row)', async () => {
    const bare = await createAdminWithout2fa(t);
    const before = await totalRows();
    for (const who of [fan, creator, bare]) {
      expect((await get(`/admin/conversations/${ids.conversation}/messages`, withReason(who))).statusCode).toBe(403);
      expect((await get(`/admin/users/${fan.user.id}/conversations`, withReason(who))).statusCode).toBe(403);
    }
    expect((await get('/admin/conversations/01890000-0000-7000-8000-000000000000/messages', withReason(admin))).statusCode).toBe(404);
    expect((await get('/admin/conversations/nope/messages', withReason(admin))).statusCode).toBe(400);
    expect(await totalRows()).toBe(before);
  });
});

describe('the reports queue and the data exports', () => {
  it('the queue names a reported message "Private message" without its text; its detail (audited) shows it', async () => {
    const reported = await t.app.inject({ method: 'POST', url: '/reports', headers: fan.auth, payload: { target: 'message', targetId: ids.paidMessage, reason: 'spam' } });
    expect(reported.statusCode, reported.body).toBe(201);
    const queue = await get('/admin/reports?target=message', admin.auth);
    expect(queue.statusCode).toBe(200);
    const group = (queue.json().data.data as Array<{ targetId: string; preview: { title: string; excerpt: string } }>).find((g) => g.targetId === ids.paidMessage)!;
    expect(group.preview).toMatchObject({ title: 'Private message', excerpt: '' });
    expect(queue.body).not.toContain('private set');
    const detail = await get(`/admin/reports/message/${ids.paidMessage}`, withReason(admin));
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.group.preview.excerpt).toBe('A private set, just for you');
  });

  it("the creator's and the fan's exports list the operator's reads: when and what, not who nor why", async () => {
    const listed = async (userId: string) => t.ctx.privacy.exportAreas(userId).find((a) => a.file === 'operator-access.json')!.page(null);
    const mine = await listed(creator.user.id);
    expect(mine.filter((r) => r.action === 'media.read')).toHaveLength(4);
    expect(mine.find((r) => r.action === 'media.read')).toMatchObject({ opened: 'your locked or private media', by: 'an operator' });
    expect(mine.map((r) => r.action)).toEqual(expect.arrayContaining(['conversations.read', 'conversation.read']));
    const theirs = await listed(fan.user.id);
    expect(theirs.find((r) => r.action === 'conversation.read')).toMatchObject({ opened: 'a private conversation of yours, with its messages', by: 'an operator' });
    expect(theirs.find((r) => r.action === 'conversations.read')?.opened).toMatch(/who you have private conversations with/);
    const text = JSON.stringify([...mine, ...theirs]);
    expect(text).not.toContain(admin.user.id);
    expect(text).not.toContain('Harassment');
    expect(text).not.toContain('Copyright claim');
  });
});
