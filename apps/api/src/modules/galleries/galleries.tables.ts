import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AssetAccess, AssetStatus } from '@stagepass/shared';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';
import { files } from '../media/media.tables';
import { subscriptionTiers } from '../subscriptions/tiers.tables';

/** PostgreSQL `tsvector` (read-only: the column is generated). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A creator's photo gallery (spec §7 Galleries). Visible to fans when active and published;
 * `access` decides who may open its photos (`price`, minor units, only for `sale`). `total_photo`
 * is kept in the same transaction as every photo insert/delete.
 */
export const galleries = pgTable(
  'galleries',
  {
    id: idColumn(),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    status: text('status').$type<AssetStatus>().notNull().default('draft'),
    access: text('access').$type<AssetAccess>().notNull().default('free'),
    price: integer('price'),
    publishAt: timestamp('publish_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    totalPhoto: integer('total_photo').notNull().default(0),
    totalView: integer('total_view').notNull().default(0),
    totalLike: integer('total_like').notNull().default(0),
    totalComment: integer('total_comment').notNull().default(0),
    totalBookmark: integer('total_bookmark').notNull().default(0),
    totalSale: integer('total_sale').notNull().default(0),
    /** Hidden by an operator (reports / content console): invisible to all but the owner and admins (README "Hidden content"). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    hiddenReason: text('hidden_reason'),
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, coalesce("title", '') || ' ' || coalesce("description", ''))`),
    /** Lowest subscription tier that opens it (null: any subscription; subscriptions/tiers.policy.ts). */
    minTierId: uuid('min_tier_id').references(() => subscriptionTiers.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('galleries_performer_publish_idx').on(t.performerId, t.publishAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('galleries_publish_idx').on(t.publishAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.status} = 'active'`),
    index('galleries_search_idx').using('gin', t.searchVector),
    check('galleries_price_ck', sql`(${t.access} = 'sale') = (${t.price} is not null and ${t.price} > 0)`),
  ],
);
export type GalleryRow = typeof galleries.$inferSelect;

/**
 * A photo of a gallery (spec §7 Photos). Its access is its gallery's. One cover per gallery: the
 * partial unique index makes a second cover impossible, so set-cover clears and sets in one
 * transaction.
 */
export const photos = pgTable(
  'photos',
  {
    id: idColumn(),
    galleryId: uuid('gallery_id').notNull().references(() => galleries.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').notNull().references(() => files.id, { onDelete: 'restrict' }),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    status: text('status').$type<AssetStatus>().notNull().default('active'),
    isCover: boolean('is_cover').notNull().default(false),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('photos_gallery_idx').on(t.galleryId, t.position, t.id),
    index('photos_performer_idx').on(t.performerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('photos_file_idx').on(t.fileId),
    uniqueIndex('photos_gallery_cover_uq').on(t.galleryId).where(sql`${t.isCover}`),
  ],
);
export type PhotoRow = typeof photos.$inferSelect;
