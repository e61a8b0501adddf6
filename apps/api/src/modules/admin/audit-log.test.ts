import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditEntrySchema, auditFacetsSchema } from '@stagepass/shared';
import { createAdmin, createAdminWithout2fa, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { recordAudit, type AuditActor } from '../../platform/audit';
import { auditLog } from '../../platform/audit.tables';
import { sqlState } from '../../platform/errors';

let t: TestApp;
let admin: Made;
let other: Made;
let fan: Made;
let creator: Made;
const actorOf = (m: Made, ip = '203.0.113.9'): AuditActor => ({ actorId: m.user.id, ip, userAgent: 'vitest' });
const count = async () => (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
/** The trigger's refusal (drizzle wraps the database error: its cause holds the message and SQLSTATE). */
async function expectRefused(query: PromiseLike<unknown>, op: string) {
  const err = await Promise.resolve(query).then(() => null, (e: unknown) => e);
  expect(err, op).toBeTruthy();
  expect(sqlState(err), op).toBe('42501');
  expect(String((err as { cause?: Error }).cause?.message ?? err), op).toContain(`audit_log is append-only: ${op} refused`);
}
const get = (url: string, who?: Made) => t.app.inject({ method: 'GET', url, headers: who?.auth ?? {} });

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  other = await createAdmin(t);
  fan = await createFan(t);
  creator = await createCreator(t);
});
afterAll(async () => {
  await t?.close();
});

describe('recordAudit', () => {
  it('writes the entry in the action’s transaction: a transaction that throws leaves none', async () => {
    const before = await count();
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await recordAudit(tx, actorOf(admin), { action: 'test.fail', targetType: 'user', targetId: fan.user.id, before: { status: 'active' }, after: { status: 'suspended' } });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await count()).toBe(before);
    expect(await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'test.fail'))).toEqual([]);

    await t.ctx.db.transaction((tx) =>
      recordAudit(tx, actorOf(admin), { action: 'test.ok', targetType: 'user', targetId: fan.user.id, before: { at: new Date('2025-01-01T00:00:00Z') }, after: undefined }),
    );
    const [row] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'test.ok'));
    expect(row).toMatchObject({ actorId: admin.user.id, targetType: 'user', targetId: fan.user.id, ip: '203.0.113.9', userAgent: 'vitest', after: null });
    // Snapshots are stored as JSON (a date becomes its ISO string).
    expect(row!.before).toEqual({ at: '2025-01-01T00:00:00.000Z' });
  });

  it('the database refuses UPDATE, DELETE and TRUNCATE of the log', async () => {
    await t.ctx.db.transaction((tx) => recordAudit(tx, actorOf(admin), { action: 'test.keep', targetType: 'setting', targetId: 'siteName' }));
    await expectRefused(t.ctx.db.update(auditLog).set({ action: 'test.changed' }).where(eq(auditLog.action, 'test.keep')), 'UPDATE');
    await expectRefused(t.ctx.db.delete(auditLog).where(eq(auditLog.action, 'test.keep')), 'DELETE');
    // CASCADE: operator stream watches point at their audit row (a plain TRUNCATE stops earlier, at that foreign key).
    await expectRefused(t.ctx.db.execute(sql`truncate audit_log cascade`), 'TRUNCATE');
    expect(await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'test.keep'))).toHaveLength(1);
  });
});

