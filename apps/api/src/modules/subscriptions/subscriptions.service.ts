import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { MESSAGES, fromMinor, toMinor, type SubscribeInput, type Subscription, type SubscriptionOffer, type SubscriptionSearch, type SubscriptionSettingsInput } from '@stagepass/shared';
import type { Tx } from '../../db/client';
import { HttpError, badRequest, conflict, fieldError, notFound, unprocessable } from '../../platform/errors';
import { grantsAccess, grantsAccessSql, isRunning } from './subscriptions.policy';
import { isUniqueViolation } from '../../db/errors';
import type { PaymentGateway } from '../../platform/payments/gateway';
import { users, type UserRow } from '../users/users.tables';
import { paymentTransactions, type PaymentTransactionRow } from '../payments/payments.tables';
import { CURRENCY, cardRefused } from '../payments/payments.service';
import { subscriptions, type SubscriptionRow } from './subscriptions.tables';
import { RENEWAL_LEASE_MS, RETRY_DELAYS_DAYS, addDays, addMonths } from './periods';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/mailer';
import type { CouponsService } from '../coupons/coupons.service';
import type { PaymentsService } from '../payments/payments.service';
import type { PricingService } from '../performers/pricing.service';
import type { SettingsService } from '../settings/settings.service';
import type { UsersService } from '../users/users.service';
import type { FastifyBaseLogger } from 'fastify';

class AlreadySubscribed extends Error {}

/** Default monthly price of a creator who never set one (minor units). */

/** What SubscriptionsService is built with (by the composition root, root.ts). */
export interface SubscriptionsDeps {
  pricing: PricingService;
  clock: Clock;
  config: Config;
  coupons: CouponsService;
  db: Db;
  log: FastifyBaseLogger;
  mailer: Mailer;
  payments: PaymentsService;
  settings: SettingsService;
  users: UsersService;
}

/**
 * Subscriptions (see README for the lifecycle). Paid by card through the gateway:
 * - sandbox: we charge the card now and our renewal job charges it each period (`renewDue`);
 * - stripe: a Stripe Subscription renews itself and webhooks tell us (`applyPaidPeriod`,
 *   `markPastDue`, `expireByGateway`, stripe.webhooks.ts).
 * A period's payment is a sale: gateway → creator earnings + site commission, with the period
 * extension in the same database transaction (payments.settle).
 */
export class SubscriptionsService {
  constructor(private deps: SubscriptionsDeps) {}

  private get now() {
    return this.deps.clock.now();
  }

  // ── Views ──────────────────────────────────────────────────────────────────────────────────
  /** subscriptions.policy.ts's rule, at this service's clock. */
  grantsAccess(r: Pick<SubscriptionRow, 'status' | 'expiresAt'>): boolean {
    return grantsAccess(r, this.now);
  }

  async views(rows: SubscriptionRow[]): Promise<Subscription[]> {
    const ids = [...new Set(rows.flatMap((r) => [r.userId, r.performerId]))];
    const people = ids.length ? await this.deps.db.select().from(users).where(inArray(users.id, ids)) : [];
    const byId = new Map(people.map((u) => [u.id, u]));
    return rows.map((r) => {
      const u = byId.get(r.userId);
      const p = byId.get(r.performerId);
      return {
        _id: r.id, userId: r.userId, performerId: r.performerId, user: u ? this.deps.users.card(u) : null, performer: p ? this.deps.users.card(p) : null,
        status: r.status, type: r.type, price: fromMinor(r.price), gateway: r.gateway, startsAt: r.startsAt.toISOString(), expiresAt: r.expiresAt.toISOString(),
        cancelledAt: r.cancelledAt?.toISOString() ?? null, isActive: this.grantsAccess(r), renewing: r.status === 'active' || r.status === 'past_due',
        createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
      };
    });
  }

