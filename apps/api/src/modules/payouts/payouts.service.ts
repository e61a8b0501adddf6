import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  formatMoneyMinor, fromMinor, toMinor,
  type CreatePayoutInput, type PayoutMethod, type PayoutCalculation, type PayoutRequest, type PayoutSearch, type ReviewPayoutInput, type UpdatePayoutInput,
} from '@stagepass/shared';
import type { Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit';
import { HttpError, conflict, fieldError, forbidden, notFound, unprocessable } from '../../platform/errors';
import type { PaymentGateway } from '../../platform/payments/gateway';
import { isUniqueViolation } from '../../db/errors';
import { users, type UserRow } from '../users/users.tables';
import { SITE, earningsAccount } from '../ledger/ledger.service';
import { ledgerAccounts } from '../ledger/ledger.tables';
import { CURRENCY } from '../payments/payments.service';
import { performerPayoutAccounts } from '../payments/payments.tables';
import type { EarningsService } from '../earnings/earnings.service';
import { dateRange } from '../../platform/date-range';
import { payoutRequests, type PayoutRequestRow } from './payouts.tables';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Events } from '../../platform/events';
import type { LedgerService } from '../ledger/ledger.service';
import type { PaymentsService } from '../payments/payments.service';
import type { SettingsService } from '../settings/settings.service';
import type { UsersService } from '../users/users.service';
import type { SellerGate } from '../performers/performers.policy';
import type { TaxDetailsService } from '../taxes/taxes.service';
import { containsPattern } from '../../db/like';

const OPEN = ['pending', 'approved'] as const;
const onePending = () => conflict('You already have a payout request waiting for review: edit it, or wait until it is reviewed');
const notReviewable = (status: string) => conflict(`This payout request is already ${status}`);
const fmt = formatMoneyMinor;

/** The Stripe transfer failed: the transaction rolls back and the message is kept on the request. */
class TransferFailed extends Error {}
type ConnectGateway = PaymentGateway & { connect: NonNullable<PaymentGateway['connect']> };

/** What PayoutsService is built with (by the composition root, root.ts). */
export interface PayoutsDeps {
  earnings: EarningsService;
  clock: Clock;
  db: Db;
  ledger: LedgerService;
  events: Events;
  payments: PaymentsService;
  settings: SettingsService;
  /** THE selling rule (performers.policy.ts): only a creator who may sell requests a payout (422). */
  sellers: Pick<SellerGate, 'assertCanSell'>;
  /** Tax details before a payout (modules/taxes): none → 422 naming what is missing. */
  taxDetails: Pick<TaxDetailsService, 'assertReadyForPayout'>;
  users: UsersService;
}

/**
 * Payout requests: pending → approved → paid | rejected (pending → paid and pending → rejected
 * directly too). Rules in README.md. Concurrency:
 *  - Every decision that depends on the creator's available money (create, edit, pay) first locks
 *    the creator's earnings ledger account row (SELECT … FOR UPDATE) inside its transaction, so
 *    the check and the write see the same money and run one at a time per creator. Lock order is
 *    always earnings account → payout request row, so these paths cannot deadlock.
 *  - Paid happens exactly once: a conditional UPDATE (status pending|approved → paid) and the
 *    ledger movement (earnings −amount, site payouts +amount, reference `payout:<id>`, unique) in
 *    one transaction. A second attempt finds the row paid (409) and could not post twice anyway.
 */
export class PayoutsService {
  constructor(private deps: PayoutsDeps) {}

