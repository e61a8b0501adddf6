import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { ACCESS_REASON_HEADER, type Order } from '@stagepass/shared';
import { createAdmin, createAdminWithout2fa, createCreator, createFan, createTestApp, type Made, type TestApp, requester } from '../../../test/harness';
import { expectLedgerBalanced } from '../../../test/money';
import { createAddress, createProduct } from '../../../test/shop';
import { auditLog } from '../../platform/audit.tables';
import { SITE, earningsAccount, wallet } from '../ledger/ledger.service';
import { ledgerTransactions } from '../ledger/ledger.tables';

/** The operator's orders (console: Money → Orders): the list's filters, and refunds and status changes that are audited. */
let t: TestApp;
let admin: Made;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterEach(async () => {
  await expectLedgerBalanced(t);
});
afterAll(async () => {
  await t?.close();
});

const req = requester(() => t);
const update = (who: Made | undefined, id: string, body: object) => req('PUT', `/orders/${id}/update`, who, body);
const entriesFor = (orderId: string) => t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, orderId)));
const walletOf = (who: Made) => t.ctx.ledger.balance(t.ctx.db, wallet(who.user.id));

/** A fan with money (and an address for a physical one) buys a creator's new product. */
async function order(creator: Made, fan: Made, o: { name?: string; price?: number; shippingFee?: number; type?: 'physical' | 'digital' } = {}): Promise<Order> {
  await t.ctx.db.transaction((tx) =>
    t.ctx.ledger.post(tx, { type: 'wallet_topup', reference: `test-topup:${uuidv7()}`, postings: [{ account: SITE.gateway, amount: -10_000 }, { account: wallet(fan.user.id), amount: 10_000 }] }),
  );
  const product = await createProduct(t, creator.user.id, { name: o.name ?? 'Signed mug', price: o.price ?? 20, shippingFee: o.shippingFee ?? 3, type: o.type });
  const body = o.type === 'digital' ? {} : { deliveryAddressId: (await createAddress(t, fan))._id };
  const res = await t.app.inject({ method: 'POST', url: `/wallet/charges/product/${product.id}`, headers: fan.auth, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.order;
}

describe("an operator's refund (PUT /orders/{id}/update)", () => {
  it('reverses the sale once through the ledger and is audited in the same transaction; a second → 409 and no second entry', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    const o = await order(creator, fan, { price: 20, shippingFee: 3 });
    const before = await walletOf(fan);
    const res = await update(admin, o._id, { deliveryStatus: 'refunded' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ deliveryStatus: 'refunded' });
    expect(await walletOf(fan)).toBe(before + 2300);
    const [entry, ...more] = await entriesFor(o._id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actorId: admin.user.id, action: 'order.refund', before: { deliveryStatus: 'processing', refundedAt: null }, after: { deliveryStatus: 'refunded', total: 23 } });
    const [refund] = await t.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, `refund:wallet_charge:${o.chargeId}`));
    expect((entry!.after as { refundLedgerTransactionId: string }).refundLedgerTransactionId).toBe(refund!.id);
    expect(entry!.ip).toBeTruthy();

    const again = await update(admin, o._id, { deliveryStatus: 'refunded' });
    expect([again.statusCode, again.json().message]).toEqual([409, 'This order has already been refunded']);
    expect(await entriesFor(o._id)).toHaveLength(1);
    expect(await t.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, `refund:wallet_charge:${o.chargeId}`))).toHaveLength(1);
    expect(await walletOf(fan)).toBe(before + 2300);
  });

  it('a refund that fails (the creator was paid out: 422) leaves no audit entry and moves nothing', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    const o = await order(creator, fan, { price: 20, shippingFee: 3 });
    await t.ctx.db.transaction((tx) => t.ctx.ledger.post(tx, { type: 'payout', reference: `test-payout:${uuidv7()}`, postings: [{ account: earningsAccount(creator.user.id), amount: -1840 }, { account: SITE.payouts, amount: 1840 }] }));
    const before = await walletOf(fan);
    const res = await update(admin, o._id, { deliveryStatus: 'refunded' });
    expect(res.statusCode).toBe(422);
    expect(await entriesFor(o._id)).toEqual([]);
    expect(await walletOf(fan)).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: `/orders/${o._id}`, headers: { ...admin.auth, [ACCESS_REASON_HEADER]: 'Checking the refund' } })).json().data.deliveryStatus).toBe('processing');
  });

  it("an operator's status change is audited; the seller's own is not; a refused move (409) leaves no entry", async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    const o = await order(creator, fan);
    expect((await update(admin, o._id, { deliveryStatus: 'delivered' })).statusCode).toBe(409);
    expect(await entriesFor(o._id)).toEqual([]);
    expect((await update(admin, o._id, { deliveryStatus: 'shipping', trackingCode: 'TRACK-1' })).statusCode).toBe(200);
    const [entry] = await entriesFor(o._id);
    expect(entry).toMatchObject({ action: 'order.update', before: { deliveryStatus: 'processing', trackingCode: null }, after: { deliveryStatus: 'shipping', trackingCode: 'TRACK-1' } });
    expect((await update(creator, o._id, { deliveryStatus: 'delivered' })).statusCode).toBe(200);
    expect(await entriesFor(o._id)).toHaveLength(1);
  });

  it('answers only to the seller or an admin with two-factor authentication', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    const o = await order(creator, fan);
    const without2fa = await createAdminWithout2fa(t);
    expect((await update(undefined, o._id, { deliveryStatus: 'refunded' })).statusCode).toBe(401);
    expect((await update(fan, o._id, { deliveryStatus: 'refunded' })).statusCode).toBe(403);
    expect((await update(await createCreator(t), o._id, { deliveryStatus: 'refunded' })).statusCode).toBe(404);
    expect((await update(without2fa, o._id, { deliveryStatus: 'refunded' })).statusCode).toBe(403);
    expect((await req('GET', '/orders/search', without2fa)).statusCode).toBe(403);
    expect(await entriesFor(o._id)).toEqual([]);
    expect((await update(admin, '0190a0b0-0000-7000-8000-000000000000', { deliveryStatus: 'refunded' })).statusCode).toBe(404);
    expect((await update(admin, o._id, { deliveryStatus: 'lost' })).statusCode).toBe(400);
  });
});

