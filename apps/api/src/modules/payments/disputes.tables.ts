import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DisputeEvidence, DisputeStatus } from '@stagepass/shared';
import { idColumn } from '../../db/columns';
import { users } from '../users/users.tables';
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
