import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Operator-set values; a key absent here has its default from packages/shared SETTINGS. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
