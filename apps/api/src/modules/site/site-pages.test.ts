import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../platform/audit.tables';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { sitePages } from './site.tables';

/** Static pages (spec §7 Posts): the console's CRUD, the public reads, the sanitiser, the audit. */
let t: TestApp;
let admin: Made;
let fan: Made;
let creator: Made;
beforeAll(async () => {
  t = await createTestApp();
  [admin, fan, creator] = await Promise.all([createAdmin(t), createFan(t), createCreator(t)]);
});
afterAll(async () => {
  await t?.close();
});

type H = Record<string, string>;
const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: H = {}, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const create = (body: object) => req('POST', '/admin/posts', admin.auth, body);
const audits = (targetId: string) => t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'page'), eq(auditLog.targetId, targetId)));
const fields = (res: { json(): { details?: Array<{ field: string }> } }) => (res.json().details ?? []).map((d) => d.field);

describe('operator routes × roles', () => {
  const id = '0190a5b4-0000-7000-8000-000000000000';
  const cases: Array<[string, string, object?]> = [
    ['GET', '/admin/posts'],
    ['GET', `/admin/posts/${id}`],
    ['POST', '/admin/posts', { title: 'X' }],
    ['PUT', `/admin/posts/${id}`, { title: 'X' }],
    ['DELETE', `/admin/posts/${id}`],
  ];
  it.each(cases)('%s %s: anonymous 401, fan and creator 403', async (method, url, body) => {
    expect((await req(method as 'GET', url, {}, body)).statusCode).toBe(401);
    expect((await req(method as 'GET', url, fan.auth, body)).statusCode).toBe(403);
    expect((await req(method as 'GET', url, creator.auth, body)).statusCode).toBe(403);
  });
});

describe('create, read, update, delete', () => {
  it('creates a draft with a slug from its title; the public does not see it until published', async () => {
    const res = await create({ title: 'Terms of Service', body: '<p>Be kind.</p>' });
    expect(res.statusCode).toBe(201);
    const page = res.json().data;
    expect(page).toMatchObject({ title: 'Terms of Service', slug: 'terms-of-service', status: 'draft', showInFooter: false, body: '<p>Be kind.</p>' });
    expect((await req('GET', '/posts/terms-of-service')).statusCode).toBe(404);
    expect((await req('GET', `/posts/${page._id}`)).statusCode).toBe(404);
    expect((await req('GET', `/admin/posts/${page._id}`, admin.auth)).json().data.title).toBe('Terms of Service');

    const pub = await req('PUT', `/admin/posts/${page._id}`, admin.auth, { status: 'published', showInFooter: true, sortOrder: 2 });
    expect(pub.statusCode).toBe(200);
    const bySlug = await req('GET', '/posts/terms-of-service');
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json().data).toMatchObject({ _id: page._id, body: '<p>Be kind.</p>', status: 'published' });
    expect((await req('GET', `/posts/${page._id}`)).json().data.slug).toBe('terms-of-service');

    const footer = (await req('GET', '/posts/search?footer=true')).json().data;
    expect(footer.data.map((p: { _id: string }) => p._id)).toContain(page._id);
    expect(footer.data[0]).not.toHaveProperty('body');

    const del = await req('DELETE', `/admin/posts/${page._id}`, admin.auth);
    expect(del.statusCode).toBe(200);
    expect((await req('GET', '/posts/terms-of-service')).statusCode).toBe(404);
    // The footer list was cached: a delete drops it at once.
    expect((await req('GET', '/posts/search?footer=true')).json().data.data.map((p: { _id: string }) => p._id)).not.toContain(page._id);
    expect((await req('DELETE', `/admin/posts/${page._id}`, admin.auth)).statusCode).toBe(404);
  });

  it('lists published pages in sortOrder, footer filter and q; the admin list has drafts too', async () => {
    const a = (await create({ title: 'Privacy', status: 'published', showInFooter: true, sortOrder: 1 })).json().data;
    const b = (await create({ title: 'FAQ', status: 'published', showInFooter: false, sortOrder: 0 })).json().data;
    const c = (await create({ title: 'Secret draft' })).json().data;
    const pub = (await req('GET', '/posts/search')).json().data.data.map((p: { _id: string }) => p._id);
    expect(pub.indexOf(b._id)).toBeLessThan(pub.indexOf(a._id));
    expect(pub).not.toContain(c._id);
    const footer = (await req('GET', '/posts/search?footer=true')).json().data.data.map((p: { _id: string }) => p._id);
    expect(footer).toContain(a._id);
    expect(footer).not.toContain(b._id);
    expect((await req('GET', '/posts/search?q=priv')).json().data.data.map((p: { _id: string }) => p._id)).toEqual([a._id]);
    const all = (await req('GET', '/admin/posts?status=draft', admin.auth)).json().data;
    expect(all.data.map((p: { _id: string }) => p._id)).toContain(c._id);
    expect((await req('GET', '/admin/posts?sortBy=__proto__', admin.auth)).statusCode).toBe(400);
  });

  it('a taken slug is 409 on slug; a reserved one 400', async () => {
    await create({ title: 'About us', slug: 'about' });
    const dup = await create({ title: 'About (copy)', slug: 'about' });
    expect(dup.statusCode).toBe(409);
    expect(fields(dup)).toEqual(['slug']);
    const reserved = await create({ title: 'Search', slug: 'search' });
    expect(reserved.statusCode).toBe(400);
    expect(fields(reserved)).toEqual(['slug']);
  });
});

