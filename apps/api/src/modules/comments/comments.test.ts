import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { commentSchema } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { feeds } from '../feeds/feeds.tables';
import { reactions } from '../reactions/reactions.tables';
import { comments } from './comments.tables';
import { sanitizeComment } from './comments.service';

let t: TestApp;
let creator: Made;
beforeAll(async () => {
  t = await createTestApp();
  creator = await createCreator(t);
});
afterAll(async () => {
  await t?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers });
const feed = async (o: Partial<typeof feeds.$inferInsert> = {}) =>
  (await t.ctx.db.insert(feeds).values({ performerId: creator.user.id, text: 'a post', type: 'text', visibility: 'free', ...o }).returning())[0]!;
const feedRow = async (id: string) => (await t.ctx.db.select().from(feeds).where(eq(feeds.id, id)))[0]!;
const comment = async (who: Made, objectId: string, content: string, parentId?: string) => {
  const res = await inject('POST', '/comments', { objectId, objectType: 'feed', content, ...(parentId ? { parentId } : {}) }, who.auth);
  expect(res.statusCode).toBe(201);
  return commentSchema.strict().parse(res.json().data);
};

describe('markup', () => {
  it('keeps the shared allow-list (b i em strong u br p a), drops comments, scripts and attributes', () => {
    expect(sanitizeComment('<b>bold</b> <i>it</i> <em>e</em> <strong>s</strong><br>x')).toBe('<b>bold</b> <i>it</i> <em>e</em> <strong>s</strong><br />x');
    expect(sanitizeComment('see <a href="https://site.example">my site</a>')).toBe('see <a href="https://site.example" target="_blank" rel="noopener noreferrer nofollow ugc">my site</a>');
    expect(sanitizeComment('see <a href="javascript:alert(1)">my site</a>')).toBe('see my site');
    expect(sanitizeComment('a<!-- secret -->b')).toBe('ab');
    expect(sanitizeComment('<script>alert(1)</script>hi <img src=x onerror=alert(1)>')).toBe('hi');
    expect(sanitizeComment('<b onclick="x()">t</b>')).toBe('<b>t</b>');
  });
});

