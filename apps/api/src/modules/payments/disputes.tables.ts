import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DisputeEvidence, DisputeStatus, RefundStatus } from '@stagepass/shared';
import { idColumn } from '../../db/columns';
import { users } from '../users/users.tables';
import { ledgerTransactions } from '../ledger/ledger.tables';
import { paymentTransactions, type GatewayName } from './payments.tables';

/**
 * A card payment's dispute (chargeback) as the gateway reports it (payments README "Disputes").
 * One row per gateway dispute (unique gateway + gateway_ref), created by the first event about it,
 * whatever its type. The money it moved is written once per step, each step a conditional UPDATE
 * of this row in the event's transaction: `held_at` (the hold: what the payment paid for taken
 * back, amounts in the from_* / commission_held / at_stake columns), the gateway's fee (`fee`,
 * `fee_returned`), `reinstated_at` (won: the hold given back), `lost_at` (lost: a top-up's spent
 * part written off). `closed_at` null = open: the fan's spending is paused while any is open.
 * Times are the injected clock's.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: idColumn(),
    paymentId: uuid('payment_id').notNull().references(() => paymentTransactions.id, { onDelete: 'restrict' }),
    /** The fan who paid (their bank disputes it). */
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    /** The creator a subscription payment paid (null for a wallet top-up). */
    performerId: uuid('performer_id').references(() => users.id, { onDelete: 'set null' }),
    gateway: text('gateway').$type<GatewayName>().notNull(),
    /** Stripe dp_…, sandbox sbx_dp_…. */
    gatewayRef: text('gateway_ref').notNull(),
    /** Minor units. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<DisputeStatus>().notNull(),
    dueBy: timestamp('due_by', { withTimezone: true, mode: 'date' }),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    feeReturned: bigint('fee_returned', { mode: 'number' }).notNull().default(0),
    fromWallet: bigint('from_wallet', { mode: 'number' }).notNull().default(0),
    fromEarnings: bigint('from_earnings', { mode: 'number' }).notNull().default(0),
    commissionHeld: bigint('commission_held', { mode: 'number' }).notNull().default(0),
    atStake: bigint('at_stake', { mode: 'number' }).notNull().default(0),
    /** The operator's disputeLocksContent when it opened. */
    locksContent: boolean('locks_content').notNull().default(false),
    heldAt: timestamp('held_at', { withTimezone: true, mode: 'date' }),
    reinstatedAt: timestamp('reinstated_at', { withTimezone: true, mode: 'date' }),
    lostAt: timestamp('lost_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    /** The evidence staged or submitted through the gateway (the shared DisputeEvidence fields). */
    evidence: jsonb('evidence').$type<DisputeEvidence>().notNull().default(sql`'{}'::jsonb`),
    evidenceSubmittedAt: timestamp('evidence_submitted_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('disputes_gateway_ref_uq').on(t.gateway, t.gatewayRef),
    // One dispute per charge, as at the gateways.
    uniqueIndex('disputes_payment_uq').on(t.paymentId),
    // The operator's queue: newest first, by status, by deadline; a fan's open disputes (the spending pause).
    index('disputes_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('disputes_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('disputes_due_idx').on(t.dueBy, t.id),
    index('disputes_user_idx').on(t.userId, t.createdAt),
    index('disputes_open_user_idx').on(t.userId).where(sql`${t.closedAt} is null`),
  ],
);
export type DisputeRow = typeof disputes.$inferSelect;

/**
 * A refund to the card (payments README "Refunds to the card"): asked by an operator (created_by,
 * their Idempotency-Key) or made at the gateway (Stripe's dashboard: created_by null, found by its
 * gateway_ref). The ledger moves when the row is written — before the gateway is asked, so two
 * refunds of one payment at once queue on the payment row and never take more than is left — and
 * moves back once if the gateway fails it (`failed`/`canceled`). One row per gateway refund
 * (unique gateway + gateway_ref; our id travels in the gateway's metadata so its events find us
 * even before our call has its answer). Times are the injected clock's.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: idColumn(),
    paymentId: uuid('payment_id').notNull().references(() => paymentTransactions.id, { onDelete: 'restrict' }),
    /** Minor units. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').$type<RefundStatus>().notNull(),
    reason: text('reason').notNull(),
    gateway: text('gateway').$type<GatewayName>().notNull(),
    /** Stripe re_…, sandbox sbx_re_…; null until the gateway answered. */
    gatewayRef: text('gateway_ref'),
    failureMessage: text('failure_message'),
    /** The operator who asked; null for a refund made at the gateway. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The operator's Idempotency-Key: a retry finds this row and asks the gateway with the same key. */
    idempotencyKey: text('idempotency_key'),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('payment_refunds_gateway_ref_uq').on(t.gateway, t.gatewayRef),
    uniqueIndex('payment_refunds_key_uq').on(t.paymentId, t.createdBy, t.idempotencyKey),
    index('payment_refunds_payment_idx').on(t.paymentId, t.createdAt),
  ],
);
export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;
