import { sql } from 'drizzle-orm';
import { check, customType, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AssetStatus, ProductType } from '@stagepass/shared';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';
import { files } from '../media/media.tables';

/** PostgreSQL `tsvector` (read-only: the column is generated). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A creator's product (spec §7 Products): physical (with `stock` and a shipping fee) or digital
 * (with the file buyers download). Prices in minor units. `stock` is decremented by a conditional
 * UPDATE inside the charge's transaction (never below 0: the CHECK is the last line of defence).
 */
export const products = pgTable(
  'products',
  {
    id: idColumn(),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type').$type<ProductType>().notNull(),
    status: text('status').$type<AssetStatus>().notNull().default('draft'),
    price: integer('price').notNull(),
    /** Physical only: units left (null for digital). */
    stock: integer('stock'),
    /** Physical only: added once per order line. */
    shippingFee: integer('shipping_fee').notNull().default(0),
    /** Ordered ids of the product's images (public files, rows in `files`). */
    imageIds: jsonb('image_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Digital only: the private file buyers download. */
    digitalFileId: uuid('digital_file_id').references(() => files.id, { onDelete: 'set null' }),
    totalSold: integer('total_sold').notNull().default(0),
    totalView: integer('total_view').notNull().default(0),
    totalLike: integer('total_like').notNull().default(0),
    totalComment: integer('total_comment').notNull().default(0),
    totalBookmark: integer('total_bookmark').notNull().default(0),
    totalDownload: integer('total_download').notNull().default(0),
    /** Hidden by an operator (reports / content console): invisible to all but the owner and admins (README "Hidden content"). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    hiddenReason: text('hidden_reason'),
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, coalesce("name", '') || ' ' || coalesce("description", ''))`),
    ...timestamps(),
  },
  (t) => [
    index('products_performer_created_idx').on(t.performerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_active_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.status} = 'active'`),
    index('products_search_idx').using('gin', t.searchVector),
    check('products_stock_ck', sql`${t.stock} is null or ${t.stock} >= 0`),
    check('products_price_ck', sql`${t.price} > 0 and ${t.shippingFee} >= 0`),
  ],
);
export type ProductRow = typeof products.$inferSelect;
