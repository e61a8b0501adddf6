import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { conversations, messages as messagesTable } from './messages.tables';
import { isSuspended } from '../users/moderation.policy';
import { notFound, unprocessable } from '../../platform/errors';
import type { ContentKindProvider } from '../../platform/content-kinds';
import { purchases } from '../purchases/purchases.tables';
import { isAdmin } from '../../platform/auth';
import type { MessagesService } from './messages.service';
import { canOpen } from './messages.views';

/** What the console shows of a message whose audited read was not recorded (its text is private). */
export const PRIVATE_MESSAGE = 'Private message';

/**
 * The `message` content kind (platform/content-kinds.ts): a message exists only for the members
 * of its conversation (and admins); its paid media is for sale to the member who received it
 * (POST /wallet/charges/message/{id}: balance, idempotency, ledger, earnings type `message`),
 * unless its sender is suspended. A message is private: the console's summaries (the reports
 * queue, the audit log's targets) name it "Private message" without its text, unless the caller
 * recorded the operator's audited read first (`opened`: the reported message's detail).
 */
export function messageKind({ messages }: { messages: MessagesService }): ContentKindProvider {
  const visibleTo = (viewerId: string, c: { userLowId: string; userHighId: string }) => c.userLowId === viewerId || c.userHighId === viewerId;
  return {
    kind: 'message',

    async summaries(db, ids, opts) {
      if (ids.length === 0) return [];
      const rows = await db.select().from(messagesTable).where(inArray(messagesTable.id, ids));
      const titleOf = (m: (typeof rows)[number]) => {
        if (m.deletedAt) return 'Message deleted';
        if (!opts?.opened) return PRIVATE_MESSAGE;
        return m.text.slice(0, 80) || `${m.fileIds.length} file(s)`;
      };
      return rows.map((m) => ({
        kind: 'message' as const, _id: m.id, title: titleOf(m), excerpt: opts?.opened ? m.text.slice(0, 400) : '',
        thumbnail: null, status: m.deletedAt ? 'deleted' : 'sent', ownerId: m.senderId, hidden: false, hiddenAt: null, hiddenReason: null, link: null, createdAt: m.createdAt.toISOString(),
      }));
    },

    /**
     * Messages carrying the file in the conversation between the viewer and the file's owner (the
     * pair's unique index, then that conversation's messages): media README "HLS" — `load` decides.
     */
    async itemsWithFile(tx, file, viewer) {
      if (!viewer || !file.ownerId || viewer.id === file.ownerId) return [];
      const [low, high] = viewer.id < file.ownerId ? [viewer.id, file.ownerId] : [file.ownerId, viewer.id];
      const rows = await tx
        .select({ id: messagesTable.id })
        .from(messagesTable)
        .innerJoin(conversations, eq(conversations.id, messagesTable.conversationId))
        .where(and(
          eq(conversations.userLowId, low), eq(conversations.userHighId, high), eq(messagesTable.senderId, file.ownerId), isNull(messagesTable.deletedAt),
          sql`${messagesTable.fileIds} @> ${JSON.stringify([file.id])}::jsonb`,
        ))
        .orderBy(desc(messagesTable.createdAt))
        .limit(20);
      return rows.map((r) => r.id);
    },

    async load(tx, viewer, id) {
      const m = await messages.row(id, tx);
      if (!m || !viewer || m.deletedAt) return null;
      if (!isAdmin(viewer) && !visibleTo(viewer.id, m.conversation)) return null;
      const [bought] = m.price
        ? await tx.select({ id: purchases.id }).from(purchases).where(and(eq(purchases.userId, viewer.id), eq(purchases.itemType, 'message'), eq(purchases.itemId, m.id)))
        : [];
      return { id: m.id, ownerId: m.senderId, canView: canOpen(viewer, m, Boolean(bought)) };
    },

    async sale(tx, buyer, id) {
      const m = await messages.row(id, tx);
      if (!m || m.deletedAt || !visibleTo(buyer.id, m.conversation)) throw notFound('Message not found');
      // Moderation: a suspended creator's paid media is no longer sold (users/moderation.policy.ts).
      if (await isSuspended(tx, m.senderId)) throw notFound('Message not found');
      if (!m.price || m.fileIds.length === 0) throw unprocessable('This message is not for sale');
      const snippet = m.text.trim().slice(0, 60);
      return { itemId: m.id, performerId: m.senderId, price: m.price, description: snippet ? `Message: ${snippet}` : 'Paid message' };
    },
  };
}