describe("the operator's list (GET /orders/search)", () => {
  it('every order, newest first, filtered by creator, buyer, status, type and dates', async () => {
    const luna = await createCreator(t);
    const iris = await createCreator(t);
    const fan = await createFan(t);
    const fan2 = await createFan(t);
    const a = await order(luna, fan, { name: 'Mug A' });
    const b = await order(iris, fan2, { name: 'Poster B' });
    const c = await order(luna, fan2, { name: 'E-book C', type: 'digital' });
    const list = async (q: string) => {
      const res = await req('GET', `/orders/search?limit=100&${q}`, admin);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.data as Order[]).map((x) => x._id);
    };
    const all = await list('');
    expect(all.slice(0, 3)).toEqual([c._id, b._id, a._id]);
    expect(await list(`performerId=${luna.user.id}`)).toEqual([c._id, a._id]);
    expect(await list(`buyerId=${fan2.user.id}`)).toEqual([c._id, b._id]);
    expect(await list(`buyerId=${fan2.user.id}&performerId=${luna.user.id}`)).toEqual([c._id]);
    expect(await list(`productType=digital&performerId=${luna.user.id}`)).toEqual([c._id]);
    expect(await list(`deliveryStatus=processing&buyerId=${fan2.user.id}`)).toEqual([b._id]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`fromDate=${today}&toDate=${today}`)).slice(0, 3)).toEqual([c._id, b._id, a._id]);
    expect(await list('toDate=2020-01-01')).toEqual([]);
    expect(await list(`fromDate=${c.createdAt}&performerId=${luna.user.id}`)).toEqual([c._id]);
    expect((await req('GET', '/orders/search?fromDate=yesterday', admin)).statusCode).toBe(400);
    // A creator's date filter works on their own orders only.
    expect((await req('GET', `/orders/search?fromDate=${today}`, iris)).json().data.data.map((x: Order) => x._id)).toEqual([b._id]);
  });
});
