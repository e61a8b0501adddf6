import { and, eq, inArray, isNotNull, ne, or, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Events } from '../../platform/events';
import type { Mailer } from '../../platform/mailer';
import { textsFor } from '../../platform/texts';
import { users } from '../users/users.tables';
import type { PaymentsService } from '../payments/payments.service';
import { subscriptions, type SubscriptionRow } from './subscriptions.tables';
import { switchRenewalOff } from './subscriptions.service';

/** What the subscription event handlers are built with (root.ts). */
export interface SubscriptionHandlersDeps {
  clock: Clock;
  config: Pick<Config, 'PUBLIC_WEB_URL'>;
  db: Db;
  events: Events;
  mailer: Mailer;
  /**
   * The gateway, to switch off a Stripe subscription's own renewal when its fan and creator block
   * each other. Until root.ts passes it, a block ends our renewals only (a Stripe subscription is
   * marked cancelled here but Stripe is not told).
   */
  payments: Pick<PaymentsService, 'gatewayFor' | 'isDisputeOpen' | 'spendingPaused'>;
}

/** The subscriptions between two users, in either direction (fan a → creator b, fan b → creator a). */
const betweenSql = (a: string, b: string): SQL =>
  or(and(eq(subscriptions.userId, a), eq(subscriptions.performerId, b)), and(eq(subscriptions.userId, b), eq(subscriptions.performerId, a)))!;

/**
 * The fan's e-mails about a subscription (at least once; a failed send is retried by the handler
 * job): the first failed renewal of a period (`subscription.past_due`, attempt 1 — the retries
 * that follow do not repeat it) and the end after a failure or at the gateway
 * (`subscription.expired` with a reason; a cancelled subscription simply running out has none).
 */
export function registerSubscriptionHandlers({ clock, config, db, events, mailer, payments }: SubscriptionHandlersDeps): void {
  // Someone is waiting on these (EventLane): they never queue behind the bulk lane's rollups and fan-out.
  const interactive = events.with({ lane: 'interactive' });
  registerBlockEndsRenewal({ db, events, payments });
  registerPaymentReversals({ clock, db, events, payments });
  const people = async (fanId: string, performerId: string) => {
    const [fan] = await db.select().from(users).where(eq(users.id, fanId));
    const [performer] = await db.select().from(users).where(eq(users.id, performerId));
    return { fan, who: performer?.name || performer?.username || 'a creator' };
  };
  interactive.onSideEffect('subscription.past_due', 'subscriptions.past-due-mail', async ({ payload: e }) => {
    if (e.attempt !== 1) return;
    const { fan, who } = await people(e.userId, e.performerId);
    if (!fan?.email) return;
    const t = textsFor(fan.locale).subscriptionMail;
    await mailer.send({ to: fan.email, subject: t.renewFailedSubject(who), text: t.renewFailedText(fan.name || fan.username || '', who, e.reason, `${config.PUBLIC_WEB_URL}/user/cards`) });
  });
  interactive.onSideEffect('subscription.expired', 'subscriptions.expired-mail', async ({ payload: e }) => {
    if (e.reason === null) return;
    const { fan, who } = await people(e.userId, e.performerId);
    if (!fan?.email) return;
    const t = textsFor(fan.locale).subscriptionMail;
    await mailer.send({ to: fan.email, subject: t.expiredSubject(who), text: t.expiredText(fan.name || fan.username || '', who, e.reason) });
  });
}

/**
 * A block ends renewal (`user.blocked`, blocks README): every subscription between the two users,
 * in either direction, that still renews gets what a cancel does (`switchRenewalOff`: `cancelled`,
 * `cancelledAt`, `subscription.cancelled`; a past_due one ends). The paid period is not taken back,
 * but while the block stands the creator's content is hidden from the fan anyway (blocks.policy.ts).
 * The database part runs exactly once in the handler's transaction; a Stripe subscription's own
 * renewal is switched off at Stripe by a second handler (at least once; `cancelAtPeriodEnd` is
 * idempotent), outside any transaction since the gateway call reads settings.
 */
function registerBlockEndsRenewal({ events, db, payments }: Pick<SubscriptionHandlersDeps, 'db' | 'events' | 'payments'>): void {
  const interactive = events.with({ lane: 'interactive' });
  interactive.on('user.blocked', 'subscriptions.block-ends-renewal', async ({ payload: e }, tx) => {
    const renewing = await tx
      .select()
      .from(subscriptions)
      .where(and(betweenSql(e.blockerId, e.targetId), inArray(subscriptions.status, ['active', 'past_due'])))
      .for('update');
    const now = new Date();
    for (const sub of renewing) await switchRenewalOff(tx, events, sub, now);
  });
  interactive.onSideEffect('user.blocked', 'subscriptions.block-ends-gateway-renewal', async ({ payload: e }) => {
    const atStripe = await db
      .select({ ref: subscriptions.gatewayRef })
      .from(subscriptions)
      .where(and(betweenSql(e.blockerId, e.targetId), eq(subscriptions.gateway, 'stripe'), isNotNull(subscriptions.gatewayRef), ne(subscriptions.status, 'expired')));
    if (atStripe.length === 0) return;
    const gw = await payments.gatewayFor('stripe');
    for (const { ref } of atStripe) await gw.subscriptions!.cancelAtPeriodEnd(ref!);
  });
}

/**
 * Ends a subscription now (its paid period was taken back): expired from this moment, no renewal,
 * any dispute suspension cleared; `subscription.expired` (the fan's mail) with the reason. Locked row, in `tx`.
 */
