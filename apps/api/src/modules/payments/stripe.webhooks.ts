import { and, eq, isNull, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { isUuid } from '@stagepass/shared';
import type { Tx } from '../../db/client';
import type { GatewayDispute, GatewayEvent, GatewayRefund } from '../../platform/payments/gateway';
import { invoiceTax, stripeDispute, stripeRefund } from '../../platform/payments/stripe';
import { processGatewayEvent } from './gateway-events';
import type { SubscriptionRow } from '../subscriptions/subscriptions.tables';
import { CURRENCY } from './payments.service';
import { paymentTransactions, performerPayoutAccounts, webhookEvents, type GatewayName, type PaymentTransactionRow } from './payments.tables';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { PaymentsService } from './payments.service';
import { isRunning } from '../subscriptions/subscriptions.policy';

/** What the Stripe webhook handlers use (given by the stripe routes, from the composition root). */
export interface StripeWebhookDeps {
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
  payments: PaymentsService;
  subscriptions: StripeSubscriptionSync;
  /** Disputes (DisputesService: the same handling as the sandbox's simulated disputes). */
  disputes: { apply(tx: Tx, gateway: GatewayName, d: GatewayDispute): Promise<unknown> };
  /** Refunds to the card (RefundsService: the same handling as its own call's answer). */
  refunds: { applyGatewayRefund(tx: Tx, gateway: GatewayName, r: GatewayRefund): Promise<unknown> };
}

/**
 * What the handlers ask of the subscriptions module (SubscriptionsService, given by the composition
 * root), inside the event's transaction. The subscriptions module depends on payments (charges,
 * renewals), so payments names the calls it makes instead of importing the service (no module cycle).
 */
export interface StripeSubscriptionSync {
  /**
   * Our subscription of a Stripe Subscription (by its id, else by our id in its metadata), locked
   * unless `lock` is false. `ours`: the row is about this Stripe subscription, not a newer one.
   */
  ofStripeEvent(tx: Tx, stripeSubId: string | null, ourId: string | null | undefined, lock?: boolean): Promise<{ sub: SubscriptionRow; ours: boolean } | null>;
  applyPaidPeriod(tx: Tx, sub: SubscriptionRow, invoice: { gatewayRef: string; amount: number; periodEnd: Date; tax?: number }, opts?: { extend?: boolean }): Promise<void>;
  markPastDue(tx: Tx, sub: SubscriptionRow, reason: string): Promise<void>;
  expireByGateway(tx: Tx, sub: SubscriptionRow, reason: string): Promise<boolean>;
  syncCancelFlag(tx: Tx, sub: SubscriptionRow, cancelAtPeriodEnd: boolean): Promise<void>;
  /** An upgrade's PaymentIntent succeeded (metadata.tierId): its sale and the tier switch, once (subscriptions.tier-change.ts). */
  settleUpgradeFromGateway(tx: Tx, paymentId: string, gatewayRef: string, tierId: string): Promise<boolean>;
}

/**
 * Stripe webhook processing (see README "## Stripe"). One event = one database transaction that
 * both records the event id in `webhook_events` and applies the effect, so an event is applied
 * exactly once: a replay (or a concurrent second delivery, which waits on the primary key) finds
 * the id taken and changes nothing. A handler that throws rolls the whole thing back and the
 * route answers 500, so Stripe delivers it again later. What others must learn of (a failed
 * renewal, the end) is a domain event recorded in the same transaction (the fan's mails are handlers).
 *
 * Handlers are written for any delivery order; the rules:
 * - Money wins: a payment/invoice Stripe reports paid is always recorded (once, by its id) — even
 *   when it arrives after the subscription ended — because the money really moved.
 * - A subscription's end never moves back (the latest period end wins).
 * - A gateway subscription we have seen canceled stays ended: a late invoice.paid records the sale
 *   but does not bring it back.
 * - A failure that is older than what was paid (its period is already covered) is ignored.
 * - State toggles (cancel_at_period_end, payouts_enabled) are applied only if no newer event about
 *   the same object was processed before.
 */

type Handler = (h: HandlerContext) => Promise<void>;
interface HandlerContext {
  deps: StripeWebhookDeps;
  tx: Tx;
  event: GatewayEvent;
}

const idOf = (v: unknown): string | null => (typeof v === 'string' ? v : v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : null);
const objectOf = <T>(event: GatewayEvent) => event.data.object as T;

/** Processes one verified event. `duplicate`: its id was processed before (nothing done now). */
export async function processStripeEvent(ctx: StripeWebhookDeps, event: GatewayEvent): Promise<{ duplicate: boolean }> {
  return processGatewayEvent(ctx.db, 'stripe', event, async (tx) => {
    const handler = HANDLERS[event.type];
    if (handler) await handler({ deps: ctx, tx, event });
    else ctx.log.debug({ eventId: event.id, type: event.type }, 'stripe event type not handled');
  });
}

const ignore = (h: HandlerContext, why: string, extra: Record<string, unknown> = {}) => h.deps.log.info({ eventId: h.event.id, type: h.event.type, ...extra }, `stripe event ignored: ${why}`);

// ── Lookups ──────────────────────────────────────────────────────────────────────────────────
/** Our card payment of a PaymentIntent: by metadata.paymentId (set when we created it), else by its id. Locked. */
async function paymentOf(tx: Tx, pi: Stripe.PaymentIntent): Promise<PaymentTransactionRow | null> {
  const byMeta = pi.metadata?.paymentId && isUuid(pi.metadata.paymentId)
    ? (await tx.select().from(paymentTransactions).where(and(eq(paymentTransactions.id, pi.metadata.paymentId), eq(paymentTransactions.gateway, 'stripe'))).for('update'))[0]
    : undefined;
  if (byMeta) return byMeta;
  const [byRef] = await tx.select().from(paymentTransactions).where(and(eq(paymentTransactions.gateway, 'stripe'), eq(paymentTransactions.gatewayRef, pi.id))).for('update');
  return byRef ?? null;
}

/** We processed an event showing this Stripe Subscription canceled: it has ended for good. */
async function subscriptionEnded(tx: Tx, stripeSubId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(and(
      eq(webhookEvents.gateway, 'stripe'),
      sql`${webhookEvents.type} in ('customer.subscription.deleted', 'customer.subscription.updated')`,
      sql`${webhookEvents.payload}->'data'->'object'->>'id' = ${stripeSubId}`,
      sql`${webhookEvents.payload}->'data'->'object'->>'status' in ('canceled', 'incomplete_expired')`,
    ))
    .limit(1);
  return rows.length > 0;
}

/** A newer event (by Stripe's `created`) of these types about the same object was already processed. */
async function newerEventSeen(tx: Tx, event: GatewayEvent, objectId: string, types: string[]): Promise<boolean> {
  const rows = await tx
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(and(
      eq(webhookEvents.gateway, 'stripe'),
      sql`${webhookEvents.type} in (${sql.join(types.map((t) => sql`${t}`), sql`, `)})`,
      sql`${webhookEvents.payload}->'data'->'object'->>'id' = ${objectId}`,
      sql`(${webhookEvents.payload}->>'created')::bigint > ${event.created}`,
      sql`${webhookEvents.id} <> ${event.id}`,
    ))
    .limit(1);
  return rows.length > 0;
}

function invoiceSubscription(inv: Stripe.Invoice): { stripeSubId: string | null; ourId: string | null } {
  const details = inv.parent?.subscription_details ?? null;
  const legacy = (inv as unknown as { subscription?: unknown }).subscription;
  const fromLines = inv.lines?.data?.map((l) => l.parent?.subscription_item_details?.subscription ?? idOf(l.subscription)).find(Boolean) ?? null;
  const stripeSubId = idOf(details?.subscription) ?? idOf(legacy) ?? fromLines;
  const ourId = details?.metadata?.subscriptionId ?? inv.lines?.data?.map((l) => l.metadata?.subscriptionId).find(Boolean) ?? null;
  return { stripeSubId, ourId };
}

/** The PaymentIntent that paid an invoice (its default payment). */
function invoicePaymentIntent(inv: Stripe.Invoice): string | null {
  const payments = (inv as unknown as { payments?: { data?: Array<{ is_default?: boolean; payment?: { payment_intent?: unknown } }> } }).payments?.data ?? [];
  const p = payments.find((x) => x.is_default) ?? payments[0];
  return idOf(p?.payment?.payment_intent);
}

/** The service period an invoice pays for: the latest end among its lines (the invoice's own period_end is the previous period's). */
function invoicePeriodEnd(inv: Stripe.Invoice): Date | null {
  const ends = (inv.lines?.data ?? []).map((l) => l.period?.end).filter((n): n is number => typeof n === 'number');
  return ends.length ? new Date(Math.max(...ends) * 1000) : null;
}

// ── Handlers ─────────────────────────────────────────────────────────────────────────────────
/** A top-up's PaymentIntent succeeded (e.g. after 3-D Secure): credit the wallet, once. */
const paymentIntentSucceeded: Handler = async (h) => {
  const pi = objectOf<Stripe.PaymentIntent>(h.event);
  const p = await paymentOf(h.tx, pi);
  if (!p) return ignore(h, 'unknown payment', { paymentIntent: pi.id });
  // A tier upgrade's difference (a PaymentIntent of ours with the tier in its metadata): settled
  // here or by the request that charged it, whichever comes first — once (pending → succeeded).
  const tierId = pi.metadata?.tierId;
  if (p.type === 'subscription' && tierId && isUuid(tierId)) {
    if (pi.amount !== p.amount) return ignore(h, 'upgrade amount does not match our payment', { paymentId: p.id });
    if (p.status === 'pending') await h.deps.subscriptions.settleUpgradeFromGateway(h.tx, p.id, pi.id, tierId);
    return;
  }
  // Subscription periods are settled by their invoice events (invoice.paid), never here.
  if (p.type !== 'wallet_topup') return ignore(h, 'not a top-up', { paymentId: p.id });
  if (pi.amount !== p.amount || pi.currency?.toLowerCase() !== CURRENCY) {
    h.deps.log.error({ eventId: h.event.id, paymentId: p.id, expected: p.amount, got: pi.amount, currency: pi.currency }, 'stripe payment amount does not match our payment: not credited');
    return;
  }
  // A failure is not final for a PaymentIntent (the fan may complete it later): success wins.
  if (p.status === 'failed') await h.tx.update(paymentTransactions).set({ status: 'pending', failureMessage: null }).where(and(eq(paymentTransactions.id, p.id), eq(paymentTransactions.status, 'failed')));
  await h.deps.payments.settle(p.id, pi.id, h.tx);
};

/** A top-up's PaymentIntent failed: mark the payment failed (a succeeded one stays succeeded). */
const paymentIntentFailed: Handler = async (h) => {
  const pi = objectOf<Stripe.PaymentIntent>(h.event);
  const p = await paymentOf(h.tx, pi);
  if (!p) return ignore(h, 'unknown payment', { paymentIntent: pi.id });
  if (p.type !== 'wallet_topup') return ignore(h, 'not a top-up', { paymentId: p.id });
  await h.deps.payments.fail(p.id, pi.id, pi.last_payment_error?.message ?? 'Your card was declined.', h.tx);
};

/** A subscription invoice was paid (first period, renewal, end of a trial): a sale and the new period end. */
const invoicePaid: Handler = async (h) => {
  const inv = objectOf<Stripe.Invoice>(h.event);
  const { stripeSubId, ourId } = invoiceSubscription(inv);
  if (!stripeSubId || !inv.id) return ignore(h, 'not a subscription invoice', { invoice: inv.id });
  const periodEnd = invoicePeriodEnd(inv);
  if (!periodEnd) return ignore(h, 'invoice without a period', { invoice: inv.id });
  // Lock order as in payments.settle (payment → ledger → subscription) so that this and
  // subscribe()'s own settlement of the first invoice wait for each other instead of deadlocking.
  const first = await h.deps.subscriptions.ofStripeEvent(h.tx, stripeSubId, ourId, false);
  if (!first) return ignore(h, 'unknown subscription', { invoice: inv.id, subscription: stripeSubId });
  if (first.ours && inv.billing_reason === 'subscription_create') {
    const [known] = await h.tx.select({ id: paymentTransactions.id }).from(paymentTransactions).where(and(eq(paymentTransactions.gateway, 'stripe'), eq(paymentTransactions.gatewayRef, inv.id))).for('update');
    if (!known) {
      // The first invoice is paid while subscribe() waits for Stripe's answer: its pending payment
      // may not carry the invoice id yet. Claim it, so that the sale is recorded once.
      const [pending] = await h.tx
        .select({ id: paymentTransactions.id })
        .from(paymentTransactions)
        .where(and(eq(paymentTransactions.subscriptionId, first.sub.id), eq(paymentTransactions.gateway, 'stripe'), eq(paymentTransactions.type, 'subscription'), eq(paymentTransactions.status, 'pending'), isNull(paymentTransactions.gatewayRef)))
        .orderBy(sql`${paymentTransactions.createdAt} desc`)
        .limit(1)
        .for('update');
      if (pending) await h.tx.update(paymentTransactions).set({ gatewayRef: inv.id }).where(eq(paymentTransactions.id, pending.id));
    }
  }
  const found = await h.deps.subscriptions.ofStripeEvent(h.tx, stripeSubId, ourId);
  if (!found) return ignore(h, 'unknown subscription', { invoice: inv.id, subscription: stripeSubId });
  const { sub, ours } = found;

  // Whether this invoice moves the subscription; otherwise the money is recorded and nothing else:
  // - an invoice of a Stripe subscription that has ended (or of an older one of this row),
  // - an invoice whose period is already covered (a late delivery: it must not flip a past_due or
  //   expired row back to active), or that ended in the past for a row without access.
  const ended = !ours || (await subscriptionEnded(h.tx, stripeSubId));
  const end = periodEnd.getTime();
  const extends_ = end > sub.expiresAt.getTime() && (isRunning(sub) || end > h.deps.clock.now().getTime());
  await h.deps.subscriptions.applyPaidPeriod(h.tx, sub, { gatewayRef: inv.id, amount: inv.amount_paid ?? 0, periodEnd, tax: invoiceTax(inv) }, { extend: !ended && extends_ });
  // The PaymentIntent that paid it: disputes and refunds name it (payments.tables chargeRef).
  const pi = invoicePaymentIntent(inv);
  if (pi) await h.tx.update(paymentTransactions).set({ chargeRef: pi }).where(and(eq(paymentTransactions.gateway, 'stripe'), eq(paymentTransactions.gatewayRef, inv.id), isNull(paymentTransactions.chargeRef)));
};

/** A renewal failed: past_due (no access) while Stripe retries — unless that period is paid already. */
const invoicePaymentFailed: Handler = async (h) => {
  const inv = objectOf<Stripe.Invoice>(h.event);
  const { stripeSubId, ourId } = invoiceSubscription(inv);
  if (!stripeSubId) return ignore(h, 'not a subscription invoice', { invoice: inv.id });
  // The first payment's failure is answered synchronously (422); no subscription started.
  if (inv.billing_reason === 'subscription_create') return ignore(h, 'first invoice', { invoice: inv.id });
  const found = await h.deps.subscriptions.ofStripeEvent(h.tx, stripeSubId, ourId);
  if (!found || !found.ours) return ignore(h, 'unknown subscription', { invoice: inv.id, subscription: stripeSubId });
  const periodEnd = invoicePeriodEnd(inv);
  if (periodEnd && found.sub.expiresAt.getTime() >= periodEnd.getTime()) return ignore(h, 'period already paid', { invoice: inv.id });
  if (await subscriptionEnded(h.tx, stripeSubId)) return ignore(h, 'subscription ended', { invoice: inv.id });
  // The first failure of a period records subscription.past_due (the fan's mail is its handler).
  await h.deps.subscriptions.markPastDue(h.tx, found.sub, 'the card payment failed');
};

/** Ends our subscription (once): subscription.expired, whose handler tells the fan. */
async function expire(h: HandlerContext, sub: SubscriptionRow, s: Stripe.Subscription) {
  const reason = s.cancellation_details?.reason === 'payment_failed' ? 'the renewal payment could not be collected' : s.cancellation_details?.reason === 'cancellation_requested' ? 'it was cancelled' : 'it has ended';
  await h.deps.subscriptions.expireByGateway(h.tx, sub, reason);
}

/** cancel_at_period_end switched at Stripe (by us, the dashboard or the customer portal); canceled → expired. */
const subscriptionUpdated: Handler = async (h) => {
  const s = objectOf<Stripe.Subscription>(h.event);
  const found = await h.deps.subscriptions.ofStripeEvent(h.tx, s.id, s.metadata?.subscriptionId);
  if (!found || !found.ours) return ignore(h, 'unknown subscription', { subscription: s.id });
  if (s.status === 'canceled' || s.status === 'incomplete_expired') return expire(h, found.sub, s);
  if (await newerEventSeen(h.tx, h.event, s.id, ['customer.subscription.updated', 'customer.subscription.deleted'])) return ignore(h, 'a newer update was applied', { subscription: s.id });
  await h.deps.subscriptions.syncCancelFlag(h.tx, found.sub, s.cancel_at_period_end);
};

/** The Stripe Subscription is over (retries exhausted, cancelled period ended, cancelled now). */
const subscriptionDeleted: Handler = async (h) => {
  const s = objectOf<Stripe.Subscription>(h.event);
  const found = await h.deps.subscriptions.ofStripeEvent(h.tx, s.id, s.metadata?.subscriptionId);
  if (!found || !found.ours) return ignore(h, 'unknown subscription', { subscription: s.id });
  await expire(h, found.sub, s);
};

/** Connect onboarding progressed: keep payouts_enabled in step. */
const accountUpdated: Handler = async (h) => {
  const acct = objectOf<Stripe.Account>(h.event);
  if (await newerEventSeen(h.tx, h.event, acct.id, ['account.updated'])) return ignore(h, 'a newer update was applied', { account: acct.id });
  const rows = await h.tx.update(performerPayoutAccounts).set({ stripeChargesEnabled: Boolean(acct.payouts_enabled) }).where(eq(performerPayoutAccounts.stripeAccountId, acct.id)).returning({ userId: performerPayoutAccounts.userId });
  if (rows.length === 0) ignore(h, 'unknown account', { account: acct.id });
};

/** Any dispute event (created, updated, closed, funds withdrawn or reinstated): each carries the whole dispute, applied as it is now. */
const disputeEvent: Handler = async (h) => {
  await h.deps.disputes.apply(h.tx, 'stripe', stripeDispute(objectOf<Stripe.Dispute>(h.event)));
};

/** refund.created / .updated / .failed: the refund as it is now (ours by the id in its metadata, or one made in Stripe's dashboard). */
const refundEvent: Handler = async (h) => {
  await h.deps.refunds.applyGatewayRefund(h.tx, 'stripe', stripeRefund(objectOf<Stripe.Refund>(h.event)));
};
/** charge.refunded: each refund the charge lists (when Stripe includes them), as above. */
const chargeRefunded: Handler = async (h) => {
  const charge = objectOf<Stripe.Charge>(h.event);
  const list = (charge as unknown as { refunds?: { data?: Stripe.Refund[] } }).refunds?.data ?? [];
  if (!list.length) return ignore(h, 'no refunds listed (refund.* events carry them)', { charge: charge.id });
  for (const r of list) await h.deps.refunds.applyGatewayRefund(h.tx, 'stripe', stripeRefund(r));
};

export const HANDLERS: Record<string, Handler> = {
  'refund.created': refundEvent,
  'refund.updated': refundEvent,
  'refund.failed': refundEvent,
  'charge.refunded': chargeRefunded,
  'charge.dispute.created': disputeEvent,
  'charge.dispute.updated': disputeEvent,
  'charge.dispute.closed': disputeEvent,
  'charge.dispute.funds_withdrawn': disputeEvent,
  'charge.dispute.funds_reinstated': disputeEvent,
  'payment_intent.succeeded': paymentIntentSucceeded,
  'payment_intent.payment_failed': paymentIntentFailed,
  'invoice.paid': invoicePaid,
  'invoice.payment_succeeded': invoicePaid,
  'invoice.payment_failed': invoicePaymentFailed,
  'customer.subscription.updated': subscriptionUpdated,
  'customer.subscription.deleted': subscriptionDeleted,
  'account.updated': accountUpdated,
};
