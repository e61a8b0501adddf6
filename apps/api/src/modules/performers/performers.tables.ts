import { boolean, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamps } from '../../db/columns';
import { users } from '../users/users.tables';

/** Creator-only profile fields, one row per performer user. */
export const performerProfiles = pgTable('performer_profiles', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  bio: text('bio'),
  orientation: text('orientation'),
  dateOfBirth: text('date_of_birth'),
  city: text('city'),
  state: text('state'),
  address: text('address'),
  zipcode: text('zipcode'),
  languages: jsonb('languages').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  welcomeVideoKey: text('welcome_video_key'),
  verifiedDocument: boolean('verified_document').notNull().default(false),
  ...timestamps(),
});
export type PerformerProfileRow = typeof performerProfiles.$inferSelect;
