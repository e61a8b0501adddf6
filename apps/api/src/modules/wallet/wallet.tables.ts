import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { WalletChargeKind } from '@stagepass/shared';
import { idColumn } from '../../db/columns';
import { users } from '../users/users.tables';
import { ledgerTransactions } from '../ledger/ledger.tables';


/**
 * A fan spending wallet balance: a tip or a purchase of an item. Written with its ledger movement
 * (wallet → creator earnings + site commission) and, for purchases, the `purchases` row that
 * grants access — all in one database transaction.
 */
export const walletCharges = pgTable(
  'wallet_charges',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<WalletChargeKind>().notNull(),
    /** The item bought (null for a tip). */
    itemId: uuid('item_id'),
    /** Charged (after a coupon) and list price, minor units. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    originalAmount: bigint('original_amount', { mode: 'number' }).notNull(),
    couponId: uuid('coupon_id'),
    /** The tip's message / the item's title at the time of purchase. */
    description: text('description').notNull().default(''),
    /** Null only for a charge of 0 (a 100% coupon): no money moved. */
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_charges_user_idx').on(t.userId, t.createdAt),
    index('wallet_charges_user_type_idx').on(t.userId, t.type, t.createdAt),
    index('wallet_charges_performer_idx').on(t.performerId, t.createdAt),
  ],
);
export type WalletChargeRow = typeof walletCharges.$inferSelect;

/**
 * Private shows billed per started minute (wallet/private-billing.ts): one row per (stream,
 * minute), written with that minute's wallet charge in one transaction — the primary key makes a
 * minute chargeable exactly once, whichever node's sweep gets there first.
 */
export const privateShowMinutes = pgTable(
  'private_show_minutes',
  {
    streamId: uuid('stream_id').notNull(),
    /** 0 for the first minute. */
    minute: integer('minute').notNull(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    chargeId: uuid('charge_id').notNull().references(() => walletCharges.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.minute] })],
);
