import type { Events } from '../../platform/events';
import type { TrackingService } from './tracking.service';

/**
 * The tracking module's reactions to domain events (registered from root.ts; README "What
 * counts"). Each runs once per event in its own transaction (`events.on`), so a redelivered job
 * never counts twice; a fan not attributed to the event's creator counts nothing.
 * - `follow.created`: a follow; `fan.subscribed`: a subscription, a follow (subscribing makes the
 *   fan a follower, follows.handlers.ts) and its amount as revenue (0 for a free trial);
 * - `subscription.renewed`, `tip.sent`, `item.purchased` (posts, videos, galleries, messages,
 *   shop products): revenue.
 */
export function registerTrackingHandlers({ events, tracking }: { events: Events; tracking: TrackingService }): void {
  events.on('follow.created', 'tracking.follow', async ({ payload: e, occurredAt }, tx) => {
    await tracking.convert(tx, { userId: e.followerId, performerId: e.performerId, at: occurredAt, follow: true });
  });
  events.on('fan.subscribed', 'tracking.subscription', async ({ payload: e, occurredAt }, tx) => {
    await tracking.convert(tx, { userId: e.userId, performerId: e.performerId, at: occurredAt, follow: true, subscribe: true, revenue: e.amount });
  });
  events.on('subscription.renewed', 'tracking.renewal', async ({ payload: e, occurredAt }, tx) => {
    await tracking.convert(tx, { userId: e.userId, performerId: e.performerId, at: occurredAt, revenue: e.amount });
  });
  events.on('tip.sent', 'tracking.tip', async ({ payload: e, occurredAt }, tx) => {
    await tracking.convert(tx, { userId: e.userId, performerId: e.performerId, at: occurredAt, revenue: e.amount });
  });
  events.on('item.purchased', 'tracking.purchase', async ({ payload: e, occurredAt }, tx) => {
    await tracking.convert(tx, { userId: e.userId, performerId: e.performerId, at: occurredAt, revenue: e.amount });
  });
}