async function endNow(tx: Tx, events: Events, sub: SubscriptionRow, now: Date, reason: string): Promise<void> {
  if (sub.status === 'expired' && sub.suspendedByDispute === null) return;
  await tx
    .update(subscriptions)
    .set({ status: 'expired', expiresAt: sub.expiresAt.getTime() < now.getTime() ? sub.expiresAt : now, nextAttemptAt: null, suspendedByDispute: null, cancelledAt: sub.cancelledAt ?? now })
    .where(eq(subscriptions.id, sub.id));
  if (sub.status !== 'expired') await events.record(tx, 'subscription.expired', { subscriptionId: sub.id, userId: sub.userId, performerId: sub.performerId, reason });
}

/**
 * What a card payment taken back does to the subscription it paid for (payments README "Disputes",
 * "Refunds to the card"), each exactly once in the handler's transaction:
 * - `payment.disputed` with `locksContent` (the operator's disputeLocksContent when it opened): the
 *   subscription is suspended (`suspended_by_dispute`: no access, subscriptions.policy.ts);
 * - `payment.dispute-closed`: won (or an inquiry closed) → the suspension is lifted; lost with
 *   `locksContent` → the subscription ends now (what it paid for went back to the fan);
 * - `payment.refunded` in full of the subscription's latest period → it ends now; a partial refund
 *   or an older period's refund leaves it as it is.
 * A Stripe subscription ended that way is also cancelled at Stripe at once (a side effect: at least
 * once, `cancelNow` is idempotent), so Stripe does not renew it.
 */
function registerPaymentReversals({ clock, db, events, payments }: Pick<SubscriptionHandlersDeps, 'clock' | 'db' | 'events' | 'payments'>): void {
  const interactive = events.with({ lane: 'interactive' });
  const locked = async (tx: Tx, id: string) => (await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update'))[0] ?? null;
  interactive.on('payment.disputed', 'subscriptions.dispute-suspends', async ({ payload: e }, tx) => {
    if (!e.locksContent || !e.subscriptionId) return;
    // The row first, then whether the dispute is still open: a close handled before this one
    // (handlers run in any order) must not leave the subscription suspended for good.
    const sub = await locked(tx, e.subscriptionId);
    if (!sub || sub.suspendedByDispute !== null || !(await payments.isDisputeOpen(e.disputeId, tx))) return;
    await tx.update(subscriptions).set({ suspendedByDispute: e.disputeId }).where(eq(subscriptions.id, sub.id));
  });
  // The spending pause (payments README "Disputes"; README "Renewals"): a fan with an open dispute renews
  // nothing. Every subscription of theirs that still renews gets what a cancel does (switchRenewalOff):
  // it lapses at the end of its paid period (a past_due one ends now); after the dispute closes the fan
  // subscribes again (a cancelled one still in its period resumes without a charge). Skipped when the
  // dispute closed before this handler ran (handlers run in any order). Stripe: below.
  interactive.on('payment.disputed', 'subscriptions.dispute-pauses-renewals', async ({ payload: e }, tx) => {
    if (!(await payments.spendingPaused(e.userId, tx))) return;
    const renewing = await tx.select().from(subscriptions).where(and(eq(subscriptions.userId, e.userId), inArray(subscriptions.status, ['active', 'past_due']))).for('update');
    for (const sub of renewing) await switchRenewalOff(tx, events, sub, clock.now());
  });
  interactive.onSideEffect('payment.disputed', 'subscriptions.dispute-pauses-gateway-renewals', async ({ payload: e }) => {
    if (!(await payments.spendingPaused(e.userId))) return;
    const atStripe = await db
      .select({ ref: subscriptions.gatewayRef })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, e.userId), eq(subscriptions.gateway, 'stripe'), isNotNull(subscriptions.gatewayRef), ne(subscriptions.status, 'expired')));
    if (atStripe.length === 0) return;
    const gw = await payments.gatewayFor('stripe');
    for (const { ref } of atStripe) await gw.subscriptions!.cancelAtPeriodEnd(ref!);
  });
  interactive.on('payment.dispute-closed', 'subscriptions.dispute-closed', async ({ payload: e }, tx) => {
    if (!e.subscriptionId) return;
    const sub = await locked(tx, e.subscriptionId);
    if (!sub || sub.suspendedByDispute !== e.disputeId) return;
    if (e.outcome === 'lost') await endNow(tx, events, sub, clock.now(), 'the card payment for it was reversed by your bank (a dispute)');
    else await tx.update(subscriptions).set({ suspendedByDispute: null }).where(eq(subscriptions.id, sub.id));
  });
  interactive.on('payment.refunded', 'subscriptions.refund-ends', async ({ payload: e }, tx) => {
    if (!e.full || !e.latest || !e.subscriptionId) return;
    const sub = await locked(tx, e.subscriptionId);
    if (sub) await endNow(tx, events, sub, clock.now(), 'its payment was refunded to your card');
  });
  const cancelAtGateway = async (subscriptionId: string) => {
    const [sub] = await db.select({ gateway: subscriptions.gateway, ref: subscriptions.gatewayRef }).from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    if (sub?.gateway !== 'stripe' || !sub.ref) return;
    const gw = await payments.gatewayFor('stripe');
    await gw.subscriptions!.cancelNow(sub.ref);
  };
  interactive.onSideEffect('payment.dispute-closed', 'subscriptions.dispute-lost-ends-gateway', async ({ payload: e }) => {
    if (e.outcome === 'lost' && e.locksContent && e.subscriptionId) await cancelAtGateway(e.subscriptionId);
  });
  interactive.onSideEffect('payment.refunded', 'subscriptions.refund-ends-gateway', async ({ payload: e }) => {
    if (e.full && e.latest && e.subscriptionId) await cancelAtGateway(e.subscriptionId);
  });
}
