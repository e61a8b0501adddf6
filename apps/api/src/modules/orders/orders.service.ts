import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  canMoveDelivery, fromMinor, isUuid,
  type Order, type OrderSearchQuery, type ProductType, type SellerOrderSearchQuery, type UpdateOrderAddressInput, type UpdateOrderInput,
} from '@stagepass/shared';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { containsPattern } from '../../db/like';
import { dateRange } from '../../platform/date-range';
import { isAdmin } from '../../platform/auth';
import { recordAudit, recordOperatorRead, type AuditActor, type OperatorRead } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { ContentKinds } from '../../platform/content-kinds';
import { conflict, fieldError, notFound, sqlState } from '../../platform/errors';
import type { Events } from '../../platform/events';
import { users, type UserRow } from '../users/users.tables';
import { products } from '../products/products.tables';
import { files as filesTable } from '../media/media.tables';
import type { AddressRow } from '../addresses/addresses.tables';
import type { AddressesService } from '../addresses/addresses.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { MediaService } from '../media/media.service';
import type { UsersService } from '../users/users.service';
import { orders, type OrderAddress, type OrderRow } from './orders.tables';

/** What OrdersService is built with (by the composition root, root.ts). */
export interface OrdersDeps {
  addresses: AddressesService;
  clock: Clock;
  contentKinds: ContentKinds;
  db: Db;
  events: Events;
  ledger: LedgerService;
  media: MediaService;
  users: UsersService;
}

/** One order line as the wallet places it (minor units), inside its charge's transaction. */
export interface NewOrderLine {
  chargeId: string;
  checkoutId: string;
  buyerId: string;
  performerId: string;
  productId: string;
  goods: { name: string; type: ProductType; unitPrice: number; shippingFee: number };
  quantity: number;
  /** What the charge took: unit price × quantity + shipping fee. */
  total: number;
  address: AddressRow | null;
  note: string;
}

/** The copy of an address an order keeps. */
export const addressSnapshot = (a: AddressRow): OrderAddress => ({
  name: a.name, recipientName: a.recipientName, phone: a.phone, country: a.country, state: a.state, city: a.city,
  streetAddress: a.streetAddress, zipCode: a.zipCode, description: a.description,
});

const ADDRESS_FK = 'orders_delivery_address_id_addresses_id_fk';
/** An address deleted between its check and the order's write (a foreign-key violation on it): the same 404 as any address not the caller's. */
export function isAddressGone(err: unknown): boolean {
  if (sqlState(err) !== '23503') return false;
  let e = err as { constraint?: unknown; detail?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++, e = e.cause as typeof e) {
    if (e.constraint === ADDRESS_FK || String(e.detail ?? '').includes('delivery_address_id') || String(e.message ?? '').includes(ADDRESS_FK)) return true;
  }
  return false;
}

/**
 * Orders (README.md beside this file): placed by the wallet in its charge's transaction, read by
 * their buyer, their seller and admins, moved along the delivery by the seller or an admin, and
 * refunded once — the sale reversed in the ledger in the same transaction as the order's change.
 */
export class OrdersService {
  constructor(private deps: OrdersDeps) {}

  private get db() {
    return this.deps.db;
  }

  /** Writes an order line (the wallet's transaction): digital goods are delivered at once, physical ones start processing. */
  async place(tx: Tx, line: NewOrderLine): Promise<OrderRow> {
    const digital = line.goods.type === 'digital';
    const now = this.deps.clock.now();
    const [row] = await tx
      .insert(orders)
      .values({
        buyerId: line.buyerId, performerId: line.performerId, productId: line.productId, chargeId: line.chargeId, checkoutId: line.checkoutId,
        productName: line.goods.name, productType: line.goods.type, quantity: line.quantity, unitPrice: line.goods.unitPrice,
        shippingFee: line.goods.shippingFee, total: line.total,
        deliveryAddressId: digital ? null : (line.address?.id ?? null), deliveryAddress: !digital && line.address ? addressSnapshot(line.address) : null,
        note: line.note, deliveryStatus: digital ? 'delivered' : 'processing', deliveredAt: digital ? now : null,
      })
      .returning();
    await this.deps.events.record(tx, 'order.placed', {
      orderId: row!.id, checkoutId: line.checkoutId, buyerId: line.buyerId, performerId: line.performerId, productId: line.productId,
      productName: line.goods.name, productType: line.goods.type, quantity: line.quantity, total: line.total,
    });
    return row!;
  }

