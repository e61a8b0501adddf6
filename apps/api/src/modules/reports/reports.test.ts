import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportSchema } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { feeds } from '../feeds/feeds.tables';

let t: TestApp;
let creator: Made;
let admin: Made;
beforeAll(async () => {
  t = await createTestApp();
  creator = await createCreator(t);
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers });
const feed = async (o: Partial<typeof feeds.$inferInsert> = {}) =>
  (await t.ctx.db.insert(feeds).values({ performerId: creator.user.id, text: 'a post', type: 'text', visibility: 'free', ...o }).returning())[0]!;

describe('POST /reports', () => {
  it('stores a report (201); a second open one on the same target → 409; another user may report it too', async () => {
    const [a, b] = [await createFan(t), await createFan(t)];
    const f = await feed();
    const body = { target: 'feed', targetId: f.id, reason: 'spam', description: 'Buy followers at …' };
    const res = await inject('POST', '/reports', body, a.auth);
    expect(res.statusCode).toBe(201);
    expect(reportSchema.strict().parse(res.json().data)).toMatchObject({ ...body, status: 'open', reporterId: a.user.id });
    const dup = await inject('POST', '/reports', { ...body, reason: 'abuse' }, a.auth);
    expect(dup.statusCode).toBe(409);
    expect((await inject('POST', '/reports', body, b.auth)).statusCode).toBe(201);
    // Another target of the same user is fine.
    expect((await inject('POST', '/reports', { target: 'performer', targetId: creator.user.id, reason: 'copyright' }, a.auth)).statusCode).toBe(201);
  });

  it('validates: reason enum, description ≤ 1000, uuid; unknown or hidden target → 404; yourself → 422; anonymous → 401', async () => {
    const a = await createFan(t);
    const f = await feed();
    const later = await feed({ publishAt: new Date(Date.now() + 3600_000) });
    expect((await inject('POST', '/reports', { target: 'feed', targetId: f.id, reason: 'boring' }, a.auth)).statusCode).toBe(400);
    expect((await inject('POST', '/reports', { target: 'feed', targetId: f.id, reason: 'other', description: 'x'.repeat(1001) }, a.auth)).statusCode).toBe(400);
    expect((await inject('POST', '/reports', { target: 'feed', targetId: 'abc', reason: 'other' }, a.auth)).statusCode).toBe(400);
    expect((await inject('POST', '/reports', { target: 'feed', targetId: later.id, reason: 'other' }, a.auth)).statusCode).toBe(404);
    expect((await inject('POST', '/reports', { target: 'performer', targetId: a.user.id, reason: 'other' }, a.auth)).statusCode).toBe(404); // a fan is not a performer
    expect((await inject('POST', '/reports', { target: 'performer', targetId: creator.user.id, reason: 'other' }, creator.auth)).statusCode).toBe(422);
    expect((await inject('POST', '/reports', { target: 'feed', targetId: f.id, reason: 'other' })).statusCode).toBe(401);
  });
});

describe('GET /admin/reports', () => {
  it('admin only: anonymous 401, fan 403, creator 403', async () => {
    const fan = await createFan(t);
    expect((await inject('GET', '/admin/reports')).statusCode).toBe(401);
    expect((await inject('GET', '/admin/reports', undefined, fan.auth)).statusCode).toBe(403);
    expect((await inject('GET', '/admin/reports', undefined, creator.auth)).statusCode).toBe(403);
  });

  it('lists reports newest first with the reporter, filters; resolving lets the user report again', async () => {
    const fan = await createFan(t);
    const f = await feed();
    const r = (await inject('POST', '/reports', { target: 'feed', targetId: f.id, reason: 'illegal' }, fan.auth)).json().data;
    const res = await inject('GET', `/admin/reports?targetId=${f.id}`, undefined, admin.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(body.total).toBe(1);
    expect(body.data[0]).toMatchObject({ _id: r._id, reason: 'illegal', reporter: { _id: fan.user.id, username: fan.user.username } });
    expect(res.body).not.toContain(fan.user.email!);
    const all = (await inject('GET', '/admin/reports?status=open&limit=100', undefined, admin.auth)).json().data;
    expect(all.total).toBeGreaterThanOrEqual(1);
    expect((await inject('GET', '/admin/reports?limit=101', undefined, admin.auth)).statusCode).toBe(400);

    const done = await inject('PUT', `/admin/reports/${r._id}`, { status: 'resolved' }, admin.auth);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.status).toBe('resolved');
    expect((await inject('PUT', `/admin/reports/${r._id}`, { status: 'resolved' }, fan.auth)).statusCode).toBe(403);
    expect((await inject('POST', '/reports', { target: 'feed', targetId: f.id, reason: 'illegal' }, fan.auth)).statusCode).toBe(201);
    // Re-opening the old one now collides with the new open report.
    expect((await inject('PUT', `/admin/reports/${r._id}`, { status: 'open' }, admin.auth)).statusCode).toBe(409);
    expect((await inject('GET', `/admin/reports?targetId=${f.id}&status=resolved`, undefined, admin.auth)).json().data.total).toBe(1);
  });
});