describe('GET /admin/audit-log', () => {
  beforeAll(async () => {
    const at = (iso: string) => sql`${new Date(iso)}`;
    // Rows dated through raw SQL in one insert (the log cannot be updated afterwards).
    await t.ctx.db.execute(sql`insert into audit_log (id, actor_id, action, target_type, target_id, before, after, ip, created_at) values
      (gen_random_uuid(), ${admin.user.id}, 'user.suspend', 'user', ${fan.user.id}, '{"status":"active"}', '{"status":"suspended"}', '198.51.100.1', ${at('2025-03-01T10:00:00Z')}),
      (gen_random_uuid(), ${admin.user.id}, 'user.reinstate', 'user', ${fan.user.id}, '{"status":"suspended"}', '{"status":"active"}', '198.51.100.1', ${at('2025-03-02T10:00:00Z')}),
      (gen_random_uuid(), ${other.user.id}, 'kyc.approve', 'performer', ${creator.user.id}, '{"verification":"pending"}', '{"verification":"approved"}', null, ${at('2025-03-03T23:59:00Z')}),
      (gen_random_uuid(), ${other.user.id}, 'setting.update', 'setting', 'siteName', '"Old"', '"New"', null, ${at('2025-03-04T00:00:00Z')})`);
  });
  const list = async (query: string) => {
    const res = await get(`/admin/audit-log?${query}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { data: unknown[]; total: number };
    return { total: data.total, rows: data.data.map((r) => auditEntrySchema.parse(r)) };
  };

  it('answers newest first, with the operator’s card and the snapshots', async () => {
    const { rows } = await list('fromDate=2025-03-01&toDate=2025-03-31');
    expect(rows.map((r) => r.action)).toEqual(['setting.update', 'kyc.approve', 'user.reinstate', 'user.suspend']);
    expect(rows[3]).toMatchObject({ actorId: admin.user.id, actor: { _id: admin.user.id }, targetType: 'user', targetId: fan.user.id, before: { status: 'active' }, after: { status: 'suspended' }, ip: '198.51.100.1' });
    expect(rows[0]).toMatchObject({ before: 'Old', after: 'New' });
    const asc = await list('fromDate=2025-03-01&toDate=2025-03-31&sort=asc');
    expect(asc.rows.map((r) => r.action)).toEqual(['user.suspend', 'user.reinstate', 'kyc.approve', 'setting.update']);
  });

  it('filters: actor (id or username), action (exact or a domain), target, dates (a date-only toDate covers the day), q; paginates', async () => {
    const range = 'fromDate=2025-03-01&toDate=2025-03-31';
    expect((await list(`${range}&actor=${other.user.id}`)).rows.map((r) => r.action)).toEqual(['setting.update', 'kyc.approve']);
    expect((await list(`${range}&actor=${admin.user.username}`)).total).toBe(2);
    expect((await list(`${range}&action=user.`)).rows.map((r) => r.action)).toEqual(['user.reinstate', 'user.suspend']);
    expect((await list(`${range}&action=user.suspend`)).total).toBe(1);
    expect((await list(`${range}&targetType=performer`)).rows.map((r) => r.targetId)).toEqual([creator.user.id]);
    expect((await list(`${range}&targetId=siteName`)).total).toBe(1);
    expect((await list('fromDate=2025-03-02&toDate=2025-03-03')).rows.map((r) => r.action)).toEqual(['kyc.approve', 'user.reinstate']);
    expect((await list(`${range}&q=KYC`)).total).toBe(1);
    expect((await list(`${range}&q=${other.user.username}`)).total).toBe(2);
    const page = await list(`${range}&limit=3&offset=3`);
    expect(page).toMatchObject({ total: 4 });
    expect(page.rows.map((r) => r.action)).toEqual(['user.suspend']);
  });

  it('facets: the action names and target types in use', async () => {
    const res = await get('/admin/audit-log/facets', admin);
    expect(res.statusCode, res.body).toBe(200);
    const f = auditFacetsSchema.parse(res.json().data);
    expect(f.actions).toEqual(expect.arrayContaining(['kyc.approve', 'setting.update', 'user.reinstate', 'user.suspend']));
    expect(f.targetTypes).toEqual(expect.arrayContaining(['performer', 'setting', 'user']));
  });

  it('bad input → 400 with field errors', async () => {
    for (const [query, field] of [['action=a%20b', 'action'], ['fromDate=nope', 'fromDate'], ['limit=1000', 'limit'], ['sortBy=action', 'sortBy']] as const) {
      const res = await get(`/admin/audit-log?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field), query).toContain(field);
    }
  });

  it('only operators with two-factor authentication: anonymous 401, fan and creator 403, admin without 2FA 403', async () => {
    const no2fa = await createAdminWithout2fa(t);
    for (const url of ['/admin/audit-log', '/admin/audit-log/facets']) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, fan)).statusCode, url).toBe(403);
      expect((await get(url, creator)).statusCode, url).toBe(403);
      expect((await get(url, no2fa)).statusCode, url).toBe(403);
      expect((await get(url, admin)).statusCode, url).toBe(200);
    }
  });

  it('has no route to change or delete an entry', async () => {
    const [row] = await t.ctx.db.select({ id: auditLog.id }).from(auditLog).limit(1);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: `/admin/audit-log/${row!.id}`, headers: admin.auth, payload: {} });
      expect(res.statusCode, method).toBe(404);
    }
  });
});
