import { and, eq, inArray, isNotNull, ne, or, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Events } from '../../platform/events';
import type { Mailer } from '../../platform/mailer';
import { users } from '../users/users.tables';
import type { PaymentsService } from '../payments/payments.service';
import { subscriptions } from './subscriptions.tables';
import { switchRenewalOff } from './subscriptions.service';

/** What the subscription event handlers are built with (root.ts). */
export interface SubscriptionHandlersDeps {
  config: Pick<Config, 'PUBLIC_WEB_URL'>;
  db: Db;
  events: Events;
  mailer: Mailer;
  /**
   * The gateway, to switch off a Stripe subscription's own renewal when its fan and creator block
   * each other. Until root.ts passes it, a block ends our renewals only (a Stripe subscription is
   * marked cancelled here but Stripe is not told).
   */
  payments: Pick<PaymentsService, 'gatewayFor'>;
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
export function registerSubscriptionHandlers({ config, db, events, mailer, payments }: SubscriptionHandlersDeps): void {
  registerBlockEndsRenewal({ db, events, payments });
  const people = async (fanId: string, performerId: string) => {
    const [fan] = await db.select().from(users).where(eq(users.id, fanId));
    const [performer] = await db.select().from(users).where(eq(users.id, performerId));
    return { fan, who: performer?.name || performer?.username || 'a creator' };
  };
  events.onSideEffect('subscription.past_due', 'subscriptions.past-due-mail', async ({ payload: e }) => {
    if (e.attempt !== 1) return;
    const { fan, who } = await people(e.userId, e.performerId);
    if (!fan?.email) return;
    await mailer.send({ to: fan.email, subject: `We could not renew your subscription to ${who}`, text: `Hi ${fan.name || fan.username},\n\nYour subscription to ${who} could not be renewed: ${e.reason}\nWe will try again over the next days. Please check your payment card at ${config.PUBLIC_WEB_URL}/user/cards.\n` });
  });
  events.onSideEffect('subscription.expired', 'subscriptions.expired-mail', async ({ payload: e }) => {
    if (e.reason === null) return;
    const { fan, who } = await people(e.userId, e.performerId);
    if (!fan?.email) return;
    await mailer.send({ to: fan.email, subject: `Your subscription to ${who} has expired`, text: `Hi ${fan.name || fan.username},\n\nYour subscription to ${who} has expired: ${e.reason}\nYou can subscribe again at any time from their page.\n` });
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
  events.on('user.blocked', 'subscriptions.block-ends-renewal', async ({ payload: e }, tx) => {
    const renewing = await tx
      .select()
      .from(subscriptions)
      .where(and(betweenSql(e.blockerId, e.targetId), inArray(subscriptions.status, ['active', 'past_due'])))
      .for('update');
    const now = new Date();
    for (const sub of renewing) await switchRenewalOff(tx, events, sub, now);
  });
  events.onSideEffect('user.blocked', 'subscriptions.block-ends-gateway-renewal', async ({ payload: e }) => {
    const atStripe = await db
      .select({ ref: subscriptions.gatewayRef })
      .from(subscriptions)
      .where(and(betweenSql(e.blockerId, e.targetId), eq(subscriptions.gateway, 'stripe'), isNotNull(subscriptions.gatewayRef), ne(subscriptions.status, 'expired')));
    if (atStripe.length === 0) return;
    const gw = await payments.gatewayFor('stripe');
    for (const { ref } of atStripe) await gw.subscriptions!.cancelAtPeriodEnd(ref!);
  });
}
