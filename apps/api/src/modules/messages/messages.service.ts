import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  formatMoneyMinor, fromMinor, isUuid,
  type Conversation, type Message, type OpenConversationInput, type SendMessageInput,
  type FileStatusView, type TierBadgeInfo,
} from '@stagepass/shared';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { CommitHooks } from '../../platform/commit-hooks';
import { conflict, fieldError, forbidden, notFound } from '../../platform/errors';
import { recordAudit, type AuditActor, type OperatorRead } from '../../platform/audit';
import { isAdmin } from '../../platform/auth';
import type { Realtime } from '../../platform/realtime';
import type { Clock } from '../../platform/clock';
import type { ReceivedFile } from '../../platform/uploads';
import type { MediaService } from '../media/media.service';
import type { FileRow, MediaType } from '../media/media.tables';
import type { SettingsService } from '../settings/settings.service';
import type { UsersService } from '../users/users.service';
import { users, type UserRow } from '../users/users.tables';
import { purchases } from '../purchases/purchases.tables';
import { notBlockedWith } from '../blocks/blocks.policy';
import { tierBadgesFor } from '../subscriptions/subscriptions.policy';
import { conversationMembers, conversations, messages, type ConversationRow, type MessageRow } from './messages.tables';
import { decideWrite, writeFacts } from './messages.policy';
import { fileIdOfUrl, type MessageMediaChecks } from './messages.media';
import { conversationView, messageView, messageViews } from './messages.views';
import { containsPattern } from '../../db/like';
import { OperatorConversationReads } from './messages.operator';

/** What MessagesService is built with (by the composition root, root.ts). */
export interface MessagesDeps {
  db: Db;
  commits: CommitHooks;
  media: MediaService;
  realtime: Realtime;
  settings: SettingsService;
  users: UsersService;
  /** The media and price checks of a message (messages.media.ts). */
  checks: MessageMediaChecks;
  clock: Clock;
}

const other = alias(users, 'other_user');
const otherMember = alias(conversationMembers, 'other_member');

/** Private conversations and messages. Rules: README.md beside this file. */
export class MessagesService {
  private readonly operatorReads: OperatorConversationReads;

  constructor(private deps: MessagesDeps) {
    this.operatorReads = new OperatorConversationReads(deps);
  }

  private get db(): Db {
    return this.deps.db;
  }

  // ------------------------------------------------------------------------ conversations

  /** Finds or creates the conversation with `sourceId` (one per pair: the unique ordered pair decides under concurrency). */
  async open(viewer: UserRow, input: OpenConversationInput): Promise<Conversation> {
    if (input.sourceId === viewer.id) throw fieldError('sourceId', 'You cannot message yourself');
    const target = await this.activeUser(input.sourceId);
    if (!target || (input.source === 'performer' && !target.isPerformer)) throw notFound(input.source === 'performer' ? 'Creator not found' : 'User not found');
    const [low, high] = viewer.id < target.id ? [viewer.id, target.id] : [target.id, viewer.id];
    const [existing] = await this.db.select({ id: conversations.id }).from(conversations).where(and(eq(conversations.userLowId, low), eq(conversations.userHighId, high)));
    if (existing) return this.get(viewer, existing.id);
    await this.assertMayWrite(viewer, target, null);
    return this.get(viewer, await this.pairConversationId(viewer.id, target.id));
  }

  /**
   * The id of the private conversation between two users, created when they have none (one per
   * pair: the unique ordered pair decides under concurrency). No write rule is checked: the caller
   * has its own reason for the pair (a private-show request carries their conversation).
   */
  async pairConversationId(aId: string, bId: string): Promise<string> {
    const [low, high] = aId < bId ? [aId, bId] : [bId, aId];
    const [existing] = await this.db.select({ id: conversations.id }).from(conversations).where(and(eq(conversations.userLowId, low), eq(conversations.userHighId, high)));
    if (existing) return existing.id;
    return this.db.transaction(async (tx) => {
      const [made] = await tx.insert(conversations).values({ userLowId: low, userHighId: high }).onConflictDoNothing().returning({ id: conversations.id });
      if (!made) {
        // A concurrent open won: use its row.
        const [row] = await tx.select({ id: conversations.id }).from(conversations).where(and(eq(conversations.userLowId, low), eq(conversations.userHighId, high)));
        return row!.id;
      }
      await tx.insert(conversationMembers).values([
        { conversationId: made.id, userId: aId, otherUserId: bId },
        { conversationId: made.id, userId: bId, otherUserId: aId },
      ]);
      return made.id;
    });
  }

