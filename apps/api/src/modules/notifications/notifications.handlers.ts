import { eq, inArray } from 'drizzle-orm';
import { formatMoneyMinor, type Locale } from '@stagepass/shared';
import { TEXTS } from '../../platform/texts';
import type { Events } from '../../platform/events';
import type { Tx } from '../../db/client';
import { users } from '../users/users.tables';
import { comments } from '../comments/comments.tables';
import { streams } from '../streaming/streaming.tables';
import type { NewNotification, NotificationsService } from './notifications.service';

/** What the notification handlers are given by the composition root (root.ts). */
export interface NotificationHandlersDeps {
  events: Events;
  notifications: NotificationsService;
}

const money = formatMoneyMinor;
/** The notification texts in a reader's language (platform/texts): `text: (l) => T(l).followed(who)`. */
const T = (l: Locale) => TEXTS[l].notifications;
const quote = (s: string) => (s.length > 140 ? `${s.slice(0, 139)}…` : s);

/** Display names of users, read in the handler's transaction. */
async function names(tx: Tx, ids: string[]): Promise<Map<string, string>> {
  const rows = ids.length ? await tx.select({ id: users.id, name: users.name, username: users.username }).from(users).where(inArray(users.id, ids)) : [];
  return new Map(rows.map((r) => [r.id, r.name || r.username || 'Someone']));
}

/**
 * Domain events → notifications (README.md beside this file). Each handler runs once per event
 * (events.on: a marker row in the same transaction), and `event_id` makes each reader's row once.
 */
