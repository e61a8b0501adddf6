import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DISPUTE_STATUSES, disputeReasonLabel, type DisputeStatus } from '@stagepass/shared';
import type { Db, Tx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Events } from '../../platform/events';
import type { GatewayDispute, GatewayEvent } from '../../platform/payments/gateway';
import { SITE, wallet, type LedgerService } from '../ledger/ledger.service';
import { ledgerTransactions } from '../ledger/ledger.tables';
import type { SettingsService } from '../settings/settings.service';
import { disputes, type DisputeRow } from './disputes.tables';
import { processGatewayEvent } from './gateway-events';
import { recordSandboxMovement } from './reconciliation.sandbox';
import { paymentTransactions, type GatewayName, type PaymentTransactionRow } from './payments.tables';

/** What DisputesService is built with (by the composition root, root.ts). */
export interface DisputesDeps {
  clock: Clock;
  db: Db;
  events: Events;
  ledger: LedgerService;
  log: FastifyBaseLogger;
  settings: SettingsService;
}

/** How far along a dispute is: a status only ever moves forward (events come in any order); the closed ones are final (an appeal may turn lost into won). */
const RANK: Record<DisputeStatus, number> = {
  warning_needs_response: 0, warning_under_review: 1, needs_response: 2, under_review: 3, warning_closed: 4, won: 4, lost: 4, prevented: 4,
};
const CLOSED: readonly DisputeStatus[] = ['warning_closed', 'won', 'lost', 'prevented'];

/** The gateway's status in our words (an appeal's stages count as their first-round twins); unknown → null (kept as it was). */
export function disputeStatusOf(s: string): DisputeStatus | null {
  if (s === 'appeal_needs_response') return 'needs_response';
  if (s === 'appeal_under_review') return 'under_review';
  return (DISPUTE_STATUSES as readonly string[]).includes(s) ? (s as DisputeStatus) : null;
}

/** The ledger references of one dispute's movements (each unique: a step moves money once at most). */
export const disputeRefs = (id: string) => ({
  hold: `dispute:${id}`,
  holdRest: `dispute_rest:${id}`,
  fee: `dispute_fee:${id}`,
  feeReturned: `dispute_fee_returned:${id}`,
  won: `dispute_won:${id}`,
  wonRest: `dispute_won_rest:${id}`,
  lost: `dispute_lost:${id}`,
  lostUndone: `dispute_lost_undone:${id}`,
});

/**
 * Disputes (chargebacks) of card payments — the money side (payments README "Disputes"). Both
 * gateways' events come here the same way: Stripe's `charge.dispute.*` webhooks (stripe.webhooks.ts)
 * and the sandbox's simulated ones (disputes.admin.ts), each through `processGatewayEvent` (once per
 * event id), then `apply` with the dispute as the gateway reports it — whatever the event's type, in
 * any order. `apply` brings our row (created by the first event) to what the gateway says, each
 * money step at most once (a conditional UPDATE of the locked row, and a unique ledger reference):
 *
 * - **Hold** (money taken: `withdrawn`, or any non-inquiry status): the disputed amount leaves
 *   through the gateway account. A subscription period: the sale's split taken back (creator's
 *   earnings −net — allowed below zero — commission −commission; negative earnings row "Dispute
 *   (<reason>): …"). A wallet top-up: from the fan's wallet as far as it holds (never below zero);
 *   the rest — spent on creators, who keep it — is at stake (`disputes` account).
 * - **Fee**: the gateway's fee is the site's cost (`losses`), booked when reported; a returned fee
 *   goes back.
 * - **Won** (`won`/`prevented`, or money reinstated): the hold is given back exactly (its negation,
 *   earnings row `dispute_won:`), once.
 * - **Lost**: the hold stays; what was at stake becomes the site's loss.
 * - **Closed**: `closed_at`; the fan may spend again. Opening and closing record `payment.disputed`
 *   and `payment.dispute-closed` (the subscriptions module suspends/ends a subscription on them).
 */
export class DisputesService {
  constructor(private deps: DisputesDeps) {}

  /** One gateway event about a dispute, once per event id, through the same path as Stripe's webhooks. */
  async applyEvent(gateway: GatewayName, event: GatewayEvent, d: GatewayDispute): Promise<{ duplicate: boolean }> {
    return processGatewayEvent(this.deps.db, gateway, event, async (tx) => void (await this.apply(tx, gateway, d)));
  }

