import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  MESSAGES, fromMinor, toMinor,
  type CartCheckoutBody, type CartCheckoutResult, type WalletCharge, type WalletChargeBody, type WalletChargeKind, type WalletChargeResult, type WalletChargeSearch,
} from '@stagepass/shared';
import { uuidv7 } from 'uuidv7';
import { dateRange } from '../../platform/date-range';
import type { Tx } from '../../db/client';
import { HttpError, conflict, fieldError, notFound, unprocessable } from '../../platform/errors';
import type { Replayable } from '../ledger/idempotency';
import { wallet } from '../ledger/ledger.service';
import { users, type UserRow } from '../users/users.tables';
import { walletCharges, type WalletChargeRow } from './wallet.tables';
import { writeCharge, type ChargeInput } from './wallet.charges';
import { isBlockedBetween } from '../blocks/blocks.policy';
import { isAdmin } from '../../platform/auth';
import type { ContentKinds, SaleTerms } from '../../platform/content-kinds';
import type { Db } from '../../db/client';
import type { Events } from '../../platform/events';
import type { CouponsService } from '../coupons/coupons.service';
import type { Idempotency } from '../ledger/idempotency';
import type { LedgerService } from '../ledger/ledger.service';
import type { PaymentsService } from '../payments/payments.service';
import type { PurchasesService } from '../purchases/purchases.service';
import type { UsersService } from '../users/users.service';
import type { SellerGate } from '../performers/performers.policy';
import type { AddressesService } from '../addresses/addresses.service';
import type { AddressRow } from '../addresses/addresses.tables';
import type { SalesTaxService, TaxRequest } from '../taxes/sales-tax.service';
import { isAddressGone, type OrdersService } from '../orders/orders.service';
import type { OrderRow } from '../orders/orders.tables';

/** What WalletService is built with (by the composition root, root.ts). */
export interface WalletDeps {
  addresses: AddressesService;
  contentKinds: ContentKinds;
  coupons: CouponsService;
  db: Db;
  events: Events;
  idempotency: Idempotency;
  ledger: LedgerService;
  orders: OrdersService;
  payments: PaymentsService;
  purchases: PurchasesService;
  /** THE selling rule (performers.policy.ts): no tip or purchase pays a creator who may not sell (422). */
  sellers: Pick<SellerGate, 'assertPayable'>;
  /** Each charge's sales tax (taxes README "Sales tax"). */
  taxes: Pick<SalesTaxService, 'quote' | 'record' | 'ledgerTax'>;
  users: UsersService;
}

/** A purchase's item side, decided before any money moves (WalletService.buy → pay). */
interface Bought {
  kind: Exclude<WalletChargeKind, 'tip'>;
  item: SaleTerms;
  chargeId: string;
  amount: number;
  couponId: string | null;
  address: AddressRow | null;
  note: string;
  checkoutId: string;
  requestCountry: string | null;
}

/**
 * Spending the wallet: tips, purchases (POST /wallet/charges/{kind}/{id}) and cart checkouts of
 * products (POST /wallet/charges/cart). One database transaction writes the item side (the kind's
 * terms — for goods, the stock taken by one conditional UPDATE — the coupon use, the `purchases`
 * row of a bought-once item) and the money side (the ledger movement wallet → creator earnings +
 * site commission, the earnings row, the wallet charge, its domain event `tip.sent` /
 * `item.purchased` and, for goods, the order line with its `order.placed`) — or nothing.
 *
 * Concurrency: the stock UPDATE and the `purchases` unique index make a second buyer wait for the
 * first, then see the result (no stock → 422, already bought → 409); the wallet is debited by a
 * conditional UPDATE (balance ≥ price), so parallel spends can never take it below zero: the ones
 * that do not fit fail with 422 and leave nothing behind.
 *
 * Inside the transaction every query goes through `tx` (on PGlite a query on the plain
 * connection would wait for the open transaction forever): that is why the delivery address is
 * read before it (`AddressesService.own`), and the order views are given `tx`.
 */
export class WalletService {
  constructor(private deps: WalletDeps) {}

