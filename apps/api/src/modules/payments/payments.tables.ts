import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';
import { ledgerTransactions } from '../ledger/ledger.tables';
import type { GatewayName, PaymentTransactionStatus, PaymentTransactionType } from '@stagepass/shared';

export type { GatewayName };

/** A user's customer record at a gateway (Stripe Customer id; sandbox: a local id). */
export const gatewayCustomers = pgTable(
  'gateway_customers',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway').$type<GatewayName>().notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gateway] }), uniqueIndex('gateway_customers_customer_uq').on(t.gateway, t.customerId)],
);

/** A saved card: only the gateway's reference and display fields — never a card number. */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway').$type<GatewayName>().notNull(),
    /** Stripe PaymentMethod id (pm_…), or the sandbox's token. */
    providerCardId: text('provider_card_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    holderName: text('holder_name'),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    index('payment_cards_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('payment_cards_provider_uq').on(t.gateway, t.providerCardId),
  ],
);
export type PaymentCardRow = typeof paymentCards.$inferSelect;


/**
 * A card payment through the gateway (a wallet top-up, a subscription period). Money is credited
 * (ledger) only when it reaches `succeeded` — by the gateway's synchronous answer or its webhook,
 * whichever comes first; the other finds it already succeeded and does nothing.
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').$type<PaymentTransactionType>().notNull(),
    status: text('status').$type<PaymentTransactionStatus>().notNull().default('pending'),
    gateway: text('gateway').$type<GatewayName>().notNull(),
    /** PaymentIntent / Invoice id at the gateway. */
    gatewayRef: text('gateway_ref'),
    /**
     * The charge disputes and refunds name: the PaymentIntent (Stripe) or the sandbox's charge id.
     * A top-up's and a sandbox payment's is its gatewayRef; a Stripe subscription period's (whose
     * gatewayRef is its invoice) is set from the invoice's payment by invoice.paid.
     */
    chargeRef: text('charge_ref'),
    cardId: uuid('card_id').references(() => paymentCards.id, { onDelete: 'set null' }),
    /** What the user was charged, and what the list price was before a coupon (minor units). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    originalAmount: bigint('original_amount', { mode: 'number' }).notNull(),
    couponId: uuid('coupon_id'),
    subscriptionId: uuid('subscription_id'),
    description: text('description').notNull().default(''),
    failureMessage: text('failure_message'),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    /** What refunds to the card took back so far (minor units; pending ones included). Equal to `amount` → status `refunded`. */
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    /**
     * The client of the fan's request that made the payment (a top-up, a subscription's first
     * period): address and user agent, evidence in a dispute. Null for renewals and gateway-made
     * payments; cleared after CLIENT_RECORD_DAYS (README "Client records").
     */
    clientIp: text('client_ip'),
    clientDevice: text('client_device'),
    ...timestamps(),
  },
  (t) => [
    index('payment_transactions_user_idx').on(t.userId, t.createdAt),
    index('payment_transactions_performer_idx').on(t.performerId, t.createdAt),
    uniqueIndex('payment_transactions_gateway_ref_uq').on(t.gateway, t.gatewayRef),
    index('payment_transactions_charge_ref_idx').on(t.gateway, t.chargeRef),
    // The operator's list of every card payment (GET /admin/payments), newest first.
    index('payment_transactions_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // At most one payment of a subscription in flight: concurrent subscribes/renewals cannot both charge.
    uniqueIndex('payment_transactions_one_pending_per_subscription_uq').on(t.subscriptionId).where(sql`${t.status} = 'pending'`),
    // The purge of client records past their time (only rows still holding one).
    index('payment_transactions_client_idx').on(t.createdAt).where(sql`${t.clientIp} is not null or ${t.clientDevice} is not null`),
  ],
);
export type PaymentTransactionRow = typeof paymentTransactions.$inferSelect;

/** Gateway webhook events: processed once per event id (the insert is in the effect's transaction). */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  gateway: text('gateway').$type<GatewayName>().notNull(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Creator's payout details: Stripe Connect account and banking (manual payouts). */
export const performerPayoutAccounts = pgTable('performer_payout_accounts', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  stripeAccountId: text('stripe_account_id'),
  stripeChargesEnabled: boolean('stripe_payouts_enabled').notNull().default(false),
  /** Bank details for manual payouts: {firstName, lastName, bankName, bankAccount, routingNumber, swiftCode, country, ...}. */
  banking: jsonb('banking').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  /** Gateway settings; keys listed as secret in the contract are write-only. */
  gatewaySettings: jsonb('gateway_settings').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  ...timestamps(),
});
