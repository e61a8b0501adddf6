import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { EarningType } from '@stagepass/shared';
import { idColumn } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * The one ledger (double entry). Every movement of money is a `ledger_transactions` row with two or
 * more `ledger_entries` whose amounts sum to zero, written in the same database transaction as the
 * business record it belongs to. An account's `balance` is the running sum of its entries, kept by
 * a conditional UPDATE in that transaction (so it can be read in O(1) and never goes below zero
 * for accounts that must not — the CHECK is the last line of defence).
 *
 * Sign: an entry is the change of that account's balance. Money arriving from outside enters
 * through `gateway` (which therefore goes negative); money leaving to creators leaves through
 * `payouts`.
 */
export const LEDGER_ACCOUNT_KINDS = ['wallet', 'earnings', 'commission', 'gateway', 'payouts', 'disputes', 'losses', 'taxes'] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];
/** Accounts owned by one user; the others are the site's own (owner_id null). */
export const USER_ACCOUNT_KINDS: readonly LedgerAccountKind[] = ['wallet', 'earnings'];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: idColumn(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'restrict' }),
    /** Minor units. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_kind_uq').on(t.ownerId, t.kind),
    uniqueIndex('ledger_accounts_site_kind_uq').on(t.kind).where(sql`${t.ownerId} is null`),
    // Wallets never go below zero; a creator's earnings may (a dispute or a card refund of a sale already paid out), recovered from later sales.
    check('ledger_accounts_wallet_non_negative', sql`${t.kind} <> 'wallet' or ${t.balance} >= 0`),
  ],
);
export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;

export const LEDGER_TX_TYPES = ['wallet_topup', 'tip', 'purchase', 'subscription', 'payout', 'refund', 'card_refund', 'card_refund_failed', 'dispute', 'dispute_fee', 'dispute_won', 'dispute_lost'] as const;
export type LedgerTxType = (typeof LEDGER_TX_TYPES)[number];

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: idColumn(),
    type: text('type').$type<LedgerTxType>().notNull(),
    /** The business record this movement belongs to, e.g. `wallet_charge:<id>`. Unique: one movement per record and purpose. */
    reference: text('reference').notNull(),
    description: text('description').notNull().default(''),
    /**
     * What moved, for the operator's search (GET /admin/transactions), set by `post` from the
     * postings: `amount` = the sum of the positive entries (the gross of a sale or refund, a top-up's
     * or payout's amount, minor units); `user_id` = the fan whose wallet moved or who paid by card;
     * `performer_id` = the creator whose earnings moved; `item_type` = what a sale (or the sale a
     * refund reverses) was for (an earning type: tip, subscription, feed, video, product…).
     */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    performerId: uuid('performer_id').references(() => users.id, { onDelete: 'set null' }),
    itemType: text('item_type').$type<EarningType>(),
    /**
     * Where a movement of the `taxes` account was taxed (the fan's place at the sale; a refund or
     * dispute of the sale names the sale's place): the tax report groups by it. Null/'' otherwise.
     */
    taxCountry: text('tax_country'),
    taxRegion: text('tax_region').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_reference_uq').on(t.reference),
    index('ledger_transactions_created_idx').on(t.createdAt),
    // The operator's search: by type, by either party, newest first (ties by id).
    index('ledger_transactions_type_idx').on(t.type, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('ledger_transactions_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('ledger_transactions_performer_idx').on(t.performerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
export type LedgerTransactionRow = typeof ledgerTransactions.$inferSelect;

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: idColumn(),
    transactionId: uuid('transaction_id').notNull().references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id').notNull().references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** Signed minor units: the change of the account's balance. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('ledger_entries_transaction_idx').on(t.transactionId), index('ledger_entries_account_idx').on(t.accountId, t.createdAt)],
);
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/**
 * Idempotency-Key replay store for charge endpoints: the first request's answer, written in the
 * same database transaction as the charge itself (so a key exists only if its charge committed).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method, path and body hash of the first request; a different request under the same key → 422. */
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
