import { and, asc, count, eq, gt, notInArray, or, sql } from 'drizzle-orm';
import { subscriptionPrice, toMinor, type AdminSubscriptionSearch, type RenewAs, type SubscribeInput, type Subscription, type SubscriptionSearch } from '@stagepass/shared';
import type { Tx } from '../../db/client';
import { HttpError, badRequest, conflict, fieldError, notFound, unprocessable } from '../../platform/errors';
import { grantsAccess, grantsAccessSql } from './subscriptions.policy';
import { isBlockedBetween, notBlockedWith } from '../blocks/blocks.policy';
import { isAdmin } from '../../platform/auth';
import { recordAudit, recordOperatorRead, type AuditActor, type OperatorRead } from '../../platform/audit';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../users/users.tables';
import { paymentTransactions, type PaymentTransactionRow } from '../payments/payments.tables';
import { subscriptions, type SubscriptionRow } from './subscriptions.tables';
import { addDays } from './periods';
import { SubscriptionRenewals } from './subscriptions.renewals';
import { SubscriptionViews } from './subscriptions.views';
import { SubscriptionCharges } from './subscriptions.charges';
import { SubscriptionGatewaySync } from './subscriptions.gateway-sync';
import { SubscriptionTierChanges } from './subscriptions.tier-change';
import type { TiersService } from './tiers.service';
import type { BundleTerms, BundlesService } from './bundles.service';
import type { ChosenPromotion, PromotionRequest, SubscriptionPromotions } from './subscriptions.promotions';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Events } from '../../platform/events';
import type { CouponsService } from '../coupons/coupons.service';
import type { PaymentsService } from '../payments/payments.service';
import type { StripeSubscriptionSync } from '../payments/stripe.webhooks';
import type { SalesTaxService } from '../taxes/sales-tax.service';
import type { PricingService } from '../performers/pricing.service';
import type { SettingsService } from '../settings/settings.service';
import type { UsersService } from '../users/users.service';
import type { SellerGate } from '../performers/performers.policy';
import type { FastifyBaseLogger } from 'fastify';
import { requestClient } from '../../platform/request-context';

class AlreadySubscribed extends Error {}

/**
 * What a cancel does to a subscription that still renews (`active` or `past_due`), in `tx`: a
 * paid-up one becomes `cancelled` (usable to the end of its period, never renewed), a past_due one
 * (nothing paid for now) ends at once; `cancelledAt` set, no further attempt, and
 * `subscription.cancelled` recorded. Used by `cancel` and by the end of renewals on a block
 * (subscriptions.handlers.ts). The gateway's own renewal (Stripe) is switched off by the caller.
 */
export async function switchRenewalOff(tx: Tx, events: Events, sub: SubscriptionRow, now: Date): Promise<SubscriptionRow> {
  const next = sub.status === 'past_due' ? { status: 'expired' as const, expiresAt: now } : { status: 'cancelled' as const };
  const [row] = await tx.update(subscriptions).set({ ...next, cancelledAt: now, nextAttemptAt: null }).where(eq(subscriptions.id, sub.id)).returning();
  await events.record(tx, 'subscription.cancelled', { subscriptionId: row.id, userId: row.userId, performerId: row.performerId });
  return row;
}

/** What SubscriptionsService is built with (by the composition root, root.ts). */
export interface SubscriptionsDeps {
  pricing: PricingService;
  clock: Clock;
  config: Config;
  coupons: CouponsService;
  db: Db;
  events: Events;
  log: FastifyBaseLogger;
  payments: PaymentsService;
  settings: SettingsService;
  /** THE selling rule (performers.policy.ts): no new (or resumed) subscription to a creator who may not sell (422). */
  sellers: Pick<SellerGate, 'assertPayable'>;
  /** How a Stripe subscription is taxed (a TaxRate from the rule, or Stripe Tax) and its renewals' tax (taxes README "Stripe"). */
  taxes: Pick<SalesTaxService, 'forGatewaySubscription' | 'ofGatewaySubscription' | 'ofSale' | 'recordCharged'>;
  users: UsersService;
  /** The creator's tiers (tiers.service.ts): which one a subscribe is for, and its price. */
  tiers: TiersService;
  /** The tiers' bundles (bundles.service.ts): the terms a bundle subscribe buys. */
  bundles: Pick<BundlesService, 'forSubscribe' | 'setRenewal'>;
  /** Promotions and free-trial links (modules/promotions through root.ts; issue 30 §3): the one a subscribe takes, discounted renewals. */
  promotions?: SubscriptionPromotions;
}