  /** The caller's conversations, newest activity first. */
  async list(viewer: UserRow, q: { offset: number; limit: number; q?: string }): Promise<{ data: Conversation[]; total: number }> {
    const conds: SQL[] = [eq(conversationMembers.userId, viewer.id)];
    if (q.q) {
      const like = containsPattern(q.q);
      conds.push(or(ilike(other.name, like), ilike(other.username, like))!);
    }
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      this.listQuery(viewer)
        .where(where)
        .orderBy(desc(conversationMembers.activityAt), desc(conversationMembers.conversationId))
        .limit(q.limit)
        .offset(q.offset),
      q.q
        ? this.db.select({ n: count() }).from(conversationMembers).innerJoin(other, eq(other.id, conversationMembers.otherUserId)).where(where)
        : this.db.select({ n: count() }).from(conversationMembers).where(where),
    ]);
    const tiers = await this.recipientTiers(viewer, rows.map((r) => r.other.id));
    return { data: rows.map((r) => conversationView(this.deps.users, r.c, r.m, r.other, r.otherSeenAt, r.isBlocked, r.lastDeleted, tiers ? (tiers.get(r.other.id) ?? null) : undefined)), total: Number(total?.n ?? 0) };
  }

  /**
   * A creator's view of their conversations: each other member's tier badge with them, one query
   * for the page (README "Tier badges"); null (no badges at all) when the viewer is not a creator.
   */
  private async recipientTiers(viewer: UserRow, otherIds: string[]): Promise<Map<string, TierBadgeInfo> | null> {
    if (!viewer.isPerformer) return null;
    return tierBadgesFor(this.db, viewer.id, otherIds, this.deps.clock.now());
  }

  /** One conversation of the caller (404 otherwise; admins may read any, seen from its first member). */
  async get(viewer: UserRow, id: string): Promise<Conversation> {
    const [row] = await this.listQuery(viewer).where(and(eq(conversationMembers.conversationId, id), eq(conversationMembers.userId, viewer.id)));
    if (!row) throw notFound('Conversation not found');
    const tiers = await this.recipientTiers(viewer, [row.other.id]);
    return conversationView(this.deps.users, row.c, row.m, row.other, row.otherSeenAt, row.isBlocked, row.lastDeleted, tiers ? (tiers.get(row.other.id) ?? null) : undefined);
  }

  private listQuery(viewer: UserRow) {
    return this.db
      .select({
        c: conversations,
        m: conversationMembers,
        other,
        otherSeenAt: otherMember.lastSeenAt,
        isBlocked: sql<boolean>`not ${notBlockedWith(other.id, viewer.id)}`.mapWith(Boolean),
        lastDeleted: sql<boolean>`exists (select 1 from ${messages} where ${messages.id} = ${conversations.lastMessageId} and ${messages.deletedAt} is not null)`.mapWith(Boolean),
      })
      .from(conversationMembers)
      .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
      .innerJoin(other, eq(other.id, conversationMembers.otherUserId))
      .leftJoin(otherMember, and(eq(otherMember.conversationId, conversationMembers.conversationId), eq(otherMember.userId, conversationMembers.otherUserId)));
  }

  /** The caller's membership of a conversation, or 404. */
  private async membership(viewer: UserRow, conversationId: string, db: DbOrTx = this.db) {
    const [m] = await db
      .select()
      .from(conversationMembers)
      .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, viewer.id)));
    if (!m) throw notFound('Conversation not found');
    return m;
  }

  /** For the realtime gateway: may this user join `conversation:<id>`? */
  async isMember(userId: string, conversationId: string): Promise<boolean> {
    if (!isUuid(userId) || !isUuid(conversationId)) return false;
    const [m] = await this.db
      .select({ u: conversationMembers.userId })
      .from(conversationMembers)
      .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)));
    return Boolean(m);
  }

  // ------------------------------------------------------------------------ messages

  /** A page of the conversation's messages, newest first. */
  async messages(viewer: UserRow, conversationId: string, q: { offset: number; limit: number }): Promise<{ data: Message[]; total: number }> {
    await this.membership(viewer, conversationId);
    const where = eq(messages.conversationId, conversationId);
    const [rows, [total]] = await Promise.all([
      this.db.select().from(messages).where(where).orderBy(desc(messages.createdAt), desc(messages.id)).limit(q.limit).offset(q.offset),
      this.db.select({ n: count() }).from(messages).where(where),
    ]);
    return { data: await messageViews(this.db, this.deps.media, viewer, rows), total: Number(total?.n ?? 0) };
  }

  /** Sends a message (README: who may write, paid media, unread counters). */
  async send(sender: UserRow, conversationId: string, input: SendMessageInput): Promise<Message> {
    const member = await this.membership(sender, conversationId);
    const recipient = await this.deps.users.byId(member.otherUserId);
    await this.assertMayWrite(sender, recipient, conversationId);
    const text = (input.text ?? '').trim();
    const fileIds = [...(input.fileIds ?? [])];
    if (input.imageUrl) fileIds.push(fileIdOfUrl(input.imageUrl));
    const { files, price } = await this.deps.checks.prepare(sender, fileIds, input.price);
    const row = await this.deliver(sender, conversationId, { text, fileIds: files.map((f) => f.id), price, massMessageId: null });
    return messageView(this.deps.media, sender, row, false, new Map(files.map((f) => [f.id, f])));
  }

  /**
   * Writes one message and its counters in ONE transaction: the message, the conversation's last
   * message, and the members' rows — the receiver's unread count `+ 1` and both activity times —
   * in a single UPDATE (no read-modify-write: concurrent sends each add exactly one). After the
   * commit each member's sockets get the message shaped for them.
   */
  async deliver(sender: Pick<UserRow, 'id'>, conversationId: string, m: { text: string; fileIds: string[]; price: number | null; massMessageId: string | null }, db?: Tx): Promise<MessageRow> {
    const run = async (tx: Tx) => {
      const [row] = await tx.insert(messages).values({ conversationId, senderId: sender.id, ...m }).returning();
      await tx
        .update(conversations)
        .set({ lastMessageId: row!.id, lastMessageText: m.text.slice(0, 200), lastMessageAt: row!.createdAt, lastSenderId: sender.id })
        .where(eq(conversations.id, conversationId));
      const members = await tx
        .update(conversationMembers)
        .set({
          unreadCount: sql`${conversationMembers.unreadCount} + case when ${conversationMembers.userId} = ${sender.id} then 0 else 1 end`,
          activityAt: row!.createdAt,
        })
        .where(eq(conversationMembers.conversationId, conversationId))
        .returning({ userId: conversationMembers.userId, unread: conversationMembers.unreadCount });
      this.deps.commits.afterCommit(tx, () => this.pushCreated(row!, members));
      return row!;
    };
    return db ? run(db) : this.db.transaction(run);
  }

  async pushCreated(row: MessageRow, members: Array<{ userId: string; unread: number }>): Promise<void> {
    try {
      const [files, people, totals] = await Promise.all([
        this.deps.media.byIds(row.fileIds),
        this.db.select().from(users).where(inArray(users.id, members.map((m) => m.userId))),
        this.totalsOf(members.map((m) => m.userId)),
      ]);
      const byId = new Map(files.map((f) => [f.id, f]));
      for (const member of members) {
        const viewer = people.find((p) => p.id === member.userId);
        if (!viewer) continue;
        this.deps.realtime.toUser(member.userId, 'message/created', {
          message: messageView(this.deps.media, viewer, row, false, byId),
          conversation: {
            _id: row.conversationId, lastMessage: row.text.slice(0, 200), lastMessageCreatedAt: row.createdAt.toISOString(),
            lastSenderId: row.senderId, totalNotSeenMessages: member.unread,
          },
          totalUnread: totals.get(member.userId) ?? 0,
        });
      }
    } catch {
      // A push is best effort: the message is stored and the next load shows it.
    }
  }

  /**
   * Deletes a message: its sender or an admin. A bought paid message stays (409). An operator
   * deleting someone else's message is audited ('message.delete') in the delete's transaction:
   * `audit` is their actor.
   */
  async remove(viewer: UserRow, messageId: string, audit?: AuditActor): Promise<Message> {
    const [row] = await this.db.select().from(messages).where(eq(messages.id, messageId));
    if (!row) throw notFound('Message not found');
    const admin = isAdmin(viewer);
    if (!admin) await this.membership(viewer, row.conversationId).catch(() => { throw notFound('Message not found'); });
    if (row.senderId !== viewer.id && !admin) throw forbidden('You can delete only your own messages');
    if (row.deletedAt) return messageView(this.deps.media, viewer, row, false, new Map());
    if (row.price) {
      const [bought] = await this.db.select({ id: purchases.id }).from(purchases).where(and(eq(purchases.itemType, 'message'), eq(purchases.itemId, row.id))).limit(1);
      if (bought) throw conflict('Someone bought this message: it stays so they keep what they paid for');
    }
    const updated = await this.db.transaction(async (tx) => {
      const [u] = await tx.update(messages).set({ deletedAt: new Date(), text: '', fileIds: [] }).where(and(eq(messages.id, row.id), sql`${messages.deletedAt} is null`)).returning();
      if (!u) return null;
      if (audit && row.senderId !== viewer.id) {
        await recordAudit(tx, audit, {
          action: 'message.delete', targetType: 'message', targetId: row.id,
          before: { conversationId: row.conversationId, senderId: row.senderId, text: row.text, fileIds: row.fileIds, price: row.price === null ? null : fromMinor(row.price) }, after: { deleted: true },
        });
      }
      // Not seen yet by the receiver: it no longer counts as unread.
      await tx
        .update(conversationMembers)
        .set({ unreadCount: sql`greatest(${conversationMembers.unreadCount} - 1, 0)` })
        .where(
          and(
            eq(conversationMembers.conversationId, row.conversationId),
            sql`${conversationMembers.userId} <> ${row.senderId}`,
            sql`(${conversationMembers.lastSeenAt} is null or ${conversationMembers.lastSeenAt} < ${row.createdAt})`,
            sql`${conversationMembers.unreadCount} > 0`,
          ),
        );
      await tx.update(conversations).set({ lastMessageText: '' }).where(and(eq(conversations.id, row.conversationId), eq(conversations.lastMessageId, row.id)));
      this.deps.commits.afterCommit(tx, async () => {
        const memberIds = await this.memberIds(row.conversationId);
        this.deps.realtime.toUsers(memberIds, 'message/deleted', { conversationId: row.conversationId, messageId: row.id });
        // An unseen message no longer counts: each member's badge gets its total.
        const totals = await this.totalsOf(memberIds);
        for (const id of memberIds) this.deps.realtime.toUser(id, 'message/total-unread', { total: totals.get(id) ?? 0 });
      });
      return u;
    });
    return messageView(this.deps.media, viewer, updated ?? { ...row, deletedAt: new Date() }, false, new Map());
  }

  private async memberIds(conversationId: string): Promise<string[]> {
    const rows = await this.db.select({ u: conversationMembers.userId }).from(conversationMembers).where(eq(conversationMembers.conversationId, conversationId));
    return rows.map((r) => r.u);
  }

  /** Unread messages of the user across conversations (a partial index holds the rows with some). */
  async totalUnread(userId: string): Promise<number> {
    return (await this.totalsOf([userId])).get(userId) ?? 0;
  }

  async totalsOf(userIds: string[]): Promise<Map<string, number>> {
    if (!userIds.length) return new Map();
    const rows = await this.db
      .select({ u: conversationMembers.userId, n: sql<number>`coalesce(sum(${conversationMembers.unreadCount}), 0)`.mapWith(Number) })
      .from(conversationMembers)
      .where(and(inArray(conversationMembers.userId, userIds), sql`${conversationMembers.unreadCount} > 0`))
      .groupBy(conversationMembers.userId);
    return new Map(rows.map((r) => [r.u, r.n]));
  }

  /** Marks the conversation read for the caller; tells the other member (seen) and the caller's other tabs (total). */
  async readAll(viewer: UserRow, conversationId: string): Promise<{ total: number }> {
    const seenAt = new Date();
    const [m] = await this.db
      .update(conversationMembers)
      .set({ unreadCount: 0, lastSeenAt: seenAt })
      .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, viewer.id)))
      .returning({ u: conversationMembers.userId });
    if (!m) throw notFound('Conversation not found');
    const total = await this.totalUnread(viewer.id);
    this.deps.realtime.to(`conversation:${conversationId}`, 'message/seen', { conversationId, userId: viewer.id, seenAt: seenAt.toISOString() });
    this.deps.realtime.toUser(viewer.id, 'message/total-unread', { total });
    return { total };
  }

  // ------------------------------------------------------------------------ media

  /** Stores a message upload (private unless `public`), through the media pipeline. */
  async upload(owner: UserRow, type: MediaType, file: ReceivedFile, visibility: 'private' | 'public' = 'private'): Promise<FileRow> {
    return this.deps.media.storeUpload(owner.id, visibility === 'public' ? 'message-public' : 'message', type, file, { visibility });
  }

  /** Processing status of a file of one of the caller's messages (`new`: the caller's own upload). */
  async fileStatus(viewer: UserRow, messageId: string, fileId: string): Promise<FileStatusView> {
    if (messageId === 'new') {
      const f = await this.deps.media.byId(fileId);
      if (!f || f.ownerId !== viewer.id) throw notFound('File not found');
      return this.deps.media.statusView(f);
    }
    const [row] = await this.db.select().from(messages).where(eq(messages.id, messageId));
    if (!row || !row.fileIds.includes(fileId)) throw notFound('File not found');
    await this.membership(viewer, row.conversationId).catch(() => { throw notFound('File not found'); });
    const f = await this.deps.media.byId(fileId);
    if (!f) throw notFound('File not found');
    return this.deps.media.statusView(f);
  }

  /** The uploader's own view of a file they just uploaded. */
  fileView(file: FileRow): ReturnType<MediaService['fileView']> {
    return this.deps.media.ownerFileView(file);
  }

  // ------------------------------------------------------------------------ operators' audited reads

  /** GET /admin/users/{id}/conversations (messages.operator.ts): who with, how many, when — audited. */
  operatorConversations(read: OperatorRead, userId: string, q: { offset: number; limit: number }) {
    return this.operatorReads.conversationsOf(read, userId, q);
  }

  /** GET /admin/conversations/{id}/messages (messages.operator.ts): the messages in full, paid media open — audited. */
  operatorMessages(read: OperatorRead, viewer: UserRow, conversationId: string, q: { offset: number; limit: number }) {
    return this.operatorReads.messagesOf(read, viewer, conversationId, q);
  }

  // ------------------------------------------------------------------------ who may write

  private async assertMayWrite(sender: UserRow, recipient: UserRow, conversationId: string | null): Promise<void> {
    const [facts, fanToFan] = await Promise.all([writeFacts(this.db, sender.id, recipient.id, conversationId), this.deps.settings.get('fanToFanMessages')]);
    const d = decideWrite(sender, recipient, facts, { fanToFan, formatMoney: formatMoneyMinor });
    if (!d.ok) throw forbidden(d.reason);
  }

  private async activeUser(id: string): Promise<UserRow | null> {
    const [u] = await this.db.select().from(users).where(and(eq(users.id, id), eq(users.status, 'active')));
    return u ?? null;
  }

  /** A message row for the content kind (sale, load). */
  async row(id: string, db: DbOrTx = this.db): Promise<(MessageRow & { conversation: ConversationRow }) | null> {
    if (!isUuid(id)) return null;
    const [r] = await db.select({ m: messages, c: conversations }).from(messages).innerJoin(conversations, eq(conversations.id, messages.conversationId)).where(eq(messages.id, id));
    return r ? { ...r.m, conversation: r.c } : null;
  }
}
