import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
