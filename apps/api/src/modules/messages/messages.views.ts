import { and, count, eq, inArray } from 'drizzle-orm';
import { fromMinor, type Conversation, type Message, type TierBadgeInfo } from '@stagepass/shared';
import type { DbOrTx } from '../../db/client';
import { isAuditedOperator } from '../../platform/auth';
import type { MediaService } from '../media/media.service';
import type { FileRow } from '../media/media.tables';
import type { UsersService } from '../users/users.service';
import type { UserRow } from '../users/users.tables';
import { purchases } from '../purchases/purchases.tables';
import { messages, type ConversationMemberRow, type ConversationRow, type MessageRow } from './messages.tables';

/**
 * THE message access rule: who may open a message's media. The sender, and — for a paid message —
 * the receiver once they bought it; free media opens for both members. An operator opens paid
 * media only on the audited path (`isAuditedOperator`: GET /admin/conversations/{id}/messages,
 * which writes the read to the audit log with their reason first; issue 28 §6) — an operator who
 * is a member of the conversation pays for paid messages like anyone. Everyone else never gets
 * here (membership is checked first). A locked message's files carry no URL.
 */
export function canOpen(viewer: Pick<UserRow, 'id' | 'roles' | 'twoFactorEnabled'>, m: Pick<MessageRow, 'senderId' | 'price'>, bought: boolean): boolean {
  return m.senderId === viewer.id || isAuditedOperator(viewer) || !m.price || bought;
}

/** Messages the viewer bought among `ids` (one query). */
export async function boughtAmong(db: DbOrTx, viewerId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: purchases.itemId })
    .from(purchases)
    .where(and(eq(purchases.userId, viewerId), eq(purchases.itemType, 'message'), inArray(purchases.itemId, ids)));
  return new Set(rows.map((r) => r.id));
}

/** What the sender of paid messages sees of their sales: which of `ids` were bought, and how many copies of each mass message (one query each). */
export interface SenderSales {
  bought: Set<string>;
  massPurchases: Map<string, number>;
}
export async function senderSales(db: DbOrTx, rows: Array<Pick<MessageRow, 'id' | 'massMessageId'>>): Promise<SenderSales> {
  const ids = rows.map((m) => m.id);
  const massIds = [...new Set(rows.map((m) => m.massMessageId).filter((x): x is string => Boolean(x)))];
  const [bought, mass] = await Promise.all([
    ids.length ? db.select({ id: purchases.itemId }).from(purchases).where(and(eq(purchases.itemType, 'message'), inArray(purchases.itemId, ids))) : [],
    massIds.length
      ? db
          .select({ id: messages.massMessageId, n: count() })
          .from(purchases)
          .innerJoin(messages, and(eq(purchases.itemType, 'message'), eq(purchases.itemId, messages.id)))
          .where(inArray(messages.massMessageId, massIds))
          .groupBy(messages.massMessageId)
      : [],
  ]);
  return { bought: new Set(bought.map((r) => r.id)), massPurchases: new Map(mass.map((r) => [r.id!, Number(r.n)])) };
}

/** Shapes messages for one viewer: files in one query, purchases in one query (and, for the sender's paid messages, their sales). */
export async function messageViews(db: DbOrTx, media: MediaService, viewer: UserRow, rows: MessageRow[]): Promise<Message[]> {
  const live = rows.filter((m) => m.price && !m.deletedAt);
  const paid = live.filter((m) => m.senderId !== viewer.id).map((m) => m.id);
  const own = live.filter((m) => m.senderId === viewer.id);
  const [bought, sales, files] = await Promise.all([boughtAmong(db, viewer.id, paid), senderSales(db, own), media.byIds(rows.flatMap((m) => (m.deletedAt ? [] : m.fileIds)))]);
  const byId = new Map(files.map((f) => [f.id, f]));
  return rows.map((m) => messageView(media, viewer, m, bought.has(m.id), byId, sales));
}

/**
 * One message for one viewer. `sales`: what the sender sees of a paid message (bought by its
 * recipient? copies of its mass message bought?); without it, a just-sent message: not bought.
 */
export function messageView(media: MediaService, viewer: Pick<UserRow, 'id' | 'roles' | 'twoFactorEnabled'>, m: MessageRow, bought: boolean, files: Map<string, FileRow>, sales?: SenderSales): Message {
  const deleted = Boolean(m.deletedAt);
  const seller = m.senderId === viewer.id && Boolean(m.price) && !deleted;
  const open = canOpen(viewer, m, bought);
  const list = deleted ? [] : m.fileIds.map((id) => files.get(id)).filter((f): f is FileRow => Boolean(f));
  return {
    _id: m.id,
    conversationId: m.conversationId,
    senderId: m.senderId,
    text: deleted ? '' : m.text,
    files: list.map((f) => media.fileView(f, open ? 'full' : 'locked', viewer)),
    price: m.price ? fromMinor(m.price) : null,
    isBought: bought,
    isLocked: !open && list.length > 0,
    isDeleted: deleted,
    massMessageId: m.massMessageId,
    boughtByRecipient: seller ? (sales?.bought.has(m.id) ?? false) : null,
    massPurchases: seller && m.massMessageId ? (sales?.massPurchases.get(m.massMessageId) ?? 0) : null,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

/** A conversation as `member` sees it, with the other party's card. */
export function conversationView(
  users: UsersService,
  c: ConversationRow,
  member: Pick<ConversationMemberRow, 'unreadCount'>,
  other: UserRow,
  otherSeenAt: Date | null,
  isBlocked: boolean,
  lastMessageDeleted = false,
  /** The creator's view (README "Tier badges"): the other member's tier with them (undefined: not a creator's view). */
  recipientTier?: TierBadgeInfo | null,
): Conversation {
  const card = users.toPublicUser(other);
  return {
    _id: c.id,
    type: 'private',
    totalNotSeenMessages: member.unreadCount,
    lastMessage: c.lastMessageText,
    lastMessageCreatedAt: c.lastMessageAt?.toISOString() ?? null,
    lastSenderId: c.lastSenderId,
    lastMessageDeleted,
    recipient: { _id: card._id, name: card.name, username: card.username, avatar: card.avatar, isPerformer: card.isPerformer },
    ...(recipientTier !== undefined ? { recipientTier } : {}),
    recipientSeenAt: otherSeenAt?.toISOString() ?? null,
    isBlocked,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}
