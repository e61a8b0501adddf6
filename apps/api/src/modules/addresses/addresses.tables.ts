import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';

/** A user's delivery address. At most one default per user (partial unique index). */
export const addresses = pgTable(
  'addresses',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    recipientName: text('recipient_name').notNull(),
    phone: text('phone'),
    country: text('country').notNull(),
    state: text('state').notNull().default(''),
    city: text('city').notNull(),
    streetAddress: text('street_address').notNull(),
    zipCode: text('zip_code').notNull(),
    description: text('description').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps(),
  },
  (t) => [index('addresses_user_created_idx').on(t.userId, t.createdAt), uniqueIndex('addresses_user_default_uq').on(t.userId).where(sql`${t.isDefault}`)],
);
export type AddressRow = typeof addresses.$inferSelect;
