import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * Tracking links (issue 30 §4; modules/tracking README). A creator's campaign links; the raw
 * clicks (one row per link, visitor and UTC day: the once-a-day rule is the primary key), the
 * first day each visitor came through a link (unique visitors), the attribution of a fan to one
 * creator's link (one per fan and creator: first touch wins) and the daily rollups the link page
 * reads (never the raw clicks).
 */
export const trackingLinks = pgTable(
  'tracking_links',
  {
    id: idColumn(),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('tracking_links_code_uq').on(t.code), index('tracking_links_performer_idx').on(t.performerId, t.createdAt)],
);
export type TrackingLinkRow = typeof trackingLinks.$inferSelect;

export const trackingClicks = pgTable(
  'tracking_clicks',
  {
    linkId: uuid('link_id').notNull().references(() => trackingLinks.id, { onDelete: 'cascade' }),
    /** The browser's random id (not a person: no account, no address is kept with a click). */
    visitorId: text('visitor_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ name: 'tracking_clicks_pk', columns: [t.linkId, t.visitorId, t.day] })],
);

export const trackingVisitors = pgTable(
  'tracking_visitors',
  {
    linkId: uuid('link_id').notNull().references(() => trackingLinks.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id').notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ name: 'tracking_visitors_pk', columns: [t.linkId, t.visitorId] })],
);

export const trackingAttributions = pgTable(
  'tracking_attributions',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    linkId: uuid('link_id').notNull().references(() => trackingLinks.id, { onDelete: 'cascade' }),
    /** 'signup': the touch came with the registration; 'click': a signed-in fan clicked. */
    via: text('via').$type<'signup' | 'click'>().notNull(),
    touchedAt: timestamp('touched_at', { withTimezone: true, mode: 'date' }).notNull(),
    attributedAt: timestamp('attributed_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set once, by the first follow (or subscription) counted: the follows figure counts fans, not follow events. */
    followedAt: timestamp('followed_at', { withTimezone: true, mode: 'date' }),
    /** Set once, by the first subscription counted. */
    subscribedAt: timestamp('subscribed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ name: 'tracking_attributions_pk', columns: [t.userId, t.performerId] }),
    index('tracking_attributions_link_idx').on(t.linkId),
    check('tracking_attributions_via', sql`${t.via} in ('signup', 'click')`),
  ],
);
export type TrackingAttributionRow = typeof trackingAttributions.$inferSelect;

export const trackingDaily = pgTable(
  'tracking_daily',
  {
    linkId: uuid('link_id').notNull().references(() => trackingLinks.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    clicks: integer('clicks').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
    signups: integer('signups').notNull().default(0),
    follows: integer('follows').notNull().default(0),
    subscriptions: integer('subscriptions').notNull().default(0),
    /** Minor units (README "Revenue"). */
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'tracking_daily_pk', columns: [t.linkId, t.day] })],
);
