// Over 300 lines: the money of the shop end to end (product charges, concurrent buyers, cart checkout, idempotency, refunds) and the orders routes' ownership table.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, like } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { ACCESS_REASON_HEADER, cartCheckoutResultSchema, orderSchema, toMinor, walletChargeResultSchema } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp, requester } from '../../../test/harness';
import { expectLedgerBalanced } from '../../../test/money';
import { SITE, earningsAccount, wallet } from '../ledger/ledger.service';
import { ledgerTransactions } from '../ledger/ledger.tables';
import { earnings } from '../earnings/earnings.tables';
import { walletCharges } from '../wallet/wallet.tables';
import { purchases } from '../purchases/purchases.tables';
import { notifications } from '../notifications/notifications.tables';
import { userBlocks } from '../blocks/blocks.tables';
import { products } from '../products/products.tables';
import { createAddress, createProduct } from '../../../test/shop';
import { orders } from './orders.tables';

let t: TestApp;
let admin: Made;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  await t.ctx.settings.all();
});
// The ledger's invariants after every scenario.
afterEach(async () => {
  await expectLedgerBalanced(t);
});
afterAll(async () => {
  await t?.close();
});

/** An operator opening someone's private data says why (issue 28 §6). */
const REASON = { [ACCESS_REASON_HEADER]: 'Reviewing the case' };
const req = requester(() => t);
/** Wallet money without a card round trip: a balanced top-up movement (gateway → wallet). */
async function fund(who: Made, amount: number) {
  await t.ctx.db.transaction((tx) =>
    t.ctx.ledger.post(tx, { type: 'wallet_topup', reference: `test-topup:${uuidv7()}`, postings: [{ account: SITE.gateway, amount: -toMinor(amount) }, { account: wallet(who.user.id), amount: toMinor(amount) }] }),
  );
}
const walletOf = async (who: Made) => t.ctx.ledger.balance(t.ctx.db, wallet(who.user.id));
const earningsOf = async (who: Made) => t.ctx.ledger.balance(t.ctx.db, earningsAccount(who.user.id));
const commission = () => t.ctx.ledger.balance(t.ctx.db, SITE.commission);
const stockOf = async (id: string) => (await t.ctx.db.select().from(products).where(eq(products.id, id)))[0]!;
const chargesOf = async (who: Made) => Number((await t.ctx.db.select({ n: count() }).from(walletCharges).where(eq(walletCharges.userId, who.user.id)))[0]!.n);
const ordersOf = async (who: Made) => t.ctx.db.select().from(orders).where(eq(orders.buyerId, who.user.id));
const buy = (who: Made, productId: string, body: object = {}, headers: Record<string, string> = {}) => req('POST', `/wallet/charges/product/${productId}`, who, body, headers);
const notes = async (who: Made) => {
  await t.ctx.queue.drain();
  return t.ctx.db.select().from(notifications).where(eq(notifications.userId, who.user.id));
};

