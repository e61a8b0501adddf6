import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { reportGroupSchema, reportSchema } from '@stagepass/shared';
import { createAdmin, createAdminWithout2fa, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { auditLog } from '../../platform/audit.tables';
import { domainEvents } from '../../platform/events.tables';
import { comments } from '../comments/comments.tables';
import { users } from '../users/users.tables';
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

describe('the reports queue (GET /admin/reports, GET /admin/reports/{target}/{targetId}, POST …/actions)', () => {
  const audits = (action: string, targetId: string) => t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
  const report = async (who: Made, target: string, targetId: string, reason = 'spam') => {
    const res = await inject('POST', '/reports', { target, targetId, reason }, who.auth);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const act = (target: string, id: string, body: object, who: Made = admin) => inject('POST', `/admin/reports/${target}/${id}/actions`, body, who.auth);

  it('every admin route: anonymous 401; fan, creator and an admin without two-factor 403', async () => {
    const fan = await createFan(t);
    const no2fa = await createAdminWithout2fa(t);
    const f = await feed();
    await report(fan, 'feed', f.id);
    const routes: Array<['GET' | 'POST', string, object?]> = [
      ['GET', '/admin/reports'],
      ['GET', `/admin/reports/feed/${f.id}`],
      ['POST', `/admin/reports/feed/${f.id}/actions`, { action: 'dismiss' }],
    ];
    for (const [method, url, body] of routes) {
      expect((await inject(method, url, body)).statusCode, url).toBe(401);
      for (const who of [fan, creator, no2fa]) expect((await inject(method, url, body, who.auth)).statusCode, url).toBe(403);
    }
    expect(await audits('report.dismiss', f.id)).toHaveLength(0);
  });

  it('groups open reports by target with the preview, owner, reasons, reporters and times; the detail lists each report; bad input → 400', async () => {
    const [a, b] = [await createFan(t), await createFan(t)];
    const f = await feed({ text: 'a grouped post' });
    await report(a, 'feed', f.id, 'spam');
    await report(b, 'feed', f.id, 'abuse');
    const res = await inject('GET', '/admin/reports?target=feed&limit=100', undefined, admin.auth);
    expect(res.statusCode, res.body).toBe(200);
    const group = res.json().data.data.find((g: { targetId: string }) => g.targetId === f.id);
    expect(reportGroupSchema.strict().parse(group)).toMatchObject({
      target: 'feed', count: 2, status: 'open', action: null, owner: { _id: creator.user.id },
      preview: { kind: 'feed', title: 'a grouped post', link: `/post/${f.id}` },
    });
    expect(group.reasons).toEqual(expect.arrayContaining([{ reason: 'spam', count: 1 }, { reason: 'abuse', count: 1 }]));
    expect(group.reporters.map((r: { _id: string }) => r._id)).toEqual([b.user.id, a.user.id]);
    expect(res.body).not.toContain(a.user.email!);
    const byReason = (await inject('GET', '/admin/reports?reason=abuse&limit=100', undefined, admin.auth)).json().data.data.map((g: { targetId: string }) => g.targetId);
    expect(byReason).toContain(f.id);
    const detail = await inject('GET', `/admin/reports/feed/${f.id}`, undefined, admin.auth);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.reports.map((r: { reporterId: string }) => r.reporterId)).toEqual([b.user.id, a.user.id]);
    expect((await inject('GET', '/admin/reports?limit=101', undefined, admin.auth)).statusCode).toBe(400);
    expect((await inject('GET', '/admin/reports?status=resolved', undefined, admin.auth)).statusCode).toBe(400);
    expect((await inject('GET', `/admin/reports/feed/${(await feed()).id}`, undefined, admin.auth)).statusCode).toBe(404);
    const bad = await act('feed', f.id, { action: 'warn' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('message');
  });

  it('dismiss closes the reports (audited) and lets users report again; hide hides the item and tells the owner', async () => {
    const [a, b] = [await createFan(t), await createFan(t)];
    const f = await feed();
    await report(a, 'feed', f.id);
    const done = await act('feed', f.id, { action: 'dismiss', note: 'fine' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'dismissed', action: 'dismiss', count: 1 });
    expect(await audits('report.dismiss', f.id)).toHaveLength(1);
    expect((await act('feed', f.id, { action: 'dismiss' })).statusCode).toBe(404); // nothing open any more
    expect(await audits('report.dismiss', f.id)).toHaveLength(1);
    expect((await inject('GET', '/admin/reports?status=dismissed&limit=100', undefined, admin.auth)).json().data.data.map((g: { targetId: string }) => g.targetId)).toContain(f.id);

    await report(a, 'feed', f.id, 'illegal');
    await report(b, 'feed', f.id, 'illegal');
    const hidden = await act('feed', f.id, { action: 'hide', reason: 'Illegal content' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().data).toMatchObject({ status: 'actioned', action: 'hide', preview: { hidden: true, hiddenReason: 'Illegal content' } });
    expect(await audits('report.hide', f.id)).toHaveLength(1);
    expect(await audits('content.hide', f.id)).toHaveLength(1);
    expect((await inject('GET', `/user/feeds/${f.id}`, undefined, a.auth)).statusCode).toBe(404);
    expect((await inject('GET', `/user/feeds/${f.id}`, undefined, creator.auth)).json().data).toMatchObject({ hidden: true });
    const [event] = await t.ctx.db.select().from(domainEvents).where(and(eq(domainEvents.type, 'content.hidden'), sql`${domainEvents.payload}->>'itemId' = ${f.id}`));
    expect(event?.payload).toMatchObject({ ownerId: creator.user.id, reason: 'Illegal content' });
  });

  it('delete removes a reported comment; warn notifies the owner; suspend suspends them; each audited', async () => {
    const [a, author] = [await createFan(t), await createFan(t)];
    const f = await feed();
    const c = (await inject('POST', '/comments', { objectType: 'feed', objectId: f.id, content: 'rude words' }, author.auth)).json().data;
    await report(a, 'comment', c._id, 'abuse');
    expect((await act('comment', c._id, { action: 'hide', reason: 'x' })).statusCode).toBe(422); // comments are deleted, not hidden
    expect(await audits('report.hide', c._id)).toHaveLength(0);
    const del = await act('comment', c._id, { action: 'delete' });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data).toMatchObject({ status: 'actioned', action: 'delete', preview: null });
    expect(await t.ctx.db.select().from(comments).where(eq(comments.id, c._id))).toHaveLength(0);
    expect(await audits('comment.delete', c._id)).toHaveLength(1);
    expect(await audits('report.delete', c._id)).toHaveLength(1);

    // Warn: the comment's author (a fan) gets the operator's words.
    const c2 = (await inject('POST', '/comments', { objectType: 'feed', objectId: f.id, content: 'more rude words' }, author.auth)).json().data;
    await report(a, 'comment', c2._id, 'abuse');
    expect((await act('comment', c2._id, { action: 'delete' }, a)).statusCode).toBe(403);
    const warned = await act('comment', c2._id, { action: 'warn', message: 'Please keep it civil.' });
    expect(warned.statusCode, warned.body).toBe(200);
    expect(await audits('user.warn', author.user.id)).toHaveLength(1);
    await t.ctx.queue.drain();
    const notes = (await inject('GET', '/notification?limit=50', undefined, author.auth)).json().data.data as Array<{ type: string; text: string }>;
    expect(notes.filter((n) => n.type === 'moderation').map((n) => n.text)).toEqual(['A warning from the team: Please keep it civil.']);

    // Suspend: the creator reported as a performer.
    const bad = await createCreator(t);
    await report(a, 'performer', bad.user.id, 'other');
    expect((await act('performer', bad.user.id, { action: 'delete' })).statusCode).toBe(422);
    const sus = await act('performer', bad.user.id, { action: 'suspend', reason: 'Repeated abuse' });
    expect(sus.statusCode, sus.body).toBe(200);
    expect(sus.json().data).toMatchObject({ status: 'actioned', action: 'suspend', owner: { _id: bad.user.id, status: 'suspended' } });
    const [row] = await t.ctx.db.select({ status: users.status }).from(users).where(eq(users.id, bad.user.id));
    expect(row?.status).toBe('suspended');
    expect(await audits('report.suspend', bad.user.id)).toHaveLength(1);
    expect(await audits('user.suspend', bad.user.id)).toHaveLength(1);
  }, 60_000);
});
