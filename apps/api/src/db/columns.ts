import { text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';

/** `_id` in the API: a UUIDv7 (time-ordered, so id order ≈ creation order and index-friendly). */
export const idColumn = () => uuid('id').primaryKey().$defaultFn(() => uuidv7());
export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow().$onUpdate(() => new Date()),
});
export { text, uuidv7 };
