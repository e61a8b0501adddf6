import { and, eq, sql } from 'drizzle-orm';
import { isUuid } from '@stagepass/shared';
import type { Tx } from '../../db/client';
import { users } from '../users/users.tables';
import { subscriptions, type SubscriptionRow } from './subscriptions.tables';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { SalesTaxService } from '../taxes/sales-tax.service';
import type { PaymentsService } from '../payments/payments.service';
import type { Events } from '../../platform/events';

/** Extending a subscription by a paid period (SubscriptionCharges). */
export interface PeriodExtender {
  extend(tx: Tx, subscriptionId: string, periodEnd: Date | null, amount: number): Promise<void>;
}

/** What SubscriptionGatewaySync is built with (by SubscriptionsService, from its own deps). */
export interface SubscriptionGatewaySyncDeps {
  clock: Clock;
  db: Db;
  events: Events;
  payments: PaymentsService;
  periods: PeriodExtender;
  /** A renewal's tax, booked from the invoice with the place and terms the subscription started with. */
  taxes: Pick<SalesTaxService, 'ofGatewaySubscription' | 'recordCharged'>;
}

/**
 * Gateway-managed subscriptions (Stripe): the subscription renews itself at the gateway and its
 * webhooks (payments/stripe.webhooks.ts, through SubscriptionsService) tell us, inside the
 * webhook's transaction: a paid period, a failed renewal, the end, the cancel flag.
 */
export class SubscriptionGatewaySync {
  constructor(private deps: SubscriptionGatewaySyncDeps) {}

  private get now() {
    return this.deps.clock.now();
  }

  async byGatewayRef(gateway: 'stripe', ref: string): Promise<SubscriptionRow | null> {
    const [row] = await this.deps.db.select().from(subscriptions).where(and(eq(subscriptions.gateway, gateway), eq(subscriptions.gatewayRef, ref)));
    return row ?? null;
  }

  /**
   * Our subscription of a Stripe Subscription an event is about, locked for the rest of the
   * webhook's transaction unless `lock` is false (events about one subscription apply one after the
   * other): by gateway_ref, else by metadata.subscriptionId (an event can arrive before subscribe()
   * stored the ref). `ours`: the row is about this Stripe subscription — not a newer one the fan
   * started after this one ended.
   */
  async ofStripeEvent(tx: Tx, stripeSubId: string | null, ourId: string | null | undefined, lock = true): Promise<{ sub: SubscriptionRow; ours: boolean } | null> {
    const q = (where: ReturnType<typeof and>) => (lock ? tx.select().from(subscriptions).where(where).for('update') : tx.select().from(subscriptions).where(where));
    let sub: SubscriptionRow | undefined;
    if (stripeSubId) [sub] = await q(and(eq(subscriptions.gateway, 'stripe'), eq(subscriptions.gatewayRef, stripeSubId)));
    if (!sub && ourId && isUuid(ourId)) [sub] = await q(and(eq(subscriptions.id, ourId), eq(subscriptions.gateway, 'stripe')));
    if (!sub) return null;
    return { sub, ours: !!stripeSubId && (sub.gatewayRef === null || sub.gatewayRef === stripeSubId) };
  }

