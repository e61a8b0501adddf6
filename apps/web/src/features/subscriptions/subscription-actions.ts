import type { Subscription } from '@stagepass/shared';

/** What a fan's subscriptions page offers on one row. */
export type SubscriptionAction = 'cancel' | 'resubscribe' | 'blocked-by-you' | 'unavailable' | null;

/**
 * The row's action on /user/subscriptions: cancel a renewing one; subscribe again to an ended one —
 * unless a block stands between the fan and the creator (issue 26 §4.2: the dialog then said
 * "Creator not found"): the fan's own block is named ("You blocked this creator"), the creator's is
 * only "Not available" (a block the other made is never told).
 */
export function subscriptionAction(s: Pick<Subscription, 'renewing' | 'status' | 'performer' | 'canResubscribe' | 'blockedByYou'>): SubscriptionAction {
  if (s.renewing && (s.status === 'active' || s.status === 'past_due')) return 'cancel';
  if (!s.performer || (s.status !== 'cancelled' && s.status !== 'expired')) return null;
  if (s.blockedByYou) return 'blocked-by-you';
  if (!s.canResubscribe) return 'unavailable';
  return 'resubscribe';
}
