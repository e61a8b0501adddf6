import { type AnyPgColumn, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * Comments on feeds (later videos, galleries, products). Replies are one level deep: a reply's
 * parent is always a top-level comment. Deleting a comment deletes its replies (foreign key
 * cascade). `total_reply` / `total_like` are kept in the same transaction as the change.
 */
export const comments = pgTable(
  'comments',
  {
    id: idColumn(),
    objectType: text('object_type').notNull(),
    objectId: uuid('object_id').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').notNull().references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    totalReply: integer('total_reply').notNull().default(0),
    totalLike: integer('total_like').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('comments_object_idx').on(t.objectType, t.objectId, t.parentId, t.createdAt),
    index('comments_parent_idx').on(t.parentId, t.createdAt),
    index('comments_created_by_idx').on(t.createdBy),
  ],
);
export type CommentRow = typeof comments.$inferSelect;