describe('buying a product from the wallet', () => {
  it('a physical product: price × quantity + shipping, the stock taken, an order processing with a copy of the address; the seller is told', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await fund(fan, 100);
    const mug = await createProduct(t, creator.user.id, { name: 'Signed mug', price: 12.5, stock: 5, shippingFee: 4.99 });
    const addr = await createAddress(t, fan);
    const res = await buy(fan, mug.id, { quantity: 2, deliveryAddressId: addr._id, note: 'Gift wrap, please' });
    expect(res.statusCode, res.body).toBe(200);
    const body = walletChargeResultSchema.parse(res.json().data);
    expect(body.balance).toBe(70.01);
    expect(body.charge).toMatchObject({ type: 'product', itemId: mug.id, amount: 29.99, description: 'Product: Signed mug × 2' });
    expect(body.order).toMatchObject({
      productId: mug.id, productName: 'Signed mug', productType: 'physical', quantity: 2, unitPrice: 12.5, shippingFee: 4.99, total: 29.99,
      deliveryStatus: 'processing', note: 'Gift wrap, please', deliveryAddressId: addr._id, chargeId: body.charge._id,
      deliveryAddress: { recipientName: 'Fiona Fan', city: 'San Francisco', country: 'US', state: 'CA', zipCode: '94105' }, buyer: { _id: fan.user.id }, performer: { _id: creator.user.id },
    });
    expect(await stockOf(mug.id)).toMatchObject({ stock: 3, totalSold: 2 });
    const [e] = await t.ctx.db.select().from(earnings).where(eq(earnings.source, `wallet_charge:${body.charge._id}`));
    expect(e).toMatchObject({ type: 'product', gross: 2999, commission: 600, net: 2399 });
    expect(await earningsOf(creator)).toBe(2399);
    // No `purchases` row for goods bought again and again; buying again is fine.
    expect(await t.ctx.db.select().from(purchases).where(eq(purchases.itemId, mug.id))).toEqual([]);
    expect((await buy(fan, mug.id, { deliveryAddressId: addr._id })).statusCode).toBe(200);
    expect(await stockOf(mug.id)).toMatchObject({ stock: 2 });
    // The seller hears of each order once (as an order, not as a "purchase").
    const told = await notes(creator);
    expect(told.filter((n) => n.type === 'order').map((n) => n.text)).toContain('Test Fan ordered 2 × Signed mug ($29.99)');
    expect(told.filter((n) => n.type === 'purchase')).toEqual([]);
  });

  it('refusals write nothing: quantity 0/100/1.5, no address, another user\'s address (404), a coupon, NUL bytes, malformed ids, too few left (422)', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    const other = await createFan(t);
    await fund(fan, 50);
    const mug = await createProduct(t, creator.user.id, { price: 10, stock: 3 });
    const mine = await createAddress(t, fan);
    const theirs = await createAddress(t, other, { name: 'Theirs', recipientName: 'Someone Else' });
    const field = async (body: object, f: string) => {
      const r = await buy(fan, mug.id, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().details.map((d: { field: string }) => d.field)).toContain(f);
    };
    await field({ quantity: 0, deliveryAddressId: mine._id }, 'quantity');
    await field({ quantity: 100, deliveryAddressId: mine._id }, 'quantity');
    await field({ quantity: 1.5, deliveryAddressId: mine._id }, 'quantity');
    await field({ quantity: '2', deliveryAddressId: mine._id }, 'quantity');
    await field({}, 'deliveryAddressId');
    await field({ deliveryAddressId: 'not-an-id' }, 'deliveryAddressId');
    await field({ deliveryAddressId: mine._id, note: 'x'.repeat(501) }, 'note');
    await field({ deliveryAddressId: mine._id, couponCode: 'SAVE10' }, 'couponCode');
    expect((await buy(fan, mug.id, { deliveryAddressId: mine._id, note: 'hi\u0000' })).statusCode).toBe(400);
    const stolen = await buy(fan, mug.id, { deliveryAddressId: theirs._id });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe('Address not found');
    const few = await buy(fan, mug.id, { quantity: 4, deliveryAddressId: mine._id });
    expect(few.statusCode).toBe(422);
    expect(few.json().message).toBe('Only 3 left of “Signed mug”');
    expect((await buy(fan, 'not-a-uuid', {})).statusCode).toBe(400);
    expect((await buy(fan, '0190a0b0-0000-7000-8000-000000000000', {})).statusCode).toBe(404);
    // Nothing moved.
    expect(await walletOf(fan)).toBe(5000);
    expect(await stockOf(mug.id)).toMatchObject({ stock: 3, totalSold: 0 });
    expect(await chargesOf(fan)).toBe(0);
    expect(await ordersOf(fan)).toEqual([]);
    // Own product, a creator's wallet, a draft, a blocked creator.
    expect((await buy(creator, mug.id, {})).statusCode).toBe(403);
    const draft = await createProduct(t, creator.user.id, { status: 'draft' });
    expect((await buy(fan, draft.id, { deliveryAddressId: mine._id })).statusCode).toBe(404);
    await t.ctx.db.insert(userBlocks).values({ blockerId: creator.user.id, targetId: fan.user.id });
    expect((await buy(fan, mug.id, { deliveryAddressId: mine._id })).statusCode).toBe(404);
    const out = await createProduct(t, (await createCreator(t)).user.id, { stock: 0, name: 'Poster' });
    const none = await buy(fan, out.id, { deliveryAddressId: mine._id });
    expect([none.statusCode, none.json().message]).toEqual([422, '“Poster” is out of stock']);
    const poor = await createProduct(t, (await createCreator(t)).user.id, { price: 60 });
    expect((await buy(fan, poor.id, { deliveryAddressId: mine._id })).statusCode).toBe(422);
    expect(await stockOf(poor.id)).toMatchObject({ stock: 10, totalSold: 0 });
    expect(await walletOf(fan)).toBe(5000);
  });

  it('a digital product is bought once: a second purchase → 409 and one charge; delivered at once; quantity must be 1', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await fund(fan, 20);
    const book = await createProduct(t, creator.user.id, { type: 'digital', price: 6 });
    expect((await buy(fan, book.id, { quantity: 2 })).statusCode).toBe(400);
    const first = await buy(fan, book.id, {});
    expect(first.statusCode).toBe(200);
    expect(first.json().data.order).toMatchObject({ productType: 'digital', deliveryStatus: 'delivered', deliveryAddress: null, total: 6 });
    expect(first.json().data.order.deliveredAt).toBeTruthy();
    const again = await buy(fan, book.id, {});
    expect(again.statusCode).toBe(409);
    expect(await chargesOf(fan)).toBe(1);
    expect(await walletOf(fan)).toBe(1400);
    expect((await ordersOf(fan)).length).toBe(1);
    // Twenty at once: still one.
    const fan2 = await createFan(t);
    await fund(fan2, 20);
    const all = await Promise.all(Array.from({ length: 8 }, () => buy(fan2, book.id, {})));
    expect(all.map((r) => r.statusCode).sort()).toEqual([200, ...Array(7).fill(409)]);
    expect(await chargesOf(fan2)).toBe(1);
    expect(await stockOf(book.id)).toMatchObject({ totalSold: 2, stock: null });
  });

  it('six fans buying the last 3 items at once → exactly 3 orders, stock 0, every balance exact', async () => {
    const creator = await createCreator(t);
    const fans = await Promise.all(Array.from({ length: 6 }, () => createFan(t)));
    const mug = await createProduct(t, creator.user.id, { price: 10, stock: 3, shippingFee: 2.5 });
    const addresses: Array<{ _id: string }> = [];
    for (const f of fans) {
      await fund(f, 20);
      addresses.push(await createAddress(t, f));
    }
    const results = await Promise.all(fans.map((f, i) => buy(f, mug.id, { deliveryAddressId: addresses[i]!._id })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 422)).toHaveLength(3);
    for (const r of results.filter((x) => x.statusCode === 422)) expect(r.json().message).toMatch(/out of stock|Only \d left/);
    expect(await stockOf(mug.id)).toMatchObject({ stock: 0, totalSold: 3 });
    const placed = await t.ctx.db.select().from(orders).where(eq(orders.productId, mug.id));
    expect(placed).toHaveLength(3);
    for (const [i, f] of fans.entries()) expect(await walletOf(f)).toBe(results[i]!.statusCode === 200 ? 750 : 2000);
    expect(await earningsOf(creator)).toBe(3 * 1000);
  });
});