  async charge(user: UserRow, kind: WalletChargeKind, id: string, body: WalletChargeBody, key: string | undefined, fp: string, place: TaxRequest): Promise<Replayable<WalletChargeResult>> {
    if (user.isPerformer) throw new HttpError(403, 'Creators cannot spend from a wallet');
    // A fan whose card payment is disputed spends nothing until it closes (payments README "Disputes").
    await this.deps.payments.assertMaySpend(user.id);
    // Validation that needs no transaction comes first.
    if (kind === 'tip') {
      if (body.price === undefined) throw fieldError('price', 'Enter the tip amount');
      await this.deps.payments.checkRange('tip', 'price', body.price, 'minimumTipPrice', 'maximumTipPrice');
      if (body.streamId && !this.deps.contentKinds.get('stream')?.tip) throw unprocessable('Tips in live streams are not available');
    } else if (!this.deps.contentKinds.get(kind)?.sale) {
      throw unprocessable(`Buying a ${kind} is not available yet`);
    }
    const performer = kind === 'tip' ? await this.deps.users.findByIdOrUsername(id) : null;
    // The buyer's own address only (another user's → 404), read before the transaction.
    const address = kind === 'product' ? await this.deliveryAddress(user, body.deliveryAddressId) : null;
    return this.guarded(() =>
      this.deps.idempotency.single(user.id, key, fp, async (tx) => {
        if (kind === 'tip') return { statusCode: 200, body: await this.tip(tx, user, performer, body, place) };
        const checkoutId = uuidv7();
        const line = { id, quantity: body.quantity ?? 1, field: 'quantity' };
        const bought = await this.buy(tx, user, kind, line, { couponCode: body.couponCode, address, note: body.note ?? '', checkoutId, requestCountry: place.requestCountry });
        const { charge, order } = await this.pay(tx, user, bought);
        const [view] = await this.views([charge], tx);
        const orderView = order ? (await this.deps.orders.views([order], tx))[0] : undefined;
        return { statusCode: 200, body: { charge: view!, balance: await this.balanceOf(tx, user), ...(orderView ? { order: orderView } : {}) } };
      }),
    );
  }

  /**
   * POST /wallet/charges/cart: every line in ONE transaction — all or nothing. First each product's
   * terms (its stock taken), in product-id order; then the money, one charge and one order per line,
   * by seller: concurrent checkouts take the rows they share (stock, creators' earnings accounts)
   * in the same order, so they queue instead of deadlocking. Any refusal rolls back every line.
   */
  async checkout(user: UserRow, body: CartCheckoutBody, key: string | undefined, fp: string, place: TaxRequest): Promise<Replayable<CartCheckoutResult>> {
    if (user.isPerformer) throw new HttpError(403, 'Creators cannot spend from a wallet');
    await this.deps.payments.assertMaySpend(user.id);
    if (!this.deps.contentKinds.get('product')?.sale) throw unprocessable('Buying a product is not available yet');
    const address = await this.deliveryAddress(user, body.deliveryAddressId);
    return this.guarded(() =>
      this.deps.idempotency.single(user.id, key, fp, async (tx) => {
        const checkoutId = uuidv7();
        const lines = body.items.map((l, i) => ({ id: l.productId, quantity: l.quantity, field: `items.${i}.quantity`, index: i })).sort((a, b) => a.id.localeCompare(b.id));
        const bought: Array<Bought & { index: number }> = [];
        for (const l of lines) bought.push({ ...(await this.buy(tx, user, 'product', l, { address, note: body.note ?? '', checkoutId, requestCountry: place.requestCountry })), index: l.index });
        bought.sort((a, b) => a.item.performerId.localeCompare(b.item.performerId) || a.item.itemId.localeCompare(b.item.itemId));
        const paid: Array<{ index: number; charge: WalletChargeRow; order: OrderRow }> = [];
        for (const b of bought) {
          const { charge, order } = await this.pay(tx, user, b);
          paid.push({ index: b.index, charge, order: order! });
        }
        paid.sort((a, b) => a.index - b.index);
        const [charges, orders] = await Promise.all([this.views(paid.map((p) => p.charge), tx), this.deps.orders.views(paid.map((p) => p.order), tx)]);
        return { statusCode: 200, body: { checkoutId, orders, charges, balance: await this.balanceOf(tx, user) } };
      }),
    );
  }

  /** The buyer's own delivery address, or 404 'Address not found' (whoever else's it is). */
  private async deliveryAddress(user: UserRow, id: string | undefined): Promise<AddressRow | null> {
    return id ? this.deps.addresses.own(user.id, id) : null;
  }

