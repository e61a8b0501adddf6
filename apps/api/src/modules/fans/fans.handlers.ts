import type { Events } from '../../platform/events';
import { fanChannel, type FansService } from './fans.service';

/**
 * The fans module's reactions (registered from root.ts; README "What counts"). Each runs once per
 * event in its own transaction (`events.on`: a marker row), so a redelivered job never counts twice.
 * - `earning.recorded` with a fan (`userId`): gross + tax added to the total and the channel (a refund
 *   or dispute comes negative; a won dispute positive again); a sale other than a renewal is activity;
 * - `fan.subscribed`: the subscription's state (status, tier, start) and activity;
 *   `subscription.renewed` / `.cancelled` / `.expired`: the state only (a renewal is not the fan acting);
 * - `follow.created`: a fan (followers are listed) and activity;
 * - `comment.created` on the creator's item by one of their fans: activity.
 */
export function registerFansHandlers({ events, fans }: { events: Events; fans: FansService }): void {
  events.on('earning.recorded', 'fans.earning', async ({ payload: e }, tx) => {
    const channel = fanChannel(e.channel);
    if (!e.userId || !channel) return;
    await fans.touch(tx, {
      performerId: e.performerId, fanId: e.userId, at: new Date(e.at),
      paid: { channel, amount: e.gross + e.tax }, activity: e.kind === 'sale' && channel !== 'subscription',
    });
  });
  const subscription = (activity: boolean) => async (
    { payload: e, occurredAt }: { payload: { subscriptionId: string; userId: string; performerId: string }; occurredAt: Date },
    tx: Parameters<Parameters<Events['on']>[2]>[1],
  ) => {
    const state = await fans.subscriptionState(tx, e.subscriptionId);
    await fans.touch(tx, { performerId: e.performerId, fanId: e.userId, at: occurredAt, activity, subscription: state ?? undefined });
  };
  events.on('fan.subscribed', 'fans.subscribed', subscription(true));
  events.on('subscription.renewed', 'fans.renewed', subscription(false));
  events.on('subscription.cancelled', 'fans.cancelled', subscription(false));
  events.on('subscription.expired', 'fans.expired', subscription(false));
  events.on('follow.created', 'fans.follow', async ({ payload: e, occurredAt }, tx) => {
    await fans.touch(tx, { performerId: e.performerId, fanId: e.followerId, at: occurredAt, activity: true, follow: true });
  });
  events.on('comment.created', 'fans.comment', async ({ payload: e, occurredAt }, tx) => {
    if (e.ownerId) await fans.activity(tx, e.ownerId, e.userId, occurredAt);
  });
}