  async search(scope: { userId?: string; performerId?: string }, q: SubscriptionSearch): Promise<{ data: Subscription[]; total: number }> {
    const conds: SQL[] = [];
    if (scope.userId) conds.push(eq(subscriptions.userId, scope.userId));
    if (scope.performerId) conds.push(eq(subscriptions.performerId, scope.performerId));
    if (q.status) conds.push(eq(subscriptions.status, q.status));
    if (q.performerId && !scope.performerId) conds.push(eq(subscriptions.performerId, q.performerId));
    if (q.userId && !scope.userId) conds.push(eq(subscriptions.userId, q.userId));
    const where = and(...conds);
    const col = { createdAt: subscriptions.createdAt, updatedAt: subscriptions.updatedAt, expiresAt: subscriptions.expiresAt }[q.sortBy];
    const [rows, [{ n }]] = await Promise.all([
      this.deps.db.select().from(subscriptions).where(where).orderBy(q.sort === 'asc' ? asc(col) : desc(col), desc(subscriptions.id)).limit(q.limit).offset(q.offset),
      this.deps.db.select({ n: count() }).from(subscriptions).where(where),
    ]);
    return { data: await this.views(rows), total: Number(n) };
  }

  private async byId(id: string, tx: Tx | Db = this.deps.db): Promise<SubscriptionRow | null> {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id));
    return row ?? null;
  }

  // ── Subscribe ──────────────────────────────────────────────────────────────────────────────
  /**
   * POST /payment/subscribe/performers. Subscribing while subscribed returns the one existing
   * subscription (a cancelled one that is still paid up is resumed: renewal switched back on).
   */
  async subscribe(user: UserRow, input: SubscribeInput): Promise<Subscription> {
    if (user.isPerformer) throw new HttpError(403, 'Creators cannot subscribe to other creators');
    const performer = await this.deps.users.findByIdOrUsername(input.performerId);
    if (!performer || !performer.isPerformer) throw fieldError('performerId', 'Creator not found');
    if (performer.id === user.id) throw unprocessable('You cannot subscribe to yourself');
    const [existing] = await this.deps.db.select().from(subscriptions).where(and(eq(subscriptions.userId, user.id), eq(subscriptions.performerId, performer.id)));
    if (existing && this.grantsAccess(existing)) {
      if (existing.status === 'cancelled') return this.resume(user, existing);
      return (await this.views([existing]))[0];
    }
    const offer = await this.deps.pricing.offer(performer.id);
    const pricing = await this.deps.pricing.pricing(performer.id);
    const s = await this.deps.settings.all();
    if (toMinor(offer.monthlyPrice) < toMinor(s.minimumSubscriptionPrice) || toMinor(offer.monthlyPrice) > toMinor(s.maximumSubscriptionPrice)) {
      throw unprocessable('This creator\'s subscription price is outside the site\'s limits; they need to update it');
    }
    if (input.type === 'free') {
      if (!offer.freeSubscriptionEnabled) throw fieldError('type', 'This creator does not offer a free subscription');
      if (existing) throw fieldError('type', 'The free trial is for new subscribers only');
      if (input.couponCode) throw fieldError('couponCode', 'Coupons apply to paid subscriptions');
    }
    const gw = await this.deps.payments.gateway();
    const card = await this.deps.payments.cardToCharge(user, gw, input.cardId);
    const price = pricing.monthlyPrice;
    const trialDays = input.type === 'free' ? offer.freeSubscriptionDays : 0;

    // The row exists from now on (expired until paid), so the payment and webhooks can point at it.
    // An existing row is reset only while it grants nothing: a subscribe that lost a race against
    // another one that just succeeded must not touch the live subscription…
    const [sub] = await this.deps.db
      .insert(subscriptions)
      .values({ userId: user.id, performerId: performer.id, status: 'expired', type: input.type, price, gateway: gw.name, cardId: card.id, expiresAt: this.now })
      .onConflictDoUpdate({
        target: [subscriptions.userId, subscriptions.performerId],
        set: { type: input.type, price, gateway: gw.name, gatewayRef: null, cardId: card.id, renewalAttempts: 0, nextAttemptAt: null },
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
      const [row] = await this.deps.db.update(subscriptions).set({ status: 'active', startsAt: this.now, expiresAt: addDays(this.now, trialDays), cancelledAt: null }).where(eq(subscriptions.id, sub.id)).returning();
      return (await this.views([row]))[0];
    }

    // A paid first period (or a gateway-managed trial): one pending payment, coupon reserved with it.
    let payment: PaymentTransactionRow | null = null;
    if (input.type === 'monthly') {
      payment = await this.deps.db.transaction(async (tx) => {
        // Concurrent subscribes of one fan to one creator: the partial unique index on pending
        // payments per subscription lets one payment be in flight (a second → 409); then, under the
        // subscription's row lock, a request that comes after a finished payment finds it paid and
        // is answered with it. Lock order (payment, then subscription) is the one payments.settle
        // uses, so the two cannot deadlock.
        let amount = price;
        let couponId: string | null = null;
        const [p0] = await tx.insert(paymentTransactions).values({ userId: user.id, performerId: performer.id, type: 'subscription', gateway: gw.name, cardId: card.id, amount, originalAmount: price, subscriptionId: sub.id, description: `Monthly subscription to ${performer.name || performer.username}` }).returning();
        const [locked] = await tx.select().from(subscriptions).where(eq(subscriptions.id, sub.id)).for('update');
        if (this.grantsAccess(locked)) throw new AlreadySubscribed();
        if (input.couponCode) {
          const c = await this.deps.coupons.redeem(tx, input.couponCode, user.id, performer.id, `payment:${p0.id}`);
          couponId = c.id;
          amount = c.apply(price);
        }
        const [p] = await tx.update(paymentTransactions).set({ amount, couponId }).where(eq(paymentTransactions.id, p0.id)).returning();
        return p;
      }).catch((err) => {
        if (err instanceof AlreadySubscribed) return null;
        if (isUniqueViolation(err)) throw conflict('A payment for this subscription is already in progress');
        throw err;
      });
      if (!payment) return this.current(user.id, performer.id);
    }
    const customerId = await this.deps.payments.customerId(user, gw);
    try {
      if (gw.subscriptions) return await this.startAtGateway(gw, sub, performer, customerId, card.providerCardId, trialDays, payment);
      return await this.chargePeriod(gw, sub, customerId, card.providerCardId, payment!, 'first');
    } catch (err) {
      if (payment?.couponId) await this.releaseCoupon(payment);
      throw err;
    }
  }

  /** The fan's subscription to the creator as it is now. */
  private async current(userId: string, performerId: string): Promise<Subscription> {
    const [row] = await this.deps.db.select().from(subscriptions).where(and(eq(subscriptions.userId, userId), eq(subscriptions.performerId, performerId)));
    return (await this.views([row]))[0];
  }

  private async releaseCoupon(p: PaymentTransactionRow) {
    await this.deps.db.transaction((tx) => this.deps.coupons.release(tx, p.couponId!, `payment:${p.id}`));
  }

  /** Charges one period with our own scheduling (sandbox). Success → active until +1 month. */
  private async chargePeriod(gw: PaymentGateway, sub: SubscriptionRow, customerId: string, providerCardId: string, payment: PaymentTransactionRow, kind: 'first' | 'renewal'): Promise<Subscription> {
    const result = payment.amount === 0
      ? { status: 'succeeded' as const, gatewayRef: `free:${payment.id}` }
      : await gw.charge({ customerId, providerCardId, amount: payment.amount, currency: CURRENCY, description: payment.description, idempotencyKey: `payment:${payment.id}`, metadata: { paymentId: payment.id, subscriptionId: sub.id, type: 'subscription' } });
    if (result.status === 'succeeded') {
      await this.deps.payments.settle(payment.id, result.gatewayRef, undefined, (tx, p) => this.extend(tx, p.subscriptionId!, null));
      return (await this.views([(await this.byId(sub.id))!]))[0];
    }
    if (result.status === 'failed') {
      await this.deps.payments.fail(payment.id, result.gatewayRef, result.failureMessage ?? 'Your card was declined.');
      if (kind === 'first') throw cardRefused(result.failureMessage ?? 'Your card was declined.');
      return (await this.views([(await this.byId(sub.id))!]))[0];
    }
    await this.deps.db.update(paymentTransactions).set({ gatewayRef: result.gatewayRef }).where(eq(paymentTransactions.id, payment.id));
    return (await this.views([(await this.byId(sub.id))!]))[0];
  }

  private async startAtGateway(gw: PaymentGateway, sub: SubscriptionRow, performer: UserRow, customerId: string, providerCardId: string, trialDays: number, payment: PaymentTransactionRow | null): Promise<Subscription> {
    const res = await gw.subscriptions!.create({
      customerId, providerCardId, subscriptionId: sub.id, performer: { id: performer.id, name: performer.name || performer.username || 'Creator' },
      monthlyAmount: sub.price, currency: CURRENCY, trialDays, idempotencyKey: `subscription:${sub.id}:${payment?.id ?? 'trial'}`,
      ...(payment && payment.amount !== payment.originalAmount ? { firstAmount: payment.amount } : {}),
    });
    // No gateway subscription is left when the first payment failed ('' ref): keep the column null (unique per gateway).
    await this.deps.db.update(subscriptions).set({ gatewayRef: res.gatewayRef || null }).where(eq(subscriptions.id, sub.id));
    if (res.status === 'trialing') {
      await this.deps.db.update(subscriptions).set({ status: 'active', startsAt: this.now, expiresAt: res.currentPeriodEnd, cancelledAt: null }).where(eq(subscriptions.id, sub.id));
    } else if ((res.status === 'active') && payment && res.firstPayment) {
      await this.deps.payments.settle(payment.id, res.firstPayment.gatewayRef, undefined, (tx, p) => this.extend(tx, p.subscriptionId!, res.currentPeriodEnd));
    } else if (payment) {
      await this.deps.payments.fail(payment.id, null, res.failureMessage ?? 'Your card was declined.');
      throw cardRefused(res.failureMessage ?? 'Your card was declined.');
    }
    return (await this.views([(await this.byId(sub.id))!]))[0];
  }

  /**
   * A period was paid (inside the payment's transaction): active until `periodEnd` (gateway) or one
   * month more (our own renewals, see below). Never moves the end back.
   */
  async extend(tx: Tx, subscriptionId: string, periodEnd: Date | null): Promise<void> {
    const sub = await this.byId(subscriptionId, tx);
    if (!sub) return;
    const now = this.now;
    // A renewal of a running subscription continues its period (renewed a little late or early, the
    // dates do not drift); a lapsed one (past_due, expired) starts a new period now.
    const running = isRunning(sub);
    let end = periodEnd ?? addMonths(running ? sub.expiresAt : now);
    if (!periodEnd && end.getTime() <= now.getTime()) end = addMonths(now);
    const expiresAt = end.getTime() > sub.expiresAt.getTime() ? end : sub.expiresAt;
    const fresh = sub.status === 'expired';
    await tx.update(subscriptions).set({
      status: sub.status === 'cancelled' ? 'cancelled' : 'active', expiresAt, renewalAttempts: 0, nextAttemptAt: null,
      ...(fresh ? { startsAt: now, cancelledAt: null } : {}),
    }).where(eq(subscriptions.id, subscriptionId));
  }

  private async resume(user: UserRow, sub: SubscriptionRow): Promise<Subscription> {
    if (sub.gateway === 'stripe' && sub.gatewayRef) {
      const gw = await this.deps.payments.gatewayFor('stripe');
      await gw.subscriptions!.resume(sub.gatewayRef);
    }
    const [row] = await this.deps.db.update(subscriptions).set({ status: 'active', cancelledAt: null }).where(and(eq(subscriptions.id, sub.id), eq(subscriptions.userId, user.id))).returning();
    return (await this.views([row]))[0];
  }

  // ── Cancel ─────────────────────────────────────────────────────────────────────────────────
  /**
   * POST /payment/{provider}/cancel-subscription/{id}: the fan's own (or any, for an admin).
   * A paid-up subscription stays usable to the end of its period and does not renew; a past_due
   * one (nothing paid for now) ends at once. Cancelling twice changes nothing.
   */
  async cancel(viewer: UserRow, provider: string, id: string, admin: boolean): Promise<Subscription> {
    const sub = /^[0-9a-f-]{36}$/i.test(id) ? await this.byId(id) : null;
    if (!sub || (sub.userId !== viewer.id && !admin)) throw notFound('Subscription not found');
    if (sub.gateway && provider !== sub.gateway) throw badRequest(`This subscription is paid through ${sub.gateway}`);
    if (sub.status === 'cancelled' || sub.status === 'expired') return (await this.views([sub]))[0];
    if (sub.gateway === 'stripe' && sub.gatewayRef) {
      const gw = await this.deps.payments.gatewayFor('stripe');
      await gw.subscriptions!.cancelAtPeriodEnd(sub.gatewayRef);
    }
    const next = sub.status === 'past_due' ? { status: 'expired' as const, expiresAt: this.now } : { status: 'cancelled' as const };
    const [row] = await this.deps.db.update(subscriptions).set({ ...next, cancelledAt: this.now, nextAttemptAt: null }).where(eq(subscriptions.id, sub.id)).returning();
    return (await this.views([row]))[0];
  }

  // ── Renewals (our own scheduling: sandbox) ─────────────────────────────────────────────────
  /**
   * Renews what is due at `now`: active subscriptions whose period ended and past_due ones whose
   * retry time came; cancelled ones whose period ended expire. Each subscription is claimed with a
   * lease (conditional UPDATE) so that several workers never charge one twice. Returns counts.
   */
  async renewDue(limit = 100): Promise<{ renewed: number; failed: number; expired: number }> {
    const now = this.now;
    const out = { renewed: 0, failed: 0, expired: 0 };
    const ended = await this.deps.db.update(subscriptions).set({ status: 'expired' }).where(and(eq(subscriptions.status, 'cancelled'), lte(subscriptions.expiresAt, now))).returning({ id: subscriptions.id });
    out.expired += ended.length;
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
    const [fan] = await this.deps.db.select().from(users).where(eq(users.id, sub.userId));
    const [performer] = await this.deps.db.select().from(users).where(eq(users.id, sub.performerId));
    let message = 'No payment card on file';
    let paid = false;
    try {
      const gw = await this.deps.payments.gatewayFor('sandbox');
      const card = await this.deps.payments.cardToCharge(fan, gw, undefined).catch(() => null);
      if (card) {
        const inserted = await this.deps.db.insert(paymentTransactions).values({ userId: sub.userId, performerId: sub.performerId, type: 'subscription', gateway: gw.name, cardId: card.id, amount: sub.price, originalAmount: sub.price, subscriptionId: sub.id, description: `Subscription renewal: ${performer?.name || performer?.username || 'creator'}` }).returning().catch((err) => {
          if (isUniqueViolation(err)) return null; // the fan's own subscribe is paying this period right now
          throw err;
        });
        if (!inserted) return null;
        const [payment] = inserted;
        const view = await this.chargePeriod(gw, sub, await this.deps.payments.customerId(fan, gw), card.providerCardId, payment, 'renewal');
        paid = view.isActive;
        if (!paid) message = (await this.deps.payments.byId(payment.id)).failureMessage ?? 'Your card was declined.';
      }
    } catch (err) {
      message = err instanceof Error ? err.message : String(err);
    }
    if (paid) return 'renewed';
    const attempts = claimed.renewalAttempts + 1;
    if (attempts > RETRY_DELAYS_DAYS.length) {
      await this.deps.db.update(subscriptions).set({ status: 'expired', renewalAttempts: attempts, nextAttemptAt: null }).where(eq(subscriptions.id, sub.id));
      await this.notifyExpired(fan, performer, message);
      return 'expired';
    }
    await this.deps.db.update(subscriptions).set({ status: 'past_due', renewalAttempts: attempts, nextAttemptAt: addDays(now, RETRY_DELAYS_DAYS[attempts - 1]) }).where(eq(subscriptions.id, sub.id));
    if (attempts === 1) await this.notifyPastDue(fan, performer, message);
    return 'failed';
  }

  async notifyPastDue(fan: UserRow | undefined, performer: UserRow | undefined, reason: string) {
    if (!fan?.email) return;
    const who = performer?.name || performer?.username || 'a creator';
    await this.deps.mailer.send({ to: fan.email, subject: `We could not renew your subscription to ${who}`, text: `Hi ${fan.name || fan.username},\n\nYour subscription to ${who} could not be renewed: ${reason}\nWe will try again over the next days. Please check your payment card at ${this.deps.config.PUBLIC_WEB_URL}/user/cards.\n` }).catch((err) => this.deps.log.warn({ err }, 'past-due mail failed'));
  }

  async notifyExpired(fan: UserRow | undefined, performer: UserRow | undefined, reason: string) {
    if (!fan?.email) return;
    const who = performer?.name || performer?.username || 'a creator';
    await this.deps.mailer.send({ to: fan.email, subject: `Your subscription to ${who} has expired`, text: `Hi ${fan.name || fan.username},\n\nYour subscription to ${who} has expired: ${reason}\nYou can subscribe again at any time from their page.\n` }).catch((err) => this.deps.log.warn({ err }, 'expiry mail failed'));
  }

  // ── Gateway-managed (Stripe webhooks) ──────────────────────────────────────────────────────
  async byGatewayRef(gateway: 'stripe', ref: string): Promise<SubscriptionRow | null> {
    const [row] = await this.deps.db.select().from(subscriptions).where(and(eq(subscriptions.gateway, gateway), eq(subscriptions.gatewayRef, ref)));
    return row ?? null;
  }

  /**
   * A period paid at the gateway (invoice.paid), inside the webhook's transaction: records the
   * payment (once per invoice id) as a sale and extends the subscription to `periodEnd`. Events may
   * come in any order: an older invoice never moves the end back. `extend: false` records the
   * money only and leaves the subscription as it is (an invoice of a gateway subscription that has
   * already ended, or a stale one: see stripe.webhooks.ts).
   */
  async applyPaidPeriod(tx: Tx, sub: SubscriptionRow, invoice: { gatewayRef: string; amount: number; periodEnd: Date }, opts: { extend?: boolean } = {}): Promise<void> {
    const extend = opts.extend === false ? async () => {} : (t: Tx, id: string) => this.extend(t, id, invoice.periodEnd);
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
    const [p] = await tx.insert(paymentTransactions).values({ userId: sub.userId, performerId: sub.performerId, type: 'subscription', gateway: 'stripe', cardId: sub.cardId, amount: invoice.amount, originalAmount: invoice.amount, subscriptionId: sub.id, description: `Subscription renewal: ${performer?.name || performer?.username || 'creator'}` }).returning();
    await this.deps.payments.settle(p.id, invoice.gatewayRef, tx, (t, pp) => extend(t, pp.subscriptionId!));
  }

  /** invoice.payment_failed on a renewal: no access until paid (Stripe retries on its schedule). */
  async markPastDue(tx: Tx, sub: SubscriptionRow): Promise<void> {
    if (sub.status === 'expired') return;
    await tx.update(subscriptions).set({ status: 'past_due', renewalAttempts: sql`${subscriptions.renewalAttempts} + 1` }).where(eq(subscriptions.id, sub.id));
  }

  /** customer.subscription.deleted: over (Stripe gave up retrying, or a cancelled period ended). */
  async expireByGateway(tx: Tx, sub: SubscriptionRow): Promise<boolean> {
    const rows = await tx.update(subscriptions).set({ status: 'expired', nextAttemptAt: null }).where(and(eq(subscriptions.id, sub.id), sql`${subscriptions.status} <> 'expired'`)).returning({ id: subscriptions.id });
    return rows.length > 0;
  }

  /** customer.subscription.updated: cancel_at_period_end switched on/off at the gateway. */
  async syncCancelFlag(tx: Tx, sub: SubscriptionRow, cancelAtPeriodEnd: boolean): Promise<void> {
    if (cancelAtPeriodEnd && sub.status === 'active') await tx.update(subscriptions).set({ status: 'cancelled', cancelledAt: this.now }).where(eq(subscriptions.id, sub.id));
    if (!cancelAtPeriodEnd && sub.status === 'cancelled' && sub.expiresAt.getTime() > this.now.getTime()) await tx.update(subscriptions).set({ status: 'active', cancelledAt: null }).where(eq(subscriptions.id, sub.id));
  }
}
