import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { ACCESS_REASON_HEADER, REASON_REQUIRED_CODE, auditEntrySchema, encodeAccessReason } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, multipart, type Made, type TestApp } from '../../../test/harness';
import { follow } from '../../../test/factories';
import { createAddress, createProduct } from '../../../test/shop';
import { auditLog } from '../../platform/audit.tables';
import { SITE, wallet } from '../ledger/ledger.service';
import { subscriptions } from '../subscriptions/subscriptions.tables';

/**
 * Issue 28 §6: an operator opening another user's private data (an ID document, the KYC queue's
 * pictures, an order with its address, a reported private message, someone's subscriptions) says
 * why (x-access-reason) and leaves exactly one audit row naming the users concerned; without a
 * reason → 400 reason_required and no row; the owners reading their own data need none; the user's
 * export lists the reads.
 */
let t: TestApp;
let admin: Made;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#396' } }).png().toBuffer();
});
afterAll(async () => {
  await t?.close();
});

const REASON = 'Report #812: checking the ID matches';
const withReason = (who: Made, reason: string = REASON) => ({ ...who.auth, [ACCESS_REASON_HEADER]: encodeAccessReason(reason) });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const readRows = (action: string) => t.ctx.db.select().from(auditLog).where(eq(auditLog.action, action));
const totalRows = async () => (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
function expectReasonRequired(res: { statusCode: number; body: string; json: () => { code?: string; message?: string } }) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ code: REASON_REQUIRED_CODE, message: "Say why you are opening this person's private data" });
}
async function uploadDocument(who: Made, kind: string): Promise<string> {
  const body = multipart({ kind }, [{ field: 'file', filename: `${kind}.png`, content: png, type: 'image/png' }]);
  const res = await t.app.inject({ method: 'POST', url: '/performers/documents/upload', payload: body.payload, headers: { ...who.auth, ...body.headers } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id;
}

describe('an ID document (GET /performers/documents/{fileId})', () => {
  let creator: Made;
  let docId: string;
  beforeAll(async () => {
    creator = await createCreator(t, { verification: 'pending' });
    docId = await uploadDocument(creator, 'idVerification');
  });

  it('an operator without a (valid) reason → 400 reason_required and no row', async () => {
    const before = await totalRows();
    expectReasonRequired(await get(`/performers/documents/${docId}`, admin.auth));
    expectReasonRequired(await get(`/performers/documents/${docId}`, withReason(admin, '  x ')));
    expectReasonRequired(await get(`/performers/documents/${docId}`, { ...admin.auth, [ACCESS_REASON_HEADER]: 'bad%0Aline' }));
    expectReasonRequired(await get(`/performers/documents/${docId}`, withReason(admin, 'y'.repeat(501))));
    expect(await totalRows()).toBe(before);
  });

  it('with a reason → the signed URL and exactly one kyc.read row with the reason and the creator as subject', async () => {
    const res = await get(`/performers/documents/${docId}`, withReason(admin, 'Überprüfung — ID matches the selfie?'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.url).toMatch(/private\//);
    const rows = (await readRows('kyc.read')).filter((r) => r.targetId === docId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: admin.user.id, targetType: 'file', reason: 'Überprüfung — ID matches the selfie?', subjectIds: [creator.user.id], before: null, after: null });
  });

  it('the owner needs no reason and leaves no row; anyone else → 404', async () => {
    const before = await totalRows();
    expect((await get(`/performers/documents/${docId}`, creator.auth)).statusCode).toBe(200);
    const fan = await createFan(t);
    expect((await get(`/performers/documents/${docId}`, fan.auth)).statusCode).toBe(404);
    // A reason header does not open anything for a non-operator.
    expect((await get(`/performers/documents/${docId}`, withReason(fan))).statusCode).toBe(404);
    expect(await totalRows()).toBe(before);
  });

  it("the verification queue hands out the pictures: one kyc.read row naming the page's creators", async () => {
    await uploadDocument(creator, 'documentVerification');
    const url = `/admin/verifications?status=pending&q=${encodeURIComponent(creator.user.username!)}`;
    const before = await totalRows();
    expectReasonRequired(await get(url, admin.auth));
    expect(await totalRows()).toBe(before);
    const res = await get(url, withReason(admin));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.data[0].document.url).toBeTruthy();
    const rows = (await readRows('kyc.read')).filter((r) => r.targetType === 'performer');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: REASON, subjectIds: [creator.user.id], targetId: creator.user.id });
    // A page without pictures opens nothing: no reason asked, no row.
    const none = await get('/admin/verifications?q=nobody-matches-this', admin.auth);
    expect(none.statusCode).toBe(200);
    expect(await totalRows()).toBe(before + 1);
  });
});

