import { eq } from 'drizzle-orm';
import { subscriptionPrice, type Subscription } from '@stagepass/shared';
import type { PaymentGateway } from '../../platform/payments/gateway';
import type { UserRow } from '../users/users.tables';
import type { PaymentTransactionRow } from '../payments/payments.tables';
import { CURRENCY, cardRefused } from '../payments/payments.service';
import { subscriptions, type SubscriptionRow } from './subscriptions.tables';
import { subscriptionTiers } from './tiers.tables';
import { isRunning } from './subscriptions.policy';
import { addMonths } from './periods';
import type { Db, Tx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { SalesTaxService } from '../taxes/sales-tax.service';
import type { PaymentsService } from '../payments/payments.service';
import type { SubscriptionViews } from './subscriptions.views';
import type { Events } from '../../platform/events';
import type { SubscriptionPromotions } from './subscriptions.promotions';

/** What SubscriptionCharges is built with (by SubscriptionsService, from its own deps). */
export interface SubscriptionChargesDeps {
  clock: Clock;
  db: Db;
  events: Events;
  list: SubscriptionViews;
  payments: PaymentsService;
  taxes: Pick<SalesTaxService, 'forGatewaySubscription' | 'ofSale'>;
  /** A paid period counted against the subscription's promotion (its discounted periods, its figures). */
  promotions?: Pick<SubscriptionPromotions, 'periodPaid'>;
}

/**
 * Paying for periods: charging one period on our own schedule (sandbox: the first one from
 * subscribe, the next ones from renewals), starting a gateway-managed subscription (Stripe), and
 * extending a subscription when a period is paid (inside the payment's transaction; also from
 * Stripe webhooks, subscriptions.gateway-sync.ts).
 */
export class SubscriptionCharges {
  constructor(private deps: SubscriptionChargesDeps) {}

  private get now() {
    return this.deps.clock.now();
  }

  private async byId(id: string, tx: Tx | Db = this.deps.db): Promise<SubscriptionRow | null> {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id));
    return row ?? null;
  }

  /** Charges one period with our own scheduling (sandbox). Success → active until +`months` calendar months (a bundle's N, else 1). */
  async chargePeriod(gw: PaymentGateway, sub: SubscriptionRow, customerId: string, providerCardId: string, payment: PaymentTransactionRow, kind: 'first' | 'renewal', months = 1): Promise<Subscription> {
    const result = payment.amount === 0
      ? { status: 'succeeded' as const, gatewayRef: `free:${payment.id}` }
      : await gw.charge({ customerId, providerCardId, amount: payment.amount, currency: CURRENCY, description: payment.description, idempotencyKey: `payment:${payment.id}`, metadata: { paymentId: payment.id, subscriptionId: sub.id, type: 'subscription' } });
    if (result.status === 'succeeded') {
      await this.deps.payments.settle(payment.id, result.gatewayRef, undefined, (tx, p) => this.extend(tx, p.subscriptionId!, null, p.amount, months));
      return (await this.deps.list.views([(await this.byId(sub.id))!]))[0];
    }
    if (result.status === 'failed') {
      await this.deps.payments.fail(payment.id, result.gatewayRef, result.failureMessage ?? 'Your card was declined.');
      if (kind === 'first') throw cardRefused(result.failureMessage ?? 'Your card was declined.');
      return (await this.deps.list.views([(await this.byId(sub.id))!]))[0];
    }
    await this.deps.payments.setGatewayRef(payment.id, result.gatewayRef);
    return (await this.deps.list.views([(await this.byId(sub.id))!]))[0];
  }

  /** `promotion`: a discount promotion's percentage for its months — Stripe's own repeating coupon carries it to the renewals (promotions README "Stripe"). */
  async startAtGateway(gw: PaymentGateway, sub: SubscriptionRow, performer: UserRow, customerId: string, providerCardId: string, trialDays: number, payment: PaymentTransactionRow | null, promotion: { percentage: number; months: number } | null = null): Promise<Subscription> {
    // The Stripe subscription carries its tax (taxes README "Stripe"): a TaxRate from the rule, or
    // Stripe Tax. Its price is before tax: the first period's is the payment's amount without an
    // exclusive tax that was added on top (an inclusive one is inside the price, as at Stripe).
    let tax: Awaited<ReturnType<typeof this.deps.taxes.forGatewaySubscription>>;
    try {
      tax = await this.deps.taxes.forGatewaySubscription(sub.id, sub.userId);
    } catch (err) {
      // Its tax cannot be set up at Stripe now (503): nothing was charged, the pending payment ends.
      if (payment) await this.deps.payments.fail(payment.id, null, err instanceof Error ? err.message : 'Sales tax unavailable');
      throw err;
    }
    const quoted = payment ? await this.deps.taxes.ofSale(this.deps.db, `payment:${payment.id}`) : null;
    // A bundle (README "Bundles"): a Stripe Subscription every N months at the bundle's price.
    const periodPrice = sub.bundleMonths && sub.bundlePrice !== null ? sub.bundlePrice : sub.price;
    const firstPrice = payment ? payment.amount - (quoted && !quoted.inclusive ? quoted.tax : 0) : periodPrice;
    const res = await gw.subscriptions!.create({
      customerId, providerCardId, subscriptionId: sub.id, performer: { id: performer.id, name: performer.name || performer.username || 'Creator' },
      monthlyAmount: periodPrice, currency: CURRENCY, trialDays, idempotencyKey: `subscription:${sub.id}:${payment?.id ?? 'trial'}`,
      ...(sub.bundleMonths ? { intervalMonths: sub.bundleMonths } : {}),
      ...(payment && firstPrice !== periodPrice ? { firstAmount: firstPrice } : {}),
      ...(promotion ? { promotion: { amountOff: subscriptionPrice({ tierPrice: sub.price, promotionPercentage: promotion.percentage }).promotionDiscount, months: promotion.months } } : {}),
      ...(tax ? { tax } : {}),
    });
    // No gateway subscription is left when the first payment failed ('' ref): keep the column null (unique per gateway).
    await this.deps.db.update(subscriptions).set({ gatewayRef: res.gatewayRef || null }).where(eq(subscriptions.id, sub.id));
    if (res.status === 'trialing') {
      await this.deps.db.transaction(async (tx) => {
        await tx.update(subscriptions).set({ status: 'active', startsAt: this.now, expiresAt: res.currentPeriodEnd, cancelledAt: null }).where(eq(subscriptions.id, sub.id));
        await this.deps.events.record(tx, 'fan.subscribed', { subscriptionId: sub.id, userId: sub.userId, performerId: sub.performerId, amount: 0, trial: true });
      });
    } else if ((res.status === 'active') && payment && res.firstPayment) {
      await this.deps.payments.settle(payment.id, res.firstPayment.gatewayRef, undefined, (tx, p) => this.extend(tx, p.subscriptionId!, res.currentPeriodEnd, p.amount));
    } else if (payment) {
      await this.deps.payments.fail(payment.id, null, res.failureMessage ?? 'Your card was declined.');
      throw cardRefused(res.failureMessage ?? 'Your card was declined.');
    }
    return (await this.deps.list.views([(await this.byId(sub.id))!]))[0];
  }

  /**
   * A period was paid (inside the payment's transaction): active until `periodEnd` (gateway) or
   * `months` calendar months more (our own renewals, see below; a bundle's N, else 1). With
   * `months` given (our own charges), 1 after a bundle means it renewed monthly: the bundle's
   * columns are cleared; a gateway's new period (no `months`) clears them when the fan chose
   * monthly renewal (the gateway's schedule billed it monthly). Never moves the end back. Records `fan.subscribed`
   * for a subscription that was not running (a new one, or a lapsed one started again), else
   * `subscription.renewed` (`amount`: what was paid for the period, minor units).
   */
  async extend(tx: Tx, subscriptionId: string, periodEnd: Date | null, amount: number, months?: number): Promise<void> {
    const sub = await this.byId(subscriptionId, tx);
    if (!sub) return;
    const now = this.now;
    // A renewal of a running subscription continues its period (renewed a little late or early, the
    // dates do not drift); a lapsed one (past_due, expired) starts a new period now.
    const running = isRunning(sub);
    const n = months ?? 1;
    let end = periodEnd ?? addMonths(running ? sub.expiresAt : now, n);
    if (!periodEnd && end.getTime() <= now.getTime()) end = addMonths(now, n);
    const expiresAt = end.getTime() > sub.expiresAt.getTime() ? end : sub.expiresAt;
    const fresh = sub.status === 'expired';
    // A downgrade chosen during the period takes effect with the next paid one (README "Tiers").
    const pending = sub.pendingTierId && !fresh ? (await tx.select().from(subscriptionTiers).where(eq(subscriptionTiers.id, sub.pendingTierId)))[0] : undefined;
    // A bundle that renewed monthly (README "Bundles"): our own charge of 1 month, or a new period
    // paid at the gateway (its schedule switched it to monthly) after the fan chose monthly renewal.
    const renewedMonthly = Boolean(sub.bundleMonths) && (months === undefined ? !fresh && !sub.renewBundle && expiresAt.getTime() > sub.expiresAt.getTime() : months === 1);
    await tx.update(subscriptions).set({
      ...(pending && !pending.archivedAt ? { tierId: pending.id, price: pending.price } : {}),
      pendingTierId: null,
      ...(renewedMonthly ? { bundleMonths: null, bundleDiscountPercent: null, bundlePrice: null, renewBundle: false } : {}),
      status: sub.status === 'cancelled' ? 'cancelled' : 'active', expiresAt, renewalAttempts: 0, nextAttemptAt: null,
      ...(fresh ? { startsAt: now, cancelledAt: null } : {}),
    }).where(eq(subscriptions.id, subscriptionId));
    // A period paid: counted once — a repeated gateway event for the same period does not move the end.
    if (expiresAt.getTime() > sub.expiresAt.getTime()) await this.deps.promotions?.periodPaid(tx, subscriptionId, amount);
    const ids = { subscriptionId, userId: sub.userId, performerId: sub.performerId, amount };
    if (fresh) await this.deps.events.record(tx, 'fan.subscribed', { ...ids, trial: false });
    else await this.deps.events.record(tx, 'subscription.renewed', ids);
  }
}
