import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AssetAccess, AssetStatus } from '@stagepass/shared';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';
import { files } from '../media/media.tables';
import { subscriptionTiers } from '../subscriptions/tiers.tables';

/** PostgreSQL `tsvector` (read-only: the column is generated). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A creator's video (spec §7 Videos). Fans see it when `status` is active and `publish_at` has
 * passed (a query-time rule; the scheduled-publication job only records the event at that time).
 * `access` decides who may open the full video (`price`, minor units, only for `sale`); the teaser
 * and thumbnail are open to everyone who may see the video listed. The counters are kept by the
 * engagement modules through the content-kind registry; `total_view` by GET …/videos/{id}.
 */
export const videos = pgTable(
  'videos',
  {
    id: idColumn(),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    status: text('status').$type<AssetStatus>().notNull().default('draft'),
    access: text('access').$type<AssetAccess>().notNull().default('free'),
    price: integer('price'),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    teaserFileId: uuid('teaser_file_id').references(() => files.id, { onDelete: 'set null' }),
    thumbnailFileId: uuid('thumbnail_file_id').references(() => files.id, { onDelete: 'set null' }),
    publishAt: timestamp('publish_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Set once by the publication job (or at once for an active video with no schedule): the `video.published` event was recorded. */
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    totalView: integer('total_view').notNull().default(0),
    totalLike: integer('total_like').notNull().default(0),
    totalComment: integer('total_comment').notNull().default(0),
    totalBookmark: integer('total_bookmark').notNull().default(0),
    /** Units of sale (for `sale` videos). */
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
    // A creator's videos (profile tab, studio), newest first (DESC NULLS FIRST = ORDER BY … DESC).
    index('videos_performer_publish_idx').on(t.performerId, t.publishAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The site-wide list of published videos.
    index('videos_publish_idx').on(t.publishAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.status} = 'active'`),
    // Videos due for the publication job (few rows).
    index('videos_unpublished_idx').on(t.publishAt).where(sql`${t.publishedAt} is null and ${t.status} = 'active'`),
    index('videos_tags_idx').using('gin', t.tags),
    index('videos_search_idx').using('gin', t.searchVector),
    check('videos_price_ck', sql`(${t.access} = 'sale') = (${t.price} is not null and ${t.price} > 0)`),
  ],
);
export type VideoRow = typeof videos.$inferSelect;
