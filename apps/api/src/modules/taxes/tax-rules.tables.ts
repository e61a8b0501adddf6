import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SaleTaxKind } from '@stagepass/shared';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * Sales tax (issue 29 §3, README.md "Sales tax"). `tax_rules`: the operator's rules, one per place
 * — a country (`region` '') or a US state / Canadian province (`region` its two-letter code); the
 * region's rule wins over its country's.
 */
export const taxRules = pgTable(
  'tax_rules',
  {
    id: idColumn(),
    country: text('country').notNull(),
    /** '' = the whole country; else a US state or Canadian province code. */
    region: text('region').notNull().default(''),
    label: text('label').notNull(),
    /** Basis points (19% = 1900). */
    rateBps: integer('rate_bps').notNull(),
    /** true: prices include the tax (carved out); false: added on top. */
    inclusive: boolean('inclusive').notNull(),
    /** The kinds of sale it applies to (earning types). */
    kinds: text('kinds').array().$type<SaleTaxKind[]>().notNull(),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('tax_rules_place_uq').on(t.country, t.region),
    index('tax_rules_updated_idx').on(t.updatedAt),
    check('tax_rules_rate_range', sql`${t.rateBps} between 0 and 10000`),
  ],
);
export type TaxRuleRow = typeof taxRules.$inferSelect;

/**
 * A fan's tax place: the country (and US state / Canadian province) they stated, and the last
 * country the site saw them charge from (GeoIP) — for charges made without a request (a private
 * show's minutes, renewals) when nothing is stated.
 */
export const taxResidences = pgTable('tax_residences', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  country: text('country'),
  region: text('region').notNull().default(''),
  seenCountry: text('seen_country'),
  ...timestamps(),
});
export type TaxResidenceRow = typeof taxResidences.$inferSelect;

/**
 * The tax of one sale, written with the sale's business record in its transaction: the place at
 * the time of the charge, the rule's terms then, and the amounts (minor units). `source` is the
 * sale's (`wallet_charge:<id>`, `payment:<id>`); a card payment's row is written when the payment
 * is created (its amount includes the tax) and booked when it is paid.
 */
export const saleTaxes = pgTable(
  'sale_taxes',
  {
    source: text('source').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ruleId: uuid('rule_id').references(() => taxRules.id, { onDelete: 'set null' }),
    country: text('country').notNull(),
    region: text('region').notNull().default(''),
    label: text('label').notNull(),
    rateBps: integer('rate_bps').notNull(),
    inclusive: boolean('inclusive').notNull(),
    /** What the split (creator's net + commission) is on. */
    net: bigint('net', { mode: 'number' }).notNull(),
    tax: bigint('tax', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sale_taxes_user_idx').on(t.userId, t.createdAt)],
);
export type SaleTaxRow = typeof saleTaxes.$inferSelect;
