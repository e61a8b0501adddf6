import { and, eq } from 'drizzle-orm';
import { fromMinor, proratedUpgrade, type TierChangeResult } from '@stagepass/shared';
import type { Db, Tx } from '../../db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../users/users.tables';
import { paymentTransactions, type PaymentTransactionRow } from '../payments/payments.tables';
import { CURRENCY, cardRefused, type PaymentsService } from '../payments/payments.service';
import { subscriptions, type SubscriptionRow } from './subscriptions.tables';
import { grantsAccess } from './subscriptions.policy';
import { addMonths } from './periods';
import type { TiersService } from './tiers.service';

/** What SubscriptionTierChanges is built with (by SubscriptionsService, from its own deps). */
export interface SubscriptionTierChangesDeps {
  clock: Clock;
  db: Db;
  payments: PaymentsService;
  tiers: TiersService;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * POST /subscriptions/{id}/tier (README "Tiers"): a fan moves their running subscription to another
 * tier of the same creator.
 * - **Upgrade** (a higher rank): charged now the prorated difference — remaining fraction of the
 *   current period × (new price − the price paid for it), integer minor units rounded half up
 *   (`proratedUpgrade`, packages/shared/src/pricing.ts) plus sales tax — as a subscription payment
 *   on the subscription's own card through the payments module (pending payment → gateway charge
 *   with the payment's idempotency key → `settle`: ledger sale with the creator's share and the
 *   commission, and the tier switched in the SAME transaction). The partial unique index on pending
 *   payments per subscription makes a second concurrent change 409, never a second charge. A zero
 *   difference (the period's last instant, equal prices) switches at once without a payment.
 * - **Downgrade** (a lower rank): `pending_tier_id`; the next renewal charges the lower price and
 *   switches the tier (SubscriptionCharges.extend). Choosing the current tier again clears it.
 * Only an `active` (renewing), paid subscription changes tier: not during a free trial, not a
 * cancelled one (resume first), not one suspended by a dispute.
 * - **Stripe-billed**: the Stripe Subscription's item price follows (`changePrice`, no proration):
 *   an upgrade sets it before charging (put back when declined), a downgrade sets it now so the next
 *   invoice is the lower price (its invoice.paid applies the pending tier), dropping a pending
 *   downgrade sets it back. The upgrade's difference is one PaymentIntent of our figure on the
 *   subscription's card, settled by this request or by payment_intent.succeeded, whichever first.
 */
export class SubscriptionTierChanges {
  constructor(private deps: SubscriptionTierChangesDeps) {}

  private get now() {
    return this.deps.clock.now();
  }

  async change(user: UserRow, subscriptionId: string, tierId: string): Promise<TierChangeResult> {
    const [sub] = await this.deps.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    if (!sub || sub.userId !== user.id) throw notFound('Subscription not found');
    if (sub.suspendedByDispute) throw conflict('This subscription is on hold while a dispute of its payment is open');
    if (sub.status !== 'active' || !grantsAccess(sub, this.now)) throw unprocessable('Only a running subscription that renews can change tier (resume it first)');
    if (sub.gateway === 'stripe' && !sub.gatewayRef) throw unprocessable('This subscription is not running at Stripe');
    // A bundle's period is paid at its tier's bundle price: the tier changes at the renewal (README "Bundles").
    if (sub.bundleMonths) throw conflict(`Your ${sub.bundleMonths}-month bundle runs until ${sub.expiresAt.toISOString().slice(0, 10)}: change tier at its renewal (choose monthly renewal, then change tier once it has renewed)`);
    await this.deps.payments.assertMaySpend(user.id);
    const target = await this.deps.tiers.byId(tierId);
    if (!target || target.performerId !== sub.performerId || target.archivedAt) throw notFound('Tier not found');
    const current = sub.tierId ? await this.deps.tiers.byId(sub.tierId) : null;
    const currentRank = current ? current.position : 1;
    if (target.id === sub.tierId) {
      // Stripe renews at the current price again (a pending downgrade had lowered it there).
      if (sub.pendingTierId) await this.stripePrice(sub, sub.price, `tier:${sub.id}:keep:${sub.pendingTierId}:${this.now.getTime()}`);
      await this.deps.db.update(subscriptions).set({ pendingTierId: null }).where(eq(subscriptions.id, sub.id));
      return { kind: 'none', charged: 0, effectiveAt: null };
    }
    if (target.position < currentRank) {
      // Stripe: the item's price now, no proration — its next invoice is the lower price, and that
      // invoice.paid applies the pending tier (SubscriptionCharges.extend). Stripe first: when it
      // refuses, nothing changed here.
      await this.stripePrice(sub, target.price, `tier:${sub.id}:down:${target.id}:${this.now.getTime()}`);
      await this.deps.db.update(subscriptions).set({ pendingTierId: target.id }).where(eq(subscriptions.id, sub.id));
      return { kind: 'downgrade', charged: 0, effectiveAt: sub.expiresAt.toISOString() };
    }
    if (await this.inTrial(sub)) throw unprocessable('You can change tier once your free trial has ended');
    const amount = proratedUpgrade({ oldPrice: sub.price, newPrice: target.price, periodStart: this.periodStart(sub), periodEnd: sub.expiresAt, now: this.now });
    const switchTier = (tx: Tx) => tx.update(subscriptions).set({ tierId: target.id, price: target.price, pendingTierId: null }).where(and(eq(subscriptions.id, sub.id), eq(subscriptions.status, sub.status)));
    if (amount === 0) {
      await this.stripePrice(sub, target.price, `tier:${sub.id}:up:${target.id}:${this.now.getTime()}`);
      await this.deps.db.transaction(async (tx) => { await switchTier(tx); });
      return { kind: 'upgrade', charged: 0, effectiveAt: this.now.toISOString() };
    }
    const gw = await this.deps.payments.gatewayFor(sub.gateway ?? 'sandbox');
    const card = await this.deps.payments.cardToCharge(user, gw, sub.cardId ?? undefined).catch(() => this.deps.payments.cardToCharge(user, gw));
    const payment: PaymentTransactionRow = await this.deps.db.transaction(async (tx) => {
      const p = await this.deps.payments.createSubscriptionPayment(tx, { userId: user.id, performerId: sub.performerId, gateway: gw.name, cardId: card.id, amount, subscriptionId: sub.id, description: `Upgrade to the ${target.name} tier` });
      return this.deps.payments.taxSubscriptionPayment(tx, p, { requestCountry: null });
    }).catch((err) => {
      if (isUniqueViolation(err)) throw conflict('A payment for this subscription is already in progress');
      throw err;
    });
    // Stripe: the item's price becomes the new tier's (no proration) BEFORE any money moves, so a
    // paid upgrade always renews at its price; a refused charge puts the old price back. Stripe
    // refusing the price change fails the payment, nothing charged.
    try {
      await this.stripePrice(sub, target.price, `tier:${sub.id}:up:${payment.id}`);
    } catch (err) {
      await this.deps.payments.fail(payment.id, null, 'The payment gateway could not change the subscription');
      throw err;
    }
    const customerId = await this.deps.payments.customerId(user, gw);
    // One charge of our own figure (a PaymentIntent off session on the subscription's card, as the
    // sandbox): `tierId` in its metadata lets payment_intent.succeeded settle it the same way (once).
    const result = await gw.charge({ customerId, providerCardId: card.providerCardId, amount: payment.amount, currency: CURRENCY, description: payment.description, idempotencyKey: `payment:${payment.id}`, metadata: { paymentId: payment.id, subscriptionId: sub.id, type: 'subscription', tierId: target.id } });
    if (result.status === 'succeeded') {
      await this.deps.payments.settle(payment.id, result.gatewayRef, undefined, async (tx) => { await switchTier(tx); });
      return { kind: 'upgrade', charged: fromMinor(amount), effectiveAt: this.now.toISOString() };
    }
    const message = result.status === 'failed' ? (result.failureMessage ?? 'Your card was declined.') : 'Your card needs another step; try again';
    await this.deps.payments.fail(payment.id, result.gatewayRef ?? null, message);
    await this.stripePrice(sub, sub.price, `tier:${sub.id}:up:${payment.id}:back`).catch((err: unknown) => {
      this.deps.log.error({ err, subscriptionId: sub.id }, 'tier upgrade declined: the Stripe price could not be put back');
    });
    throw cardRefused(message);
  }

  /**
   * payment_intent.succeeded of an upgrade's charge (stripe.webhooks.ts, inside its transaction):
   * the same settlement as the request's own — the ledger sale and the tier switch — once, by the
   * payment's pending → succeeded (whichever of the two comes first books it; the other changes nothing).
   */
  async settleUpgradeFromGateway(tx: Tx, paymentId: string, gatewayRef: string, tierId: string): Promise<boolean> {
    const target = await this.deps.tiers.byId(tierId, tx);
    return this.deps.payments.settle(paymentId, gatewayRef, tx, async (t, p) => {
      if (!target || !p.subscriptionId || target.archivedAt) return;
      await t.update(subscriptions).set({ tierId: target.id, price: target.price, pendingTierId: null })
        .where(and(eq(subscriptions.id, p.subscriptionId), eq(subscriptions.performerId, target.performerId)));
    });
  }

  /** A Stripe-billed subscription's price at Stripe from its next renewal (no proration); nothing for ours. */
  private async stripePrice(sub: SubscriptionRow, monthlyAmount: number, idempotencyKey: string): Promise<void> {
    if (sub.gateway !== 'stripe' || !sub.gatewayRef) return;
    const gw = await this.deps.payments.gatewayFor('stripe');
    await gw.subscriptions!.changePrice({ gatewayRef: sub.gatewayRef, monthlyAmount, currency: CURRENCY, idempotencyKey });
  }

  /** The current period's start: one calendar month before its end, not before the subscription started. */
  private periodStart(sub: SubscriptionRow): Date {
    const start = addMonths(sub.expiresAt, -1);
    return start.getTime() < sub.startsAt.getTime() ? sub.startsAt : start;
  }

  /** A free trial not yet followed by any paid period. */
  private async inTrial(sub: SubscriptionRow): Promise<boolean> {
    if (sub.type !== 'free') return false;
    const [paid] = await this.deps.db.select({ id: paymentTransactions.id }).from(paymentTransactions)
      .where(and(eq(paymentTransactions.subscriptionId, sub.id), eq(paymentTransactions.status, 'succeeded'))).limit(1);
    return !paid;
  }
}
