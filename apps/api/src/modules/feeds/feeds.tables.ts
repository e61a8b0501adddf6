import { sql } from 'drizzle-orm';
import { customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FeedStatus, FeedType, FeedVisibility } from '@stagepass/shared';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';
import { files } from '../media/media.tables';
import { subscriptionTiers } from '../subscriptions/tiers.tables';

/** PostgreSQL `tsvector` (read-only here: the column is generated). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A creator's poll, created before the feed that carries it (POST /performer/feeds/polls) and
 * attached by `feeds.poll_id` (at most one feed per poll).
 */
export const polls = pgTable(
  'polls',
  {
    id: idColumn(),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    question: text('question').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps(),
  },
  (t) => [index('polls_performer_idx').on(t.performerId, t.createdAt)],
);
export type PollRow = typeof polls.$inferSelect;

export const pollOptions = pgTable(
  'poll_options',
  {
    id: idColumn(),
    pollId: uuid('poll_id').notNull().references(() => polls.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    position: integer('position').notNull(),
    /** Denormalised count, incremented in the same transaction that records a vote. */
    votes: integer('votes').notNull().default(0),
  },
  (t) => [uniqueIndex('poll_options_poll_position_uq').on(t.pollId, t.position)],
);
export type PollOptionRow = typeof pollOptions.$inferSelect;

/** One vote per user per poll: the primary key makes a second (even concurrent) vote a no-op insert. */
export const pollVotes = pgTable(
  'poll_votes',
  {
    pollId: uuid('poll_id').notNull().references(() => polls.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    optionId: uuid('option_id').notNull().references(() => pollOptions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('poll_votes_poll_user_uq').on(t.pollId, t.userId), index('poll_votes_user_idx').on(t.userId, t.pollId)],
);
export type PollVoteRow = typeof pollVotes.$inferSelect;

/**
 * A creator's post. `type` is derived from its files and poll; `price` (minor units) is set only
 * for pay-per-view. A feed is visible to others once `publish_at <= now()` — a query-time rule,
 * so scheduled posts need no job; `status` records what the creator asked for at the last write
 * (reads derive the current status from publish_at). The counters are maintained by the social
 * modules (reactions, comments). `search_vector` is a generated column for full-text search of
 * the text ('simple' configuration: no stemming, works for every language alike).
 */
export const feeds = pgTable(
  'feeds',
  {
    id: idColumn(),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    type: text('type').$type<FeedType>().notNull(),
    visibility: text('visibility').$type<FeedVisibility>().notNull(),
    price: integer('price'),
    /** Ordered ids of the feed's photo/video/audio files (rows in `files`). */
    fileIds: jsonb('file_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    teaserFileId: uuid('teaser_file_id').references(() => files.id, { onDelete: 'set null' }),
    thumbnailFileId: uuid('thumbnail_file_id').references(() => files.id, { onDelete: 'set null' }),
    pollId: uuid('poll_id').references(() => polls.id, { onDelete: 'set null' }),
    status: text('status').$type<FeedStatus>().notNull().default('published'),
    publishAt: timestamp('publish_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Lowest subscription tier that opens it (null: any subscription; subscriptions/tiers.policy.ts). */
    minTierId: uuid('min_tier_id').references(() => subscriptionTiers.id, { onDelete: 'set null' }),
    totalLike: integer('total_like').notNull().default(0),
    totalComment: integer('total_comment').notNull().default(0),
    totalBookmark: integer('total_bookmark').notNull().default(0),
    /** Hidden by an operator (reports / content console): invisible to all but the owner and admins (README "Hidden content"). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    hiddenReason: text('hidden_reason'),
    /** Leaves every list (and its page, but for buyers) once past — a query-time rule like publish_at (README "Expiring posts"). */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** Pinned to the top of the creator's profile (at most 3, in pin order: feeds.pins.ts). */
    pinnedAt: timestamp('pinned_at', { withTimezone: true, mode: 'date' }),
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, coalesce("text", ''))`),
    ...timestamps(),
  },
  (t) => [
    // A creator's feeds (profile, own list), newest first.
    // DESC NULLS FIRST is what `ORDER BY … DESC` means; drizzle's bare .desc() would emit NULLS LAST,
    // which the planner cannot use for that order (it then sorts every row of the creator).
    index('feeds_performer_publish_idx').on(t.performerId, t.publishAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Global newest-first scans (timelines fall back to it, admin lists).
    index('feeds_publish_idx').on(t.publishAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('feeds_performer_updated_idx').on(t.performerId, t.updatedAt),
    uniqueIndex('feeds_poll_uq').on(t.pollId),
    index('feeds_search_idx').using('gin', t.searchVector),
    // The creator's pinned posts (at most 3), in pin order.
    index('feeds_pinned_idx').on(t.performerId, t.pinnedAt).where(sql`${t.pinnedAt} is not null`),
  ],
);
export type FeedRow = typeof feeds.$inferSelect;

/**
 * Post views (README "Post views"): one row per viewer × post × UTC day, so a post's view counts at
 * most once per viewer per day (insert … on conflict do nothing; a new row records `content.viewed`
 * in the same transaction). Only today's and yesterday's rows matter: older ones are deleted by the
 * feed sweep (`day` index).
 */
export const feedViews = pgTable(
  'feed_views',
  {
    feedId: uuid('feed_id').notNull().references(() => feeds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ name: 'feed_views_pk', columns: [t.userId, t.day, t.feedId] }), index('feed_views_day_idx').on(t.day)],
);
