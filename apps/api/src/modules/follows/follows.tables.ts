import { index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

/**
 * A fan (or creator) follows a creator. One row per pair (primary key), so following twice is a
 * no-op. `following_id` is indexed for "who follows this creator" and follower counts; the
 * primary key (follower_id, following_id) serves "whom does this user follow" (timelines).
 */
export const follows = pgTable(
  'follows',
  {
    followerId: uuid('follower_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    followingId: uuid('following_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'follows_pk', columns: [t.followerId, t.followingId] }),
    index('follows_following_idx').on(t.followingId, t.createdAt),
    // A creator's followers a batch at a time, by user id (new-post fan-out).
    index('follows_following_follower_idx').on(t.followingId, t.followerId),
  ],
);
export type FollowRow = typeof follows.$inferSelect;

/**
 * Denormalised follower count per creator, kept in the same transaction as the follow/unfollow
 * that changes it (so "popular" sorting and /performers/top never count the follows table).
 * A creator nobody ever followed has no row (count 0).
 */
export const followerCounts = pgTable(
  'follower_counts',
  {
    performerId: uuid('performer_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
    total: integer('total').notNull().default(0),
  },
  (t) => [index('follower_counts_total_idx').on(t.total)],
);
