import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DeliveryStatus, ProductType } from '@stagepass/shared';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';
import { products } from '../products/products.tables';
import { addresses } from '../addresses/addresses.tables';
import { walletCharges } from '../wallet/wallet.tables';
import { ledgerTransactions } from '../ledger/ledger.tables';

/** The delivery address as it was when ordered (the buyer may edit or delete the address later). */
export interface OrderAddress {
  name: string;
  recipientName: string;
  phone: string | null;
  country: string;
  state: string;
  city: string;
  streetAddress: string;
  zipCode: string;
  description: string;
}

/**
 * One line of a purchase of a product (spec §7 Orders): written in the same transaction as its
 * wallet charge (`charge_id`, unique), with the product's name, type and prices as they were.
 * `total` = unit price × quantity + shipping fee (minor units) = the charge's gross. A refund
 * reverses the charge's sale in the ledger once (`refund_ledger_transaction_id`; the ledger's unique
 * reference is the real guard). `checkout_id` groups the lines of one cart checkout.
 */
export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    buyerId: uuid('buyer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    chargeId: uuid('charge_id').notNull().references(() => walletCharges.id),
    checkoutId: uuid('checkout_id').notNull(),
    productName: text('product_name').notNull(),
    productType: text('product_type').$type<ProductType>().notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    shippingFee: integer('shipping_fee').notNull().default(0),
    total: integer('total').notNull(),
    deliveryAddressId: uuid('delivery_address_id').references(() => addresses.id, { onDelete: 'set null' }),
    deliveryAddress: jsonb('delivery_address').$type<OrderAddress | null>(),
    note: text('note').notNull().default(''),
    deliveryStatus: text('delivery_status').$type<DeliveryStatus>().notNull(),
    trackingCode: text('tracking_code'),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    refundLedgerTransactionId: uuid('refund_ledger_transaction_id').references(() => ledgerTransactions.id),
    totalDownload: integer('total_download').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('orders_charge_uq').on(t.chargeId),
    index('orders_buyer_idx').on(t.buyerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_performer_idx').on(t.performerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_performer_status_idx').on(t.performerId, t.deliveryStatus, t.createdAt.desc().nullsFirst()),
    // The operator's list of every order with a date range (newest first, ties by id).
    index('orders_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Download rights: a buyer's orders of one product.
    index('orders_buyer_product_idx').on(t.buyerId, t.productId).where(sql`${t.refundedAt} is null`),
  ],
);
export type OrderRow = typeof orders.$inferSelect;

/**
 * A signed-in fan's cart (issue 26 §4.5: it lived in one browser's storage), one row per line:
 * the pair is the primary key (a product is once in a cart), `quantity` 1–99, at most 20 lines
 * (the service's rule). Read oldest first by `cart_items_user_created_idx`; a deleted product or
 * account takes its lines with it.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    ...timestamps(),
  },
  (t) => [primaryKey({ name: 'cart_items_pk', columns: [t.userId, t.productId] }), index('cart_items_user_created_idx').on(t.userId, t.createdAt)],
);
export type CartItemRow = typeof cartItems.$inferSelect;
