import { sql } from 'drizzle-orm';
import type { MessagePolicy } from '@stagepass/shared';
import type { DbOrTx } from '../../db/client';
import { isAdmin } from '../../platform/auth';
import type { UserRow } from '../users/users.tables';
import { follows } from '../follows/follows.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { earnings } from '../earnings/earnings.tables';
import { grantsAccessSql } from '../subscriptions/subscriptions.policy';
import { isBlockedBetween } from '../blocks/blocks.policy';
import { messages, messagingSettings } from './messages.tables';

/**
 * THE rule "may `sender` write to `recipient`" (README.md beside this file), decided on facts read
 * in ONE round trip (`writeFacts`) by a pure function (`decideWrite`):
 * - admins write to anyone, and anyone may answer an admin;
 * - a block either way: nobody writes;
 * - to a creator: per the creator's setting — everyone / followers (a follow or a current
 *   subscription) / subscribers (a current subscription) — and, when the creator asks for a tip to
 *   open a chat, the fan's tips to them must reach it until the creator has written in the chat;
 * - a creator to a fan: the fan follows them, has (or had) a subscription to them, or wrote to them;
 * - a fan to a fan: only when the site allows it (setting `fanToFanMessages`).
 */
export interface WriteFacts {
  blocked: boolean;
  /** The sender follows the recipient / the recipient follows the sender. */
  senderFollows: boolean;
  recipientFollows: boolean;
  /** The sender has a current subscription to the recipient. */
  senderSubscribed: boolean;
  /** The recipient has any subscription (any state) to the sender. */
  recipientEverSubscribed: boolean;
  /** The recipient already wrote in their conversation with the sender. */
  recipientWrote: boolean;
  /** Minor units the sender tipped the recipient, in all. */
  senderTipped: number;
  /** The recipient creator's settings (defaults when never saved). */
  recipientPolicy: MessagePolicy;
  recipientTipToOpen: number;
}

export type WriteDecision = { ok: true } | { ok: false; reason: string };

export const WRITE_REFUSALS = {
  blocked: 'You cannot message this user',
  followers: 'Follow this creator to message them',
  subscribers: 'Subscribe to this creator to message them',
  tip: (amount: string) => `Send this creator a tip of ${amount} or more to open a chat`,
  notFan: 'You can message fans who follow or subscribe to you',
  fans: 'Messages between fans are not enabled on this site',
} as const;

export function decideWrite(
  sender: Pick<UserRow, 'isPerformer' | 'roles' | 'twoFactorEnabled'>,
  recipient: Pick<UserRow, 'isPerformer' | 'roles' | 'twoFactorEnabled'>,
  f: WriteFacts,
  opts: { fanToFan: boolean; formatMoney: (minor: number) => string },
): WriteDecision {
  if (isAdmin(sender) || isAdmin(recipient)) return { ok: true };
  if (f.blocked) return { ok: false, reason: WRITE_REFUSALS.blocked };
  if (recipient.isPerformer) {
    // The creator wrote first, or the fan is already in: a reply is always fine.
    if (f.recipientWrote) return { ok: true };
    if (f.recipientPolicy === 'subscribers' && !f.senderSubscribed) return { ok: false, reason: WRITE_REFUSALS.subscribers };
    if (f.recipientPolicy === 'followers' && !f.senderSubscribed && !f.senderFollows) return { ok: false, reason: WRITE_REFUSALS.followers };
    if (f.recipientTipToOpen > 0 && f.senderTipped < f.recipientTipToOpen) return { ok: false, reason: WRITE_REFUSALS.tip(opts.formatMoney(f.recipientTipToOpen)) };
    return { ok: true };
  }
  if (sender.isPerformer) {
    return f.recipientFollows || f.recipientEverSubscribed || f.recipientWrote ? { ok: true } : { ok: false, reason: WRITE_REFUSALS.notFan };
  }
  return opts.fanToFan || f.recipientWrote ? { ok: true } : { ok: false, reason: WRITE_REFUSALS.fans };
}

/** The facts `decideWrite` needs, in one statement. `conversationId`: their conversation, when it exists. */
export async function writeFacts(db: DbOrTx, senderId: string, recipientId: string, conversationId: string | null, now = new Date()): Promise<WriteFacts> {
  const [blocked, [row]] = await Promise.all([
    isBlockedBetween(db, senderId, recipientId),
    db
      .select({
        senderFollows: sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${senderId} and ${follows.followingId} = ${recipientId})`,
        recipientFollows: sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${recipientId} and ${follows.followingId} = ${senderId})`,
        senderSubscribed: sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${senderId} and ${subscriptions.performerId} = ${recipientId} and ${grantsAccessSql(now)})`,
        recipientEverSubscribed: sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${recipientId} and ${subscriptions.performerId} = ${senderId})`,
        recipientWrote: conversationId
          ? sql<boolean>`exists (select 1 from ${messages} where ${messages.conversationId} = ${conversationId} and ${messages.senderId} = ${recipientId})`
          : sql<boolean>`false`,
        senderTipped: sql<number>`(select coalesce(sum(${earnings.gross}), 0) from ${earnings} where ${earnings.performerId} = ${recipientId} and ${earnings.type} = 'tip' and ${earnings.userId} = ${senderId})`.mapWith(Number),
        policy: sql<MessagePolicy | null>`(select ${messagingSettings.whoCanMessage} from ${messagingSettings} where ${messagingSettings.performerId} = ${recipientId})`,
        tipToOpen: sql<number | null>`(select ${messagingSettings.tipToOpen} from ${messagingSettings} where ${messagingSettings.performerId} = ${recipientId})`,
      })
      .from(sql`(select 1) as one`),
  ]);
  return {
    blocked,
    senderFollows: Boolean(row?.senderFollows),
    recipientFollows: Boolean(row?.recipientFollows),
    senderSubscribed: Boolean(row?.senderSubscribed),
    recipientEverSubscribed: Boolean(row?.recipientEverSubscribed),
    recipientWrote: Boolean(row?.recipientWrote),
    senderTipped: Number(row?.senderTipped ?? 0),
    recipientPolicy: row?.policy ?? 'followers',
    recipientTipToOpen: Number(row?.tipToOpen ?? 0),
  };
}
