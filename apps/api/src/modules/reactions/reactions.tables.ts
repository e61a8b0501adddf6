import { sql, type SQLWrapper } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ContentKind } from '@stagepass/shared';
import { idColumn } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * A like or a bookmark of one object by one user. `object_type` + `object_id` point at a feed,
 * video, gallery, product, performer (a user id) or comment; there is no foreign key because the
 * target table depends on the type. One row per (user, type, object, action): reacting twice is a
 * no-op.
 */
export const reactions = pgTable(
  'reactions',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    objectType: text('object_type').notNull(),
    objectId: uuid('object_id').notNull(),
    action: text('action').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reactions_user_object_action_uq').on(t.userId, t.objectType, t.objectId, t.action),
    // A user's bookmarks of one type, newest first.
    index('reactions_user_type_action_idx').on(t.userId, t.objectType, t.action, t.createdAt),
    // Counting / cleaning up the reactions of one object.
    index('reactions_object_idx').on(t.objectType, t.objectId, t.action),
  ],
);
export type ReactionRow = typeof reactions.$inferSelect;

// Read-side SQL on this table for modules that JOIN it into their own list queries (content
// modules may import *.tables.ts for joins, never the reactions service): the feed timeline reads
// the viewer's likes/bookmarks in the statement that reads the page.

/**
 * The same flags as boolean columns of a list query (`objectId` names the object's id column;
 * `userId` may be a placeholder of a prepared statement): the list and its flags in ONE statement.
 */
export function reactionFlagColumns(userId: SQLWrapper | string, objectType: ContentKind, objectId: SQLWrapper) {
  const has = (action: string) =>
    sql<boolean>`EXISTS (SELECT 1 FROM ${reactions} WHERE ${reactions.userId} = ${userId} AND ${reactions.objectType} = ${objectType} AND ${reactions.objectId} = ${objectId} AND ${reactions.action} = ${action})`;
  return { isLiked: has('like'), isBookmarked: has('bookmark') };
}
