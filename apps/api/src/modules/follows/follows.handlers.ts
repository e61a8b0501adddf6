import type { Events } from '../../platform/events';
import { isBlockedBetween } from '../blocks/blocks.policy';
import { insertFollow } from './follows.service';

/**
 * The follows module's reactions to domain events (registered from root.ts).
 *
 * **Subscribing follows** (issue 26 §4.10: a creator paid by subscribers showed "0 Followers"): a
 * new subscription (`fan.subscribed`, paid or free trial) makes the fan a follower of the creator —
 * one follow row and the count, exactly once per event (a transactional handler), no
 * `follow.created` (the creator is told of the subscription, not of a follow too). A fan who
 * follows already changes nothing; a block made since the subscription leaves it out. Renewals do
 * not follow again: a subscriber may unfollow and stays unfollowed.
 */
export function registerFollowHandlers({ events }: { events: Events }): void {
  events.on('fan.subscribed', 'follows.subscriber-follows', async ({ payload: e }, tx) => {
    if (await isBlockedBetween(tx, e.userId, e.performerId)) return;
    await insertFollow(tx, e.userId, e.performerId);
  });
}