/**
 * Subscriptions (see README for the lifecycle). Paid by card through the gateway:
 * - sandbox: we charge the card now and our renewal job charges it each period (`renewDue`,
 *   subscriptions.renewals.ts);
 * - stripe: a Stripe Subscription renews itself and webhooks tell us (`ofStripeEvent`, `applyPaidPeriod`,
 *   `markPastDue`, `expireByGateway`: subscriptions.gateway-sync.ts, called by stripe.webhooks.ts
 *   through the StripeSubscriptionSync it declares).
 * This file: subscribe, resume, cancel. Beside it, each with one job and built here from the same
 * deps: the views and lists (subscriptions.views.ts), paying for a period and extending
 * (subscriptions.charges.ts), our renewals (subscriptions.renewals.ts), the gateway's webhooks
 * (subscriptions.gateway-sync.ts). The access rule lives in subscriptions.policy.ts, prices in
 * performers/pricing.service.ts.
 * A period's payment is a sale: gateway → creator earnings + site commission, with the period
 * extension in the same database transaction (payments.settle).
 */
export class SubscriptionsService implements StripeSubscriptionSync {
  private readonly renewals: SubscriptionRenewals;
  private readonly gatewaySync: SubscriptionGatewaySync;
  private readonly list: SubscriptionViews;
  private readonly charges: SubscriptionCharges;
  private readonly tierChanges: SubscriptionTierChanges;

  constructor(private deps: SubscriptionsDeps) {
    this.list = new SubscriptionViews(deps);
    this.tierChanges = new SubscriptionTierChanges(deps);
    this.charges = new SubscriptionCharges({ ...deps, list: this.list });
    this.renewals = new SubscriptionRenewals({ ...deps, periods: this.charges });
    this.gatewaySync = new SubscriptionGatewaySync({ ...deps, periods: this.charges });
  }

  private get now() {
    return this.deps.clock.now();
  }

  // ── Views ──────────────────────────────────────────────────────────────────────────────────
  /** subscriptions.policy.ts's rule, at this service's clock. */
  grantsAccess(r: Pick<SubscriptionRow, 'status' | 'expiresAt' | 'suspendedByDispute'>): boolean {
    return grantsAccess(r, this.now);
  }

  /** GET /subscriptions/…/search lists (subscriptions.views.ts). */
  search(scope: { userId?: string; performerId?: string }, q: SubscriptionSearch): Promise<{ data: Subscription[]; total: number }> {
    return this.list.search(scope, q);
  }