describe('cart checkout (POST /wallet/charges/cart)', () => {
  it('all or nothing: a failing line (stock, balance, block, own product, already bought) writes nothing; then one charge and one order per line with a shared checkoutId; the same Idempotency-Key replays the answer', async () => {
    const c1 = await createCreator(t);
    const c2 = await createCreator(t);
    const fan = await createFan(t);
    await fund(fan, 100);
    const addr = await createAddress(t, fan);
    const mug = await createProduct(t, c1.user.id, { name: 'Mug', price: 10, stock: 5, shippingFee: 2 });
    const book = await createProduct(t, c1.user.id, { name: 'Book', type: 'digital', price: 5 });
    const poster = await createProduct(t, c2.user.id, { name: 'Poster', price: 7.5, stock: 1 });
    const cart = (items: Array<{ productId: string; quantity: number }>, extra: object = {}, headers: Record<string, string> = {}) =>
      req('POST', '/wallet/charges/cart', fan, { items, deliveryAddressId: addr._id, ...extra }, headers);
    const nothingMoved = async () => {
      expect(await walletOf(fan)).toBe(10000);
      expect(await chargesOf(fan)).toBe(0);
      expect(await ordersOf(fan)).toEqual([]);
      expect(await t.ctx.db.select().from(purchases).where(eq(purchases.userId, fan.user.id))).toEqual([]);
      expect(await stockOf(mug.id)).toMatchObject({ stock: 5, totalSold: 0 });
      expect(await stockOf(book.id)).toMatchObject({ totalSold: 0 });
      expect(await stockOf(poster.id)).toMatchObject({ stock: 1, totalSold: 0 });
    };
    const stock = await cart([{ productId: mug.id, quantity: 1 }, { productId: book.id, quantity: 1 }, { productId: poster.id, quantity: 2 }]);
    expect([stock.statusCode, stock.json().message]).toEqual([422, 'Only 1 left of “Poster”']);
    await nothingMoved();
    const tv = await createProduct(t, c2.user.id, { name: 'TV', price: 90, stock: 2 });
    const broke = await cart([{ productId: book.id, quantity: 1 }, { productId: mug.id, quantity: 1 }, { productId: tv.id, quantity: 1 }], {}, { 'idempotency-key': 'cart-broke' });
    expect(broke.statusCode).toBe(422);
    expect(broke.json().message).toMatch(/balance is too low/);
    await nothingMoved();
    expect(await stockOf(tv.id)).toMatchObject({ stock: 2, totalSold: 0 });
    await t.ctx.db.insert(userBlocks).values({ blockerId: fan.user.id, targetId: c2.user.id });
    expect((await cart([{ productId: mug.id, quantity: 1 }, { productId: poster.id, quantity: 1 }])).statusCode).toBe(404);
    await t.ctx.db.delete(userBlocks).where(eq(userBlocks.blockerId, fan.user.id));
    await nothingMoved();
    // Field errors: empty, too many, twice the same product, quantity 0/100, no address for goods, NUL.
    const bad = async (body: object) => expect((await req('POST', '/wallet/charges/cart', fan, body)).statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    await bad({ items: [] });
    await bad({ items: Array.from({ length: 21 }, () => ({ productId: uuidv7(), quantity: 1 })) });
    await bad({ items: [{ productId: mug.id, quantity: 1 }, { productId: mug.id, quantity: 2 }] });
    await bad({ items: [{ productId: mug.id, quantity: 0 }] });
    await bad({ items: [{ productId: mug.id, quantity: 100 }] });
    await bad({ items: [{ productId: 'nope', quantity: 1 }] });
    await bad({ items: [{ productId: mug.id, quantity: 1 }] });
    await bad({ items: [{ productId: mug.id, quantity: 1 }], deliveryAddressId: addr._id, note: 'a\u0000b' });
    await nothingMoved();
    expect((await req('POST', '/wallet/charges/cart', c1, { items: [{ productId: poster.id, quantity: 1 }], deliveryAddressId: addr._id })).statusCode).toBe(403);
    expect((await req('POST', '/wallet/charges/cart', undefined, { items: [{ productId: poster.id, quantity: 1 }] })).statusCode).toBe(401);

    const lines = [{ productId: poster.id, quantity: 1 }, { productId: mug.id, quantity: 2 }, { productId: book.id, quantity: 1 }];
    const spare = await createProduct(t, c1.user.id, { type: 'digital', price: 1 });
    const book2Id = () => spare.id;
    const ok = await cart(lines, { note: 'Thanks!' }, { 'idempotency-key': 'cart-1' });
    expect(ok.statusCode, ok.body).toBe(200);
    const result = cartCheckoutResultSchema.parse(ok.json().data);
    expect(result.orders.map((o) => [o.productId, o.quantity, o.total, o.deliveryStatus])).toEqual([
      [poster.id, 1, 7.5, 'processing'], [mug.id, 2, 22, 'processing'], [book.id, 1, 5, 'delivered'],
    ]);
    expect(new Set(result.orders.map((o) => o.checkoutId))).toEqual(new Set([result.checkoutId]));
    expect(result.orders.map((o) => o.chargeId)).toEqual(result.charges.map((c) => c._id));
    expect(result.orders.every((o) => o.note === 'Thanks!')).toBe(true);
    expect(result.orders[2]!.deliveryAddress).toBeNull();
    expect(result.balance).toBe(65.5);
    expect(await earningsOf(c1)).toBe(2160);
    expect(await earningsOf(c2)).toBe(600);
    // The same key: the same answer, nothing more charged — also ten at once.
    const replay = await cart(lines, { note: 'Thanks!' }, { 'idempotency-key': 'cart-1' });
    expect(replay.json()).toEqual(ok.json());
    const burst = await Promise.all(Array.from({ length: 10 }, () => cart(lines, { note: 'Thanks!' }, { 'idempotency-key': 'cart-1' })));
    for (const r of burst) expect(r.json()).toEqual(ok.json());
    expect(await chargesOf(fan)).toBe(3);
    expect(await walletOf(fan)).toBe(6550);
    expect((await cart(lines, { note: 'Other' }, { 'idempotency-key': 'cart-1' })).statusCode).toBe(422);
    // A digital product already bought fails the whole cart.
    const twice = await cart([{ productId: mug.id, quantity: 1 }, { productId: book2Id(), quantity: 2 }]);
    expect([twice.statusCode, twice.json().details?.[0]?.field]).toEqual([400, 'items.1.quantity']);
    const mug2 = await cart([{ productId: mug.id, quantity: 1 }, { productId: book.id, quantity: 1 }]);
    expect(mug2.statusCode).toBe(409);
    expect(await chargesOf(fan)).toBe(3);
    // A digital-only cart needs no address; the single charge is idempotent too.
    const book2 = await createProduct(t, c2.user.id, { type: 'digital', price: 1 });
    expect((await req('POST', '/wallet/charges/cart', fan, { items: [{ productId: book2.id, quantity: 1 }] })).statusCode).toBe(200);
    const one = await buy(fan, mug.id, { deliveryAddressId: addr._id }, { 'idempotency-key': 'single-1' });
    const two = await buy(fan, mug.id, { deliveryAddressId: addr._id }, { 'idempotency-key': 'single-1' });
    expect(two.json()).toEqual(one.json());
    expect(await chargesOf(fan)).toBe(5);
  });
});

describe('delivery and refunds (PUT /orders/{id}/update)', () => {
  async function placed(o: { price?: number; quantity?: number; shippingFee?: number } = {}) {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await fund(fan, 50);
    const addr = await createAddress(t, fan);
    const product = await createProduct(t, creator.user.id, { price: o.price ?? 10, stock: 5, shippingFee: o.shippingFee ?? 3 });
    const res = await buy(fan, product.id, { quantity: o.quantity ?? 2, deliveryAddressId: addr._id });
    expect(res.statusCode, res.body).toBe(200);
    return { creator, fan, addr, product, order: orderSchema.parse(res.json().data.order) };
  }
  const update = (who: Made | undefined, id: string, body: object) => req('PUT', `/orders/${id}/update`, who, body);

  it('a refund reverses the sale exactly once: the fan back to the cent, the creator\'s net and the commission taken back, the stock restored, the buyer told; a second refund → 409', async () => {
    const commissionBefore = await commission();
    const { creator, fan, product, order } = await placed();
    expect(await walletOf(fan)).toBe(2700);
    expect(await earningsOf(creator)).toBe(1840);
    expect(await commission()).toBe(commissionBefore + 460);
    const res = await update(creator, order._id, { deliveryStatus: 'refunded' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ deliveryStatus: 'refunded' });
    expect(res.json().data.refundedAt).toBeTruthy();
    expect(await walletOf(fan)).toBe(5000);
    expect(await earningsOf(creator)).toBe(0);
    expect(await commission()).toBe(commissionBefore);
    expect(await stockOf(product.id)).toMatchObject({ stock: 5, totalSold: 0 });
    const rows = await t.ctx.db.select().from(earnings).where(like(earnings.source, `%wallet_charge:${order.chargeId}`));
    expect(rows.map((r) => [r.source, r.gross, r.commission, r.net]).sort()).toEqual([
      [`refund:wallet_charge:${order.chargeId}`, -2300, -460, -1840],
      [`wallet_charge:${order.chargeId}`, 2300, 460, 1840],
    ]);
    const again = await update(creator, order._id, { deliveryStatus: 'refunded' });
    expect([again.statusCode, again.json().message]).toEqual([409, 'This order has already been refunded']);
    expect((await update(admin, order._id, { deliveryStatus: 'shipping', trackingCode: 'X' })).statusCode).toBe(409);
    const refunds = await t.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, `refund:wallet_charge:${order.chargeId}`));
    expect(refunds).toHaveLength(1);
    expect(await walletOf(fan)).toBe(5000);
    const told = await notes(fan);
    expect(told.map((n) => n.text)).toContain('Your order of Signed mug was refunded: $23.00 is back in your wallet');
  });

  it('two refunds at once (seller and admin) → one reversal, the other 409', async () => {
    const { creator, fan, order } = await placed({ price: 7.77, quantity: 1, shippingFee: 0 });
    const [a, b] = await Promise.all([update(creator, order._id, { deliveryStatus: 'refunded' }), update(admin, order._id, { deliveryStatus: 'refunded' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await t.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, `refund:wallet_charge:${order.chargeId}`))).toHaveLength(1);
    expect(await walletOf(fan)).toBe(5000);
    expect(await earningsOf(creator)).toBe(0);
  });

  it('a creator whose earnings were paid out cannot refund (422, nothing moves); a delivered order cannot be refunded (409)', async () => {
    const { creator, fan, order } = await placed();
    await t.ctx.db.transaction((tx) => t.ctx.ledger.post(tx, { type: 'payout', reference: `test-payout:${uuidv7()}`, postings: [{ account: earningsAccount(creator.user.id), amount: -1840 }, { account: SITE.payouts, amount: 1840 }] }));
    const res = await update(creator, order._id, { deliveryStatus: 'refunded' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/earnings balance is too low/);
    expect(await walletOf(fan)).toBe(2700);
    expect((await req('GET', `/orders/${order._id}`, fan)).json().data.deliveryStatus).toBe('processing');
    expect((await update(creator, order._id, { deliveryStatus: 'shipping', trackingCode: 'TRK1' })).statusCode).toBe(200);
    expect((await update(creator, order._id, { deliveryStatus: 'delivered' })).statusCode).toBe(200);
    expect((await update(creator, order._id, { deliveryStatus: 'refunded' })).statusCode).toBe(409);
  });

  it('processing → shipping (tracking code required) → delivered, each told to the buyer; other moves → 409; digital orders are delivered already', async () => {
    const { creator, fan, order } = await placed();
    const noCode = await update(creator, order._id, { deliveryStatus: 'shipping' });
    expect([noCode.statusCode, noCode.json().details?.[0]?.field]).toEqual([400, 'trackingCode']);
    expect((await update(creator, order._id, { deliveryStatus: 'delivered' })).statusCode).toBe(409);
    expect((await update(creator, order._id, { deliveryStatus: 'processing' })).statusCode).toBe(409);
    expect((await update(creator, order._id, { deliveryStatus: 'lost' })).statusCode).toBe(400);
    expect((await update(creator, order._id, { deliveryStatus: 'shipping', trackingCode: 'x'.repeat(101) })).statusCode).toBe(400);
    const ship = await update(creator, order._id, { deliveryStatus: 'shipping', trackingCode: '1Z999AA10123456784' });
    expect(ship.json().data).toMatchObject({ deliveryStatus: 'shipping', trackingCode: '1Z999AA10123456784' });
    expect(ship.json().data.shippedAt).toBeTruthy();
    expect((await update(creator, order._id, { deliveryStatus: 'processing' })).statusCode).toBe(409);
    const done = await update(creator, order._id, { deliveryStatus: 'delivered' });
    expect(done.json().data).toMatchObject({ deliveryStatus: 'delivered', trackingCode: '1Z999AA10123456784' });
    expect((await update(creator, order._id, { deliveryStatus: 'shipping', trackingCode: 'again' })).statusCode).toBe(409);
    const told = (await notes(fan)).filter((n) => n.type === 'order').map((n) => n.text);
    expect(told).toContain('Test Creator shipped your order of Signed mug (tracking code 1Z999AA10123456784)');
    expect(told).toContain('Your order of Signed mug was delivered');
    const book = await createProduct(t, creator.user.id, { type: 'digital', price: 1 });
    const digital = (await buy(fan, book.id, {})).json().data.order;
    expect((await update(creator, digital._id, { deliveryStatus: 'refunded' })).statusCode).toBe(409);
  });

  it('the buyer changes the delivery address while processing, to their own address only; the seller is told', async () => {
    const { creator, fan, order } = await placed();
    const other = await createFan(t);
    const studio = await createAddress(t, fan, { name: 'Studio', recipientName: 'Fiona at work', city: 'Los Angeles' });
    const theirs = await createAddress(t, other);
    const url = `/orders/${order._id}/update/delivery-address`;
    expect((await req('PUT', url, fan, { deliveryAddressId: theirs._id })).statusCode).toBe(404);
    expect((await req('PUT', url, fan, { deliveryAddressId: 'nope' })).statusCode).toBe(400);
    const ok = await req('PUT', url, fan, { deliveryAddressId: studio._id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ deliveryAddressId: studio._id, deliveryAddress: { recipientName: 'Fiona at work', city: 'Los Angeles' } });
    // The order keeps its copy when the address goes.
    expect((await req('DELETE', `/addresses/${studio._id}`, fan)).statusCode).toBe(200);
    expect((await req('GET', `/orders/${order._id}`, fan)).json().data).toMatchObject({ deliveryAddressId: null, deliveryAddress: { city: 'Los Angeles' } });
    expect((await notes(creator)).map((n) => n.text)).toContain('Test Fan changed the delivery address of their order of Signed mug');
    await update(creator, order._id, { deliveryStatus: 'shipping', trackingCode: 'T1' });
    const home = await createAddress(t, fan, { name: 'Home 2' });
    expect((await req('PUT', url, fan, { deliveryAddressId: home._id })).statusCode).toBe(409);
  });
});

describe('ownership table: every orders route × seller, another creator, buyer, another fan, admin, anonymous', () => {
  it('answers each as the rules say, and only the allowed calls change anything', async () => {
    const seller = await createCreator(t);
    const otherCreator = await createCreator(t);
    const buyer = await createFan(t);
    const otherFan = await createFan(t);
    await fund(buyer, 50);
    const addr = await createAddress(t, buyer);
    const otherAddr = await createAddress(t, otherFan);
    const product = await createProduct(t, seller.user.id, { price: 10, stock: 5 });
    const order = (await buy(buyer, product.id, { deliveryAddressId: addr._id })).json().data.order as { _id: string };
    const callers: Record<string, Made | undefined> = { seller, otherCreator, buyer, otherFan, admin, anonymous: undefined };
    const ids = async (res: { json(): { data: { data: Array<{ _id: string }> } } }) => res.json().data.data.map((o) => o._id);
    const expected: Record<string, Record<string, number>> = {
      searchOwn: { seller: 200, otherCreator: 200, buyer: 200, otherFan: 200, admin: 200, anonymous: 401 },
      search: { seller: 200, otherCreator: 200, buyer: 403, otherFan: 403, admin: 200, anonymous: 401 },
      get: { seller: 200, otherCreator: 404, buyer: 200, otherFan: 404, admin: 200, anonymous: 401 },
      // While the order is processing (the buyer only), then the delivery (the seller or an admin).
      updateAddress: { seller: 404, otherCreator: 404, buyer: 200, otherFan: 404, admin: 404, anonymous: 401 },
      update: { seller: 200, otherCreator: 404, buyer: 403, otherFan: 403, admin: 200, anonymous: 401 },
    };
    // Who sees the order in each list.
    const sees: Record<string, Record<string, boolean>> = {
      searchOwn: { buyer: true },
      search: { seller: true, admin: true },
    };
    // Each caller tries the same move; the admin's on a second order (the seller's moved the first).
    const order2 = (await buy(buyer, product.id, { deliveryAddressId: addr._id })).json().data.order as { _id: string };
    for (const [route, statuses] of Object.entries(expected)) {
      for (const [label, status] of Object.entries(statuses)) {
        const who = callers[label];
        const target = route === 'update' && label === 'admin' ? order2._id : order._id;
        const res =
          route === 'searchOwn' ? await req('GET', '/orders/users/search', who)
            : route === 'search' ? await req('GET', '/orders/search', who)
              : route === 'get' ? await req('GET', `/orders/${order._id}`, who, undefined, label === 'admin' ? REASON : {})
                : route === 'update' ? await req('PUT', `/orders/${target}/update`, who, { deliveryStatus: 'shipping', trackingCode: `by-${label}` })
                  : await req('PUT', `/orders/${order._id}/update/delivery-address`, who, { deliveryAddressId: label === 'buyer' ? addr._id : label === 'otherFan' ? otherAddr._id : addr._id });
        expect(res.statusCode, `${route} as ${label}`).toBe(status);
        if (status === 200 && (route === 'searchOwn' || route === 'search')) expect((await ids(res)).includes(order._id), `${route} as ${label} lists it`).toBe(Boolean(sees[route]?.[label]));
      }
    }
    const [o1, o2] = await Promise.all([order._id, order2._id].map(async (id) => (await req('GET', `/orders/${id}`, admin, undefined, REASON)).json().data));
    expect(o1).toMatchObject({ deliveryStatus: 'shipping', trackingCode: 'by-seller' });
    expect(o2).toMatchObject({ deliveryStatus: 'shipping', trackingCode: 'by-admin' });
    // An admin filters by creator; a creator's performerId filter is ignored (always their own).
    expect(await ids(await req('GET', `/orders/search?performerId=${seller.user.id}&limit=100`, admin))).toEqual(expect.arrayContaining([order._id, order2._id]));
    expect((await req('GET', `/orders/search?performerId=${otherCreator.user.id}`, admin)).json().data.total).toBe(0);
    expect((await req('GET', `/orders/search?performerId=${seller.user.id}`, otherCreator)).json().data.total).toBe(0);
    const mine = (await req('GET', '/orders/users/search?deliveryStatus=shipping&limit=1', buyer)).json().data;
    expect(mine).toMatchObject({ total: 2 });
    expect(mine.data).toHaveLength(1);
    expect((await req('GET', '/orders/users/search?deliveryStatus=refunded', buyer)).json().data.total).toBe(0);
    expect((await req('GET', '/orders/users/search?q=mug', buyer)).json().data.total).toBe(2);
    // Malformed input: 400, never a 500.
    for (const bad of ['not-a-uuid', '1%00']) {
      expect((await req('GET', `/orders/${bad}`, buyer)).statusCode).toBe(400);
      expect((await req('PUT', `/orders/${bad}/update`, seller, { deliveryStatus: 'shipping', trackingCode: 'x' })).statusCode).toBe(400);
      expect((await req('PUT', `/orders/${bad}/update/delivery-address`, buyer, { deliveryAddressId: addr._id })).statusCode).toBe(400);
    }
    expect((await req('GET', '/orders/users/search?deliveryStatus=lost', buyer)).statusCode).toBe(400);
    expect((await req('GET', '/orders/search?performerId=abc', admin)).statusCode).toBe(400);
    expect((await req('PUT', `/orders/${order._id}/update`, seller, { deliveryStatus: 'delivered', trackingCode: 'a\u0000' })).statusCode).toBe(400);
  });

  it('a product that has sold cannot be deleted (409; its buyers keep their orders); unsold ones can', async () => {
    const seller = await createCreator(t);
    const fan = await createFan(t);
    await fund(fan, 10);
    const book = await createProduct(t, seller.user.id, { type: 'digital', price: 2 });
    expect((await buy(fan, book.id, {})).statusCode).toBe(200);
    const del = await req('DELETE', `/performer/performer-assets/products/${book.id}`, seller);
    expect(del.statusCode).toBe(409);
    expect(await t.ctx.db.select().from(products).where(eq(products.id, book.id))).toHaveLength(1);
    const unsold = await createProduct(t, seller.user.id);
    expect((await req('DELETE', `/performer/performer-assets/products/${unsold.id}`, seller)).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(orders).where(and(eq(orders.buyerId, fan.user.id), inArray(orders.productId, [book.id])))).toHaveLength(1);
  });
});
