import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { EarningChannel, EarningType } from '@stagepass/shared';
import { idColumn } from '../../db/columns';
import { users } from '../users/users.tables';
import { ledgerTransactions } from '../ledger/ledger.tables';


/**
 * One row per sale a creator earns from: gross, the site's commission and the creator's net
 * (gross = commission + net), with the commission rate applied (basis points). Written by the
 * ledger service in the same transaction as the sale's ledger movement.
 */
export const earnings = pgTable(
  'earnings',
  {
    id: idColumn(),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The paying fan. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').$type<EarningType>().notNull(),
    /** Where the money came from (shared `EARNING_CHANNELS`): the type's channel unless the sale named one (a private show's minute, a tip-menu order); a reversal carries its sale's. */
    channel: text('channel').$type<EarningChannel>().notNull(),
    /**
     * A sale: `wallet_charge:<id>` or `payment:<id>`. What reverses one (negative) or gives it back:
     * `refund:<sale source>`, `card_refund:<refund id>`, `dispute:<dispute id>`, `dispute_won:<dispute id>`.
     */
    source: text('source').notNull(),
    /** The sale a refund, dispute or reinstatement row is about (null for a sale); its reversed share is summed by it. */
    reversesId: uuid('reverses_id'),
    gross: bigint('gross', { mode: 'number' }).notNull(),
    commission: bigint('commission', { mode: 'number' }).notNull(),
    net: bigint('net', { mode: 'number' }).notNull(),
    /**
     * The sales tax the fan paid with the sale (on top of `gross`, to the site's `taxes` account —
     * never the creator's nor the commission); a reversal's share of it negative. What the fan paid
     * is gross + tax.
     */
    tax: bigint('tax', { mode: 'number' }).notNull().default(0),
    commissionBps: integer('commission_bps').notNull(),
    description: text('description').notNull().default(''),
    ledgerTransactionId: uuid('ledger_transaction_id').notNull().references(() => ledgerTransactions.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('earnings_source_uq').on(t.source),
    index('earnings_reverses_idx').on(t.reversesId),
    index('earnings_performer_idx').on(t.performerId, t.createdAt),
    index('earnings_performer_type_idx').on(t.performerId, t.type, t.createdAt),
    // A ledger movement's earnings row (creators' statements join movements to their gross and commission).
    index('earnings_ledger_tx_idx').on(t.ledgerTransactionId),
    // What a fan paid creators (the operator console's money summary).
    index('earnings_user_idx').on(t.userId),
    // Site-wide sales over a date range, by type (the operator dashboard: GET /admin/dashboard).
    index('earnings_created_type_idx').on(t.createdAt, t.type),
  ],
);
export type EarningRow = typeof earnings.$inferSelect;
