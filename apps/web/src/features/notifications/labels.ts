import type { CurrentUser, NotificationType } from '@stagepass/shared';
import type { Messages } from '@/i18n/messages';

/** What each notification type is about, in words a reader understands (preferences, unsubscribe page): its key in the `notificationSettings` messages. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, keyof Messages['notificationSettings']> = {
  welcome: 'typeWelcome',
  new_subscriber: 'typeNewSubscriber',
  subscription_renewed: 'typeSubscriptionRenewed',
  subscription_cancelled: 'typeSubscriptionCancelled',
  subscription_past_due: 'typeSubscriptionPastDue',
  tip: 'typeTip',
  purchase: 'typePurchase',
  comment: 'typeComment',
  reply: 'typeReply',
  follow: 'typeFollow',
  payout: 'typePayout',
  new_post: 'typeNewPost',
  message: 'typeMessage',
  order: 'typeOrder',
  verification: 'typeVerification',
  moderation: 'typeModeration',
  stream: 'typeStream',
  privacy: 'typePrivacy',
  coperformer: 'typeCoperformer',
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