  /**
   * Fans whose subscription to the creator is ACTIVE now (status `active`, period not over — not a
   * cancelled one running out, not past due or expired), by user id above `after`
   * (keyset, ascending), at most `limit` — for batched fan-outs (a new post's notifications).
   * Index: subscriptions_performer_user_idx. Fans with a block either way with the creator are
   * left out (blocks.policy.ts).
   */
  async activeSubscriberIds(performerId: string, after: string | null, limit: number): Promise<string[]> {
    const rows = await this.deps.db
      .select({ id: subscriptions.userId })
      .from(subscriptions)
      .where(and(eq(subscriptions.performerId, performerId), eq(subscriptions.status, 'active'), gt(subscriptions.expiresAt, this.now), after ? gt(subscriptions.userId, after) : undefined, notBlockedWith(subscriptions.userId, performerId)))
      .orderBy(asc(subscriptions.userId))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** How many subscriptions grant access now (subscriptions.policy.ts) — a fan's, or a creator's subscribers. One count. */
  async countGranting(scope: { userId: string } | { performerId: string }): Promise<number> {
    const who = 'userId' in scope ? eq(subscriptions.userId, scope.userId) : eq(subscriptions.performerId, scope.performerId);
    const [r] = await this.deps.db.select({ n: count() }).from(subscriptions).where(and(who, grantsAccessSql(this.now)));
    return Number(r?.n ?? 0);
  }

  /** One subscription in brief (a disputed payment's page: what the period paid for). */
  async brief(id: string): Promise<{ id: string; status: string; startsAt: Date; expiresAt: Date; suspended: boolean } | null> {
    const row = await this.byId(id);
    return row ? { id: row.id, status: row.status, startsAt: row.startsAt, expiresAt: row.expiresAt, suspended: row.suspendedByDispute !== null } : null;
  }

  private async byId(id: string, tx: Tx | Db = this.deps.db): Promise<SubscriptionRow | null> {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id));
    return row ?? null;
  }

  // ── Subscribe ──────────────────────────────────────────────────────────────────────────────
  /**
   * POST /payment/subscribe/performers. Subscribing while subscribed returns the one existing
   * subscription (a cancelled one that is still paid up is resumed: renewal switched back on).
   * A block either way between the fan and the creator → 404 on every path (resume, trial, card).
   */
  /** `place`: the paying request's GeoIP country, the fan's tax place when they stated none (taxes README "Sales tax"). */
  async subscribe(user: UserRow, input: SubscribeInput, place: { requestCountry: string | null } = { requestCountry: null }): Promise<Subscription> {
    if (user.isPerformer) throw new HttpError(403, 'Creators cannot subscribe to other creators');
    // A fan whose card payment is disputed pays for nothing new until it closes (payments README "Disputes").
    await this.deps.payments.assertMaySpend(user.id);
    const performer = await this.deps.users.findByIdOrUsername(input.performerId);
    if (!performer || !performer.isPerformer) throw fieldError('performerId', 'Creator not found');
    if (performer.id === user.id) throw unprocessable('You cannot subscribe to yourself');
    if (!isAdmin(user) && (await isBlockedBetween(this.deps.db, user.id, performer.id))) throw notFound('Creator not found');
    const [existing] = await this.deps.db.select().from(subscriptions).where(and(eq(subscriptions.userId, user.id), eq(subscriptions.performerId, performer.id)));
    // Suspended by a dispute: it comes back (or ends) when the dispute closes, never paid twice meanwhile.
    if (existing?.suspendedByDispute) throw conflict('This subscription is on hold while a dispute of its payment is open');
    if (existing && this.grantsAccess(existing) && existing.status !== 'cancelled') return (await this.list.views([existing]))[0];
    await this.deps.sellers.assertPayable(performer.id);
    if (existing && this.grantsAccess(existing)) return this.resume(user, existing);
    const offer = await this.deps.pricing.offer(performer.id);
    // The tier asked for, else the creator's default (README "Tiers"); its price is the monthly price.
    const tier = await this.deps.tiers.forSubscribe(performer.id, input.tierId);
    const s = await this.deps.settings.all();
    if (tier.price < toMinor(s.minimumSubscriptionPrice) || tier.price > toMinor(s.maximumSubscriptionPrice)) {
      throw unprocessable('This creator\'s subscription price is outside the site\'s limits; they need to update it');
    }
    // The promotion (or trial link) this subscribe takes, if any — claimed below in the payment's (or trial's) transaction (promotions README).
    const promoReq: PromotionRequest = { userId: user.id, performerId: performer.id, tierId: tier.id, fan: existing && (await this.everPaid(existing)) ? 'expired' : 'new', type: input.type, trialCode: input.trialCode, promotionId: input.promotionId };
    if (input.trialCode && input.type !== 'free') throw fieldError('trialCode', 'A trial link starts a free trial');
    // A bundle carries its own discount: no promotion applies to it (pricing.ts).
    if (input.bundleMonths && input.promotionId) throw fieldError('promotionId', 'A promotion does not apply to a bundle');
    const promo: ChosenPromotion | null = this.deps.promotions && !input.bundleMonths ? await this.deps.promotions.choose(this.deps.db, promoReq) : null;
    if (input.type === 'free') {
      if (input.bundleMonths) throw fieldError('bundleMonths', 'A bundle is paid up front: not with a free trial');
      // A trial promotion or link stands in for the creator's own trial (its days, its audience).
      if (!promo && !offer.freeSubscriptionEnabled) throw fieldError('type', 'This creator does not offer a free subscription');
      if (!promo && existing) throw fieldError('type', 'The free trial is for new subscribers only');
      if (input.couponCode) throw fieldError('couponCode', 'Coupons apply to paid subscriptions');
    }
    const gw = await this.deps.payments.gateway();
    const card = await this.deps.payments.cardToCharge(user, gw, input.cardId);
    const price = tier.price;
    // A bundle (README "Bundles"): its terms now (400 bundleMonths when not on offer), kept by the subscription.
    const bundle: BundleTerms | null = input.bundleMonths ? await this.deps.bundles.forSubscribe(tier, input.bundleMonths) : null;
    const bundleCols = bundle
      ? { bundleMonths: bundle.months, bundleDiscountPercent: bundle.discountPercent, bundlePrice: bundle.price, renewBundle: (input.renewAs ?? 'bundle') === 'bundle' }
      : { bundleMonths: null, bundleDiscountPercent: null, bundlePrice: null, renewBundle: false };
    const trialDays = input.type === 'free' ? promo?.days ?? offer.freeSubscriptionDays : 0;
    const trialSource = `trial:${performer.id}:${user.id}:${this.now.getTime()}`;

    // The row exists from now on (expired until paid), so the payment and webhooks can point at it.
    // An existing row is reset only while it grants nothing: a subscribe that lost a race against
    // another one that just succeeded must not touch the live subscription…
    const [sub] = await this.deps.db
      .insert(subscriptions)
      .values({ userId: user.id, performerId: performer.id, status: 'expired', type: input.type, price, tierId: tier.id, pendingTierId: null, ...bundleCols, gateway: gw.name, cardId: card.id, expiresAt: this.now })
      .onConflictDoUpdate({
        target: [subscriptions.userId, subscriptions.performerId],
        set: { type: input.type, price, tierId: tier.id, pendingTierId: null, ...bundleCols, gateway: gw.name, gatewayRef: null, cardId: card.id, renewalAttempts: 0, nextAttemptAt: null },
        // …and while no payment for it is in flight (another request is paying it right now).
        setWhere: sql`not (${grantsAccessSql(this.now)}) and not exists (select 1 from ${paymentTransactions} where ${paymentTransactions.subscriptionId} = ${subscriptions.id} and ${paymentTransactions.status} = 'pending')`,
      })
      .returning();
    if (!sub) {
      const now = await this.current(user.id, performer.id);
      if (now.isActive) return now;
      throw conflict('A payment for this subscription is already in progress');
    }

    if (input.type === 'free' && !gw.subscriptions) {
      const row = await this.deps.db.transaction(async (tx) => {
        await this.deps.promotions?.claim(tx, promoReq, promo, sub.id, trialSource);
        const [row] = await tx.update(subscriptions).set({ status: 'active', startsAt: this.now, expiresAt: addDays(this.now, trialDays), cancelledAt: null }).where(eq(subscriptions.id, sub.id)).returning();
        await this.deps.events.record(tx, 'fan.subscribed', { subscriptionId: row.id, userId: row.userId, performerId: row.performerId, amount: 0, trial: true });
        return row;
      });
      return (await this.list.views([row]))[0];
    }

    // A paid first period (or a gateway-managed trial): one pending payment, coupon reserved with it.
    let payment: PaymentTransactionRow | null = null;
    // A gateway-managed trial (Stripe): the trial's claim is taken before the gateway starts it, given back if that fails.
    if (input.type === 'free') await this.deps.db.transaction((tx) => this.deps.promotions?.claim(tx, promoReq, promo, sub.id, trialSource) ?? Promise.resolve());
    if (input.type === 'monthly') {
      payment = await this.deps.db.transaction(async (tx) => {
        // Concurrent subscribes of one fan to one creator: the partial unique index on pending
        // payments per subscription lets one payment be in flight (a second → 409); then, under the
        // subscription's row lock, a request that comes after a finished payment finds it paid and
        // is answered with it. Lock order (payment, then subscription) is the one payments.settle
        // uses, so the two cannot deadlock.
        // THE price rule (packages/shared pricing.ts): tier → bundle → promotion → coupon.
        const bundleIn = bundle ? { months: bundle.months, discountPercent: bundle.discountPercent } : null;
        let couponId: string | null = null;
        let couponPercentage: number | null = null;
        const who = performer.name || performer.username;
        const description = bundle ? `${bundle.months}-month subscription bundle: ${who}` : `Monthly subscription to ${who}`;
        const p0 = await this.deps.payments.createSubscriptionPayment(tx, { userId: user.id, performerId: performer.id, gateway: gw.name, cardId: card.id, amount: subscriptionPrice({ tierPrice: price, bundle: bundleIn }).amount, subscriptionId: sub.id, description, client: requestClient() });
        const [locked] = await tx.select().from(subscriptions).where(eq(subscriptions.id, sub.id)).for('update');
        if (this.grantsAccess(locked)) throw new AlreadySubscribed();
        if (input.couponCode) {
          const c = await this.deps.coupons.redeem(tx, input.couponCode, user.id, performer.id, `payment:${p0.id}`);
          couponId = c.id;
          couponPercentage = c.percentage;
        }
        // The promotion's claim, exact under concurrency (409 when it ran out meanwhile), in this transaction.
        await this.deps.promotions?.claim(tx, promoReq, promo, sub.id, `payment:${p0.id}`);
        const amount = subscriptionPrice({ tierPrice: price, bundle: bundleIn, promotionPercentage: promo?.kind === 'discount' ? promo.percentage : null, couponPercentage }).amount;
        const p1 = await this.deps.payments.applyCoupon(tx, p0.id, amount, couponId);
        return this.deps.payments.taxSubscriptionPayment(tx, p1, { requestCountry: place.requestCountry });
      }).catch((err) => {
        if (err instanceof AlreadySubscribed) return null;
        if (isUniqueViolation(err)) throw conflict('A payment for this subscription is already in progress');
        throw err;
      });
      if (!payment) return this.current(user.id, performer.id);
    }
    const customerId = await this.deps.payments.customerId(user, gw);
    try {
      if (gw.subscriptions) return await this.charges.startAtGateway(gw, sub, performer, customerId, card.providerCardId, trialDays, payment, promo?.kind === 'discount' ? { percentage: promo.percentage!, months: promo.months! } : null);
      return await this.charges.chargePeriod(gw, sub, customerId, card.providerCardId, payment!, 'first', bundle?.months ?? 1);
    } catch (err) {
      if (payment?.couponId) await this.releaseCoupon(payment);
      // The promotion's claim goes back with a declined card, like the coupon's use.
      if (this.deps.promotions) await this.deps.db.transaction((tx) => this.deps.promotions!.release(tx, payment ? `payment:${payment.id}` : trialSource));
      throw err;
    }
  }

  /** POST /subscriptions/{id}/tier: upgrade now (prorated difference charged) or downgrade at renewal (subscriptions.tier-change.ts). */
  changeTier(user: UserRow, subscriptionId: string, tierId: string) {
    return this.tierChanges.change(user, subscriptionId, tierId);
  }

  /** POST /subscriptions/{id}/renewal: a bundle renews as a bundle again or monthly (bundles.service.ts). */
  setRenewal(user: UserRow, subscriptionId: string, renewAs: RenewAs): Promise<Subscription> {
    return this.deps.bundles.setRenewal(user, subscriptionId, renewAs, async (id) => (await this.list.views([(await this.byId(id))!], user.id))[0]);
  }

  /** The fan's subscription to the creator as it is now. */
  private async current(userId: string, performerId: string): Promise<Subscription> {
    const [row] = await this.deps.db.select().from(subscriptions).where(and(eq(subscriptions.userId, userId), eq(subscriptions.performerId, performerId)));
    return (await this.list.views([row]))[0];
  }

  /** Has this subscription ever run (a paid period, or a trial)? `expired` rather than `new` for promotions' audiences. */
  private async everPaid(sub: SubscriptionRow): Promise<boolean> {
    if (sub.type === 'free') return true;
    const [paid] = await this.deps.db.select({ id: paymentTransactions.id }).from(paymentTransactions)
      .where(and(eq(paymentTransactions.userId, sub.userId), eq(paymentTransactions.subscriptionId, sub.id), eq(paymentTransactions.status, 'succeeded'))).limit(1);
    return Boolean(paid);
  }

  private async releaseCoupon(p: PaymentTransactionRow) {
    await this.deps.db.transaction((tx) => this.deps.coupons.release(tx, p.couponId!, `payment:${p.id}`));
  }

  private async resume(user: UserRow, sub: SubscriptionRow): Promise<Subscription> {
    if (sub.gateway === 'stripe' && sub.gatewayRef) {
      const gw = await this.deps.payments.gatewayFor('stripe');
      await gw.subscriptions!.resume(sub.gatewayRef);
    }
    const [row] = await this.deps.db.update(subscriptions).set({ status: 'active', cancelledAt: null }).where(and(eq(subscriptions.id, sub.id), eq(subscriptions.userId, user.id))).returning();
    return (await this.list.views([row]))[0];
  }

  // ── Cancel ─────────────────────────────────────────────────────────────────────────────────
  /**
   * POST /payment/{provider}/cancel-subscription/{id}: the fan's own (or any, for an admin).
   * A paid-up subscription stays usable to the end of its period and does not renew; a past_due
   * one (nothing paid for now) ends at once. Cancelling twice changes nothing.
   */
  async cancel(viewer: UserRow, provider: string, id: string, admin: boolean, audit?: AuditActor): Promise<Subscription> {
    const sub = /^[0-9a-f-]{36}$/i.test(id) ? await this.byId(id) : null;
    if (!sub || (sub.userId !== viewer.id && !admin)) throw notFound('Subscription not found');
    if (sub.gateway && provider !== sub.gateway) throw badRequest(`This subscription is paid through ${sub.gateway}`);
    if (sub.status === 'cancelled' || sub.status === 'expired') return (await this.list.views([sub]))[0];
    return (await this.list.views([await this.switchOff(sub, audit)]))[0];
  }

  /**
   * Account deletion (modules/privacy): every subscription the user pays or is paid for stops
   * renewing with the subscriber's own rule (Stripe: cancelled at period end), a page at a time.
   * Answers how many were switched off.
   */
  async cancelAllFor(userId: string): Promise<number> {
    const seen = new Set<string>();
    for (;;) {
      const rows = await this.deps.db.select().from(subscriptions)
        .where(and(or(eq(subscriptions.userId, userId), eq(subscriptions.performerId, userId)), notInArray(subscriptions.status, ['cancelled', 'expired'])))
        .orderBy(subscriptions.id).limit(100);
      const fresh = rows.filter((r) => !seen.has(r.id));
      if (!fresh.length) return seen.size;
      for (const r of fresh) {
        seen.add(r.id);
        await this.switchOff(r);
      }
    }
  }

  /**
   * POST /admin/subscriptions/{id}/cancel: the operator cancels with the subscriber's own rule
   * (`switchRenewalOff`); already cancelled or expired → 409. Audited (`subscription.cancel`).
   */
  async adminCancel(actor: AuditActor, id: string): Promise<Subscription> {
    const sub = await this.byId(id);
    if (!sub) throw notFound('Subscription not found');
    if (sub.status === 'cancelled' || sub.status === 'expired') throw conflict(`This subscription is already ${sub.status}`);
    return (await this.list.views([await this.switchOff(sub, actor, true)]))[0];
  }

  /**
   * Renewal off (Stripe first: cancel at period end), then in one transaction on the locked row:
   * `switchRenewalOff` and, for an operator (`audit`), the audit entry. A concurrent cancel that
   * got there first: the row as it is now (or 409 when `strict`), no second event or entry.
   */
  private async switchOff(sub: SubscriptionRow, audit?: AuditActor, strict = false): Promise<SubscriptionRow> {
    if (sub.gateway === 'stripe' && sub.gatewayRef) {
      const gw = await this.deps.payments.gatewayFor('stripe');
      await gw.subscriptions!.cancelAtPeriodEnd(sub.gatewayRef);
    }
    return this.deps.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(subscriptions).where(eq(subscriptions.id, sub.id)).for('update');
      if (!locked) throw notFound('Subscription not found');
      if (locked.status === 'cancelled' || locked.status === 'expired') {
        if (strict) throw conflict(`This subscription is already ${locked.status}`);
        return locked;
      }
      const row = await switchRenewalOff(tx, this.deps.events, locked, this.now);
      const state = (r: SubscriptionRow) => ({ status: r.status, expiresAt: r.expiresAt, cancelledAt: r.cancelledAt });
      if (audit) await recordAudit(tx, audit, { action: 'subscription.cancel', targetType: 'subscription', targetId: row.id, before: state(locked), after: state(row) });
      return row;
    });
  }

  /**
   * GET /admin/subscriptions (subscriptions.views.ts): whom anyone subscribes to is their private
   * data, so the operator's page is one audited read (`subscriptions.read`, subjects: the fans on
   * the page) with their reason, written before the page is answered.
   */
  async adminSearch(q: AdminSubscriptionSearch, read: OperatorRead | null): Promise<{ data: Subscription[]; total: number }> {
    const page = await this.list.adminSearch(q);
    const subjects = [...new Set(page.data.map((s) => s.userId))];
    if (read && subjects.length) {
      await recordOperatorRead(this.deps.db, read, { action: 'subscriptions.read', targetType: 'user', targetId: q.userId ?? (subjects.length === 1 ? subjects[0]! : null), subjectIds: subjects });
    }
    return page;
  }

  // ── Renewals (subscriptions.renewals.ts) and gateway sync (subscriptions.gateway-sync.ts) ──
  /** Renews what is due now (sandbox); see SubscriptionRenewals. */
  renewDue(limit = 100): Promise<{ renewed: number; failed: number; expired: number }> {
    return this.renewals.renewDue(limit);
  }

  byGatewayRef(gateway: 'stripe', ref: string): Promise<SubscriptionRow | null> {
    return this.gatewaySync.byGatewayRef(gateway, ref);
  }

  ofStripeEvent(tx: Tx, stripeSubId: string | null, ourId: string | null | undefined, lock = true): Promise<{ sub: SubscriptionRow; ours: boolean } | null> {
    return this.gatewaySync.ofStripeEvent(tx, stripeSubId, ourId, lock);
  }

  applyPaidPeriod(tx: Tx, sub: SubscriptionRow, invoice: { gatewayRef: string; amount: number; periodEnd: Date; tax?: number }, opts: { extend?: boolean } = {}): Promise<void> {
    return this.gatewaySync.applyPaidPeriod(tx, sub, invoice, opts);
  }

  markPastDue(tx: Tx, sub: SubscriptionRow, reason: string): Promise<void> {
    return this.gatewaySync.markPastDue(tx, sub, reason);
  }

  expireByGateway(tx: Tx, sub: SubscriptionRow, reason: string): Promise<boolean> {
    return this.gatewaySync.expireByGateway(tx, sub, reason);
  }

  syncCancelFlag(tx: Tx, sub: SubscriptionRow, cancelAtPeriodEnd: boolean): Promise<void> {
    return this.gatewaySync.syncCancelFlag(tx, sub, cancelAtPeriodEnd);
  }

  settleUpgradeFromGateway(tx: Tx, paymentId: string, gatewayRef: string, tierId: string): Promise<boolean> {
    return this.tierChanges.settleUpgradeFromGateway(tx, paymentId, gatewayRef, tierId);
  }
}
