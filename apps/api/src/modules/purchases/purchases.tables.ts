import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn } from '../../db/columns';
import { PURCHASABLE_KINDS, type PurchasableKind } from '@stagepass/shared';
import { users } from '../users/users.tables';

/** The content kinds a fan can buy (shared PURCHASABLE_KINDS). */
export const PURCHASE_ITEM_TYPES = PURCHASABLE_KINDS;
export type PurchaseItemType = PurchasableKind;

/**
 * One row per thing a fan has bought once and keeps (a pay-per-view feed, a video…) — the minimal
 * shape the access rules read; the money issue writes it from the wallet ledger. Buying the same
 * item twice is impossible (unique user × item).
 */
export const purchases = pgTable(
  'purchases',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    itemType: text('item_type').$type<PurchaseItemType>().notNull(),
    itemId: uuid('item_id').notNull(),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** Price paid, integer minor units. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchases_user_item_uq').on(t.userId, t.itemType, t.itemId),
    index('purchases_performer_idx').on(t.performerId, t.createdAt),
  ],
);
export type PurchaseRow = typeof purchases.$inferSelect;