  /** Locks (and creates on first use) the creator's earnings account; answers its balance. */
  private async lockEarnings(tx: Tx, performerId: string): Promise<number> {
    const ref = earningsAccount(performerId);
    const ids = await this.deps.ledger.accountIds(tx, [ref]);
    const [row] = await tx.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.id, ids.get(`earnings:${performerId}`)!)).for('update');
    return row.balance;
  }

  private async minimum(): Promise<number> {
    return toMinor((await this.deps.settings.all()).minimumPayoutAmount);
  }

  /** POST /payout-requests/calculate. */
  async calculate(performerId: string): Promise<PayoutCalculation> {
    const [f, min] = await Promise.all([this.deps.earnings.balanceFigures(this.deps.db, performerId), this.minimum()]);
    return { netEarned: fromMinor(f.netEarned), paidOut: fromMinor(f.paidOut), pending: fromMinor(f.pending), available: fromMinor(f.available), minimumPayoutAmount: fromMinor(min) };
  }

  private async checkAmount(amount: number, available: number, min: number) {
    if (amount < min) throw fieldError('amount', `The minimum payout is ${fmt(min)}`);
    if (amount > available) throw fieldError('amount', available >= min ? `You can request at most ${fmt(available)}` : `Your available balance (${fmt(available)}) is below the minimum payout (${fmt(min)})`);
  }

  /** POST /payout-requests: ≥ minimumPayoutAmount, ≤ available, one pending request at a time, tax details given. */
  async create(user: UserRow, input: CreatePayoutInput): Promise<PayoutRequest> {
    const amount = toMinor(input.amount);
    const min = await this.minimum();
    if (amount < min) throw fieldError('amount', `The minimum payout is ${fmt(min)}`);
    await this.deps.sellers.assertCanSell(user.id);
    let row: PayoutRequestRow;
    try {
      row = await this.deps.db.transaction(async (tx) => {
        await this.lockEarnings(tx, user.id);
        const [open] = await tx.select({ id: payoutRequests.id }).from(payoutRequests).where(and(eq(payoutRequests.performerId, user.id), eq(payoutRequests.status, 'pending'))).limit(1);
        if (open) throw onePending();
        const f = await this.deps.earnings.balanceFigures(tx, user.id);
        await this.checkAmount(amount, f.available, min);
        await this.deps.taxDetails.assertReadyForPayout(tx, user.id);
        const [r] = await tx.insert(payoutRequests).values({ performerId: user.id, amount, requestNote: input.requestNote }).returning();
        await this.deps.events.record(tx, 'payout.requested', { payoutId: r.id, performerId: r.performerId, amount: r.amount });
        return r;
      });
    } catch (err) {
      // The partial unique index (one pending per creator) is the last line of defence.
      if (isUniqueViolation(err)) throw onePending();
      throw err;
    }
    return (await this.views([row]))[0];
  }

  /** PUT /payout-requests/{id}: the creator changes amount/note while it is pending. Someone else's → 404. */
  async update(user: UserRow, id: string, input: UpdatePayoutInput): Promise<PayoutRequest> {
    const min = await this.minimum();
    const row = await this.deps.db.transaction(async (tx) => {
      const [before] = await tx.select().from(payoutRequests).where(eq(payoutRequests.id, id));
      if (!before || before.performerId !== user.id) throw notFound('Payout request not found');
      await this.lockEarnings(tx, user.id);
      const [cur] = await tx.select().from(payoutRequests).where(eq(payoutRequests.id, id)).for('update');
      if (cur.status !== 'pending') throw conflict(`Only a pending request can be changed; this one is ${cur.status}`);
      const set: Partial<typeof payoutRequests.$inferInsert> = {};
      if (input.amount !== undefined) {
        const amount = toMinor(input.amount);
        const f = await this.deps.earnings.balanceFigures(tx, user.id);
        // This request's own amount is part of `pending`: it is available to itself.
        await this.checkAmount(amount, f.available + cur.amount, min);
        set.amount = amount;
      }
      if (input.requestNote !== undefined) set.requestNote = input.requestNote;
      if (Object.keys(set).length === 0) return cur;
      const [r] = await tx.update(payoutRequests).set(set).where(and(eq(payoutRequests.id, id), eq(payoutRequests.status, 'pending'))).returning();
      return r;
    });
    return (await this.views([row]))[0];
  }

  async byId(id: string): Promise<PayoutRequestRow | null> {
    const [row] = await this.deps.db.select().from(payoutRequests).where(eq(payoutRequests.id, id));
    return row ?? null;
  }

  /** GET /payout-requests/{id}/view: the creator's own, or any for an admin; else 404. */
  async view(user: UserRow, id: string, admin: boolean): Promise<PayoutRequest> {
    const row = await this.byId(id);
    if (!row || (!admin && row.performerId !== user.id)) throw notFound('Payout request not found');
    return (await this.views([row]))[0];
  }

  /** GET /payout-requests/check/pending-review. */
  async pendingReview(performerId: string): Promise<{ hasPending: boolean; request: PayoutRequest | null }> {
    const [row] = await this.deps.db.select().from(payoutRequests).where(and(eq(payoutRequests.performerId, performerId), eq(payoutRequests.status, 'pending'))).limit(1);
    return { hasPending: !!row, request: row ? (await this.views([row]))[0] : null };
  }

  /** Search: `performerId` null = every creator (admins). */
  async search(performerId: string | null, q: PayoutSearch): Promise<{ data: PayoutRequest[]; total: number }> {
    const conds: SQL[] = [...dateRange(payoutRequests.createdAt, q.fromDate, q.toDate)];
    if (performerId) conds.push(eq(payoutRequests.performerId, performerId));
    else if (q.performerId) conds.push(eq(payoutRequests.performerId, q.performerId));
    if (q.status) conds.push(eq(payoutRequests.status, q.status));
    if (q.q) {
      const like = containsPattern(q.q);
      conds.push(or(ilike(users.username, like), ilike(users.name, like), ilike(payoutRequests.requestNote, like))!);
    }
    const where = conds.length ? and(...conds) : undefined;
    const col = { createdAt: payoutRequests.createdAt, updatedAt: payoutRequests.updatedAt, amount: payoutRequests.amount }[q.sortBy];
    const dir = q.sort === 'asc' ? asc : desc;
    const [rows, [{ n }]] = await Promise.all([
      this.deps.db.select({ p: payoutRequests }).from(payoutRequests).innerJoin(users, eq(users.id, payoutRequests.performerId)).where(where).orderBy(dir(col), dir(payoutRequests.id)).limit(q.limit).offset(q.offset),
      this.deps.db.select({ n: count() }).from(payoutRequests).innerJoin(users, eq(users.id, payoutRequests.performerId)).where(where),
    ]);
    return { data: await this.views(rows.map((r) => r.p)), total: Number(n) };
  }

  // ── Operator review ────────────────────────────────────────────────────────────────────────

  /**
   * PUT /admin/payout-requests/{id}/status. pending → approved | rejected | paid; approved →
   * paid | rejected. Anything else (including the same status twice) → 409. An admin never
   * reviews their own request (403). Each change is audited ('payout.approve' | 'payout.reject' |
   * 'payout.pay', target 'payout') in its transaction.
   */
  async review(actor: AuditActor, id: string, input: ReviewPayoutInput): Promise<PayoutRequest> {
    const row = await this.byId(id);
    if (!row) throw notFound('Payout request not found');
    if (row.performerId === actor.actorId) throw forbidden('You cannot review your own payout request');
    const audit = (tx: Tx, action: string, r: PayoutRequestRow) =>
      recordAudit(tx, actor, { action, targetType: 'payout', targetId: r.id, before: auditState(row), after: { ...auditState(r), amount: fromMinor(r.amount) } });
    const note = input.adminNote !== undefined ? { adminNote: input.adminNote } : {};
    const now = this.deps.clock.now();
    let result: PayoutRequestRow;
    if (input.status === 'approved') {
      const r = await this.deps.db.transaction(async (tx) => {
        const [r] = await tx
          .update(payoutRequests)
          .set({ status: 'approved', approvedAt: now, ...(input.method ? { method: input.method } : {}), ...note })
          .where(and(eq(payoutRequests.id, id), eq(payoutRequests.status, 'pending')))
          .returning();
        if (r) {
          await this.deps.events.record(tx, 'payout.approved', { payoutId: r.id, performerId: r.performerId, amount: r.amount });
          await audit(tx, 'payout.approve', r);
        }
        return r;
      });
      if (!r) throw notReviewable((await this.byId(id))!.status);
      result = r;
    } else if (input.status === 'rejected') {
      const r = await this.deps.db.transaction(async (tx) => {
        const [r] = await tx
          .update(payoutRequests)
          .set({ status: 'rejected', rejectedAt: now, ...note })
          .where(and(eq(payoutRequests.id, id), inArray(payoutRequests.status, [...OPEN])))
          .returning();
        if (r) {
          await this.deps.events.record(tx, 'payout.rejected', { payoutId: r.id, performerId: r.performerId, amount: r.amount });
          await audit(tx, 'payout.reject', r);
        }
        return r;
      });
      if (!r) throw notReviewable((await this.byId(id))!.status);
      result = r;
    } else {
      result = await this.pay(row, input.method ?? row.method, input.adminNote, (tx, paid) => audit(tx, 'payout.pay', paid));
    }
    return (await this.views([result]))[0];
  }

  /**
   * Pays a request exactly once. method 'stripe': a Connect transfer (idempotency key
   * `payout:<id>`) made inside the transaction, so a failed transfer leaves nothing written and a
   * retry can never transfer twice at Stripe; 'manual': the operator paid by hand.
   */
  private async pay(row: PayoutRequestRow, method: PayoutMethod | null, adminNote: string | undefined, audit: (tx: Tx, paid: PayoutRequestRow) => Promise<void>): Promise<PayoutRequestRow> {
    if (!(OPEN as readonly string[]).includes(row.status)) throw notReviewable(row.status);
    if (!method) throw fieldError('method', 'Choose how this payout is paid: stripe or manual');
    let stripe: { gw: ConnectGateway; accountId: string } | null = null;
    if (method === 'stripe') {
      const gw = await this.deps.payments.gateway();
      if (!gw.connect) throw unprocessable('Stripe payouts are not available with the current payment gateway: pay by hand and mark it paid with method "manual"');
      const [acct] = await this.deps.db.select().from(performerPayoutAccounts).where(eq(performerPayoutAccounts.userId, row.performerId));
      if (!acct?.stripeAccountId || !acct.stripeChargesEnabled) throw unprocessable('This creator has not finished Stripe payout onboarding: pay by hand and mark it paid with method "manual"');
      stripe = { gw: gw as ConnectGateway, accountId: acct.stripeAccountId };
    }
    const now = this.deps.clock.now();
    try {
      return await this.deps.db.transaction(async (tx) => {
        const balance = await this.lockEarnings(tx, row.performerId);
        const [p] = await tx
          .update(payoutRequests)
          .set({ status: 'paid', method, paidAt: now, approvedAt: sql`coalesce(${payoutRequests.approvedAt}, ${now.toISOString()}::timestamptz)`, failureMessage: null, ...(adminNote !== undefined ? { adminNote } : {}) })
          .where(and(eq(payoutRequests.id, row.id), inArray(payoutRequests.status, [...OPEN])))
          .returning();
        if (!p) throw notReviewable((await tx.select({ s: payoutRequests.status }).from(payoutRequests).where(eq(payoutRequests.id, row.id)))[0].s);
        if (balance < p.amount) throw unprocessable(`The creator's earnings balance (${fmt(balance)}) does not cover this payout (${fmt(p.amount)})`);
        const ledgerTx = await this.deps.ledger.post(tx, {
          type: 'payout', reference: `payout:${p.id}`, description: `Payout (${method})`,
          postings: [{ account: earningsAccount(p.performerId), amount: -p.amount }, { account: SITE.payouts, amount: p.amount }],
        });
        let gatewayRef: string | null = null;
        if (stripe) {
          try {
            ({ gatewayRef } = await stripe.gw.connect.transfer({ accountId: stripe.accountId, amount: p.amount, currency: CURRENCY, idempotencyKey: `payout:${p.id}`, metadata: { payoutId: p.id, performerId: p.performerId } }));
          } catch (err) {
            throw new TransferFailed((err as Error)?.message || 'The transfer failed');
          }
        }
        const [done] = await tx.update(payoutRequests).set({ ledgerTransactionId: ledgerTx.id, gatewayRef }).where(eq(payoutRequests.id, p.id)).returning();
        await this.deps.events.record(tx, 'payout.paid', { payoutId: done.id, performerId: done.performerId, amount: done.amount });
        await audit(tx, done);
        return done;
      });
    } catch (err) {
      if (err instanceof TransferFailed) {
        await this.deps.db.update(payoutRequests).set({ failureMessage: err.message }).where(and(eq(payoutRequests.id, row.id), inArray(payoutRequests.status, [...OPEN])));
        throw new HttpError(422, `The Stripe transfer failed: ${err.message}`);
      }
      // A second posting of `payout:<id>` (the reference is unique) means it was paid meanwhile.
      if (isUniqueViolation(err)) throw notReviewable('paid');
      throw err;
    }
  }

  async views(rows: PayoutRequestRow[]): Promise<PayoutRequest[]> {
    const ids = [...new Set(rows.map((r) => r.performerId))];
    const people = ids.length ? await this.deps.db.select().from(users).where(inArray(users.id, ids)) : [];
    const byId = new Map(people.map((u) => [u.id, u]));
    return rows.map((r) => {
      const u = byId.get(r.performerId);
      return {
        _id: r.id, performerId: r.performerId, performer: u ? this.deps.users.card(u) : null, amount: fromMinor(r.amount), status: r.status, method: r.method,
        requestNote: r.requestNote, adminNote: r.adminNote, failureMessage: r.failureMessage,
        approvedAt: r.approvedAt?.toISOString() ?? null, paidAt: r.paidAt?.toISOString() ?? null, rejectedAt: r.rejectedAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
      };
    });
  }
}

/** What an audit entry of a review shows of a request (no banking details). */
function auditState(r: PayoutRequestRow) {
  return { status: r.status, method: r.method, adminNote: r.adminNote, ledgerTransactionId: r.ledgerTransactionId ?? null, gatewayRef: r.gatewayRef ?? null };
}
