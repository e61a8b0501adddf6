import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PayoutMethod, PayoutStatus } from '@stagepass/shared';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';
import { ledgerTransactions } from '../ledger/ledger.tables';


/**
 * A creator's payout request: pending → approved → paid | rejected (pending → rejected too).
 * At most one `pending` request per creator (partial unique index). The ledger movement
 * (earnings → payouts) is written once, when it becomes `paid`.
 */
export const payoutRequests = pgTable(
  'payout_requests',
  {
    id: idColumn(),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').$type<PayoutStatus>().notNull().default('pending'),
    method: text('method').$type<PayoutMethod>(),
    requestNote: text('request_note').notNull().default(''),
    adminNote: text('admin_note').notNull().default(''),
    /** Stripe Transfer id when paid through Connect. */
    gatewayRef: text('gateway_ref'),
    failureMessage: text('failure_message'),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [
    index('payout_requests_performer_idx').on(t.performerId, t.createdAt),
    index('payout_requests_status_idx').on(t.status, t.createdAt),
    uniqueIndex('payout_requests_one_pending_uq').on(t.performerId).where(sql`${t.status} = 'pending'`),
  ],
);
export type PayoutRequestRow = typeof payoutRequests.$inferSelect;

/**
 * A creator's bank details and payout tax id, sealed (platform/encryption.ts, DATA_ENCRYPTION_KEY;
 * associated data `payout:<userId>:banking` / `payout:<userId>:taxId`). They used to be plain JSON
 * in `performer_payout_accounts` (payments module); the API moves any left there into these columns
 * when it starts (README "Creator payout settings").
 */
export const creatorPayoutSecrets = pgTable('creator_payout_secrets', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  /** The banking form (names, bank, account number, routing, SWIFT, country, address) as sealed JSON. */
  bankingSealed: text('banking_sealed'),
  /** The payout method's tax id (write-only), sealed. */
  taxIdSealed: text('tax_id_sealed'),
  ...timestamps(),
});
export type CreatorPayoutSecretsRow = typeof creatorPayoutSecrets.$inferSelect;
