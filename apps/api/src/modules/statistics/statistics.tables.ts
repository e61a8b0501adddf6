import { bigint, date, index, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

/**
 * Statistics rollups (issue 31 §5; modules/statistics README). Every screen reads these, never the
 * ledger: they are kept by this module's event handlers (each exactly once) and filled for the past
 * by migration 0064's backfill. Days are UTC. Money in minor units, reversals negative.
 */

/** Money by (creator, UTC day, channel, source): gross, net, tax and the number of sales and reversals. */
export const statsMoneyDaily = pgTable(
  'stats_money_daily',
  {
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** Shared `EARNING_CHANNELS`. */
    channel: text('channel').notNull(),
    /** Shared `STATISTICS_SOURCES`: tracking_link | referral | organic. */
    source: text('source').notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull().default(0),
    net: bigint('net', { mode: 'number' }).notNull().default(0),
    tax: bigint('tax', { mode: 'number' }).notNull().default(0),
    sales: integer('sales').notNull().default(0),
    reversals: integer('reversals').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'stats_money_daily_pk', columns: [t.performerId, t.day, t.channel, t.source] }), index('stats_money_daily_day_idx').on(t.day)],
);

/** Each earnings row counted once (the handler and the backfill both claim it here first). */
export const statsEarningsCounted = pgTable('stats_earnings_counted', {
  earningId: uuid('earning_id').primaryKey(),
});

/** Audience by (creator, UTC day). */
export const statsAudienceDaily = pgTable(
  'stats_audience_daily',
  {
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    followersGained: integer('followers_gained').notNull().default(0),
    followersLost: integer('followers_lost').notNull().default(0),
    subscribersNew: integer('subscribers_new').notNull().default(0),
    subscribersChurned: integer('subscribers_churned').notNull().default(0),
    renewals: integer('renewals').notNull().default(0),
    /** New subscribers who came through one of the creator's tracking links (the rest: organic). */
    newFromLinks: integer('new_from_links').notNull().default(0),
    /** New subscribers whose subscription claimed a promotion (campaign or free-trial link) and who did not come through a tracking link (README "Sources of new fans"). */
    newFromPromotions: integer('new_from_promotions').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'stats_audience_daily_pk', columns: [t.performerId, t.day] }), index('stats_audience_daily_day_idx').on(t.day)],
);

/** A fan's first subscription month with a creator (the cohort), and each month they were subscribed. */
export const statsFanMonths = pgTable(
  'stats_fan_months',
  {
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    cohortMonth: date('cohort_month', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ name: 'stats_fan_months_pk', columns: [t.performerId, t.userId, t.month] })],
);

/** Fans of a cohort (first subscription month) subscribed in a month. */
export const statsCohorts = pgTable(
  'stats_cohorts',
  {
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    cohortMonth: date('cohort_month', { mode: 'string' }).notNull(),
    activeMonth: date('active_month', { mode: 'string' }).notNull(),
    fans: integer('fans').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'stats_cohorts_pk', columns: [t.performerId, t.cohortMonth, t.activeMonth] }), index('stats_cohorts_month_idx').on(t.cohortMonth)],
);

/** Per item (feed, video, gallery) and UTC day: views, likes, comments, unlocks, revenue (gross, minor units). */
export const statsContentDaily = pgTable(
  'stats_content_daily',
  {
    kind: text('kind').notNull(),
    itemId: uuid('item_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    unlocks: integer('unlocks').notNull().default(0),
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'stats_content_daily_pk', columns: [t.kind, t.itemId, t.day] }),
    index('stats_content_daily_performer_idx').on(t.performerId, t.day),
    index('stats_content_daily_day_idx').on(t.day),
  ],
);

/** Engagement (likes, comments, unlocks) by (creator, UTC weekday 0 = Sunday, UTC hour): the best times to post. */
export const statsEngagementHours = pgTable(
  'stats_engagement_hours',
  {
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    hour: smallint('hour').notNull(),
    engagement: integer('engagement').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'stats_engagement_hours_pk', columns: [t.performerId, t.weekday, t.hour] })],
);