  /** The card payment a dispute names (its PaymentIntent / charge), locked? no: read. */
  private async paymentOf(tx: Tx, gateway: GatewayName, chargeRef: string): Promise<PaymentTransactionRow | null> {
    if (!chargeRef) return null;
    const [p] = await tx
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.gateway, gateway), or(eq(paymentTransactions.chargeRef, chargeRef), eq(paymentTransactions.gatewayRef, chargeRef))))
      .limit(1);
    return p ?? null;
  }

  /** Brings our dispute to what the gateway reports, inside the event's transaction. Unknown payment → null (logged). */
  async apply(tx: Tx, gateway: GatewayName, d: GatewayDispute): Promise<DisputeRow | null> {
    const payment = await this.paymentOf(tx, gateway, d.chargeRef);
    if (!payment) {
      this.deps.log.info({ dispute: d.ref, charge: d.chargeRef }, 'dispute of an unknown payment: ignored');
      return null;
    }
    const now = this.deps.clock.now();
    const status = disputeStatusOf(d.status) ?? 'needs_response';
    const locksContent = (await this.deps.settings.all(tx)).disputeLocksContent;
    const inserted = await tx
      .insert(disputes)
      .values({
        paymentId: payment.id, userId: payment.userId, performerId: payment.performerId, gateway, gatewayRef: d.ref, amount: d.amount, currency: d.currency,
        reason: d.reason, status, dueBy: d.dueBy, locksContent, createdAt: now, updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: disputes.id });
    let [row] = await tx.select().from(disputes).where(and(eq(disputes.gateway, gateway), eq(disputes.gatewayRef, d.ref))).for('update');
    if (!row) {
      // A charge is disputed once (disputes_payment_uq); a second dispute of it is not the gateways' way.
      this.deps.log.warn({ dispute: d.ref, paymentId: payment.id }, 'a second dispute of one payment: ignored');
      return null;
    }
    const ids = { disputeId: row.id, paymentId: payment.id, userId: payment.userId, performerId: payment.performerId, subscriptionId: payment.subscriptionId, locksContent: row.locksContent };
    if (inserted.length) await this.deps.events.record(tx, 'payment.disputed', ids);

    // What it says now (a status only moves forward; amount, reason and deadline as last reported).
    const forward = RANK[status] > RANK[row.status] || (RANK[status] === RANK[row.status] && CLOSED.includes(status));
    [row] = await tx
      .update(disputes)
      .set({ amount: d.amount, reason: d.reason, ...(forward ? { status, dueBy: d.dueBy } : {}), updatedAt: now })
      .where(eq(disputes.id, row.id))
      .returning();
    const current = row!.status;
    // The sandbox's books (README "Reconciliation"): what it took and gave back, in this event's transaction.
    if (gateway === 'sandbox') {
      if (d.withdrawn) await recordSandboxMovement(tx, { type: 'dispute', source: d.ref, amount: -d.withdrawn.amount, fee: d.withdrawn.fee, currency: d.currency, description: 'Dispute withdrawal' });
      if (d.reinstated) await recordSandboxMovement(tx, { type: 'dispute_reversal', source: d.ref, amount: d.reinstated.amount, fee: -d.reinstated.feeReturned, currency: d.currency, description: 'Dispute reinstatement' });
    }

    if (!row!.heldAt && current !== 'warning_closed' && (d.withdrawn || !current.startsWith('warning_'))) row = await this.hold(tx, row!, payment, d.withdrawn?.amount ?? d.amount, now);
    row = await this.fee(tx, row!, payment, d.withdrawn?.fee ?? 0, d.reinstated?.feeReturned ?? 0, now);
    const won = current === 'won' || current === 'prevented' || d.reinstated !== null;
    if (won && row.heldAt && !row.reinstatedAt) row = await this.reinstate(tx, row, payment, now);
    if (current === 'lost' && row.heldAt && !row.lostAt && !row.reinstatedAt) row = await this.lose(tx, row, payment, now);
    if (CLOSED.includes(current) && !row.closedAt) {
      const [closed] = await tx.update(disputes).set({ closedAt: now }).where(and(eq(disputes.id, row.id), isNull(disputes.closedAt))).returning();
      if (closed) {
        row = closed;
        const outcome = won ? 'won' : current === 'lost' ? 'lost' : null;
        await this.deps.events.record(tx, 'payment.dispute-closed', { ...ids, outcome });
      }
    }
    return row;
  }

  /**
   * The hold (once: `held_at`): the disputed amount leaves through the gateway, taken back from
   * what the payment paid for — a subscription period's split (its remaining part; anything beyond
   * is at stake), a top-up's wallet as far as it holds (the rest at stake).
   */
  private async hold(tx: Tx, row: DisputeRow, payment: PaymentTransactionRow, amount: number, now: Date): Promise<DisputeRow> {
    const [claimed] = await tx.update(disputes).set({ heldAt: now }).where(and(eq(disputes.id, row.id), isNull(disputes.heldAt))).returning();
    if (!claimed) return row;
    const refs = disputeRefs(row.id);
    const description = `Dispute (${disputeReasonLabel(row.reason)}): ${payment.description}`;
    const ledger = this.deps.ledger;
    const taken = { fromWallet: 0, fromEarnings: 0, commissionHeld: 0, atStake: 0 };
    if (payment.type === 'wallet_topup') {
      taken.fromWallet = Math.min(Math.max(0, await ledger.lockedBalance(tx, wallet(payment.userId))), amount);
      taken.atStake = amount - taken.fromWallet;
      await ledger.post(tx, {
        type: 'dispute', reference: refs.hold, description, userId: payment.userId,
        postings: [{ account: SITE.gateway, amount }, { account: wallet(payment.userId), amount: -taken.fromWallet }, { account: SITE.disputes, amount: -taken.atStake }],
      });
    } else {
      const fromSale = Math.min(amount, await ledger.saleLeft(tx, `payment:${payment.id}`));
      if (fromSale > 0) {
        const r = await ledger.reverseCardSale(tx, { saleSource: `payment:${payment.id}`, amount: fromSale, to: SITE.gateway, reference: refs.hold, type: 'dispute', description, earningSource: refs.hold });
        taken.fromEarnings = r.net;
        taken.commissionHeld = r.commission;
      }
      taken.atStake = amount - fromSale;
      if (taken.atStake > 0) {
        await ledger.post(tx, {
          type: 'dispute', reference: fromSale > 0 ? refs.holdRest : refs.hold, description, userId: payment.userId,
          postings: [{ account: SITE.gateway, amount: taken.atStake }, { account: SITE.disputes, amount: -taken.atStake }],
        });
      }
    }
    const [held] = await tx.update(disputes).set(taken).where(eq(disputes.id, row.id)).returning();
    return held!;
  }

  /** The gateway's fee as reported (booked once, the site's loss) and what of it came back (once). */
  private async fee(tx: Tx, row: DisputeRow, payment: PaymentTransactionRow, fee: number, returned: number, now: Date): Promise<DisputeRow> {
    const refs = disputeRefs(row.id);
    let out = row;
    if (fee > 0 && row.fee === 0) {
      const [r] = await tx.update(disputes).set({ fee, updatedAt: now }).where(and(eq(disputes.id, row.id), eq(disputes.fee, 0))).returning();
      if (r) {
        out = r;
        await this.deps.ledger.post(tx, { type: 'dispute_fee', reference: refs.fee, description: `Dispute fee: ${payment.description}`, userId: payment.userId, postings: [{ account: SITE.gateway, amount: fee }, { account: SITE.losses, amount: -fee }] });
      }
    }
    const back = Math.min(returned, out.fee);
    if (back > 0 && out.feeReturned === 0) {
      const [r] = await tx.update(disputes).set({ feeReturned: back, updatedAt: now }).where(and(eq(disputes.id, row.id), eq(disputes.feeReturned, 0))).returning();
      if (r) {
        out = r;
        await this.deps.ledger.post(tx, { type: 'dispute_fee', reference: refs.feeReturned, description: `Dispute fee returned: ${payment.description}`, userId: payment.userId, postings: [{ account: SITE.gateway, amount: -back }, { account: SITE.losses, amount: back }] });
      }
    }
    return out;
  }

  /** Won: the hold given back exactly — its movements negated (after undoing a loss written off before an appeal won it). */
  private async reinstate(tx: Tx, row: DisputeRow, payment: PaymentTransactionRow, now: Date): Promise<DisputeRow> {
    const [claimed] = await tx.update(disputes).set({ reinstatedAt: now }).where(and(eq(disputes.id, row.id), isNull(disputes.reinstatedAt))).returning();
    if (!claimed) return row;
    const refs = disputeRefs(row.id);
    const description = `Dispute won: ${payment.description}`;
    const moved = await tx.select({ id: ledgerTransactions.id, reference: ledgerTransactions.reference }).from(ledgerTransactions).where(inArray(ledgerTransactions.reference, [refs.hold, refs.holdRest, refs.lost]));
    const byRef = new Map(moved.map((m) => [m.reference, m.id]));
    const undo = async (from: string, reference: string) => {
      const id = byRef.get(from);
      if (id) await this.deps.ledger.negate(tx, { ledgerTransactionId: id, reference, type: 'dispute_won', description, earningSource: reference });
    };
    if (row.lostAt) await undo(refs.lost, refs.lostUndone);
    await undo(refs.hold, refs.won);
    await undo(refs.holdRest, refs.wonRest);
    return claimed;
  }

  /** Lost: the hold stays taken; a top-up's spent part at stake becomes the site's loss (once). */
  private async lose(tx: Tx, row: DisputeRow, payment: PaymentTransactionRow, now: Date): Promise<DisputeRow> {
    const [claimed] = await tx.update(disputes).set({ lostAt: now }).where(and(eq(disputes.id, row.id), isNull(disputes.lostAt))).returning();
    if (!claimed) return row;
    if (row.atStake > 0) {
      await this.deps.ledger.post(tx, {
        type: 'dispute_lost', reference: disputeRefs(row.id).lost, description: `Dispute lost: ${payment.description}`, userId: payment.userId,
        postings: [{ account: SITE.disputes, amount: row.atStake }, { account: SITE.losses, amount: -row.atStake }],
      });
    }
    return claimed;
  }
}
