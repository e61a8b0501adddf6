import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ACCESS_REASON_HEADER, subscriptionSchema, type Subscription } from '@stagepass/shared';
import { createAdmin, createAdminWithout2fa, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { addCard, expectLedgerBalanced } from '../../../test/money';
import { auditLog } from '../../platform/audit.tables';
import { subscriptions } from './subscriptions.tables';

/** The operator's subscriptions (console: Money → Subscriptions): the list and an audited cancel. */
let t: TestApp;
let admin: Made;
let luna: Made;
let iris: Made;
let fan: Made;
let fan2: Made;
/** fan → luna (paid, through the API), fan2 → luna (a trial), fan → iris (past due), fan2 → iris (expired, long ago). */
let paid: Subscription;
let trialId: string;
let pastDueId: string;
let expiredId: string;

type Method = 'GET' | 'POST';
/** An operator's call carries why (whom people subscribe to is private: issue 28 §6). */
const req = (method: Method, url: string, who?: Made, payload?: unknown) =>
  t.app.inject({ method, url, headers: { ...(who?.auth ?? {}), [ACCESS_REASON_HEADER]: 'Reviewing the case' }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const list = async (q: string) => {
  const res = await req('GET', `/admin/subscriptions?limit=100&${q}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.data as Subscription[]).map((s) => s._id);
};
const entriesFor = (id: string) => t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'subscription'), eq(auditLog.targetId, id)));
const row = async (id: string) => (await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  [luna, iris, fan, fan2] = await Promise.all([createCreator(t), createCreator(t), createFan(t), createFan(t)]);
  await addCard(t, fan);
  const res = await req('POST', '/payment/subscribe/performers', fan, { performerId: luna.user.id, type: 'monthly' });
  expect(res.statusCode, res.body).toBe(200);
  paid = res.json().data;
  const day = 86_400_000;
  const insert = async (v: Partial<typeof subscriptions.$inferInsert> & Pick<typeof subscriptions.$inferInsert, 'userId' | 'performerId'>) =>
    (await t.ctx.db.insert(subscriptions).values({ expiresAt: new Date(Date.now() + 7 * day), ...v }).returning())[0]!.id;
  trialId = await insert({ userId: fan2.user.id, performerId: luna.user.id, type: 'free', price: 995 });
  pastDueId = await insert({ userId: fan.user.id, performerId: iris.user.id, status: 'past_due', price: 500, expiresAt: new Date(Date.now() - day) });
  const long = new Date('2024-03-01T12:00:00Z');
  expiredId = await insert({ userId: fan2.user.id, performerId: iris.user.id, status: 'expired', price: 500, createdAt: long, startsAt: long, expiresAt: new Date('2024-04-01T12:00:00Z') });
});
afterAll(async () => {
  await expectLedgerBalanced(t);
  await t?.close();
});

describe('GET /admin/subscriptions', () => {
  it('answers only to an admin with two-factor authentication', async () => {
    const without2fa = await createAdminWithout2fa(t);
    for (const [method, url] of [['GET', '/admin/subscriptions'], ['POST', `/admin/subscriptions/${trialId}/cancel`]] as const) {
      expect((await req(method, url)).statusCode, url).toBe(401);
      for (const who of [fan, luna, without2fa]) expect((await req(method, url, who)).statusCode, url).toBe(403);
    }
    expect(await entriesFor(trialId)).toEqual([]);
    expect((await row(trialId)).status).toBe('active');
  });

  it('every subscription, newest first, filtered by status, type, fan, creator and start dates', async () => {
    const res = await req('GET', '/admin/subscriptions', admin);
    expect(res.json().data.total).toBe(4);
    for (const s of res.json().data.data) subscriptionSchema.parse(s);
    expect(await list('')).toEqual([pastDueId, trialId, paid._id, expiredId]);
    expect(await list('status=past_due')).toEqual([pastDueId]);
    expect(await list('type=free')).toEqual([trialId]);
    expect(await list('type=monthly&status=active')).toEqual([paid._id]);
    expect(await list(`userId=${fan.user.id}`)).toEqual([pastDueId, paid._id]);
    expect(await list(`performerId=${iris.user.id}`)).toEqual([pastDueId, expiredId]);
    expect(await list(`performerId=${luna.user.id}&userId=${fan2.user.id}`)).toEqual([trialId]);
    expect(await list('fromDate=2024-01-01&toDate=2024-03-01')).toEqual([expiredId]);
    expect(await list('toDate=2024-02-29')).toEqual([]);
    expect(await list('sortBy=expiresAt&sort=asc')).toEqual([expiredId, pastDueId, trialId, paid._id]);
    const first = (await req('GET', '/admin/subscriptions?limit=1', admin)).json().data.data[0];
    expect(first).toMatchObject({ userId: fan.user.id, performerId: iris.user.id, status: 'past_due', price: 5, user: { username: fan.user.username }, performer: { username: iris.user.username } });
    for (const q of ['status=paused', 'type=trial', 'userId=fan', 'fromDate=2024-05-01&toDate=2024-04-01', 'sortBy=price']) {
      expect((await req('GET', `/admin/subscriptions?${q}`, admin)).statusCode, q).toBe(400);
    }
  });
});

describe('POST /admin/subscriptions/{id}/cancel', () => {
  it("uses the subscriber's rule (usable to the end of the period, no renewal), is audited; again → 409 and no second entry", async () => {
    const res = await req('POST', `/admin/subscriptions/${paid._id}/cancel`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', isActive: true, renewing: false, expiresAt: paid.expiresAt });
    const [entry, ...more] = await entriesFor(paid._id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actorId: admin.user.id, action: 'subscription.cancel', before: { status: 'active', cancelledAt: null }, after: { status: 'cancelled' } });
    const again = await req('POST', `/admin/subscriptions/${paid._id}/cancel`, admin);
    expect([again.statusCode, again.json().message]).toEqual([409, 'This subscription is already cancelled']);
    expect(await entriesFor(paid._id)).toHaveLength(1);
  });

  it('a past-due one ends at once; an expired one → 409, an unknown one → 404, neither audited', async () => {
    const res = await req('POST', `/admin/subscriptions/${pastDueId}/cancel`, admin);
    expect(res.json().data).toMatchObject({ status: 'expired', isActive: false });
    expect((await entriesFor(pastDueId)).map((e) => e.action)).toEqual(['subscription.cancel']);
    expect((await req('POST', `/admin/subscriptions/${expiredId}/cancel`, admin)).statusCode).toBe(409);
    expect(await entriesFor(expiredId)).toEqual([]);
    expect((await req('POST', '/admin/subscriptions/0190a0b0-0000-7000-8000-000000000000/cancel', admin)).statusCode).toBe(404);
    expect((await req('POST', '/admin/subscriptions/nope/cancel', admin)).statusCode).toBe(400);
  });

  it("an operator cancelling through the subscriber's route is audited too; the fan's own cancel is not", async () => {
    const res = await req('POST', `/payment/sandbox/cancel-subscription/${trialId}`, admin);
    expect(res.json().data.status).toBe('cancelled');
    expect((await entriesFor(trialId)).map((e) => e.action)).toEqual(['subscription.cancel']);
    const fan3 = await createFan(t);
    await addCard(t, fan3);
    const own = (await req('POST', '/payment/subscribe/performers', fan3, { performerId: iris.user.id, type: 'monthly' })).json().data;
    expect((await req('POST', `/payment/sandbox/cancel-subscription/${own._id}`, fan3)).json().data.status).toBe('cancelled');
    expect(await entriesFor(own._id)).toEqual([]);
  });
});