export function registerNotificationHandlers({ events, notifications }: NotificationHandlersDeps) {
  // Someone is waiting on these (EventLane): they never queue behind the bulk lane's rollups and fan-out.
  const interactive = events.with({ lane: 'interactive' });
  const make = (tx: Tx, eventId: string, items: Array<Omit<NewNotification, 'eventId'>>) =>
    notifications.create(tx, items.map((i) => ({ ...i, eventId })));

  interactive.on('user.registered', 'notifications.welcome', async (e, tx) => {
    const p = e.payload;
    await make(tx, e.id, [{ userId: p.userId, type: 'welcome', text: (l) => (p.isPerformer ? T(l).welcomeCreator : T(l).welcomeFan), link: p.isPerformer ? '/creator/account' : '/search' }]);
  });

  interactive.on('fan.subscribed', 'notifications.new-subscriber', async (e, tx) => {
    const p = e.payload;
    const n = await names(tx, [p.userId]);
    await make(tx, e.id, [{ userId: p.performerId, type: 'new_subscriber', actorId: p.userId, objectKind: 'performer', objectId: p.performerId, text: (l) => (p.trial ? T(l).trialStarted(n.get(p.userId)!) : T(l).subscribed(n.get(p.userId)!, money(p.amount, l))), link: '/creator/subscribers' }]);
  });

  interactive.on('subscription.renewed', 'notifications.renewed', async (e, tx) => {
    const p = e.payload;
    const n = await names(tx, [p.userId]);
    await make(tx, e.id, [{ userId: p.performerId, type: 'subscription_renewed', actorId: p.userId, text: (l) => T(l).renewed(n.get(p.userId)!, money(p.amount, l)), link: '/creator/subscribers' }]);
  });

  interactive.on('subscription.cancelled', 'notifications.cancelled', async (e, tx) => {
    const p = e.payload;
    const n = await names(tx, [p.userId]);
    await make(tx, e.id, [{ userId: p.performerId, type: 'subscription_cancelled', actorId: p.userId, text: (l) => T(l).cancelled(n.get(p.userId)!), link: '/creator/subscribers' }]);
  });

  interactive.on('subscription.past_due', 'notifications.past-due', async (e, tx) => {
    const p = e.payload;
    const n = await names(tx, [p.performerId, p.userId]);
    await make(tx, e.id, [
      // The fan's own mail is subscriptions.handlers.ts' (the first failure of a period only).
      { userId: p.userId, type: 'subscription_past_due', noEmail: true, actorId: p.performerId, text: (l) => T(l).pastDueFan(n.get(p.performerId)!, quote(p.reason)), link: '/user/cards' },
      { userId: p.performerId, type: 'subscription_past_due', actorId: p.userId, text: (l) => T(l).pastDueCreator(n.get(p.userId)!), link: '/creator/subscribers' },
    ]);
  });

  interactive.on('tip.sent', 'notifications.tip', async (e, tx) => {
    const p = e.payload;
    const n = await names(tx, [p.userId]);
    const note = p.message?.trim() ? quote(p.message.trim()) : '';
    await make(tx, e.id, [{ userId: p.performerId, type: 'tip', actorId: p.userId, objectKind: 'performer', objectId: p.performerId, text: (l) => T(l).tipped(n.get(p.userId)!, money(p.amount, l), note), link: '/creator/earnings' }]);
  });

  interactive.on('item.purchased', 'notifications.purchase', async (e, tx) => {
    const p = e.payload;
    // A product's seller hears of the order instead (order.placed below).
    if (p.itemType === 'product') return;
    const n = await names(tx, [p.userId]);
    // A group stream's ticket names the stream (a private show's minutes record no purchase event).
    const [stream] = p.itemType === 'stream' ? await tx.select({ title: streams.title }).from(streams).where(eq(streams.id, p.itemId)) : [];
    const who = n.get(p.userId)!;
    const text = (l: Locale) => (stream ? T(l).purchasedTicket(who, quote(stream.title), money(p.amount, l)) : T(l).purchasedItem(who, p.itemType, money(p.amount, l)));
    await make(tx, e.id, [{ userId: p.performerId, type: 'purchase', actorId: p.userId, objectKind: p.itemType as NewNotification['objectKind'], objectId: p.itemId, text, link: '/creator/earnings' }]);
  });

  // Orders (orders/README.md): the seller hears of each new order line and of a changed address; the
  // buyer of each delivery step and of a refund.
  interactive.on('order.placed', 'notifications.order-placed', async (e, tx) => {
    const p = e.payload;
    const who = (await names(tx, [p.buyerId])).get(p.buyerId);
    const text = (l: Locale) => (p.productType === 'digital'
      ? T(l).orderPlacedDigital(who!, quote(p.productName), money(p.total, l))
      : T(l).orderPlaced(who!, p.quantity, quote(p.productName), money(p.total, l)));
    await make(tx, e.id, [{ userId: p.performerId, type: 'order', actorId: p.buyerId, objectKind: 'product', objectId: p.productId, text, link: `/creator/orders/${p.orderId}` }]);
  });

  interactive.on('order.updated', 'notifications.order-updated', async (e, tx) => {
    const p = e.payload;
    const seller = (await names(tx, [p.performerId])).get(p.performerId);
    const item = quote(p.productName);
    const text = (l: Locale) =>
      p.to === 'shipping' ? T(l).orderShipped(seller!, item, p.trackingCode ?? null)
        : p.to === 'delivered' ? T(l).orderDelivered(item)
          : p.to === 'refunded' ? T(l).orderRefunded(item, money(p.total, l))
            : T(l).orderStatus(item, p.to);
    await make(tx, e.id, [{ userId: p.buyerId, type: 'order', actorId: p.performerId, text, link: `/user/orders/${p.orderId}` }]);
  });

  interactive.on('order.address-changed', 'notifications.order-address', async (e, tx) => {
    const p = e.payload;
    const who = (await names(tx, [p.buyerId])).get(p.buyerId);
    await make(tx, e.id, [{ userId: p.performerId, type: 'order', actorId: p.buyerId, text: (l) => T(l).orderAddressChanged(who!, quote(p.productName)), link: `/creator/orders/${p.orderId}` }]);
  });

  // One notification per copy of a mass message (its recipients' batch); single messages have the unread badge instead.
  // A batch of an audience: the bulk lane's, behind nobody's tip (the copies themselves reached the
  // recipients' sockets at the batch's commit).
  interactive.on('mass-message.delivered', 'notifications.mass-message', async (e, tx) => {
    const p = e.payload;
    const who = (await names(tx, [p.performerId])).get(p.performerId);
    await make(tx, e.id, p.items.map((i) => ({ userId: i.userId, type: 'message' as const, actorId: p.performerId, objectKind: 'message' as const, objectId: i.messageId, text: (l: Locale) => T(l).messaged(who!), link: `/messages?conversation=${i.conversationId}` })));
  }, { lane: 'bulk' });

  // An automatic message (welcome, "we miss you") is told like a mass message's copy.
  interactive.on('auto-message.delivered', 'notifications.auto-message', async (e, tx) => {
    const p = e.payload;
    const who = (await names(tx, [p.performerId])).get(p.performerId);
    await make(tx, e.id, [{ userId: p.userId, type: 'message', actorId: p.performerId, objectKind: 'message', objectId: p.messageId, text: (l) => T(l).messaged(who!), link: `/messages?conversation=${p.conversationId}` }]);
  });

  interactive.on('comment.created', 'notifications.comment', async (e, tx) => {
    const p = e.payload;
    const items: Array<Omit<NewNotification, 'eventId'>> = [];
    const n = await names(tx, [p.userId]);
    const who = n.get(p.userId);
    // Replies are on the same item as their parent: both lead to it.
    const link = p.objectType === 'feed' ? `/post/${p.objectId}` : null;
    if (p.parentId) {
      const [parent] = await tx.select({ userId: comments.createdBy }).from(comments).where(inArray(comments.id, [p.parentId]));
      if (parent && parent.userId !== p.userId) items.push({ userId: parent.userId, type: 'reply', actorId: p.userId, objectKind: 'comment', objectId: p.parentId, text: (l) => T(l).replied(who!), link });
    }
    if (p.ownerId && p.ownerId !== p.userId && !items.some((i) => i.userId === p.ownerId)) {
      items.push({ userId: p.ownerId, type: 'comment', actorId: p.userId, objectKind: p.objectType as NewNotification['objectKind'], objectId: p.objectId, text: (l) => (p.objectType === 'feed' ? T(l).commentedPost(who!) : T(l).commentedItem(who!, T(l).itemNouns[p.objectType] ?? p.objectType)), link });
    }
    await make(tx, e.id, items);
  });

  interactive.on('follow.created', 'notifications.follow', async (e, tx) => {
    const p = e.payload;
    const n = await names(tx, [p.followerId]);
    await make(tx, e.id, [{ userId: p.performerId, type: 'follow', actorId: p.followerId, text: (l) => T(l).followed(n.get(p.followerId)!), link: '/followers' }]);
  });

  // Creator verification (performers README "Verification"): the creator hears of the decision, in
  // the app and by e-mail (their 'verification' e-mail switch, on by default).
  interactive.on('performer.verification', 'notifications.verification', async (e, tx) => {
    const p = e.payload;
    const text = (l: Locale) => (p.status === 'approved' ? T(l).verificationApproved : T(l).verificationRejected(quote(p.reason ?? T(l).noReason)));
    await make(tx, e.id, [{ userId: p.performerId, type: 'verification', text, link: '/creator/account' }]);
  });

  // Age assurance (legal README "Age assurance"): the fan hears of the decision, in the app.
  interactive.on('age.verification', 'notifications.age-verification', async (e, tx) => {
    const p = e.payload;
    const text = (l: Locale) => (p.status === 'approved' ? T(l).ageApproved : T(l).ageRejected(quote(p.reason ?? T(l).noReason)));
    await make(tx, e.id, [{ userId: p.userId, type: 'verification', text, link: '/age-verification' }]);
  });

  // Moderation (reports README "Moderation"): the owner of a hidden item, and a warned user, hear
  // the operator's words, in the app and by e-mail ('moderation', on by default).
  const STUDIO: Record<string, string> = { feed: '/creator/feeds', video: '/creator/videos', gallery: '/creator/galleries', product: '/creator/products' };
  interactive.on('content.hidden', 'notifications.content-hidden', async (e, tx) => {
    const p = e.payload;
    const text = (l: Locale) => T(l).contentHidden(p.kind, p.title ? quote(p.title) : null, quote(p.reason));
    await make(tx, e.id, [{ userId: p.ownerId, type: 'moderation', objectKind: p.kind as NewNotification['objectKind'], objectId: p.itemId, text, link: STUDIO[p.kind] ?? null }]);
  });
  // Takedowns (takedowns README): the owner of items a notice hid reads the notice and may counter it.
  interactive.on('takedown.hidden', 'notifications.takedown-hidden', async (e, tx) => {
    const p = e.payload;
    const text = (l: Locale) => T(l).takedownHidden(p.number, quote(p.claimant), quote(p.work.slice(0, 300)));
    await make(tx, e.id, [{ userId: p.ownerId, type: 'moderation', text, link: '/creator/takedowns' }]);
  });
  interactive.on('user.warned', 'notifications.warned', async (e, tx) => {
    const p = e.payload;
    await make(tx, e.id, [{ userId: p.userId, type: 'moderation', text: (l) => T(l).warned(p.message), link: null }]);
  });

  // Co-performers (releases README): the tagged creator is asked; the item's owner hears the answer
  // and the operator's decision on a release (and whether a public item was hidden because of it).
  const ITEM_STUDIO: Record<string, string> = { feed: '/creator/feeds', video: '/creator/videos', gallery: '/creator/galleries', stream: '/creator/live' };
  interactive.on('coperformer.tagged', 'notifications.coperformer-tagged', async (e, tx) => {
    const p = e.payload;
    const n = await names(tx, [p.ownerId]);
    await make(tx, e.id, [{ userId: p.performerId, type: 'coperformer', actorId: p.ownerId, text: (l) => T(l).coperformerTagged(n.get(p.ownerId)!, p.kind), link: '/creator/tags' }]);
  });
  interactive.on('coperformer.answered', 'notifications.coperformer-answered', async (e, tx) => {
    const p = e.payload;
    const n = await names(tx, [p.performerId]);
    const who = n.get(p.performerId)!;
    const text = (l: Locale) => (p.status === 'accepted' ? T(l).coperformerAccepted(who, p.kind) : T(l).coperformerDeclined(who, p.kind, Boolean(p.hidden)));
    await make(tx, e.id, [{ userId: p.ownerId, type: 'coperformer', actorId: p.performerId, text, link: ITEM_STUDIO[p.kind] ?? null }]);
  });
  interactive.on('release.decided', 'notifications.release-decided', async (e, tx) => {
    const p = e.payload;
    const text = (l: Locale) => (p.status === 'approved' ? T(l).releaseApproved : T(l).releaseRejected(quote(p.reason ?? T(l).noReason), p.hidden ?? 0));
    await make(tx, e.id, [{ userId: p.ownerId, type: 'coperformer', text, link: '/creator/releases' }]);
  });

  // Replays (streaming README "Replays"): the creator hears whether their recording became a video.
  interactive.on('stream.replay', 'notifications.replay', async (e, tx) => {
    const p = e.payload;
    const text = (l: Locale) => (p.status === 'ready' ? T(l).replayReady(p.title) : T(l).replayFailed(p.title, p.reason ?? T(l).noReason));
    await make(tx, e.id, [{ userId: p.performerId, type: 'stream', objectKind: p.videoId ? 'video' : null, objectId: p.videoId, text, link: p.videoId ? `/creator/videos/${p.videoId}/edit` : null }]);
  });

  // Payout e-mails are the payouts module's own (paid and rejected, with the note or the reason).
  const payout = (verb: 'payoutApproved' | 'payoutPaid' | 'payoutRejected') => async (e: { id: string; payload: { performerId: string; amount: number } }, tx: Tx) => {
    await make(tx, e.id, [{ userId: e.payload.performerId, type: 'payout', noEmail: true, text: (l) => T(l)[verb](money(e.payload.amount, l)), link: '/creator/payouts' }]);
  };
  interactive.on('payout.approved', 'notifications.payout-approved', payout('payoutApproved'));
  interactive.on('payout.paid', 'notifications.payout-paid', payout('payoutPaid'));
  interactive.on('payout.rejected', 'notifications.payout-rejected', payout('payoutRejected'));
}