  /** An address deleted between its check and the order's write is the same 404 as any address not the caller's. */
  private async guarded<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (isAddressGone(err)) throw notFound('Address not found');
      throw err;
    }
  }

  private async balanceOf(tx: Tx, user: UserRow): Promise<number> {
    return fromMinor(await this.deps.ledger.balance(tx, wallet(user.id)));
  }

  private async tip(tx: Tx, user: UserRow, performer: UserRow | null, body: WalletChargeBody, place: TaxRequest): Promise<WalletChargeResult> {
    if (!performer || !performer.isPerformer) throw notFound('Creator not found');
    if (performer.id === user.id) throw unprocessable(MESSAGES.ownItem);
    // A block either way: as if the creator did not exist (blocks.policy.ts).
    if (!isAdmin(user) && (await isBlockedBetween(tx, user.id, performer.id))) throw notFound('Creator not found');
    await this.deps.sellers.assertPayable(performer.id, tx);
    const amount = toMinor(body.price!);
    const message = (body.message ?? '').replace(/<[^>]*>/g, '').trim();
    // A tip in a live stream: the line says so, and the stream kind records it in the stream (its
    // chat's tip message, the tip goal) in this same transaction — a refusal there (not the tipped
    // creator's live stream: 404; the tipper may not be in it: 403) rolls the whole tip back.
    const description = body.streamId ? (message ? `Tip in live stream: ${message}` : 'Tip in live stream') : message;
    const charge = await this.tipIn(tx, user, { performerId: performer.id, amount, description, message, streamId: body.streamId, requestCountry: place.requestCountry });
    const [view] = await this.views([charge], tx);
    return { charge: view!, balance: await this.balanceOf(tx, user) };
  }

  /**
   * A tip of a tip-menu order (tipmenu module), inside the order's transaction: the same charge as
   * any tip (sales tax, ledger, earnings row — channel `tip_menu` — `tip.sent`) with the line
   * "Tip menu: <item name>"; in a live stream the stream kind records it in the chat as the order.
   * The caller has checked the item, the blocks and the creator; the seller gate is checked here.
   */
  async menuTip(tx: Tx, user: UserRow, t: { performerId: string; amount: number; itemName: string; note: string; streamId?: string; requestCountry: string | null }): Promise<{ charge: WalletChargeRow; balance: number }> {
    await this.deps.sellers.assertPayable(t.performerId, tx);
    const description = `Tip menu: ${t.itemName}`;
    const charge = await this.tipIn(tx, user, { performerId: t.performerId, amount: t.amount, description, message: t.note || description, channel: 'tip_menu', streamId: t.streamId, menuItem: t.itemName, requestCountry: t.requestCountry });
    return { charge, balance: await this.balanceOf(tx, user) };
  }

  /** THE tip write: the charge, and in a live stream the stream kind's record of it (a refusal there rolls it all back). */
  private async tipIn(tx: Tx, user: UserRow, t: { performerId: string; amount: number; description: string; message: string; channel?: 'tip_menu'; streamId?: string; menuItem?: string; requestCountry: string | null }): Promise<WalletChargeRow> {
    const charge = await this.write(tx, user, { type: 'tip', channel: t.channel, performerId: t.performerId, itemId: null, amount: t.amount, originalAmount: t.amount, couponId: null, description: t.description, message: t.message, requestCountry: t.requestCountry });
    if (t.streamId) {
      const stream = this.deps.contentKinds.get('stream');
      if (!stream?.tip) throw unprocessable('Tips in live streams are not available');
      await stream.tip(tx, user, t.streamId, { performerId: t.performerId, amount: t.amount, message: t.message, chargeId: charge.id, ...(t.menuItem ? { menuItem: t.menuItem } : {}) });
    }
    return charge;
  }

  /**
   * The item side of a purchase, inside the charge's transaction: the kind's terms (for goods, the
   * stock is taken here), the rules every purchase obeys (own item, blocks, bought-once items,
   * quantity, coupon, delivery address) and the `purchases` row of a bought-once item.
   */
  private async buy(
    tx: Tx,
    user: UserRow,
    kind: Exclude<WalletChargeKind, 'tip'>,
    line: { id: string; quantity: number; field: string },
    o: { couponCode?: string; address: AddressRow | null; note: string; checkoutId: string; requestCountry: string | null },
  ): Promise<Bought> {
    const seller = this.deps.contentKinds.get(kind);
    if (!seller?.sale) throw unprocessable(`Buying a ${kind} is not available yet`);
    const item = await seller.sale(tx, user, line.id, { quantity: line.quantity });
    if (item.performerId === user.id) throw unprocessable(MESSAGES.ownItem);
    // Whatever the kind: nothing is sold across a block, either way (blocks.policy.ts) — 404, as
    // if the item did not exist (a kind's own `sale` may already have said so).
    if (!isAdmin(user) && (await isBlockedBetween(tx, user.id, item.performerId))) throw notFound('Item not found');
    await this.deps.sellers.assertPayable(item.performerId, tx);
    if (!item.repeatable && line.quantity !== 1) throw fieldError(line.field, 'This item is bought once: quantity 1');
    if (item.goods && o.couponCode) throw fieldError('couponCode', 'Coupons do not apply to shop products');
    if (item.goods?.type === 'physical' && !o.address) throw fieldError('deliveryAddressId', 'Choose a delivery address');
    let amount = item.price;
    let couponId: string | null = null;
    const chargeId = uuidv7();
    if (o.couponCode) {
      const c = await this.deps.coupons.redeem(tx, o.couponCode, user.id, item.performerId, `wallet_charge:${chargeId}`);
      couponId = c.id;
      amount = c.apply(amount);
    }
    if (!item.repeatable) {
      const bought = await this.deps.purchases.record({ userId: user.id, itemType: kind, itemId: item.itemId, performerId: item.performerId, amount }, tx);
      if (!bought) throw conflict(item.goods ? `You have already bought “${item.goods.name}”` : MESSAGES.alreadyBought);
    }
    return { kind, item, chargeId, amount, couponId, address: o.address, note: o.note, checkoutId: o.checkoutId, requestCountry: o.requestCountry };
  }

  /** The money side: the charge (ledger movement, earnings, `wallet_charges`, its event) and, for goods, the order line. */
  private async pay(tx: Tx, user: UserRow, b: Bought): Promise<{ charge: WalletChargeRow; order: OrderRow | null }> {
    const charge = await this.write(tx, user, { id: b.chargeId, type: b.kind, performerId: b.item.performerId, itemId: b.item.itemId, amount: b.amount, originalAmount: b.item.price, couponId: b.couponId, description: b.item.description, requestCountry: b.requestCountry });
    const order = b.item.goods
      ? await this.deps.orders.place(tx, {
          chargeId: charge.id, checkoutId: b.checkoutId, buyerId: user.id, performerId: b.item.performerId, productId: b.item.itemId,
          goods: b.item.goods, quantity: b.item.quantity ?? 1, total: b.amount, address: b.address, note: b.note,
        })
      : null;
    return { charge, order };
  }

  private async write(tx: Tx, user: UserRow, c: ChargeInput): Promise<WalletChargeRow> {
    return writeCharge(this.deps, tx, user.id, c);
  }

  async views(rows: WalletChargeRow[], db: Tx | Db = this.deps.db): Promise<WalletCharge[]> {
    const ids = [...new Set(rows.map((r) => r.performerId))];
    const perf = ids.length ? await db.select().from(users).where(inArray(users.id, ids)) : [];
    const byId = new Map(perf.map((u) => [u.id, u]));
    return rows.map((r) => {
      const p = byId.get(r.performerId);
      return { _id: r.id, type: r.type, itemId: r.itemId, amount: fromMinor(r.amount), originalAmount: fromMinor(r.originalAmount), description: r.description, performer: p ? this.deps.users.card(p) : null, createdAt: r.createdAt.toISOString() };
    });
  }

  /** GET /wallet/charges/search: the caller's own spending. */
  async search(userId: string, q: WalletChargeSearch): Promise<{ data: WalletCharge[]; total: number }> {
    const conds: SQL[] = [eq(walletCharges.userId, userId)];
    if (q.type) conds.push(eq(walletCharges.type, q.type));
    conds.push(...dateRange(walletCharges.createdAt, q.fromDate, q.toDate));
    const where = and(...conds);
    const col = q.sortBy === 'amount' ? walletCharges.amount : walletCharges.createdAt;
    const [rows, [{ n }]] = await Promise.all([
      this.deps.db.select().from(walletCharges).where(where).orderBy(q.sort === 'asc' ? asc(col) : desc(col), desc(walletCharges.id)).limit(q.limit).offset(q.offset),
      this.deps.db.select({ n: count() }).from(walletCharges).where(where),
    ]);
    return { data: await this.views(rows), total: Number(n) };
  }
}
