import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import type { Subscription } from '@stagepass/shared';
import { isUniqueViolation } from '../../db/errors';
import type { PaymentGateway } from '../../platform/payments/gateway';
import { users } from '../users/users.tables';
import type { PaymentTransactionRow } from '../payments/payments.tables';
import { subscriptions, type SubscriptionRow } from './subscriptions.tables';
import { subscriptionTiers } from './tiers.tables';
import { RENEWAL_LEASE_MS, RETRY_DELAYS_DAYS, addDays } from './periods';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Events } from '../../platform/events';
import type { PaymentsService } from '../payments/payments.service';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client';
import { subscriptionPrice } from '@stagepass/shared';
import type { SubscriptionPromotions } from './subscriptions.promotions';

/** Why a renewal was not charged (the fan's expiry mail says it). */
export const SPENDING_PAUSED_REASON = 'spending is paused on your account while one of your card payments is disputed with your bank, so it was not renewed';

/** Charging one period (SubscriptionCharges). */
export interface PeriodCharger {
  chargePeriod(gw: PaymentGateway, sub: SubscriptionRow, customerId: string, providerCardId: string, payment: PaymentTransactionRow, kind: 'first' | 'renewal', months?: number): Promise<Subscription>;
}

/** What SubscriptionRenewals is built with (by SubscriptionsService, from its own deps). */
export interface SubscriptionRenewalsDeps {
  clock: Clock;
  db: Db;
  events: Events;
  log: FastifyBaseLogger;
  payments: PaymentsService;
  periods: PeriodCharger;
  /** A promotion's discounted periods (issue 30 §3): the renewal's percentage off while some are left. */
  promotions?: Pick<SubscriptionPromotions, 'periodDiscount'>;
}

/**
 * Renewals on our own schedule (the sandbox gateway; Stripe renews itself, see
 * subscriptions.gateway-sync.ts). A failed renewal records `subscription.past_due`, the end
 * `subscription.expired`, in the transaction of the change (the fan's mails are their handlers:
 * subscriptions.handlers.ts).
 * The job (subscriptions.jobs.ts) calls `renewDue` through SubscriptionsService.
 */
export class SubscriptionRenewals {
  constructor(private deps: SubscriptionRenewalsDeps) {}

  private get now() {
    return this.deps.clock.now();
  }

  /**
   * Renews what is due at `now`: active subscriptions whose period ended and past_due ones whose
   * retry time came; cancelled ones whose period ended expire. Each subscription is claimed with a
   * lease (conditional UPDATE) so that several workers never charge one twice. Returns counts.
   */
  async renewDue(limit = 100): Promise<{ renewed: number; failed: number; expired: number }> {
    const now = this.now;
    const out = { renewed: 0, failed: 0, expired: 0 };
    out.expired += await this.deps.db.transaction(async (tx) => {
      const ended = await tx.update(subscriptions).set({ status: 'expired' }).where(and(eq(subscriptions.status, 'cancelled'), lte(subscriptions.expiresAt, now))).returning();
      for (const s of ended) await this.recordExpired(tx, s, null);
      return ended.length;
    });
    const due = await this.deps.db
      .select()
      .from(subscriptions)
      .where(and(
        eq(subscriptions.gateway, 'sandbox'),
        or(and(eq(subscriptions.status, 'active'), lte(subscriptions.expiresAt, now)), eq(subscriptions.status, 'past_due')),
        or(isNull(subscriptions.nextAttemptAt), lte(subscriptions.nextAttemptAt, now)),
      ))
      .orderBy(asc(subscriptions.expiresAt))
      .limit(limit);
    for (const sub of due) {
      const r = await this.renewOne(sub, now).catch((err) => {
        this.deps.log.error({ err, subscriptionId: sub.id }, 'subscription renewal failed');
        return 'failed' as const;
      });
      if (r) out[r] += 1;
    }
    return out;
  }

