import { and, count, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromMinor, type CreateMassMessageInput, type MassMessage } from '@stagepass/shared';
import type { Db, Tx } from '../../db/client';
import type { CommitHooks } from '../../platform/commit-hooks';
import { fieldError, notFound } from '../../platform/errors';
import type { Events } from '../../platform/events';
import type { Queue } from '../../platform/queue';
import type { Realtime } from '../../platform/realtime';
import { periodicSweep } from '../../platform/periodic';
import type { MediaService } from '../media/media.service';
import type { UserRow } from '../users/users.tables';
import { purchases } from '../purchases/purchases.tables';
import { conversationMembers, conversations, fanLists, massMessages, messages, type MassMessageRow, type MessageRow } from './messages.tables';
import { audienceBatch } from './messages.audience';
import { messageView } from './messages.views';
import type { MessagesService } from './messages.service';
import type { MessageMediaChecks } from './messages.media';
import { isLiveTierOf } from '../subscriptions/tiers.policy';

export const MASS_DELIVER_JOB = 'messages.mass-deliver';
export const MASS_UNSEND_JOB = 'messages.mass-unsend';
/** How often a worker node looks for mass messages whose delivery job went missing. */
const MASS_SWEEP_MS = Number(process.env.MASS_MESSAGE_SWEEP_MS ?? 60_000);
const STALLED_MS = 2 * 60_000;

/** What MassMessagesService is built with (root.ts). */
export interface MassMessagesDeps {
  db: Db;
  commits: CommitHooks;
  events: Events;
  queue: Queue;
  media: MediaService;
  messages: MessagesService;
  checks: MessageMediaChecks;
  realtime: Pick<Realtime, 'toUser' | 'toUsers'>;
  /** Recipients per batch (config FANOUT_BATCH_SIZE). */
  batchSize: number;
  log: FastifyBaseLogger;
  nodeEnv: string;
}

/**
 * Mass messages (README.md beside this file): created by the request, delivered by jobs a batch at
 * a time — each batch one short transaction that locks the mass message row, reads the next
 * recipients after its cursor, writes their copies and counters, moves the cursor and records one
 * `mass-message.delivered` event (one notification per recipient) — then goes on with the next.
 */