  /**
   * A buyer's physical orders since `since`, newest first, with their delivery — a disputed card
   * payment's evidence (payments README "Disputes"). Index orders_buyer_idx.
   */
  async deliveriesOf(buyerId: string, since: Date, limit: number) {
    const rows = await this.db
      .select({ id: orders.id, productName: orders.productName, status: orders.deliveryStatus, trackingCode: orders.trackingCode, createdAt: orders.createdAt, updatedAt: orders.updatedAt })
      .from(orders)
      .where(and(eq(orders.buyerId, buyerId), eq(orders.productType, 'physical'), sql`${orders.createdAt} >= ${since.toISOString()}::timestamptz`))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit);
    return rows.map((r) => ({ orderId: r.id, productName: r.productName, status: r.status, trackingCode: r.trackingCode, orderedAt: r.createdAt, updatedAt: r.updatedAt }));
  }

  /** GET /orders/users/search: the caller's own orders (index orders_buyer_idx). */
  searchOwn(buyer: UserRow, q: OrderSearchQuery) {
    return this.page([eq(orders.buyerId, buyer.id), ...this.filters(q)], q);
  }

  /**
   * GET /orders/search: a creator's orders of their products; an admin's: all, or one creator's.
   * The operator's list is metadata: no delivery addresses (opening one order shows its address,
   * an audited read — `get`).
   */
  async searchSeller(actor: UserRow, q: SellerOrderSearchQuery) {
    const conds = this.filters(q);
    const admin = isAdmin(actor);
    const performerId = admin ? q.performerId : actor.id;
    if (performerId) conds.push(eq(orders.performerId, performerId));
    if (q.buyerId) conds.push(eq(orders.buyerId, q.buyerId));
    conds.push(...dateRange(orders.createdAt, q.fromDate, q.toDate));
    const page = await this.page(conds, q);
    return admin ? { ...page, data: page.data.map((o) => (o.buyerId === actor.id || o.performerId === actor.id ? o : { ...o, deliveryAddress: null })) } : page;
  }

  /**
   * One order for its buyer, its seller or an operator (`read`: the route's operator context);
   * 404 for anyone else. An operator opening someone else's order (its delivery address) is an
   * audited read (`order.read`, subject: the buyer) with their reason (none → 400, nothing answered).
   */
  async get(actor: UserRow, id: string, read?: OperatorRead | null): Promise<OrderRow> {
    const row = isUuid(id) ? (await this.db.select().from(orders).where(eq(orders.id, id)))[0] : undefined;
    const party = Boolean(row && (row.buyerId === actor.id || row.performerId === actor.id));
    if (!row || !(party || read)) throw notFound('Order not found');
    if (!party && read) await recordOperatorRead(this.db, read, { action: 'order.read', targetType: 'order', targetId: row.id, subjectIds: [row.buyerId] });
    return row;
  }

  /**
   * PUT /orders/{id}/update (the seller or an admin): processing → shipping (tracking code) →
   * delivered; processing | shipping → refunded. The order row is locked first (FOR UPDATE), so of
   * two concurrent changes the second sees the first's result: a second refund → 409, never a second
   * reversal (the ledger's unique reference `refund:wallet_charge:<id>` is the last line of
   * defence). A refund reverses the sale (LedgerService.recordRefund) and restocks physical goods in
   * the same transaction as the order's change; each change records `order.updated`. An
   * operator's change (`audit` given: the route passes it for admins) is audited in the same
   * transaction (`order.refund` or `order.update`), so a refused change leaves no entry.
   */
  async update(actor: UserRow, id: string, input: UpdateOrderInput, audit?: AuditActor): Promise<OrderRow> {
    if (!isUuid(id)) throw notFound('Order not found');
    const to = input.deliveryStatus;
    try {
      return await this.db.transaction(async (tx) => {
        const [o] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
        if (!o || !(isAdmin(actor) || o.performerId === actor.id)) throw notFound('Order not found');
        const from = o.deliveryStatus;
        if (from === 'refunded') throw conflict('This order has already been refunded');
        if (from === to) throw conflict(`This order is already ${to}`);
        if (!canMoveDelivery(from, to)) throw conflict(`An order cannot go from ${from} to ${to}`);
        const now = this.deps.clock.now();
        const patch: Partial<typeof orders.$inferInsert> = { deliveryStatus: to };
        if (to === 'shipping') {
          if (!input.trackingCode) throw fieldError('trackingCode', 'Enter the tracking code of the shipment');
          Object.assign(patch, { trackingCode: input.trackingCode, shippedAt: now });
        } else if (to === 'delivered') {
          Object.assign(patch, { deliveredAt: now, ...(input.trackingCode ? { trackingCode: input.trackingCode } : {}) });
        } else if (to === 'refunded') {
          const { ledgerTx } = await this.deps.ledger.recordRefund(tx, { source: `wallet_charge:${o.chargeId}`, description: `Refund: ${o.productName}${o.quantity > 1 ? ` × ${o.quantity}` : ''}` });
          if (o.productType === 'physical' && o.productId) await this.deps.contentKinds.get('product')?.restock?.(tx, o.productId, o.quantity);
          Object.assign(patch, { refundedAt: now, refundLedgerTransactionId: ledgerTx.id });
        }
        const [row] = await tx.update(orders).set(patch).where(eq(orders.id, o.id)).returning();
        if (audit) {
          const state = (r: OrderRow) => ({ deliveryStatus: r.deliveryStatus, trackingCode: r.trackingCode, refundedAt: r.refundedAt, refundLedgerTransactionId: r.refundLedgerTransactionId });
          await recordAudit(tx, audit, { action: to === 'refunded' ? 'order.refund' : 'order.update', targetType: 'order', targetId: o.id, before: state(o), after: { ...state(row!), total: fromMinor(o.total) } });
        }
        await this.deps.events.record(tx, 'order.updated', {
          orderId: o.id, buyerId: o.buyerId, performerId: o.performerId, actorId: actor.id, productName: o.productName,
          from, to, trackingCode: row!.trackingCode, total: o.total,
        });
        return row!;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('This order has already been refunded');
      throw err;
    }
  }

  /** PUT /orders/{id}/update/delivery-address: the buyer, while a physical order is processing, to one of their own addresses. */
  async updateAddress(buyer: UserRow, id: string, input: UpdateOrderAddressInput): Promise<OrderRow> {
    if (!isUuid(id)) throw notFound('Order not found');
    const current = await this.get(buyer, id);
    if (current.buyerId !== buyer.id) throw notFound('Order not found');
    const address = await this.deps.addresses.own(buyer.id, input.deliveryAddressId);
    try {
      return await this.db.transaction(async (tx) => {
        const [o] = await tx.select().from(orders).where(and(eq(orders.id, id), eq(orders.buyerId, buyer.id))).for('update');
        if (!o) throw notFound('Order not found');
        if (o.productType !== 'physical') throw conflict('A digital order has no delivery address');
        if (o.deliveryStatus !== 'processing') throw conflict('The delivery address can only be changed while the order is processing');
        const [row] = await tx.update(orders).set({ deliveryAddressId: address.id, deliveryAddress: addressSnapshot(address) }).where(eq(orders.id, o.id)).returning();
        await this.deps.events.record(tx, 'order.address-changed', { orderId: o.id, buyerId: o.buyerId, performerId: o.performerId, productName: o.productName });
        return row!;
      });
    } catch (err) {
      if (isAddressGone(err)) throw notFound('Address not found');
      throw err;
    }
  }

  // ---------------------------------------------------------------- downloads (products.downloads.ts DownloadRights)

  /** The buyer's order of a product that was not refunded (index orders_buyer_product_idx). */
  async activeProductOrder(userId: string, productId: string): Promise<{ id: string } | null> {
    if (!isUuid(productId)) return null;
    const [row] = await this.db.select({ id: orders.id }).from(orders).where(and(eq(orders.buyerId, userId), eq(orders.productId, productId), isNull(orders.refundedAt))).limit(1);
    return row ?? null;
  }

  async countOrderDownload(orderId: string): Promise<void> {
    await this.db.update(orders).set({ totalDownload: sql`${orders.totalDownload} + 1`, updatedAt: sql`${orders.updatedAt}` }).where(eq(orders.id, orderId));
  }

  // ---------------------------------------------------------------- views

  /**
   * Orders as the API shows them, in a fixed number of queries: the buyers' and sellers' cards, the
   * products' first images (read from the products table; the files from the media module).
   */
  async views(rows: OrderRow[], db: DbOrTx = this.db): Promise<Order[]> {
    if (!rows.length) return [];
    const userIds = [...new Set(rows.flatMap((r) => [r.buyerId, r.performerId]))];
    const productIds = [...new Set(rows.map((r) => r.productId).filter((x): x is string => Boolean(x)))];
    const [people, prods] = await Promise.all([
      db.select().from(users).where(inArray(users.id, userIds)),
      productIds.length ? db.select({ id: products.id, imageIds: products.imageIds }).from(products).where(inArray(products.id, productIds)) : Promise.resolve([]),
    ]);
    const firstImage = new Map(prods.filter((p) => p.imageIds.length).map((p) => [p.id, p.imageIds[0]!]));
    // Read through `db` (the wallet answers inside its transaction): the media module's own reader would not.
    const files = firstImage.size ? await db.select().from(filesTable).where(inArray(filesTable.id, [...firstImage.values()])) : [];
    const fileById = new Map(files.map((f) => [f.id, f]));
    const userById = new Map(people.map((u) => [u.id, u]));
    const card = (id: string) => {
      const u = userById.get(id);
      return u ? this.deps.users.card(u) : null;
    };
    const imageOf = (productId: string | null) => {
      const f = productId ? fileById.get(firstImage.get(productId) ?? '') : undefined;
      if (!f) return null;
      const v = this.deps.media.fileView(f, 'full', null); // product images (public): no viewer needed
      return v.thumbnails.at(-1) ?? v.url ?? null;
    };
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    return rows.map((r) => ({
      _id: r.id, checkoutId: r.checkoutId, chargeId: r.chargeId,
      buyerId: r.buyerId, buyer: card(r.buyerId), performerId: r.performerId, performer: card(r.performerId),
      productId: r.productId, productName: r.productName, productType: r.productType, productImage: imageOf(r.productId),
      quantity: r.quantity, unitPrice: fromMinor(r.unitPrice), shippingFee: fromMinor(r.shippingFee), total: fromMinor(r.total),
      deliveryAddressId: r.deliveryAddressId, deliveryAddress: r.deliveryAddress ?? null, note: r.note,
      deliveryStatus: r.deliveryStatus, trackingCode: r.trackingCode,
      shippedAt: iso(r.shippedAt), deliveredAt: iso(r.deliveredAt), refundedAt: iso(r.refundedAt), totalDownload: r.totalDownload,
      createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
    }));
  }

  async view(row: OrderRow): Promise<Order> {
    return (await this.views([row]))[0]!;
  }

  private filters(q: OrderSearchQuery): SQL[] {
    const out: SQL[] = [];
    if (q.deliveryStatus) out.push(eq(orders.deliveryStatus, q.deliveryStatus));
    if (q.productType) out.push(eq(orders.productType, q.productType));
    if (q.q) out.push(ilike(orders.productName, containsPattern(q.q)));
    return out;
  }

  /**
   * A page and its total. Newest first uses the (owner, created_at desc, id desc) indexes, or for
   * an admin's list of every order (created_at desc, id desc) — `orders_created_idx`, which also
   * serves its date range.
   */
  private async page(conds: SQL[], q: OrderSearchQuery): Promise<{ data: Order[]; total: number }> {
    const where = conds.length ? and(...conds) : undefined;
    const dir = q.sort === 'asc' ? asc : desc;
    const order = q.sortBy === 'total' ? [dir(orders.total), dir(orders.id)] : q.sortBy === 'updatedAt' ? [dir(orders.updatedAt), dir(orders.id)] : [dir(orders.createdAt), dir(orders.id)];
    const [rows, [total]] = await Promise.all([
      this.db.select().from(orders).where(where).orderBy(...order).limit(q.limit).offset(q.offset),
      this.db.select({ n: count() }).from(orders).where(where),
    ]);
    return { data: await this.views(rows), total: Number(total?.n ?? 0) };
  }
}
