import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MismatchKind, ReconciliationItemKind, ReconciliationRunStatus, ReconciliationTotals, ReconciliationTrigger } from '@stagepass/shared';
import { idColumn } from '../../db/columns';
import { users } from '../users/users.tables';
import type { GatewayName } from './payments.tables';

/**
 * The sandbox gateway's own books (payments README "Reconciliation"): what Stripe keeps as balance
 * transactions, kept by the sandbox so the demo and the tests reconcile too. One row per money
 * movement AT the gateway — a charge, a refund (and a refund that failed after succeeding), a
 * dispute's withdrawal and reinstatement — written in the same transaction as the sandbox
 * payment's, refund's or dispute's own step, so it exists exactly when the gateway "did" it.
 * `amount` is signed as the gateway sees it (a charge +, a refund −, a withdrawal −, a
 * reinstatement +), `fee` is the gateway's cost (the dispute fee; a fee returned is negative).
 * Unique (type, source): one row per object and movement, so a replayed step writes nothing.
 */
export const sandboxBalanceTransactions = pgTable(
  'sandbox_balance_transactions',
  {
    id: idColumn(),
    type: text('type').$type<ReconciliationItemKind>().notNull(),
    /** The object it is about, as the payment records name it: the charge (sbx_ch_…), the refund (sbx_re_…), the dispute (sbx_dp_…). */
    source: text('source').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('sandbox_balance_transactions_source_uq').on(t.type, t.source), index('sandbox_balance_transactions_created_idx').on(t.createdAt, t.id)],
);
export type SandboxBalanceTransactionRow = typeof sandboxBalanceTransactions.$inferSelect;

/**
 * One reconciliation of a gateway over a period [period_start, period_end) (UTC days). Re-running a
 * period adds a newer version (the list marks the latest finished one `current`); at most one run
 * of a gateway and period is `running` at a time (the partial unique index: a concurrent second
 * run is refused, never doubled).
 */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: idColumn(),
    gateway: text('gateway').$type<GatewayName>().notNull(),
    periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true, mode: 'date' }).notNull(),
    status: text('status').$type<ReconciliationRunStatus>().notNull(),
    trigger: text('trigger').$type<ReconciliationTrigger>().notNull(),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    mismatches: integer('mismatches').notNull().default(0),
    totals: jsonb('totals').$type<ReconciliationTotals>(),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('reconciliation_runs_started_idx').on(t.startedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('reconciliation_runs_period_idx').on(t.gateway, t.periodStart, t.periodEnd, t.finishedAt),
    uniqueIndex('reconciliation_runs_one_running_uq').on(t.gateway, t.periodStart, t.periodEnd).where(sql`${t.status} = 'running'`),
  ],
);
export type ReconciliationRunRow = typeof reconciliationRuns.$inferSelect;

/** A run's mismatch: one item (by its gateway reference) and how it fails to match. Minor units, signed as the gateway sees them. */
export const reconciliationMismatches = pgTable(
  'reconciliation_mismatches',
  {
    id: idColumn(),
    runId: uuid('run_id').notNull().references(() => reconciliationRuns.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MismatchKind>().notNull(),
    itemKind: text('item_kind').$type<ReconciliationItemKind>().notNull(),
    gatewayRef: text('gateway_ref'),
    gatewayTransactions: jsonb('gateway_transactions').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    ledgerReferences: jsonb('ledger_references').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    gatewayAmount: bigint('gateway_amount', { mode: 'number' }),
    ledgerAmount: bigint('ledger_amount', { mode: 'number' }),
    gatewayFee: bigint('gateway_fee', { mode: 'number' }),
    ledgerFee: bigint('ledger_fee', { mode: 'number' }),
    paymentId: uuid('payment_id'),
    disputeId: uuid('dispute_id'),
    eventId: text('event_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('reconciliation_mismatches_run_idx').on(t.runId, t.occurredAt, t.id), index('reconciliation_mismatches_run_kind_idx').on(t.runId, t.kind, t.occurredAt, t.id)],
);
export type ReconciliationMismatchRow = typeof reconciliationMismatches.$inferSelect;
