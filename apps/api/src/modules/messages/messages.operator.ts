import { count, desc, eq, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminConversation, AdminConversationMessages, ConversationParty } from '@stagepass/shared';
import type { Db } from '../../db/client';
import { recordOperatorRead, type OperatorRead } from '../../platform/audit';
import { asAuditedOperator } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import type { MediaService } from '../media/media.service';
import type { UsersService } from '../users/users.service';
import { users, type UserRow } from '../users/users.tables';
import { conversationMembers, conversations, messages } from './messages.tables';
import { messageViews } from './messages.views';

/** What the operator's reads are built with (by MessagesService, from its own deps). */
export interface OperatorConversationDeps {
  db: Db;
  media: MediaService;
  users: Pick<UsersService, 'toPublicUser'>;
}

const other = alias(users, 'other_user');

/**
 * The operator console's reads of private conversations (issue 28 §6; README.md "Operators'
 * reads"): one user's conversations (who with, how many messages, when — never their text) and
 * one conversation's messages in full, paid media unlocked. Each is an audited read written
 * BEFORE anything is answered, with the operator's reason (none → 400 `reason_required`, nothing
 * answered): `conversations.read` naming the user and the other members on the page,
 * `conversation.read` naming both members. Read only: no unread count or "seen" changes.
 */
export class OperatorConversationReads {
  constructor(private deps: OperatorConversationDeps) {}

  /** GET /admin/users/{id}/conversations: newest activity first (index conversation_members_user_activity_idx). */
  async conversationsOf(read: OperatorRead, userId: string, q: { offset: number; limit: number }): Promise<{ data: AdminConversation[]; total: number }> {
    const { db } = this.deps;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound('User not found');
    const where = eq(conversationMembers.userId, userId);
    const [rows, [total]] = await Promise.all([
      db
        .select({ id: conversations.id, createdAt: conversations.createdAt, lastMessageAt: conversations.lastMessageAt, other })
        .from(conversationMembers)
        .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
        .innerJoin(other, eq(other.id, conversationMembers.otherUserId))
        .where(where)
        .orderBy(desc(conversationMembers.activityAt), desc(conversationMembers.conversationId))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(conversationMembers).where(where),
    ]);
    // An empty page opens nothing: no reason asked, no row.
    const subjectIds = rows.length ? [userId, ...rows.map((r) => r.other.id)].filter((id) => id !== read.actor.actorId) : [];
    if (subjectIds.length) await recordOperatorRead(db, read, { action: 'conversations.read', targetType: 'user', targetId: userId, subjectIds });
    const ids = rows.map((r) => r.id);
    // Messages per conversation on the page: one grouped query (index messages_conversation_created_idx).
    const counted = ids.length ? await db.select({ id: messages.conversationId, n: count() }).from(messages).where(inArray(messages.conversationId, ids)).groupBy(messages.conversationId) : [];
    const countOf = new Map(counted.map((c) => [c.id, Number(c.n)]));
    return {
      data: rows.map((r) => ({
        _id: r.id,
        other: this.party(r.other),
        messageCount: countOf.get(r.id) ?? 0,
        lastMessageAt: r.lastMessageAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
      })),
      total: Number(total?.n ?? 0),
    };
  }

  /**
   * GET /admin/conversations/{id}/messages: a page of messages, newest first, with both members.
   * The messages are shaped for `asAuditedOperator(viewer)` (THE message rule, messages.views.ts
   * `canOpen`: paid media open). An operator who is a member of the conversation reads it as a
   * member (no audit row, paid media as the normal rules say: they pay like anyone).
   */
  async messagesOf(read: OperatorRead, viewer: UserRow, conversationId: string, q: { offset: number; limit: number }): Promise<AdminConversationMessages> {
    const { db } = this.deps;
    const [c] = await db.select().from(conversations).where(eq(conversations.id, conversationId));
    if (!c) throw notFound('Conversation not found');
    const memberIds = [c.userLowId, c.userHighId];
    const member = memberIds.includes(viewer.id);
    if (!member) await recordOperatorRead(db, read, { action: 'conversation.read', targetType: 'conversation', targetId: c.id, subjectIds: memberIds });
    const where = eq(messages.conversationId, c.id);
    const [people, rows, [total]] = await Promise.all([
      db.select().from(users).where(or(eq(users.id, c.userLowId), eq(users.id, c.userHighId))),
      db.select().from(messages).where(where).orderBy(desc(messages.createdAt), desc(messages.id)).limit(q.limit).offset(q.offset),
      db.select({ n: count() }).from(messages).where(where),
    ]);
    const reader = member ? viewer : asAuditedOperator(viewer);
    return {
      conversation: {
        _id: c.id,
        members: memberIds.map((id) => people.find((p) => p.id === id)).filter((p): p is UserRow => Boolean(p)).map((p) => this.party(p)),
        createdAt: c.createdAt.toISOString(),
      },
      data: await messageViews(db, this.deps.media, reader, rows),
      total: Number(total?.n ?? 0),
    };
  }

  private party(u: UserRow): ConversationParty {
    const card = this.deps.users.toPublicUser(u);
    return { _id: card._id, name: card.name, username: card.username, avatar: card.avatar, isPerformer: card.isPerformer };
  }
}
