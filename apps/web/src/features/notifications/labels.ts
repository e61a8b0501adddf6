import type { CurrentUser, NotificationType } from '@stagepass/shared';

/** What each notification type is about, in words a reader understands (preferences, unsubscribe page). */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  welcome: 'Welcome and account news',
  new_subscriber: 'New subscribers',
  subscription_renewed: 'Subscription renewals',
  subscription_cancelled: 'Cancelled subscriptions',
  subscription_past_due: 'Failed subscription payments',
  tip: 'Tips',
  purchase: 'Purchases of your content',
  comment: 'Comments on your posts',
  reply: 'Replies to your comments',
  follow: 'New followers',
  payout: 'Payouts',
  new_post: 'New posts from creators you subscribe to',
  message: 'Messages from creators (mass messages)',
  order: 'Orders: new orders, shipping, delivery and refunds',
  verification: 'Identity verification decisions',
  moderation: 'Moderation: hidden content and warnings from the team',
  stream: 'Creators you follow going live',
  privacy: 'Your data exports',
  coperformer: 'Co-performer tags and releases',
};

/** Types only a creator receives (about their page, sales and payouts). */
const CREATOR_ONLY: readonly NotificationType[] = ['new_subscriber', 'subscription_renewed', 'subscription_cancelled', 'tip', 'purchase', 'comment', 'follow', 'payout', 'verification', 'coperformer'];

/** The types worth showing in a user's preferences. */
export function typesFor(user: Pick<CurrentUser, 'isPerformer'>, all: readonly NotificationType[]): NotificationType[] {
  return all.filter((t) => user.isPerformer || !CREATOR_ONLY.includes(t));
}

/** Where the notification preferences are for this user (fan: a section of the account page; creator: a tab). */
export function preferencesPath(user: Pick<CurrentUser, 'isPerformer'> | null): string {
  if (!user) return '/auth/login';
  return user.isPerformer ? '/creator/account?tab=notifications' : '/user/account#notifications';
}
