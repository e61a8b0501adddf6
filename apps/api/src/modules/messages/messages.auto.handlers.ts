import type { Events } from '../../platform/events';
import type { AutoMessagesService } from './messages.auto';

/**
 * The messages module's reactions to domain events (registered from root.ts): automatic messages
 * (README "Automatic messages"). Each runs in its own job and transaction with its marker (exactly
 * once), never inside the subscribe or follow request.
 */
export function registerAutoMessageHandlers({ events, auto }: { events: Events; auto: AutoMessagesService }): void {
  events.on('fan.subscribed', 'messages.auto-welcome', ({ payload: e }, tx) => auto.onSubscribed(tx, e.performerId, e.userId));
  events.on('follow.created', 'messages.auto-welcome-follower', ({ payload: e }, tx) => auto.onFollowed(tx, e.performerId, e.followerId));
  events.on('subscription.expired', 'messages.auto-miss-you', ({ payload: e }, tx) => auto.onExpired(tx, e.performerId, e.userId));
}