describe('validation', () => {
  it('400 with field errors: empty title, bad slug, bad status, NUL bytes', async () => {
    const empty = await create({ title: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(fields(empty)).toContain('title');
    const slug = await create({ title: 'Ok', slug: 'Not A Slug!' });
    expect(slug.statusCode).toBe(400);
    expect(fields(slug)).toContain('slug');
    expect((await create({ title: 'Ok', status: 'live' })).statusCode).toBe(400);
    expect((await create({ title: 'Nul\u0000title' })).statusCode).toBe(400);
    expect((await create({ title: 'Ok', body: '<p>a\u0000b</p>' })).statusCode).toBe(400);
    const symbols = await create({ title: '!!!' });
    expect(symbols.statusCode).toBe(400);
    expect(fields(symbols)).toEqual(['title']);
    expect((await req('PUT', '/admin/posts/not-an-id', admin.auth, { title: 'x' })).statusCode).toBe(400);
    expect((await req('PUT', '/admin/posts/0190a5b4-0000-7000-8000-000000000000', admin.auth, { title: 'x' })).statusCode).toBe(404);
  });

  it('the body keeps only the page allow-list: scripts, handlers, styles and javascript: links go', async () => {
    const dirty =
      '<h1>Title</h1><p onclick="steal()">Hi <strong>there</strong><script>alert(1)</script></p><img src=x onerror=alert(1)>' +
      '<a href="javascript:alert(1)">bad</a> <a href="/page/privacy">ours</a> <a href="https://example.com">theirs</a>' +
      '<ul><li>one</li></ul><style>body{}</style><iframe src="https://evil.example"></iframe>';
    const page = (await create({ title: 'Dirty', body: dirty, status: 'published' })).json().data;
    expect(page.body).toBe(
      '<h2>Title</h2><p>Hi <strong>there</strong></p>bad <a href="/page/privacy">ours</a> <a href="https://example.com" target="_blank" rel="noopener noreferrer">theirs</a><ul><li>one</li></ul>',
    );
    const stored = (await t.ctx.db.select().from(sitePages).where(eq(sitePages.id, page._id)))[0]!;
    expect(stored.body).not.toMatch(/script|onclick|onerror|javascript|iframe|style/i);
    const updated = (await req('PUT', `/admin/posts/${page._id}`, admin.auth, { body: '<p>ok</p><script>x()</script>' })).json().data;
    expect(updated.body).toBe('<p>ok</p>');
  });
});

describe('audit', () => {
  it('create, update and delete each leave an entry with the actor; a failed action leaves none', async () => {
    const page = (await create({ title: 'Audited page', body: '<p>v1</p>' })).json().data;
    await req('PUT', `/admin/posts/${page._id}`, admin.auth, { title: 'Audited page v2' });
    await req('DELETE', `/admin/posts/${page._id}`, admin.auth);
    const entries = await audits(page._id);
    expect(entries.map((e) => e.action).sort()).toEqual(['page.create', 'page.delete', 'page.update']);
    expect(entries.every((e) => e.actorId === admin.user.id)).toBe(true);
    const upd = entries.find((e) => e.action === 'page.update')!;
    expect(upd.before).toEqual({ title: 'Audited page' });
    expect(upd.after).toEqual({ title: 'Audited page v2' });

    const keep = (await create({ title: 'Keeps slug', slug: 'keeps-slug' })).json().data;
    const other = (await create({ title: 'Other' })).json().data;
    const before = (await audits(other._id)).length;
    expect((await req('PUT', `/admin/posts/${other._id}`, admin.auth, { slug: keep.slug })).statusCode).toBe(409);
    expect(await audits(other._id)).toHaveLength(before);
  });
});