describe('an order with its delivery address (GET /orders/{id})', () => {
  let creator: Made;
  let buyer: Made;
  let orderId: string;
  beforeAll(async () => {
    creator = await createCreator(t);
    buyer = await createFan(t);
    await t.ctx.db.transaction((tx) =>
      t.ctx.ledger.post(tx, { type: 'wallet_topup', reference: `test-topup:${uuidv7()}`, postings: [{ account: SITE.gateway, amount: -10_000 }, { account: wallet(buyer.user.id), amount: 10_000 }] }),
    );
    const product = await createProduct(t, creator.user.id, { price: 20 });
    const address = await createAddress(t, buyer);
    const res = await t.app.inject({ method: 'POST', url: `/wallet/charges/product/${product.id}`, headers: buyer.auth, payload: { deliveryAddressId: address._id } });
    expect(res.statusCode, res.body).toBe(200);
    orderId = res.json().data.order._id;
  });

  it("the operator's list is metadata: no addresses, no reason, no row", async () => {
    const before = await totalRows();
    const res = await get(`/orders/search?buyerId=${buyer.user.id}`, admin.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.data).toHaveLength(1);
    expect(res.json().data.data[0].deliveryAddress).toBeNull();
    expect(await totalRows()).toBe(before);
  });

  it('opening it: without a reason → 400 and no row; with one → the address and one order.read row (subject: the buyer)', async () => {
    const before = await totalRows();
    expectReasonRequired(await get(`/orders/${orderId}`, admin.auth));
    expect(await totalRows()).toBe(before);
    const res = await get(`/orders/${orderId}`, withReason(admin));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.deliveryAddress).toMatchObject({ streetAddress: '1 Market St' });
    const rows = (await readRows('order.read')).filter((r) => r.targetId === orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: admin.user.id, targetType: 'order', reason: REASON, subjectIds: [buyer.user.id] });
  });

  it('the buyer and the seller need no reason and leave no row; a stranger → 404', async () => {
    const before = await totalRows();
    expect((await get(`/orders/${orderId}`, buyer.auth)).statusCode).toBe(200);
    expect((await get(`/orders/${orderId}`, creator.auth)).statusCode).toBe(200);
    expect((await get(`/orders/${orderId}`, withReason(await createFan(t)))).statusCode).toBe(404);
    expect(await totalRows()).toBe(before);
  });
});

describe('a reported private message (GET /admin/reports/message/{id})', () => {
  it('without a reason → 400 and no row; with one → one messages.read row naming the sender and the reporter', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await follow(t, fan.user.id, creator.user.id);
    const conv = await t.app.inject({ method: 'POST', url: '/conversations', headers: fan.auth, payload: { source: 'performer', sourceId: creator.user.id } });
    expect(conv.statusCode, conv.body).toBe(200);
    const sent = await t.app.inject({ method: 'POST', url: `/messages/conversations/${conv.json().data._id}`, headers: creator.auth, payload: { text: 'Something rude' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const messageId = sent.json().data._id;
    const reported = await t.app.inject({ method: 'POST', url: '/reports', headers: fan.auth, payload: { target: 'message', targetId: messageId, reason: 'abuse' } });
    expect(reported.statusCode, reported.body).toBe(201);

    const before = await totalRows();
    expectReasonRequired(await get(`/admin/reports/message/${messageId}`, admin.auth));
    expect(await totalRows()).toBe(before);
    const res = await get(`/admin/reports/message/${messageId}`, withReason(admin));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.group.preview.excerpt).toBe('Something rude');
    const rows = (await readRows('messages.read')).filter((r) => r.targetId === messageId);
    expect(rows).toHaveLength(1);
    expect(new Set(rows[0]!.subjectIds)).toEqual(new Set([creator.user.id, fan.user.id]));
    // Another kind of report is not private: no reason asked.
    expect((await get(`/admin/reports/performer/${creator.user.id}`, admin.auth)).statusCode).not.toBe(400);
  });
});

describe("someone's subscriptions (GET /admin/subscriptions)", () => {
  it("a page of subscriptions is one subscriptions.read row naming the fans; without a reason → 400", async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await t.ctx.db.insert(subscriptions).values({ userId: fan.user.id, performerId: creator.user.id, expiresAt: new Date(Date.now() + 86400_000) });
    const before = await totalRows();
    expectReasonRequired(await get(`/admin/subscriptions?userId=${fan.user.id}`, admin.auth));
    expect(await totalRows()).toBe(before);
    const res = await get(`/admin/subscriptions?userId=${fan.user.id}`, withReason(admin));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.total).toBe(1);
    const rows = (await readRows('subscriptions.read')).filter((r) => r.subjectIds.includes(fan.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ targetType: 'user', targetId: fan.user.id, reason: REASON, subjectIds: [fan.user.id] });
    // A fan cannot use the route at all.
    expect((await get(`/admin/subscriptions?userId=${fan.user.id}`, withReason(fan))).statusCode).toBe(403);
  });
});

describe('the audit log and the export show the reads', () => {
  it('GET /admin/audit-log?subject= lists the reads of one user with their reason and subjects, marked as reads', async () => {
    const creator = await createCreator(t, { verification: 'pending' });
    const docId = await uploadDocument(creator, 'idVerification');
    expect((await get(`/performers/documents/${docId}`, withReason(admin, 'Checking a chargeback claim'))).statusCode).toBe(200);
    const res = await get(`/admin/audit-log?subject=${creator.user.id}`, admin.auth);
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json().data.data as unknown[]).map((r) => auditEntrySchema.parse(r));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'kyc.read', read: true, reason: 'Checking a chargeback claim', subjects: [{ _id: creator.user.id, link: `/admin/users/${creator.user.id}` }] });
    expect(rows[0]!.subjects[0]!.name).toContain(`@${creator.user.username}`);
    expect((await get('/admin/audit-log?subject=not-an-id', admin.auth)).statusCode).toBe(400);

    // The creator's export: when and what, by "an operator" — not who, not why.
    const area = t.ctx.privacy.exportAreas(creator.user.id).find((a) => a.file === 'operator-access.json')!;
    const listed = await area.page(null);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ action: 'kyc.read', opened: 'your identity documents', by: 'an operator' });
    expect(JSON.stringify(listed)).not.toContain(admin.user.id);
    expect(JSON.stringify(listed)).not.toContain('chargeback');
  });
});