  private async renewOne(sub: SubscriptionRow, now: Date): Promise<'renewed' | 'failed' | 'expired' | null> {
    const lease = new Date(now.getTime() + RENEWAL_LEASE_MS);
    const [claimed] = await this.deps.db
      .update(subscriptions)
      .set({ nextAttemptAt: lease })
      .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.status, sub.status), or(isNull(subscriptions.nextAttemptAt), lte(subscriptions.nextAttemptAt, now))))
      .returning();
    if (!claimed) return null;
    // The spending pause (payments README "Disputes"): no renewal charge while a dispute of the fan's is
    // open — the period ran out, so the subscription lapses now (the fan subscribes again once it closes).
    if (await this.deps.payments.spendingPaused(sub.userId)) {
      await this.deps.db.transaction(async (tx) => {
        await tx.update(subscriptions).set({ status: 'expired', nextAttemptAt: null }).where(eq(subscriptions.id, sub.id));
        await this.recordExpired(tx, sub, SPENDING_PAUSED_REASON);
      });
      return 'expired';
    }
    const [fan] = await this.deps.db.select().from(users).where(eq(users.id, sub.userId));
    const [performer] = await this.deps.db.select().from(users).where(eq(users.id, sub.performerId));
    let message = 'No payment card on file';
    let paid = false;
    try {
      const gw = await this.deps.payments.gatewayFor('sandbox');
      const card = await this.deps.payments.cardToCharge(fan, gw, undefined).catch(() => null);
      if (card) {
        // A bundle renews as the fan chose (README "Bundles"), read from the claimed row: the bundle's
        // months at its kept price, or monthly (the bundle then ends with this renewal: extend clears it).
        const asBundle = claimed.bundleMonths !== null && claimed.bundlePrice !== null && claimed.renewBundle;
        const months = asBundle ? claimed.bundleMonths! : 1;
        // The period's sales tax at the fan's known place (no request: stated, else last seen), in the payment's transaction.
        const payment = await this.deps.db.transaction(async (tx) => {
          // A downgrade waiting for this renewal: the lower tier's price is charged (extend switches the tier).
          const [pending] = sub.pendingTierId ? await tx.select().from(subscriptionTiers).where(eq(subscriptionTiers.id, sub.pendingTierId)) : [];
          const tierPrice = pending && !pending.archivedAt ? pending.price : sub.price;
          // THE price rule: a bundle renews at its kept price; a month at the tier's, less a promotion while the subscription's discounted periods last.
          const amount = asBundle ? claimed.bundlePrice! : subscriptionPrice({ tierPrice, promotionPercentage: await this.deps.promotions?.periodDiscount(tx, sub.id) }).amount;
          const who = performer?.name || performer?.username || 'creator';
          const p = await this.deps.payments.createSubscriptionPayment(tx, { userId: sub.userId, performerId: sub.performerId, gateway: gw.name, cardId: card.id, amount, subscriptionId: sub.id, description: asBundle ? `${months}-month bundle renewal: ${who}` : `Subscription renewal: ${who}` });
          return this.deps.payments.taxSubscriptionPayment(tx, p, { requestCountry: null, background: true });
        }).catch((err) => {
          if (isUniqueViolation(err)) return null; // the fan's own subscribe is paying this period right now
          throw err;
        });
        if (!payment) return null;
        const view = await this.deps.periods.chargePeriod(gw, sub, await this.deps.payments.customerId(fan, gw), card.providerCardId, payment, 'renewal', months);
        paid = view.isActive;
        if (!paid) message = (await this.deps.payments.byId(payment.id)).failureMessage ?? 'Your card was declined.';
      }
    } catch (err) {
      message = err instanceof Error ? err.message : String(err);
    }
    if (paid) return 'renewed';
    const attempts = claimed.renewalAttempts + 1;
    if (attempts > RETRY_DELAYS_DAYS.length) {
      await this.deps.db.transaction(async (tx) => {
        await tx.update(subscriptions).set({ status: 'expired', renewalAttempts: attempts, nextAttemptAt: null }).where(eq(subscriptions.id, sub.id));
        await this.recordExpired(tx, sub, message);
      });
      return 'expired';
    }
    await this.deps.db.transaction(async (tx) => {
      await tx.update(subscriptions).set({ status: 'past_due', renewalAttempts: attempts, nextAttemptAt: addDays(now, RETRY_DELAYS_DAYS[attempts - 1]) }).where(eq(subscriptions.id, sub.id));
      await this.deps.events.record(tx, 'subscription.past_due', { subscriptionId: sub.id, userId: sub.userId, performerId: sub.performerId, attempt: attempts, reason: message });
    });
    return 'failed';
  }

  private recordExpired(tx: Tx, sub: SubscriptionRow, reason: string | null) {
    return this.deps.events.record(tx, 'subscription.expired', { subscriptionId: sub.id, userId: sub.userId, performerId: sub.performerId, reason });
  }
}