export class MassMessagesService {
  constructor(private deps: MassMessagesDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  async create(performer: UserRow, input: CreateMassMessageInput): Promise<MassMessage> {
    const { files, price } = await this.deps.checks.prepare(performer, input.fileIds ?? [], input.price);
    const listIds = input.audience === 'lists' ? [...new Set(input.listIds ?? [])] : [];
    if (listIds.length) {
      const own = await this.db.select({ id: fanLists.id }).from(fanLists).where(and(eq(fanLists.performerId, performer.id), inArray(fanLists.id, listIds)));
      if (own.length !== listIds.length) throw fieldError('listIds', 'List not found');
    }
    if (input.minTierId && !(await isLiveTierOf(this.db, performer.id, input.minTierId))) throw fieldError('minTierId', 'Choose one of your subscription tiers');
    const now = Date.now();
    const at = input.scheduleAt ? new Date(input.scheduleAt) : new Date(now);
    if (input.scheduleAt && (at.getTime() < now - 60_000 || at.getTime() > now + 366 * 86_400_000)) throw fieldError('scheduleAt', 'Choose a time in the coming year');
    const scheduled = at.getTime() > now + 5_000;
    const [row] = await this.db
      .insert(massMessages)
      .values({
        performerId: performer.id, text: (input.text ?? '').trim(), fileIds: files.map((f) => f.id), price, audience: input.audience, listIds, minTierId: input.minTierId ?? null,
        status: scheduled ? 'scheduled' : 'sending', scheduledAt: at,
      })
      .returning();
    await this.queueDelivery(row!, scheduled ? Math.ceil((at.getTime() - now) / 1000) : 0);
    return (await this.views([row!]))[0]!;
  }

  private queueDelivery(m: Pick<MassMessageRow, 'id'>, startAfterSeconds = 0) {
    return this.deps.queue.send(MASS_DELIVER_JOB, { massMessageId: m.id }, { singletonKey: m.id, ...(startAfterSeconds > 0 ? { startAfterSeconds } : {}) });
  }

  /**
   * Delivers the next batch; 'more' when a full batch went out (the caller queues the next one).
   * The row lock makes concurrent runs of one mass message take turns, and each reads the cursor the
   * previous one moved: a recipient is never delivered twice.
   */
  async deliverBatch(massMessageId: string, now = new Date()): Promise<'more' | 'done' | 'skip'> {
    const limit = this.deps.batchSize;
    return this.db.transaction(async (tx) => {
      const [m] = await tx.select().from(massMessages).where(eq(massMessages.id, massMessageId)).for('update');
      if (!m || (m.status !== 'scheduled' && m.status !== 'sending') || m.scheduledAt.getTime() > now.getTime() + 1000) return 'skip';
      const ids = await audienceBatch(tx, m, m.cursor, limit, now);
      if (ids.length === 0) {
        await tx.update(massMessages).set({ status: 'sent', sentAt: m.sentAt ?? now }).where(eq(massMessages.id, m.id));
        return 'done';
      }
      const copies = await this.writeCopies(tx, m, ids, now);
      const done = ids.length < limit;
      await tx
        .update(massMessages)
        .set({ cursor: ids.at(-1)!, delivered: sql`${massMessages.delivered} + ${ids.length}`, status: done ? 'sent' : 'sending', sentAt: m.sentAt ?? now })
        .where(eq(massMessages.id, m.id));
      await this.deps.events.record(tx, 'mass-message.delivered', {
        massMessageId: m.id,
        performerId: m.performerId,
        items: copies.map((c) => ({ userId: c.recipientId, messageId: c.row.id, conversationId: c.row.conversationId })),
      });
      this.deps.commits.afterCommit(tx, () => this.push(copies));
      return done ? 'done' : 'more';
    });
  }

  /** One copy per recipient: their conversation (made when missing), the message, the counters. */
  private async writeCopies(tx: Tx, m: MassMessageRow, ids: string[], now: Date): Promise<Array<{ recipientId: string; row: MessageRow }>> {
    const P = m.performerId;
    await tx
      .insert(conversations)
      .values(ids.map((u) => (P < u ? { userLowId: P, userHighId: u } : { userLowId: u, userHighId: P })))
      .onConflictDoNothing();
    const convs = await tx
      .select({ id: conversations.id, low: conversations.userLowId, high: conversations.userHighId })
      .from(conversations)
      .where(or(and(eq(conversations.userLowId, P), inArray(conversations.userHighId, ids)), and(eq(conversations.userHighId, P), inArray(conversations.userLowId, ids))));
    const convOf = new Map(convs.map((c) => [c.low === P ? c.high : c.low, c.id]));
    await tx
      .insert(conversationMembers)
      .values(ids.flatMap((u) => [
        { conversationId: convOf.get(u)!, userId: P, otherUserId: u },
        { conversationId: convOf.get(u)!, userId: u, otherUserId: P },
      ]))
      .onConflictDoNothing();
    const rows = await tx
      .insert(messages)
      .values(ids.map((u) => ({ conversationId: convOf.get(u)!, senderId: P, text: m.text, fileIds: m.fileIds, price: m.price, massMessageId: m.id, createdAt: now, updatedAt: now })))
      .returning();
    const convIds = rows.map((r) => r.conversationId);
    await tx
      .update(conversations)
      .set({
        lastMessageId: sql`(select ${messages.id} from ${messages} where ${messages.conversationId} = ${conversations.id} and ${messages.massMessageId} = ${m.id} limit 1)`,
        lastMessageText: m.text.slice(0, 200),
        lastMessageAt: now,
        lastSenderId: P,
      })
      .where(inArray(conversations.id, convIds));
    await tx
      .update(conversationMembers)
      .set({ unreadCount: sql`${conversationMembers.unreadCount} + case when ${conversationMembers.userId} = ${P} then 0 else 1 end`, activityAt: now })
      .where(inArray(conversationMembers.conversationId, convIds));
    const recipientOf = new Map([...convOf].map(([u, c]) => [c, u]));
    return rows.map((row) => ({ recipientId: recipientOf.get(row.conversationId)!, row }));
  }

  /** After the batch committed: each recipient's sockets get their copy (locked when paid) and their counts. */
  private async push(copies: Array<{ recipientId: string; row: MessageRow }>): Promise<void> {
    try {
      if (!copies.length) return;
      const ids = copies.map((c) => c.recipientId);
      const [files, totals, unread] = await Promise.all([
        this.deps.media.byIds(copies[0]!.row.fileIds),
        this.deps.messages.totalsOf(ids),
        this.db
          .select({ c: conversationMembers.conversationId, n: conversationMembers.unreadCount })
          .from(conversationMembers)
          .where(and(inArray(conversationMembers.conversationId, copies.map((c) => c.row.conversationId)), inArray(conversationMembers.userId, ids))),
      ]);
      const byId = new Map(files.map((f) => [f.id, f]));
      const unreadOf = new Map(unread.map((u) => [u.c, u.n]));
      for (const { recipientId, row } of copies) {
        this.deps.realtime.toUser(recipientId, 'message/created', {
          message: messageView(this.deps.media, { id: recipientId, roles: [], twoFactorEnabled: false }, row, false, byId),
          conversation: { _id: row.conversationId, lastMessage: row.text.slice(0, 200), lastMessageCreatedAt: row.createdAt.toISOString(), lastSenderId: row.senderId, totalNotSeenMessages: unreadOf.get(row.conversationId) ?? 1 },
          totalUnread: totals.get(recipientId) ?? 0,
        });
      }
    } catch (err) {
      this.deps.log.warn({ err }, 'mass message push failed (the copies are stored)');
    }
  }

  // ------------------------------------------------------------------------ unsend

  /** Cancels a scheduled mass message, or stops a sent one and removes its unread, unbought copies (by a job). */
  async unsend(performer: UserRow, id: string): Promise<MassMessage> {
    const row = await this.db.transaction(async (tx) => {
      const [m] = await tx.select().from(massMessages).where(and(eq(massMessages.id, id), eq(massMessages.performerId, performer.id))).for('update');
      if (!m) throw notFound('Mass message not found');
      if (m.status === 'cancelled') return m;
      const [u] = await tx.update(massMessages).set({ status: 'cancelled' }).where(eq(massMessages.id, m.id)).returning();
      return u!;
    });
    if (row.delivered > 0) await this.deps.queue.send(MASS_UNSEND_JOB, { massMessageId: row.id }, { singletonKey: row.id });
    return (await this.views([row]))[0]!;
  }

  /** Removes up to `limit` copies nobody read or bought; answers how many (0: done). */
  async unsendBatch(massMessageId: string, limit = this.deps.batchSize): Promise<number> {
    return this.db.transaction(async (tx) => {
      const member = conversationMembers;
      const targets = await tx
        .select({ id: messages.id, conversationId: messages.conversationId, recipientId: member.userId })
        .from(messages)
        .innerJoin(member, and(eq(member.conversationId, messages.conversationId), sql`${member.userId} <> ${messages.senderId}`))
        .where(
          and(
            eq(messages.massMessageId, massMessageId),
            isNull(messages.deletedAt),
            or(isNull(member.lastSeenAt), sql`${member.lastSeenAt} < ${messages.createdAt}`),
            sql`not exists (select 1 from ${purchases} where ${purchases.itemType} = 'message' and ${purchases.itemId} = ${messages.id})`,
          ),
        )
        .limit(limit);
      if (!targets.length) return 0;
      await tx.update(messages).set({ deletedAt: new Date(), text: '', fileIds: [] }).where(inArray(messages.id, targets.map((t) => t.id)));
      await tx
        .update(member)
        .set({ unreadCount: sql`greatest(${member.unreadCount} - 1, 0)` })
        .where(and(inArray(member.conversationId, targets.map((t) => t.conversationId)), inArray(member.userId, targets.map((t) => t.recipientId))));
      await tx.update(conversations).set({ lastMessageText: '' }).where(inArray(conversations.lastMessageId, targets.map((t) => t.id)));
      this.deps.commits.afterCommit(tx, async () => {
        const totals = await this.deps.messages.totalsOf(targets.map((t) => t.recipientId));
        for (const t of targets) {
          this.deps.realtime.toUser(t.recipientId, 'message/deleted', { conversationId: t.conversationId, messageId: t.id });
          this.deps.realtime.toUser(t.recipientId, 'message/total-unread', { total: totals.get(t.recipientId) ?? 0 });
        }
      });
      return targets.length;
    });
  }

  // ------------------------------------------------------------------------ reads

  async list(performer: UserRow, q: { offset: number; limit: number; sort: 'asc' | 'desc' }): Promise<{ data: MassMessage[]; total: number }> {
    const where = eq(massMessages.performerId, performer.id);
    const [rows, [total]] = await Promise.all([
      this.db.select().from(massMessages).where(where).orderBy(q.sort === 'asc' ? massMessages.createdAt : desc(massMessages.createdAt)).limit(q.limit).offset(q.offset),
      this.db.select({ n: count() }).from(massMessages).where(where),
    ]);
    return { data: await this.views(rows), total: Number(total?.n ?? 0) };
  }

  async one(performer: UserRow, id: string): Promise<MassMessage> {
    const [row] = await this.db.select().from(massMessages).where(and(eq(massMessages.id, id), eq(massMessages.performerId, performer.id)));
    if (!row) throw notFound('Mass message not found');
    return (await this.views([row]))[0]!;
  }

  /** Views with their figures: two grouped queries for the whole page (views; purchases and revenue). */
  private async views(rows: MassMessageRow[]): Promise<MassMessage[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const member = conversationMembers;
    const [seen, sold, files] = await Promise.all([
      this.db
        .select({ id: messages.massMessageId, n: count() })
        .from(messages)
        .innerJoin(member, and(eq(member.conversationId, messages.conversationId), sql`${member.userId} <> ${messages.senderId}`))
        .where(and(inArray(messages.massMessageId, ids), gte(member.lastSeenAt, messages.createdAt)))
        .groupBy(messages.massMessageId),
      this.db
        .select({ id: messages.massMessageId, n: count(), sum: sql<number>`coalesce(sum(${purchases.amount}), 0)`.mapWith(Number) })
        .from(purchases)
        .innerJoin(messages, and(eq(purchases.itemType, 'message'), eq(purchases.itemId, messages.id)))
        .where(inArray(messages.massMessageId, ids))
        .groupBy(messages.massMessageId),
      this.deps.media.byIds(rows.flatMap((r) => r.fileIds)),
    ]);
    const seenOf = new Map(seen.map((s) => [s.id, Number(s.n)]));
    const soldOf = new Map(sold.map((s) => [s.id, s]));
    const fileOf = new Map(files.map((f) => [f.id, f]));
    return rows.map((r) => ({
      _id: r.id,
      text: r.text,
      files: r.fileIds.map((id) => fileOf.get(id)).filter((f) => f !== undefined).map((f) => this.deps.media.ownerFileView(f)),
      price: r.price ? fromMinor(r.price) : null,
      audience: r.audience,
      minTierId: r.minTierId,
      listIds: r.listIds,
      status: r.status,
      scheduledAt: r.scheduledAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
      recipients: r.delivered,
      views: seenOf.get(r.id) ?? 0,
      purchases: Number(soldOf.get(r.id)?.n ?? 0),
      revenue: fromMinor(soldOf.get(r.id)?.sum ?? 0),
      createdAt: r.createdAt.toISOString(),
    }));
  }

  // ------------------------------------------------------------------------ jobs

  /** The delivery and unsend jobs, and a sweep that re-queues deliveries whose job went missing. */
  defineJobs() {
    const { queue, log } = this.deps;
    queue.define<{ massMessageId: string }>({
      name: MASS_DELIVER_JOB,
      retryLimit: 5,
      retryDelaySeconds: 5,
      expireInSeconds: 300,
      singletonPerKey: true,
      // Batch after batch in this job (each its own transaction), handing over to a new job before
      // this attempt's time runs out: no job pickup between batches.
      handler: async ({ massMessageId }, job) => {
        const until = Date.now() + (job.expireInSeconds * 1000) / 2;
        while ((await this.deliverBatch(massMessageId)) === 'more') {
          if (Date.now() > until || job.signal.aborted) {
            await this.queueDelivery({ id: massMessageId });
            return;
          }
        }
      },
    });
    queue.define<{ massMessageId: string }>({
      name: MASS_UNSEND_JOB,
      retryLimit: 5,
      retryDelaySeconds: 5,
      expireInSeconds: 300,
      singletonPerKey: true,
      handler: async ({ massMessageId }) => {
        while ((await this.unsendBatch(massMessageId)) > 0);
      },
    });
    return periodicSweep({
      name: 'mass message sweep',
      everyMs: MASS_SWEEP_MS,
      log,
      enabled: () => queue.workers > 0 && this.deps.nodeEnv !== 'test',
      run: async () => {
        const stalled = await this.db
          .select({ id: massMessages.id })
          .from(massMessages)
          .where(and(inArray(massMessages.status, ['scheduled', 'sending']), lte(massMessages.scheduledAt, new Date()), lte(massMessages.updatedAt, new Date(Date.now() - STALLED_MS))))
          .limit(100);
        for (const m of stalled) await this.queueDelivery(m);
      },
    });
  }
}
