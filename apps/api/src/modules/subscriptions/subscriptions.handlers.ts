import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Events } from '../../platform/events';
import type { Mailer } from '../../platform/mailer';
import { users } from '../users/users.tables';

/** What the subscription event handlers are built with (root.ts). */
export interface SubscriptionHandlersDeps {
  config: Pick<Config, 'PUBLIC_WEB_URL'>;
  db: Db;
  events: Events;
  mailer: Mailer;
}

/**
 * The fan's e-mails about a subscription (at least once; a failed send is retried by the handler
 * job): the first failed renewal of a period (`subscription.past_due`, attempt 1 — the retries
 * that follow do not repeat it) and the end after a failure or at the gateway
 * (`subscription.expired` with a reason; a cancelled subscription simply running out has none).
 */
export function registerSubscriptionHandlers({ config, db, events, mailer }: SubscriptionHandlersDeps): void {
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
