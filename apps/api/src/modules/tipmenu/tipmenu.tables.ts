import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TipMenuOrderStatus } from '@stagepass/shared';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';
import { walletCharges } from '../wallet/wallet.tables';

/**
 * A creator's tip menu (issue 31 §2; modules/tipmenu README): items with a price (minor units),
 * an optional keyword (`!song`, unique per creator), an active toggle and an order (`position`).
 */
export const tipMenuItems = pgTable(
  'tip_menu_items',
  {
    id: idColumn(),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    price: bigint('price', { mode: 'number' }).notNull(),
    keyword: text('keyword'),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('tip_menu_items_performer_idx').on(t.performerId, t.position),
    uniqueIndex('tip_menu_items_keyword_uq').on(t.performerId, t.keyword),
    check('tip_menu_items_price_ck', sql`${t.price} > 0`),
  ],
);
export type TipMenuItemRow = typeof tipMenuItems.$inferSelect;

/**
 * One order of a menu item: a tip (the wallet charge, written in the same transaction) with the
 * item's name and price copied (the item may change or go), the fan's note, pending → done.
 */
export const tipMenuOrders = pgTable(
  'tip_menu_orders',
  {
    id: idColumn(),
    itemId: uuid('item_id').references(() => tipMenuItems.id, { onDelete: 'set null' }),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    fanId: uuid('fan_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    itemName: text('item_name').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    note: text('note').notNull().default(''),
    /** The live stream it was ordered in, if any (no FK: streams are a content module's rows). */
    streamId: uuid('stream_id'),
    status: text('status').$type<TipMenuOrderStatus>().notNull().default('pending'),
    chargeId: uuid('charge_id').notNull().references(() => walletCharges.id),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [
    index('tip_menu_orders_performer_idx').on(t.performerId, t.status, t.createdAt),
    index('tip_menu_orders_fan_idx').on(t.fanId, t.createdAt),
    index('tip_menu_orders_item_idx').on(t.itemId),
    uniqueIndex('tip_menu_orders_charge_uq').on(t.chargeId),
    check('tip_menu_orders_status_ck', sql`${t.status} in ('pending', 'done')`),
  ],
);
export type TipMenuOrderRow = typeof tipMenuOrders.$inferSelect;
