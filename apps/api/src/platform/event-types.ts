import type { EarningChannel, EarningKind, EarningType } from '@stagepass/shared';

/**
 * The domain events (platform/events.ts): name → payload. Payloads carry ids and amounts (money in
 * integer minor units, as in the database), never whole records: a handler reads what it needs
 * when it runs. A few carry an address or a reason a mail must quote, because it is not kept
 * anywhere else (a requested new e-mail address, a card's decline message).
 */
export type DomainEventMap = {
  /** An account was created (sign-up form, social sign-in or a script). `verifyEmail`: mail a verification link. */
  'user.registered': { userId: string; isPerformer: boolean; verifyEmail: boolean };
  /** A signed-in user asked to move the account to `email` (a link must be mailed to it). */
  'user.email-change-requested': { userId: string; email: string };
  /** The account's address changed from `oldEmail` (the old address is told). */
  'user.email-changed': { userId: string; oldEmail: string; newEmail: string };
  /** An operator (`actorId`) suspended the account: it cannot log in, its sessions and sockets ended, its content is hidden. */
  'user.suspended': { userId: string; actorId: string; reason: string };
  /** An operator made a suspended account active again. */
  'user.reactivated': { userId: string; actorId: string };
  /** An operator forced a password reset: the password no longer works; the reset link must be mailed. */
  'user.password-reset-forced': { userId: string; actorId: string };

  /** A subscription started (a paid first period, or a free trial). */
  'fan.subscribed': { subscriptionId: string; userId: string; performerId: string; amount: number; trial: boolean };
  /** A running or lapsed subscription was paid for one more period. */
  'subscription.renewed': { subscriptionId: string; userId: string; performerId: string; amount: number };
  /** A renewal failed; more attempts follow (`attempt` counts from 1). */
  'subscription.past_due': { subscriptionId: string; userId: string; performerId: string; attempt: number; reason: string };
  /** The subscription ended (`reason`: why, for the fan's mail; null when it simply ran out after a cancel). */
  'subscription.expired': { subscriptionId: string; userId: string; performerId: string; reason: string | null };
  /** The fan (or an admin) switched renewal off. */
  'subscription.cancelled': { subscriptionId: string; userId: string; performerId: string };

  /**
   * An earnings row was written (modules/ledger `insertEarning`): a sale, a refund or dispute of one
   * (`kind`, `reversesId` the sale's row; figures negative), a referral share. Money in minor units;
   * `at`: the row's time (ISO). What creators' statistics and fan lists count, exactly once.
   */
  'earning.recorded': {
    earningId: string; performerId: string; userId: string | null; type: EarningType; channel: EarningChannel; kind: EarningKind;
    gross: number; net: number; tax: number; reversesId: string | null; at: string;
  };
  /** A tip from the wallet (`message`: the fan's note, plain text). */
  'tip.sent': { chargeId: string; userId: string; performerId: string; amount: number; message: string };
  /** An item bought from the wallet (`itemType`: its content kind). */
  'item.purchased': { chargeId: string; userId: string; performerId: string; itemType: string; itemId: string; amount: number };
  /** An order line was placed (with its wallet charge): the seller is told. `total` in minor units. */
  'order.placed': { orderId: string; checkoutId: string; buyerId: string; performerId: string; productId: string; productName: string; productType: 'physical' | 'digital'; quantity: number; total: number };
  /** The seller (or an admin, `actorId`) moved an order's delivery `from` → `to` (a refund included): the buyer is told. */
  'order.updated': { orderId: string; buyerId: string; performerId: string; actorId: string; productName: string; from: string; to: string; trackingCode: string | null; total: number };
  /** The buyer changed a processing order's delivery address: the seller is told. */
  'order.address-changed': { orderId: string; buyerId: string; performerId: string; productName: string };

  /** A feed became visible: at once when created, or when its scheduled time came (`scheduled`). */
  'feed.published': { feedId: string; performerId: string; scheduled: boolean };
  /** A video became visible to fans (active and its publishAt reached): at once, or when its scheduled time came (`scheduled`). Once per video. */
  'video.published': { videoId: string; performerId: string; scheduled: boolean };
  /** A comment (or a reply: `parentId`) on an item of `ownerId`. */
  'comment.created': { commentId: string; userId: string; objectType: string; objectId: string; parentId: string | null; ownerId: string | null };
  /** `blockerId` blocked `targetId` (mutual in effect: subscriptions between them stop renewing). */
  'user.blocked': { blockerId: string; targetId: string };
  /** A batch of a mass message was delivered: one copy (message) per recipient. */
  'mass-message.delivered': { massMessageId: string; performerId: string; items: Array<{ userId: string; messageId: string; conversationId: string }> };
  /** A user followed a creator. */
  /** An automatic message (welcome, "we miss you") was delivered to one fan (messages README "Automatic messages"). */
  'auto-message.delivered': { performerId: string; userId: string; kind: 'welcome' | 'miss-you'; messageId: string; conversationId: string };
  'follow.created': { followerId: string; performerId: string };
  /** A user stopped following a creator (statistics count followers lost). */
  'follow.removed': { followerId: string; performerId: string };
  /** A user liked an item (`ownerId`: its creator; statistics count it per item and hour). */
  'reaction.liked': { userId: string; objectType: string; objectId: string; ownerId: string | null };
  /**
   * A video or gallery was opened by someone other than its owner (its view counter went up), or a
   * post was seen by a fan (once per fan per post per UTC day: feeds README "Post views"). Statistics count views per day.
   */
  'content.viewed': { kind: 'feed' | 'video' | 'gallery'; itemId: string; performerId: string };

  /** A creator went live (public or group; private shows are not announced). `notify`: the audience is told (at most once per creator per GO_LIVE_NOTIFY_THROTTLE_MINUTES). */
  'stream.started': { streamId: string; performerId: string; type: 'public' | 'group'; notify: boolean };
  /** A live stream ended (`reason`: shared STREAM_END_REASONS). */
  'stream.ended': { streamId: string; performerId: string; type: 'public' | 'group' | 'private'; reason: string };
  /** A recorded stream's replay is made (`videoId`: the creator's draft video) or could not be (`reason`: one line for the creator). */
  'stream.replay': { streamId: string; performerId: string; title: string; status: 'ready' | 'failed'; videoId: string | null; reason: string | null };

  /** Notifications just made whose readers want them by e-mail (notifications/README.md): one mail job each. */
  'notifications.email-due': { notificationIds: string[] };
  /** Notifications just made whose readers want them pushed and have a device with push on (notifications/README.md "Web Push"): one push job each. */
  'notifications.push-due': { notificationIds: string[] };

  /** A fan's age verification was decided (modules/legal "Age assurance"), by an operator or the webhook provider (`reason`: shown to them). */
  'age.verification': { userId: string; status: 'approved' | 'rejected'; reason: string | null };
  /** An operator approved or rejected a creator's identity documents (`reason`: the note or rejection reason shown to them). */
  'performer.verification': { performerId: string; status: 'approved' | 'rejected'; reason: string | null };
  /** A creator (`ownerId`) tagged a verified creator (`performerId`) on an item (modules/releases): the tagged creator is asked to accept. */
  'coperformer.tagged': { entryId: string; ownerId: string; performerId: string; kind: string; itemId: string };
  /** A tagged creator accepted or declined (`hidden`: a public item naming them was hidden): the item's owner is told. */
  'coperformer.answered': { entryId: string; ownerId: string; performerId: string; kind: string; itemId: string; status: 'accepted' | 'declined'; hidden: boolean };
  /** An operator approved or rejected a co-performer release (`hidden`: public items naming it that were hidden): its owner is told. */
  'release.decided': { releaseId: string; ownerId: string; status: 'approved' | 'rejected'; reason: string | null; hidden: number };
  /** An operator (`actorId`) hid an item (`kind`: feed, video, gallery, product): its owner is told why. */
  'content.hidden': { kind: string; itemId: string; ownerId: string; actorId: string; reason: string; title: string };
  /** An operator warned a user (`message`: the operator's text, shown to them), about a reported item when given. */
  'user.warned': { userId: string; actorId: string; message: string; target: string | null; targetId: string | null };
  /** Upload screening stopped a file (media/README.md "Upload screening"): the posts carrying it are stopped, a report opened. `reporterId`: the operator in whose name the report is filed (who added the matching entry), null → an operator is picked. */
  'media.quarantined': { fileId: string; ownerId: string | null; fileKind: string; quarantineId: string; entryLabel: string; distance: number | null; reporterId: string | null };
  /** An operator released a quarantined file (a false positive): what it stopped goes on. */
  'media.released': { fileId: string; ownerId: string | null; fileKind: string; actorId: string };

  /** A takedown notice's items were hidden (modules/takedowns): each owner is told, with the notice, and may file a counter-notice. */
  'takedown.hidden': { noticeId: string; number: number; ownerId: string; claimant: string; work: string };
  /** A takedown notice's e-mail to be sent (modules/takedowns, takedowns.handlers.ts): to the claimant, or to `ownerId` when given. */
  'takedown.mail': { noticeId: string; mail: 'received' | 'rejected' | 'info' | 'countered' | 'restored' | 'upheld'; message: string | null; ownerId: string | null };
  /** A message came in through the contact form: the operator is mailed (site.handlers.ts). */
  'contact.received': { messageId: string };
  /** An operator answered a contact message: the answer is mailed to its sender. */
  'contact.answered': { messageId: string };

  'payout.requested': { payoutId: string; performerId: string; amount: number };
  'payout.approved': { payoutId: string; performerId: string; amount: number };
  'payout.paid': { payoutId: string; performerId: string; amount: number };
  'payout.rejected': { payoutId: string; performerId: string; amount: number };

  /**
   * A card payment's dispute opened (issue 29 §1; its money held back in the same transaction).
   * `subscriptionId`: the subscription the payment paid a period of; `locksContent`: the operator's
   * disputeLocksContent then (the subscription is suspended until it closes).
   */
  'payment.disputed': { disputeId: string; paymentId: string; userId: string; performerId: string | null; subscriptionId: string | null; locksContent: boolean };
  /** It closed: won (the money came back), lost (the fan's bank kept it) or null (an inquiry closed, nothing taken). */
  'payment.dispute-closed': { disputeId: string; paymentId: string; userId: string; performerId: string | null; subscriptionId: string | null; locksContent: boolean; outcome: 'won' | 'lost' | null };
  /**
   * A refund to the card went through (issue 29 §2). `full`: nothing is left of the payment now;
   * `latest`: it paid its subscription's latest period (refunded in full, the subscription ends).
   */
  'payment.refunded': { refundId: string; paymentId: string; userId: string; performerId: string | null; subscriptionId: string | null; amount: number; full: boolean; latest: boolean };
};

export type EventType = keyof DomainEventMap;

/** One recorded event, as a handler receives it. */
export interface DomainEvent<K extends EventType = EventType> {
  id: string;
  type: K;
  payload: DomainEventMap[K];
  occurredAt: Date;
}
