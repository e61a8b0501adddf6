import type { Events } from '../../platform/events';
import type { AutoMessagesService } from './messages.auto';

/**
 * The messages module's reactions to domain events (registered from root.ts): automatic messages
 * (README "Automatic messages"). Each runs in its own job and transaction with its marker (exactly
 * once), never inside the subscribe or follow request.
 */
export function registerAutoMessageHandlers({ events, auto }: { events: Events; auto: AutoMessagesService }): void {
  // Someone is waiting on these (EventLane): they never queue behind the bulk lane's rollups and fan-out.
  const interactive = events.with({ lane: 'interactive' });
  // The new fan is looking at their inbox: the welcome goes before the queue's other handler jobs (bench/welcome.mts).
  const now = { priority: 10 };
  interactive.on('fan.subscribed', 'messages.auto-welcome', ({ payload: e }, tx) => auto.onSubscribed(tx, e.performerId, e.userId), now);
  interactive.on('follow.created', 'messages.auto-welcome-follower', ({ payload: e }, tx) => auto.onFollowed(tx, e.performerId, e.followerId), now);
  interactive.on('subscription.expired', 'messages.auto-miss-you', ({ payload: e }, tx) => auto.onExpired(tx, e.performerId, e.userId));
}
