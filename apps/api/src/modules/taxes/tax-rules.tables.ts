import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /** Which engine computed it: the operator's rules, or Stripe Tax (migration 0050). */
    provider: text('provider').$type<SaleTaxProvider>().notNull().default('rules'),
    /** Stripe Tax: the calculation (taxcalc_…) the charge used; recorded at Stripe after commit. */
    calculationId: text('calculation_id'),
    /** Stripe Tax: the tax transaction (tax_…) made from the calculation by the sync job; null while not recorded. */
    stripeTransactionId: text('stripe_transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('sale_taxes_user_idx').on(t.userId, t.createdAt),
    index('sale_taxes_stripe_pending_idx').on(t.createdAt).where(sql`${t.provider} = 'stripe_tax' and ${t.stripeTransactionId} is null`),
    check('sale_taxes_provider_check', sql`${t.provider} in ('rules', 'stripe_tax')`),
  ],
);
export type SaleTaxRow = typeof saleTaxes.$inferSelect;

export type SaleTaxProvider = 'rules' | 'stripe_tax';

/**
 * The Stripe TaxRate made from one version of a rule (its rate and inclusive flag), so a Stripe
 * subscription taxed by the rule carries it (`default_tax_rates`): one TaxRate per version, made
 * once (idempotency key from the same three values).
 */
export const stripeTaxRates = pgTable(
  'stripe_tax_rates',
  {
    ruleId: uuid('rule_id').notNull().references(() => taxRules.id, { onDelete: 'cascade' }),
    rateBps: integer('rate_bps').notNull(),
    inclusive: boolean('inclusive').notNull(),
    taxRateId: text('tax_rate_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.rateBps, t.inclusive] })],
);

/**
 * How a Stripe-managed subscription is taxed, fixed when it starts (Stripe keeps the first
 * period's TaxRate or customer address for its renewals): the place, the label and rate, and the
 * TaxRate (rules) or none (Stripe Tax). `invoice.paid` books each renewal's tax with it.
 */
export const subscriptionTaxes = pgTable('subscription_taxes', {
  /** The subscriptions module's id (no foreign key: the taxes module is below it). */
  subscriptionId: uuid('subscription_id').primaryKey(),
  provider: text('provider').$type<SaleTaxProvider>().notNull(),
  country: text('country').notNull(),
  region: text('region').notNull().default(''),
  label: text('label').notNull(),
  rateBps: integer('rate_bps').notNull(),
  inclusive: boolean('inclusive').notNull(),
  taxRateId: text('tax_rate_id'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type SubscriptionTaxRow = typeof subscriptionTaxes.$inferSelect;

/** A Stripe Tax reversal recorded for one movement that gave tax back (its earnings row: a refund, a dispute), once. */
export const stripeTaxReversals = pgTable('stripe_tax_reversals', {
  earningId: uuid('earning_id').primaryKey(),
  saleSource: text('sale_source').notNull(),
  transactionId: text('transaction_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
