import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TaxEntityType, TaxForm } from '@stagepass/shared';
import { timestamps } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * A creator's tax details (issue 29 §4, README.md): the W-9-like form of a US person or the
 * W-8BEN-like form of anyone else. Only what decides the form stays plain (form, individual or
 * business, the country); every answer — legal name, tax id, address, signature — is ONE sealed
 * JSON value (platform/encryption.ts, DATA_ENCRYPTION_KEY, associated data `tax:<userId>:details`).
 */
export const creatorTaxDetails = pgTable('creator_tax_details', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  form: text('form').$type<TaxForm>().notNull(),
  entityType: text('entity_type').$type<TaxEntityType>().notNull(),
  /** W-9: 'US'; W-8BEN: the country of citizenship (or incorporation). */
  country: text('country').notNull(),
  detailsSealed: text('details_sealed').notNull(),
  /** When the creator last certified the form (each save certifies anew). */
  certifiedAt: timestamp('certified_at', { withTimezone: true, mode: 'date' }).notNull(),
  ...timestamps(),
});
export type CreatorTaxDetailsRow = typeof creatorTaxDetails.$inferSelect;
