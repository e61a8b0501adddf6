import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { couponSchema, type Coupon } from '@stagepass/shared';
import { createAdmin, createAdminWithout2fa, createCreator, createFan, createTestApp, type Made, type TestApp, requester } from '../../../test/harness';
import { auditLog } from '../../platform/audit.tables';
import { coupons } from './coupons.tables';

/** The operator's coupons (console: Money → Coupons): who may, what is refused, and the audit of each change. */
let t: TestApp;
let admin: Made;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = requester(() => t);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const entriesFor = (id: string) => t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'coupon'), eq(auditLog.targetId, id))).orderBy(auditLog.createdAt, auditLog.id);
const fields = (res: { json(): { details?: Array<{ field: string }> } }) => (res.json().details ?? []).map((d) => d.field);

describe('/admin/coupons', () => {
  it('every route answers only to an admin with two-factor authentication', async () => {
    const fan = await createFan(t);
    const creator = await createCreator(t);
    const without2fa = await createAdminWithout2fa(t);
    const id = '0190a0b0-0000-7000-8000-000000000000';
    const calls: Array<[Method, string, unknown?]> = [
      ['GET', '/admin/coupons'],
      ['POST', '/admin/coupons', { code: 'ROLES1', percentage: 10 }],
      ['PUT', `/admin/coupons/${id}`, { name: 'x' }],
      ['DELETE', `/admin/coupons/${id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await req(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      for (const who of [fan, creator, without2fa]) expect((await req(method, url, who, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await req('GET', '/admin/coupons', admin)).statusCode).toBe(200);
    expect((await req('PUT', `/admin/coupons/${id}`, admin, { name: 'x' })).statusCode).toBe(404);
    expect((await req('DELETE', `/admin/coupons/${id}`, admin)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetType, 'coupon'))).toEqual([]);
  });

  it('an already-expired coupon cannot be created (400 on expiresAt), nor an expiry moved into the past; nothing written, nothing audited', async () => {
    const past = await req('POST', '/admin/coupons', admin, { code: 'OLDNEWS', percentage: 10, expiresAt: inDays(-1) });
    expect(past.statusCode).toBe(400);
    expect(fields(past)).toEqual(['expiresAt']);
    expect(past.json().details[0].message).toBe('The expiry date must be in the future');
    expect(await t.ctx.db.select().from(coupons).where(eq(coupons.code, 'OLDNEWS'))).toEqual([]);
    const made = await req('POST', '/admin/coupons', admin, { code: 'FRESH10', percentage: 10, expiresAt: inDays(7) });
    expect(made.statusCode).toBe(201);
    const moved = await req('PUT', `/admin/coupons/${made.json().data._id}`, admin, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect([moved.statusCode, fields(moved)]).toEqual([400, ['expiresAt']]);
    expect(await entriesFor(made.json().data._id)).toHaveLength(1);
    // Other field errors.
    const bad = await req('POST', '/admin/coupons', admin, { code: 'a b', percentage: 0, maxUses: 0 });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad).sort()).toEqual(['code', 'maxUses', 'percentage']);
  });

  it('create, update and delete are each audited with what changed; a refused change (409 code taken) leaves no entry', async () => {
    const creator = await createCreator(t);
    const expiresAt = inDays(30);
    const made = await req('POST', '/admin/coupons', admin, { code: 'SUMMER25', name: 'Summer', percentage: 25, performerId: creator.user.id, expiresAt, maxUses: 100 });
    expect(made.statusCode, made.body).toBe(201);
    const c = couponSchema.parse(made.json().data) as Coupon;
    expect(c).toMatchObject({ code: 'SUMMER25', percentage: 25, performerId: creator.user.id, maxUses: 100, usedCount: 0, active: true });
    expect(c.performer?.username).toBe(creator.user.username);
    expect(await entriesFor(c._id)).toMatchObject([{ actorId: admin.user.id, action: 'coupon.create', before: null, after: { code: 'SUMMER25', percentage: 25 } }]);

    const taken = await req('POST', '/admin/coupons', admin, { code: 'summer25', percentage: 5 });
    expect([taken.statusCode, fields(taken)]).toEqual([409, ['code']]);
    const other = await req('POST', '/admin/coupons', admin, { code: 'WINTER', percentage: 5 });
    const clash = await req('PUT', `/admin/coupons/${other.json().data._id}`, admin, { code: 'Summer25' });
    expect(clash.statusCode).toBe(409);
    expect(await entriesFor(other.json().data._id)).toHaveLength(1);

    const changed = await req('PUT', `/admin/coupons/${c._id}`, admin, { percentage: 30, active: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ percentage: 30, active: false, name: 'Summer', maxUses: 100 });
    // A field left out keeps its value: the name stays, and `active` is not switched back on.
    const renamed = await req('PUT', `/admin/coupons/${c._id}`, admin, { maxUses: 50 });
    expect(renamed.json().data).toMatchObject({ name: 'Summer', active: false, maxUses: 50, percentage: 30 });
    const gone = await req('DELETE', `/admin/coupons/${c._id}`, admin);
    expect(gone.statusCode).toBe(200);
    expect((await req('DELETE', `/admin/coupons/${c._id}`, admin)).statusCode).toBe(404);
    expect((await entriesFor(c._id)).map((e) => [e.action, e.before && (e.before as Coupon).percentage, e.after && (e.after as Coupon).percentage])).toEqual([
      ['coupon.create', null, 25],
      ['coupon.update', 25, 30],
      ['coupon.update', 30, 30],
      ['coupon.delete', 30, null],
    ]);
  });

  it('lists coupons newest change first with the creator, searchable by code', async () => {
    const res = await req('GET', '/admin/coupons?q=fresh', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data.map((c: Coupon) => c.code)).toEqual(['FRESH10']);
    expect(res.json().data.data[0].performer).toBeNull();
  });
});
