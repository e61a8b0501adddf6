import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';

/** What people search for: one row per lower-cased, space-normalised keyword, with a counter. */
export const searchKeywords = pgTable(
  'search_keywords',
  {
    keyword: text('keyword').primaryKey(),
    count: integer('count').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('search_keywords_count_idx').on(t.count, t.updatedAt)],
);
export type SearchKeywordRow = typeof searchKeywords.$inferSelect;
