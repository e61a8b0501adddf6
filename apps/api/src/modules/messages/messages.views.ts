import { and, eq, inArray } from 'drizzle-orm';
import { fromMinor, type Conversation, type Message } from '@stagepass/shared';
import type { DbOrTx } from '../../db/client';
import { isAdmin } from '../../platform/auth';
import type { MediaService } from '../media/media.service';
import type { FileRow } from '../media/media.tables';
import type { UsersService } from '../users/users.service';
import type { UserRow } from '../users/users.tables';
import { purchases } from '../purchases/purchases.tables';
import type { ConversationMemberRow, ConversationRow, MessageRow } from './messages.tables';

/**
 * THE message access rule: who may open a message's media. The sender, admins, and — for a paid
 * message — the receiver once they bought it; free media opens for both members. Everyone else
 * never gets here (membership is checked first). A locked message's files carry no URL.
 */
export function canOpen(viewer: Pick<UserRow, 'id' | 'roles' | 'twoFactorEnabled'>, m: Pick<MessageRow, 'senderId' | 'price'>, bought: boolean): boolean {
  return m.senderId === viewer.id || isAdmin(viewer) || !m.price || bought;
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

/** Shapes messages for one viewer: files in one query, purchases in one query. */
export async function messageViews(db: DbOrTx, media: MediaService, viewer: UserRow, rows: MessageRow[]): Promise<Message[]> {
  const paid = rows.filter((m) => m.price && m.senderId !== viewer.id && !m.deletedAt).map((m) => m.id);
  const [bought, files] = await Promise.all([boughtAmong(db, viewer.id, paid), media.byIds(rows.flatMap((m) => (m.deletedAt ? [] : m.fileIds)))]);
  const byId = new Map(files.map((f) => [f.id, f]));
  return rows.map((m) => messageView(media, viewer, m, bought.has(m.id), byId));
}

export function messageView(media: MediaService, viewer: Pick<UserRow, 'id' | 'roles' | 'twoFactorEnabled'>, m: MessageRow, bought: boolean, files: Map<string, FileRow>): Message {
  const deleted = Boolean(m.deletedAt);
  const open = canOpen(viewer, m, bought);
  const list = deleted ? [] : m.fileIds.map((id) => files.get(id)).filter((f): f is FileRow => Boolean(f));
  return {
    _id: m.id,
    conversationId: m.conversationId,
    senderId: m.senderId,
    text: deleted ? '' : m.text,
    files: list.map((f) => media.fileView(f, open ? 'full' : 'locked')),
    price: m.price ? fromMinor(m.price) : null,
    isBought: bought,
    isLocked: !open && list.length > 0,
    isDeleted: deleted,
    massMessageId: m.massMessageId,
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
    recipientSeenAt: otherSeenAt?.toISOString() ?? null,
    isBlocked,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}