describe('POST /comments', () => {
  it('comments on a feed: stored stripped, author card, counts on the feed', async () => {
    const fan = await createFan(t);
    const f = await feed();
    const c = await comment(fan, f.id, ' Nice <b>work</b> <a href="http://x.example">link</a><!-- c --> ');
    expect(c).toMatchObject({ objectId: f.id, objectType: 'feed', parentId: null, content: 'Nice <b>work</b> <a href="http://x.example" target="_blank" rel="noopener noreferrer nofollow ugc">link</a>', createdBy: fan.user.id, totalReply: 0, totalLike: 0, isLiked: false, canDelete: true });
    expect(c.creator).toMatchObject({ _id: fan.user.id, username: fan.user.username });
    expect((await feedRow(f.id)).totalComment).toBe(1);
  });

  it('only markup → 400; too long → 400; anonymous → 401', async () => {
    const fan = await createFan(t);
    const f = await feed();
    expect((await inject('POST', '/comments', { objectId: f.id, objectType: 'feed', content: '<a href="x"></a><!-- -->' }, fan.auth)).statusCode).toBe(400);
    expect((await inject('POST', '/comments', { objectId: f.id, objectType: 'feed', content: 'x'.repeat(2001) }, fan.auth)).statusCode).toBe(400);
    expect((await inject('POST', '/comments', { objectId: f.id, objectType: 'feed', content: 'hi' })).statusCode).toBe(401);
  });

  it('a feed the caller cannot see → 404; a locked one → 403; nothing stored', async () => {
    const fan = await createFan(t);
    const later = await feed({ publishAt: new Date(Date.now() + 3600_000) });
    const locked = await feed({ visibility: 'ppv', price: 500 });
    expect((await inject('POST', '/comments', { objectId: later.id, objectType: 'feed', content: 'hi' }, fan.auth)).statusCode).toBe(404);
    expect((await inject('POST', '/comments', { objectId: '019a0000-0000-7000-8000-000000000000', objectType: 'feed', content: 'hi' }, fan.auth)).statusCode).toBe(404);
    expect((await inject('POST', '/comments', { objectId: locked.id, objectType: 'feed', content: 'hi' }, fan.auth)).statusCode).toBe(403);
    expect((await inject('GET', `/comments?objectType=feed&objectId=${later.id}`, undefined, fan.auth)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(comments).where(eq(comments.objectId, later.id))).toHaveLength(0);
    expect((await feedRow(locked.id)).totalComment).toBe(0);
  });

  it('replies one level deep: reply counted on the parent and the feed; reply to a reply → 422', async () => {
    const [a, b] = [await createFan(t), await createFan(t)];
    const f = await feed();
    const top = await comment(a, f.id, 'top');
    const reply = await comment(b, f.id, 'reply', top._id);
    expect(reply.parentId).toBe(top._id);
    const res = await inject('POST', '/comments', { objectId: f.id, objectType: 'feed', content: 'deeper', parentId: reply._id }, a.auth);
    expect(res.statusCode).toBe(422);
    const [parent] = await t.ctx.db.select().from(comments).where(eq(comments.id, top._id));
    expect(parent!.totalReply).toBe(1);
    expect((await feedRow(f.id)).totalComment).toBe(2);
    // A parent from another feed → 404.
    const g = await feed();
    expect((await inject('POST', '/comments', { objectId: g.id, objectType: 'feed', content: 'x', parentId: top._id }, a.auth)).statusCode).toBe(404);
  });
});

describe('GET /comments', () => {
  it('top-level newest first with a total, replies by parentId, author info, paginated; anonymous may read', async () => {
    const [a, b] = [await createFan(t), await createFan(t)];
    const f = await feed();
    const c1 = await comment(a, f.id, 'one');
    const c2 = await comment(b, f.id, 'two');
    const c3 = await comment(a, f.id, 'three');
    const r1 = await comment(b, f.id, 'reply', c1._id);
    const res = await inject('GET', `/comments?objectType=feed&objectId=${f.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(body.total).toBe(3);
    expect(body.data.map((c: { _id: string }) => c._id)).toEqual([c3._id, c2._id, c1._id]);
    expect(body.data[2]).toMatchObject({ totalReply: 1, canDelete: false, creator: { _id: a.user.id } });
    expect(res.body).not.toContain('@test.example');
    const replies = (await inject('GET', `/comments?objectType=feed&objectId=${f.id}&parentId=${c1._id}`)).json().data;
    expect(replies).toMatchObject({ total: 1, data: [{ _id: r1._id, parentId: c1._id }] });
    const page = (await inject('GET', `/comments?objectType=feed&objectId=${f.id}&limit=1&offset=1`)).json().data;
    expect(page.data.map((c: { _id: string }) => c._id)).toEqual([c2._id]);
    expect((await inject('GET', `/comments?objectType=feed&objectId=${f.id}&limit=101`)).statusCode).toBe(400);
    expect((await inject('GET', `/comments?objectType=feed`)).statusCode).toBe(400);
    // The creator who owns the feed may delete any comment on it.
    const own = (await inject('GET', `/comments?objectType=feed&objectId=${f.id}`, undefined, creator.auth)).json().data.data;
    expect(own.every((c: { canDelete: boolean }) => c.canDelete)).toBe(true);
  });

  it('isLiked reflects the caller\'s likes; comment likes are counted', async () => {
    const a = await createFan(t);
    const f = await feed();
    const c = await comment(a, f.id, 'like me');
    const like = await inject('POST', '/reactions', { objectId: c._id, objectType: 'comment', action: 'like' }, creator.auth);
    expect(like.statusCode).toBe(200);
    expect(like.json().data.total).toBe(1);
    const [mine] = (await inject('GET', `/comments?objectType=feed&objectId=${f.id}`, undefined, creator.auth)).json().data.data;
    expect(mine).toMatchObject({ isLiked: true, totalLike: 1 });
    const [theirs] = (await inject('GET', `/comments?objectType=feed&objectId=${f.id}`, undefined, a.auth)).json().data.data;
    expect(theirs.isLiked).toBe(false);
  });
});

describe('PUT /comments/{id}', () => {
  it('the author edits (markup stripped); another fan → 403; the feed\'s creator → 403; unknown → 404', async () => {
    const [a, b] = [await createFan(t), await createFan(t)];
    const f = await feed();
    const c = await comment(a, f.id, 'first');
    const res = await inject('PUT', `/comments/${c._id}`, { content: 'edited <script>x</script><i>!</i>' }, a.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.content).toBe('edited <i>!</i>');
    expect((await inject('PUT', `/comments/${c._id}`, { content: 'mine now' }, b.auth)).statusCode).toBe(403);
    expect((await inject('PUT', `/comments/${c._id}`, { content: 'mine now' }, creator.auth)).statusCode).toBe(403);
    expect((await inject('PUT', `/comments/019a0000-0000-7000-8000-000000000000`, { content: 'x' }, a.auth)).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(comments).where(eq(comments.id, c._id));
    expect(row!.content).toBe('edited <i>!</i>');
  });
});

describe('DELETE /comments/{id}', () => {
  it('another fan cannot delete (403); the author can', async () => {
    const [a, b] = [await createFan(t), await createFan(t)];
    const f = await feed();
    const c = await comment(a, f.id, 'mine');
    expect((await inject('DELETE', `/comments/${c._id}`, undefined, b.auth)).statusCode).toBe(403);
    expect((await inject('DELETE', `/comments/${c._id}`)).statusCode).toBe(401);
    const res = await inject('DELETE', `/comments/${c._id}`, undefined, a.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ success: true });
    expect((await feedRow(f.id)).totalComment).toBe(0);
    expect((await inject('DELETE', `/comments/${c._id}`, undefined, a.auth)).statusCode).toBe(404);
  });

  it('the creator who owns the feed can delete a comment on it; a creator of another feed cannot', async () => {
    const a = await createFan(t);
    const otherCreator = await createCreator(t);
    const f = await feed();
    const c = await comment(a, f.id, 'on your feed');
    expect((await inject('DELETE', `/comments/${c._id}`, undefined, otherCreator.auth)).statusCode).toBe(403);
    expect((await inject('DELETE', `/comments/${c._id}`, undefined, creator.auth)).statusCode).toBe(200);
  });

  it('deleting a parent deletes its replies and their likes; counters follow; deleting a reply lowers totalReply', async () => {
    const [a, b] = [await createFan(t), await createFan(t)];
    const f = await feed();
    const top = await comment(a, f.id, 'top');
    const r1 = await comment(b, f.id, 'r1', top._id);
    const r2 = await comment(a, f.id, 'r2', top._id);
    const other = await comment(b, f.id, 'other');
    await inject('POST', '/reactions', { objectId: r1._id, objectType: 'comment', action: 'like' }, a.auth);
    expect((await feedRow(f.id)).totalComment).toBe(4);

    expect((await inject('DELETE', `/comments/${r2._id}`, undefined, a.auth)).statusCode).toBe(200);
    expect((await t.ctx.db.select().from(comments).where(eq(comments.id, top._id)))[0]!.totalReply).toBe(1);
    expect((await feedRow(f.id)).totalComment).toBe(3);

    expect((await inject('DELETE', `/comments/${top._id}`, undefined, a.auth)).statusCode).toBe(200);
    const left = await t.ctx.db.select().from(comments).where(eq(comments.objectId, f.id));
    expect(left.map((c) => c.id)).toEqual([other._id]);
    expect((await feedRow(f.id)).totalComment).toBe(1);
    expect(await t.ctx.db.select().from(reactions).where(eq(reactions.objectId, r1._id))).toHaveLength(0);
  });

  it('an admin can delete any comment', async () => {
    const a = await createFan(t);
    const admin = await createAdmin(t);
    const f = await feed();
    const c = await comment(a, f.id, 'x');
    expect((await inject('DELETE', `/comments/${c._id}`, undefined, admin.auth)).statusCode).toBe(200);
  });
});
