import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromMinor, isUuid, toMinor, type RefundBody } from '@stagepass/shared';
import type { Db, Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { HttpError, conflict, fieldError, notFound } from '../../platform/errors';
import type { Events } from '../../platform/events';
import { GatewayRefusal, type GatewayRefund } from '../../platform/payments/gateway';
import { SITE, wallet, type LedgerService } from '../ledger/ledger.service';
import { ledgerTransactions } from '../ledger/ledger.tables';
import { disputes, paymentRefunds, type PaymentRefundRow } from './disputes.tables';
import { recordSandboxMovement } from './reconciliation.sandbox';
import { paymentTransactions, type GatewayName, type PaymentTransactionRow } from './payments.tables';
import { CURRENCY, type PaymentsService } from './payments.service';

/** What RefundsService is built with (by the composition root, root.ts). */
export interface RefundsDeps {
  clock: Clock;
  db: Db;
  events: Events;
  ledger: LedgerService;
  log: FastifyBaseLogger;
  payments: PaymentsService;
}

/** The ledger references of one refund (each unique: it moves once, and back once at most). */
export const refundRefs = (id: string) => ({ refund: `card_refund:${id}`, failed: `card_refund_failed:${id}` });

/** Why a payment cannot be refunded now (null: it can), from what is read of it. */
export function refundBlock(p: PaymentTransactionRow, disputed: boolean): string | null {
  if (p.status === 'refunded') return 'This payment has been refunded in full';
  if (p.status !== 'succeeded') return 'Only a paid card payment can be refunded';
  if (disputed) return "This payment is disputed: the cardholder's bank decides, it cannot be refunded meanwhile";
  if (p.amount - p.refundedAmount <= 0) return 'Nothing is left of this payment to refund';
  return null;
}

/**
 * Refunds to the card (payments README "Refunds to the card"). An operator's refund:
 *
 * 1. In one transaction on the LOCKED payment row (two operators at once queue here): the checks
 *    (paid, not disputed, at most what is left — a top-up also no more than the fan's wallet
 *    holds), the refund row (`pending`), the payment's `refunded_amount`, the ledger movement
 *    (`card_refund:<id>`: a top-up from the wallet; a subscription period's split taken back,
 *    the creator's earnings allowed below zero, a negative earnings line) and the audit entry.
 * 2. The gateway is asked (idempotency key `refund:<id>`, our id in its metadata).
 * 3. Its answer is applied like its webhooks (`applyGatewayRefund`): succeeded → `succeeded` and
 *    `payment.refunded` (once: a conditional update); failed/refused → `failed` and the ledger
 *    moved back once (`card_refund_failed:<id>`). A webhook that arrives before the answer finds
 *    the row by our id in the metadata and does the same — whichever comes first wins, the other
 *    changes nothing. A refund made at the gateway (Stripe's dashboard) is recorded from its events.
 */
export class RefundsService {
  constructor(private deps: RefundsDeps) {}

  private get now() {
    return this.deps.clock.now();
  }

  /** A payment with an open or lost dispute (a won one may be refunded again). */
  async isDisputed(tx: Tx | Db, paymentId: string): Promise<boolean> {
    const [d] = await tx.select({ id: disputes.id }).from(disputes).where(and(eq(disputes.paymentId, paymentId), or(isNull(disputes.closedAt), eq(disputes.status, 'lost')))).limit(1);
    return !!d;
  }

  /** POST /admin/payments/{id}/refunds (see the class comment). `key`: the operator's Idempotency-Key. */
  async refund(actor: AuditActor, paymentId: string, body: RefundBody, key: string | undefined): Promise<PaymentRefundRow> {
    const [found] = await this.deps.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, paymentId));
    if (!found) throw notFound('Payment not found');
    const gw = await this.deps.payments.gatewayFor(found.gateway);
    const row = await this.reserve(actor, found.id, body, key);
    if (row.status !== 'pending' || row.gatewayRef) return row;
    const p = await this.deps.payments.byId(row.paymentId);
    const chargeRef = p.chargeRef ?? p.gatewayRef;
    let answer: GatewayRefund;
    try {
      answer = await gw.refund({ chargeRef: chargeRef!, amount: row.amount, currency: CURRENCY, reason: row.reason, idempotencyKey: `refund:${row.id}`, metadata: { refundId: row.id, paymentId: p.id } });
    } catch (err) {
      if (err instanceof GatewayRefusal) {
        await this.deps.db.transaction((tx) => this.fail(tx, row.id, err.message));
        throw new HttpError(422, `The gateway refused the refund: ${err.message}`);
      }
      // No answer: the refund stays pending (its money held) until the gateway's events confirm it
      // or the operator retries with the same Idempotency-Key (the same refund at the gateway).
      this.deps.log.error({ err, refundId: row.id }, 'refund: the gateway did not answer');
      throw new HttpError(503, 'The payment gateway did not answer: the refund is pending and completes when the gateway confirms it (or retry with the same Idempotency-Key)');
    }
    return (await this.deps.db.transaction((tx) => this.applyGatewayRefund(tx, gw.name, { ...answer, metadata: { ...answer.metadata, refundId: row.id } })))!;
  }

  /** Step 1: the checks and the reservation, in one transaction on the locked payment. A retry with the same key answers its row. */
  private async reserve(actor: AuditActor, paymentId: string, body: RefundBody, key: string | undefined): Promise<PaymentRefundRow> {
    return this.deps.db.transaction(async (tx) => {
      const [p] = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.id, paymentId)).for('update');
      if (key) {
        const [again] = await tx.select().from(paymentRefunds).where(and(eq(paymentRefunds.paymentId, p!.id), eq(paymentRefunds.createdBy, actor.actorId), eq(paymentRefunds.idempotencyKey, key)));
        if (again) return again;
      }
      const block = refundBlock(p!, await this.isDisputed(tx, p!.id));
      if (block) throw conflict(block);
      const left = p!.amount - p!.refundedAmount;
      const inWallet = p!.type === 'wallet_topup' ? await this.deps.ledger.lockedBalance(tx, wallet(p!.userId)) : Infinity;
      const max = Math.min(left, inWallet);
      if (max <= 0) throw conflict("The fan's wallet is empty: this top-up has been spent, so nothing of it can be refunded");
      const amount = body.amount !== undefined ? toMinor(body.amount) : max;
      if (amount > left) throw fieldError('amount', `At most ${fromMinor(left).toFixed(2)} is left of this payment`);
      if (amount > inWallet) throw fieldError('amount', `The fan's wallet holds only ${fromMinor(inWallet).toFixed(2)} of this top-up: refund at most that`);
      const now = this.now;
      const [row] = await tx
        .insert(paymentRefunds)
        .values({ paymentId: p!.id, amount, status: 'pending', reason: body.reason, gateway: p!.gateway, createdBy: actor.actorId, idempotencyKey: key ?? null, createdAt: now, updatedAt: now })
        .returning();
      const ledgerTx = await this.move(tx, row!, p!, `Refund to card: ${p!.description} — ${body.reason}`);
      const refunded = p!.refundedAmount + amount;
      await tx.update(paymentTransactions).set({ refundedAmount: refunded, status: refunded >= p!.amount ? 'refunded' : 'succeeded' }).where(eq(paymentTransactions.id, p!.id));
      const [done] = await tx.update(paymentRefunds).set({ ledgerTransactionId: ledgerTx }).where(eq(paymentRefunds.id, row!.id)).returning();
      await recordAudit(tx, actor, {
        action: 'payment.refund', targetType: 'payment', targetId: p!.id,
        before: { status: p!.status, refundedAmount: fromMinor(p!.refundedAmount) }, after: { refundId: row!.id, amount: fromMinor(amount), reason: body.reason, refundedAmount: fromMinor(refunded) },
      });
      return done!;
    });
  }

  /**
   * The refund's money (once: `card_refund:<id>`): a top-up's from the fan's wallet (never below
   * zero: what it no longer holds — a refund made at the gateway of a spent top-up — is the site's
   * loss); a subscription period's split taken back (what is left of the sale; beyond it a loss).
   */
  private async move(tx: Tx, r: PaymentRefundRow, p: PaymentTransactionRow, description: string): Promise<string> {
    const refs = refundRefs(r.id);
    const ledger = this.deps.ledger;
    if (p.type === 'wallet_topup') {
      const fromWallet = Math.min(Math.max(0, await ledger.lockedBalance(tx, wallet(p.userId))), r.amount);
      const t = await ledger.post(tx, {
        type: 'card_refund', reference: refs.refund, description, userId: p.userId,
        postings: [{ account: SITE.gateway, amount: r.amount }, { account: wallet(p.userId), amount: -fromWallet }, { account: SITE.losses, amount: -(r.amount - fromWallet) }],
      });
      return t.id;
    }
    const fromSale = Math.min(r.amount, await ledger.saleLeft(tx, `payment:${p.id}`));
    if (fromSale === r.amount) {
      return (await ledger.reverseCardSale(tx, { saleSource: `payment:${p.id}`, amount: fromSale, to: SITE.gateway, reference: refs.refund, type: 'card_refund', description, earningSource: refs.refund })).ledgerTx.id;
    }
    // More than is left of the sale (a dispute took part of it, then the gateway refunded anyway): the rest is the site's loss.
    const t = await ledger.post(tx, { type: 'card_refund', reference: refs.refund, description, userId: p.userId, postings: [{ account: SITE.gateway, amount: r.amount - fromSale }, { account: SITE.losses, amount: -(r.amount - fromSale) }] });
    if (fromSale > 0) await ledger.reverseCardSale(tx, { saleSource: `payment:${p.id}`, amount: fromSale, to: SITE.gateway, reference: `${refs.refund}:sale`, type: 'card_refund', description, earningSource: refs.refund });
    return t.id;
  }

  /** pending|succeeded → failed, once: the money back (its movements negated), the payment's refunded amount lowered. False: it had failed already. */
  private async fail(tx: Tx, refundId: string, message: string): Promise<boolean> {
    // The payment first, as `reserve` locks it before any account: the two never wait on each other in a circle.
    const [mine] = await tx.select({ paymentId: paymentRefunds.paymentId }).from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
    if (!mine) return false;
    await tx.select({ id: paymentTransactions.id }).from(paymentTransactions).where(eq(paymentTransactions.id, mine.paymentId)).for('update');
    const [r] = await tx
      .update(paymentRefunds)
      .set({ status: 'failed', failureMessage: message, updatedAt: this.now })
      .where(and(eq(paymentRefunds.id, refundId), inArray(paymentRefunds.status, ['pending', 'succeeded'])))
      .returning();
    if (!r) return false;
    const refs = refundRefs(r.id);
    const moved = await tx.select({ id: ledgerTransactions.id, reference: ledgerTransactions.reference }).from(ledgerTransactions).where(inArray(ledgerTransactions.reference, [refs.refund, `${refs.refund}:sale`]));
    for (const m of moved) {
      await this.deps.ledger.negate(tx, { ledgerTransactionId: m.id, reference: m.reference.replace('card_refund:', 'card_refund_failed:'), type: 'card_refund_failed', description: `Refund to card failed: ${message}`, earningSource: m.reference.replace('card_refund:', 'card_refund_failed:') });
    }
    await tx
      .update(paymentTransactions)
      .set({ refundedAmount: sql`${paymentTransactions.refundedAmount} - ${r.amount}`, status: 'succeeded' })
      .where(eq(paymentTransactions.id, r.paymentId));
    return true;
  }

  /**
   * A refund as the gateway reports it (its answer to our call, or a webhook: refund.created /
   * .updated / .failed, charge.refunded), inside the caller's transaction. Ours (by the id in its
   * metadata, else its gateway id), locked: the gateway id noted; succeeded → `succeeded` once with
   * `payment.refunded`; failed/canceled → `fail` once. Not ours — made at the gateway — it is
   * recorded now (the first delivery inserts it, a concurrent one finds it), its money moved as a
   * refund's. A refund of a payment we do not know → null (logged).
   */
  async applyGatewayRefund(tx: Tx, gateway: GatewayName, r: GatewayRefund): Promise<PaymentRefundRow | null> {
    const ourId = r.metadata.refundId && isUuid(r.metadata.refundId) ? r.metadata.refundId : null;
    const byId = ourId ? (await tx.select().from(paymentRefunds).where(and(eq(paymentRefunds.id, ourId), eq(paymentRefunds.gateway, gateway))).for('update'))[0] : undefined;
    let row = byId ?? (await tx.select().from(paymentRefunds).where(and(eq(paymentRefunds.gateway, gateway), eq(paymentRefunds.gatewayRef, r.ref))).for('update'))[0];
    if (!row) {
      const recorded = await this.recordForeign(tx, gateway, r);
      if (!recorded) return null;
      row = recorded;
    }
    const now = this.now;
    if (!row.gatewayRef) [row] = await tx.update(paymentRefunds).set({ gatewayRef: r.ref, updatedAt: now }).where(and(eq(paymentRefunds.id, row.id), isNull(paymentRefunds.gatewayRef))).returning();
    if (r.status === 'failed' || r.status === 'canceled') {
      const wasSucceeded = row!.status === 'succeeded';
      const failed = await this.fail(tx, row!.id, r.failureMessage ?? `The refund ${r.status === 'failed' ? 'failed' : 'was canceled'}`);
      // The sandbox's books (README "Reconciliation"): a refund that failed after it went through comes back.
      if (failed && wasSucceeded && gateway === 'sandbox') await recordSandboxMovement(tx, { type: 'refund_failure', source: r.ref, amount: row!.amount, description: 'Refund failed' });
    } else if (r.status === 'succeeded') {
      const [ok] = await tx.update(paymentRefunds).set({ status: 'succeeded', updatedAt: now }).where(and(eq(paymentRefunds.id, row!.id), eq(paymentRefunds.status, 'pending'))).returning();
      if (ok) await this.recordRefunded(tx, ok);
      if (ok && gateway === 'sandbox') await recordSandboxMovement(tx, { type: 'refund', source: r.ref, amount: -ok.amount, description: ok.reason });
    }
    return (await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, row!.id)))[0]!;
  }

  /** `payment.refunded`: full when nothing is left of the payment; latest when no later period of its subscription was paid. */
  private async recordRefunded(tx: Tx, r: PaymentRefundRow): Promise<void> {
    const [p] = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.id, r.paymentId));
    // Compared in SQL with the row's own time (a JS Date would drop PostgreSQL's microseconds and find the payment itself "later").
    const later = p!.subscriptionId
      ? await tx
        .select({ id: paymentTransactions.id })
        .from(paymentTransactions)
        .where(and(
          eq(paymentTransactions.subscriptionId, p!.subscriptionId), inArray(paymentTransactions.status, ['succeeded', 'refunded']), ne(paymentTransactions.id, p!.id),
          sql`${paymentTransactions.createdAt} > (select pt.created_at from payment_transactions pt where pt.id = ${p!.id})`,
        ))
        .limit(1)
      : [];
    await this.deps.events.record(tx, 'payment.refunded', {
      refundId: r.id, paymentId: p!.id, userId: p!.userId, performerId: p!.performerId, subscriptionId: p!.subscriptionId, amount: r.amount,
      full: p!.refundedAmount >= p!.amount, latest: later.length === 0,
    });
  }

  /** A refund made at the gateway (not through us): recorded once, its money moved. Null: not a payment of ours. */
  private async recordForeign(tx: Tx, gateway: GatewayName, r: GatewayRefund): Promise<PaymentRefundRow | null> {
    const [p] = r.chargeRef
      ? await tx.select().from(paymentTransactions).where(and(eq(paymentTransactions.gateway, gateway), or(eq(paymentTransactions.chargeRef, r.chargeRef), eq(paymentTransactions.gatewayRef, r.chargeRef)))).limit(1).for('update')
      : [];
    if (!p) {
      this.deps.log.info({ refund: r.ref, charge: r.chargeRef }, 'refund of an unknown payment: ignored');
      return null;
    }
    const now = this.now;
    const [row] = await tx
      .insert(paymentRefunds)
      .values({ paymentId: p.id, amount: r.amount, status: 'pending', reason: 'Refunded at the payment gateway', gateway, gatewayRef: r.ref, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) return (await tx.select().from(paymentRefunds).where(and(eq(paymentRefunds.gateway, gateway), eq(paymentRefunds.gatewayRef, r.ref))).for('update'))[0] ?? null;
    const ledgerTx = await this.move(tx, row, p, `Refund to card (at the gateway): ${p.description}`);
    const refunded = p.refundedAmount + r.amount;
    await tx.update(paymentTransactions).set({ refundedAmount: refunded, status: refunded >= p.amount ? 'refunded' : 'succeeded' }).where(eq(paymentTransactions.id, p.id));
    const [done] = await tx.update(paymentRefunds).set({ ledgerTransactionId: ledgerTx }).where(eq(paymentRefunds.id, row.id)).returning();
    return done!;
  }

  /** A payment's refunds, newest first. */
  async ofPayment(paymentId: string): Promise<PaymentRefundRow[]> {
    return this.deps.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId)).orderBy(desc(paymentRefunds.createdAt));
  }
}