  /**
   * A period paid at the gateway (invoice.paid), inside the webhook's transaction: records the
   * payment (once per invoice id) as a sale and extends the subscription to `periodEnd`. Events may
   * come in any order: an older invoice never moves the end back. `extend: false` records the
   * money only and leaves the subscription as it is (an invoice of a gateway subscription that has
   * already ended, or a stale one: see stripe.webhooks.ts).
   */
  async applyPaidPeriod(tx: Tx, sub: SubscriptionRow, invoice: { gatewayRef: string; amount: number; periodEnd: Date; tax?: number }, opts: { extend?: boolean } = {}): Promise<void> {
    const extend = opts.extend === false ? async () => {} : (t: Tx, id: string) => this.deps.periods.extend(t, id, invoice.periodEnd, invoice.amount);
    const existing = await this.deps.payments.byGatewayRef('stripe', invoice.gatewayRef, tx);
    if (existing) {
      if (existing.status === 'pending') await this.deps.payments.settle(existing.id, invoice.gatewayRef, tx, (t, p) => extend(t, p.subscriptionId!));
      else await extend(tx, sub.id);
      return;
    }
    if (invoice.amount === 0) {
      await extend(tx, sub.id);
      return;
    }
    const [performer] = await tx.select().from(users).where(eq(users.id, sub.performerId));
    const p = await this.deps.payments.createSubscriptionPayment(tx, { userId: sub.userId, performerId: sub.performerId, gateway: 'stripe', cardId: sub.cardId, amount: invoice.amount, subscriptionId: sub.id, description: `Subscription renewal: ${performer?.name || performer?.username || 'creator'}` });
    // The invoice's tax (Stripe added it with the subscription's TaxRate or Stripe Tax): to the
    // taxes account, the split on the rest — recorded before settle books it, as for the first period.
    const tax = Math.min(invoice.tax ?? 0, invoice.amount);
    if (tax > 0) {
      const how = await this.deps.taxes.ofGatewaySubscription(tx, sub.id);
      if (how) await this.deps.taxes.recordCharged(tx, `payment:${p.id}`, sub.userId, { provider: how.provider, country: how.country, region: how.region, label: how.label, rateBps: how.rateBps, inclusive: how.inclusive, net: invoice.amount - tax, tax });
    }
    await this.deps.payments.settle(p.id, invoice.gatewayRef, tx, (t, pp) => extend(t, pp.subscriptionId!));
  }

  /**
   * invoice.payment_failed on a renewal: no access until paid (Stripe retries on its schedule).
   * The first failure of a period records `subscription.past_due`; Stripe's retries do not repeat it.
   */
  async markPastDue(tx: Tx, sub: SubscriptionRow, reason: string): Promise<void> {
    if (sub.status === 'expired') return;
    await tx.update(subscriptions).set({ status: 'past_due', renewalAttempts: sql`${subscriptions.renewalAttempts} + 1` }).where(eq(subscriptions.id, sub.id));
    if (sub.status !== 'past_due') {
      await this.deps.events.record(tx, 'subscription.past_due', { subscriptionId: sub.id, userId: sub.userId, performerId: sub.performerId, attempt: sub.renewalAttempts + 1, reason });
    }
  }

  /** customer.subscription.deleted: over (Stripe gave up retrying, or a cancelled period ended). */
  async expireByGateway(tx: Tx, sub: SubscriptionRow, reason: string): Promise<boolean> {
    const rows = await tx.update(subscriptions).set({ status: 'expired', nextAttemptAt: null }).where(and(eq(subscriptions.id, sub.id), sql`${subscriptions.status} <> 'expired'`)).returning({ id: subscriptions.id });
    if (rows.length) await this.deps.events.record(tx, 'subscription.expired', { subscriptionId: sub.id, userId: sub.userId, performerId: sub.performerId, reason });
    return rows.length > 0;
  }

  /** customer.subscription.updated: cancel_at_period_end switched on/off at the gateway. */
  async syncCancelFlag(tx: Tx, sub: SubscriptionRow, cancelAtPeriodEnd: boolean): Promise<void> {
    if (cancelAtPeriodEnd && sub.status === 'active') {
      await tx.update(subscriptions).set({ status: 'cancelled', cancelledAt: this.now }).where(eq(subscriptions.id, sub.id));
      await this.deps.events.record(tx, 'subscription.cancelled', { subscriptionId: sub.id, userId: sub.userId, performerId: sub.performerId });
    }
    if (!cancelAtPeriodEnd && sub.status === 'cancelled' && sub.expiresAt.getTime() > this.now.getTime()) await tx.update(subscriptions).set({ status: 'active', cancelledAt: null }).where(eq(subscriptions.id, sub.id));
  }
}
