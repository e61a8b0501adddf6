import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { fromMinor, streamRoom, toMinor, type StreamConversation, type StreamMessage, type TierBadgeInfo } from '@stagepass/shared';
import { plainText } from '@stagepass/shared/rich-text';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { CommitHooks } from '../../platform/commit-hooks';
import { HttpError, conflict, fieldError, forbidden, notFound } from '../../platform/errors';
import type { Realtime } from '../../platform/realtime';
import { recordAudit, type AuditActor } from '../../platform/audit';
import { isAdmin } from '../../platform/auth';
import type { UsersService } from '../users/users.service';
import { users, type UserRow } from '../users/users.tables';
import { tierBadgesFor } from '../subscriptions/subscriptions.policy';
import { canModerate, isAppointedModerator } from './stream-moderation.policy';
import { conversationView, messageView, senderCards } from './stream-chat.views';
import { streamMessages, streams, type StreamMessageRow, type StreamRow } from './streaming.tables';

/**
 * THE entitlement rule of streams (streaming.policy.ts `entitlement`), as the chat needs it: may
 * this viewer be in this stream. Given by the composition root.
 */
export type ChatEntitlement = (db: DbOrTx, viewer: UserRow | null, stream: StreamRow) => Promise<{ entitled: true } | { entitled: false; status: number }>;

export interface StreamChatDeps {
  db: Db;
  clock: Clock;
  commits: CommitHooks;
  realtime: Realtime;
  users: UsersService;
  entitlement: ChatEntitlement;
  /** Pushes 'stream/updated' to the stream's room after its chat settings changed (the streaming service shapes the stream). */
  streamUpdated?: (stream: StreamRow) => Promise<unknown>;
}

/** A stream, found by its id or its chat's conversation id. */
export type StreamRef = { streamId: string } | { conversationId: string };

/**
 * Stream chat (README "Stream chat and moderation"): who may read and write (the stream's
 * entitled viewers — the creator too — and its moderators), slow mode, deleting and clearing,
 * and the tip messages the wallet's tip writes through the stream kind's `tip` hook. Every
 * change is pushed to the stream's room (`stream:<id>`) once its transaction has committed.
 */
export class StreamChatService {
  private readonly db: Db;
  constructor(private deps: StreamChatDeps) {
    this.db = deps.db;
  }

  /** The stream, or 404. */
  async stream(ref: StreamRef, db: DbOrTx = this.db): Promise<StreamRow> {
    const cond = 'streamId' in ref ? eq(streams.id, ref.streamId) : eq(streams.conversationId, ref.conversationId);
    const [row] = await db.select().from(streams).where(cond).limit(1);
    if (!row) throw notFound('Stream not found');
    return row;
  }

  /**
   * May `viewer` be in (read, write) this stream's chat: its creator; else THE entitlement rule —
   * which lets an operator in only where they may watch (a free public stream, or an audited watch
   * grant: README "Operators watching"), so a private show's or a ticketed stream's chat is not
   * read without a reason in the audit log — and a creator's appointed moderators in their public
   * and group streams without a follow or ticket. Not entitled → 403, blocked or hidden → 404.
   * Answers whether they moderate it. (Moderating without reading — bans, slow mode, deleting,
   * clearing — is `moderates`, which operators pass.)
   */
  async access(viewer: UserRow, stream: StreamRow, db: DbOrTx = this.db): Promise<{ moderator: boolean }> {
    if (viewer.id === stream.performerId) return { moderator: true };
    const e = await this.deps.entitlement(db, viewer, stream);
    if (e.entitled && isAdmin(viewer)) return { moderator: true };
    const appointed = stream.type !== 'private' && (await isAppointedModerator(db, viewer.id, stream.performerId));
    if (e.entitled) return { moderator: appointed };
    // An appointed moderator needs no ticket or follow; a block still hides the stream from them.
    if (appointed && e.status !== 404) return { moderator: true };
    if (e.status === 404) throw notFound('Stream not found');
    throw forbidden('You cannot take part in this stream');
  }

  /** The moderator rule for one stream: its creator, their appointed moderators (not in private shows), operators. */
  async moderates(viewer: UserRow, stream: StreamRow, db: DbOrTx = this.db): Promise<boolean> {
    if (stream.type === 'private') return viewer.id === stream.performerId || isAdmin(viewer);
    return canModerate(db, viewer, stream.performerId);
  }

  /** A moderator-only action: others in the stream → 403, others → what `access` says (404 when hidden). */
  private async assertModerator(viewer: UserRow, stream: StreamRow): Promise<void> {
    if (await this.moderates(viewer, stream)) return;
    await this.access(viewer, stream);
    throw forbidden('Only the stream\'s moderators can do this');
  }

  // ----------------------------------------------------------- conversation

  async conversation(viewer: UserRow, streamId: string): Promise<StreamConversation> {
    const stream = await this.stream({ streamId });
    const { moderator } = await this.access(viewer, stream);
    return conversationView(stream, moderator);
  }

  /** The chat of the creator's current live stream (404 when not live). */
  async performerConversation(viewer: UserRow, performerId: string): Promise<StreamConversation> {
    const [stream] = await this.db.select().from(streams).where(and(eq(streams.performerId, performerId), eq(streams.status, 'live'))).limit(1);
    if (!stream) throw notFound('This creator is not live');
    const { moderator } = await this.access(viewer, stream);
    return conversationView(stream, moderator);
  }

  /** The chat's settings (`id`: the stream's id or its conversation id): moderators only. Pushed as 'stream/updated'. */
  async updateConversation(viewer: UserRow, id: string, body: { slowModeSeconds?: number; tipGoal?: number | null }, audit?: AuditActor): Promise<StreamConversation> {
    const [found] = await this.db.select().from(streams).where(or(eq(streams.id, id), eq(streams.conversationId, id))).limit(1);
    if (!found) throw notFound('Stream not found');
    await this.assertModerator(viewer, found);
    if (found.status !== 'live') throw conflict('This stream has ended');
    const set: Partial<Pick<StreamRow, 'slowModeSeconds' | 'tipGoal'>> = {};
    if (body.slowModeSeconds !== undefined) set.slowModeSeconds = body.slowModeSeconds;
    if (body.tipGoal !== undefined) set.tipGoal = body.tipGoal === null ? null : toMinor(body.tipGoal);
    let stream = found;
    if (Object.keys(set).length) {
      const updated = await this.db.transaction(async (tx) => {
        const [u] = await tx.update(streams).set({ ...set, updatedAt: new Date() }).where(eq(streams.id, found.id)).returning();
        if (u && operatorOn(audit, viewer, found)) {
          const chatState = (x: StreamRow) => ({ slowModeSeconds: x.slowModeSeconds, tipGoal: x.tipGoal === null ? null : fromMinor(x.tipGoal) });
          await recordAudit(tx, audit, { action: 'stream.chat-settings', targetType: 'stream', targetId: found.id, before: chatState(found), after: chatState(u) });
        }
        return u;
      });
      stream = updated ?? found;
      await this.deps.streamUpdated?.(stream).catch(() => undefined);
    }
    return conversationView(stream, true);
  }

  // ----------------------------------------------------------- messages

  /** Newest first; cleared messages are left out; deleted ones say 'Message deleted'. */
  async list(viewer: UserRow, ref: StreamRef, q: { offset: number; limit: number }): Promise<{ data: StreamMessage[]; total: number }> {
    const stream = await this.stream(ref);
    await this.access(viewer, stream);
    const where = and(eq(streamMessages.streamId, stream.id), isNull(streamMessages.clearedAt));
    const [rows, [total]] = await Promise.all([
      this.db.select().from(streamMessages).where(where).orderBy(desc(streamMessages.createdAt), desc(streamMessages.id)).limit(q.limit).offset(q.offset),
      this.db.select({ n: count() }).from(streamMessages).where(where),
    ]);
    const [cards, tiers] = await Promise.all([senderCards(this.db, this.deps.users, rows), viewer.id === stream.performerId ? this.fanTiers(stream, rows) : undefined]);
    return { data: rows.map((r) => messageView(r, stream, cards, tiers)), total: Number(total?.n ?? 0) };
  }

  /** The stream's creator's view: the fan senders' tier badges with them, one query for the page (README "Tier badges"). */
  private fanTiers(stream: StreamRow, rows: Array<Pick<StreamMessageRow, 'senderId'>>): Promise<Map<string, TierBadgeInfo>> {
    const ids = rows.map((r) => r.senderId).filter((id): id is string => Boolean(id) && id !== stream.performerId);
    return tierBadgesFor(this.db, stream.performerId, ids, this.deps.clock.now());
  }

  /**
   * Writes a text message (the only kind a client can write). Slow mode: one message per
   * `slowModeSeconds` per viewer — 429 with the seconds left — except for moderators and viewers
   * who tipped in this stream. Checked and written under a per-(stream, viewer) lock, so two
   * parallel sends cannot both pass.
   */
  async send(viewer: UserRow, ref: StreamRef, input: { text: string }): Promise<StreamMessage> {
    const stream = await this.stream(ref);
    const { moderator } = await this.access(viewer, stream);
    if (stream.status !== 'live') throw conflict('This stream has ended');
    const text = plainText(input.text);
    if (!text) throw fieldError('text', 'Write a message');
    const row = await this.db.transaction(async (tx) => {
      const now = this.deps.clock.now();
      if (stream.slowModeSeconds > 0 && !moderator) await this.assertSlowMode(tx, stream, viewer.id, now);
      const [inserted] = await tx.insert(streamMessages).values({ streamId: stream.id, senderId: viewer.id, type: 'text', text, createdAt: now }).returning();
      this.deps.commits.afterCommit(tx, () => this.pushCreated(inserted!, stream));
      return inserted!;
    });
    return messageView(row, stream, new Map([[viewer.id, this.deps.users.card(viewer)]]));
  }

  private async assertSlowMode(tx: Tx, stream: StreamRow, userId: string, now: Date): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stream-chat:${stream.id}:${userId}`}))`);
    // The current slow mode (a moderator may have changed it since the stream was read).
    const [current] = await tx.select({ slow: streams.slowModeSeconds }).from(streams).where(eq(streams.id, stream.id));
    const slow = current?.slow ?? 0;
    if (slow <= 0) return;
    const mine = and(eq(streamMessages.streamId, stream.id), eq(streamMessages.senderId, userId));
    const [tipped] = await tx.select({ id: streamMessages.id }).from(streamMessages).where(and(mine, eq(streamMessages.type, 'tip'))).limit(1);
    if (tipped) return;
    const [last] = await tx.select({ at: streamMessages.createdAt }).from(streamMessages).where(and(mine, eq(streamMessages.type, 'text'))).orderBy(desc(streamMessages.createdAt)).limit(1);
    if (!last) return;
    const left = Math.ceil(slow - (now.getTime() - last.at.getTime()) / 1000);
    if (left > 0) throw new HttpError(429, `Slow mode is on: you can write again in ${left} s`, [{ field: 'text', message: `Wait ${left} s` }]);
  }

  /** Deletes one message: its sender, or the stream's moderators. Every viewer sees 'Message deleted'. */
  async remove(viewer: UserRow, messageId: string, audit?: AuditActor): Promise<StreamMessage> {
    const [row] = await this.db.select().from(streamMessages).where(eq(streamMessages.id, messageId)).limit(1);
    if (!row) throw notFound('Message not found');
    const stream = await this.stream({ streamId: row.streamId });
    if (row.senderId !== viewer.id && !(await this.moderates(viewer, stream))) {
      await this.access(viewer, stream).catch(() => {
        throw notFound('Message not found');
      });
      throw forbidden('You can delete only your own messages');
    }
    const updated = await this.db.transaction(async (tx) => {
      const [u] = await tx
        .update(streamMessages)
        .set({ deletedAt: this.deps.clock.now(), deletedBy: viewer.id, text: '' })
        .where(and(eq(streamMessages.id, row.id), isNull(streamMessages.deletedAt)))
        .returning();
      if (u) {
        if (row.senderId !== viewer.id && operatorOn(audit, viewer, stream)) {
          await recordAudit(tx, audit, { action: 'stream-message.delete', targetType: 'stream-message', targetId: row.id, before: { streamId: row.streamId, senderId: row.senderId, type: row.type, text: row.text }, after: { deleted: true } });
        }
        this.deps.commits.afterCommit(tx, async () => {
          this.deps.realtime.to(streamRoom(stream.id), 'stream-message/deleted', { streamId: stream.id, conversationId: stream.conversationId, messageId: row.id });
        });
      }
      return u;
    });
    const shown = updated ?? { ...row, deletedAt: row.deletedAt ?? new Date() };
    return messageView(shown, stream, await senderCards(this.db, this.deps.users, [shown]));
  }

  /** Clears the chat (the spec's reset): moderators only; every viewer gets 'stream-message/cleared'. */
  async clear(viewer: UserRow, streamId: string, audit?: AuditActor): Promise<void> {
    const stream = await this.stream({ streamId });
    await this.assertModerator(viewer, stream);
    await this.db.transaction(async (tx) => {
      const cleared = await tx.update(streamMessages).set({ clearedAt: this.deps.clock.now() }).where(and(eq(streamMessages.streamId, stream.id), isNull(streamMessages.clearedAt))).returning({ id: streamMessages.id });
      if (operatorOn(audit, viewer, stream)) await recordAudit(tx, audit, { action: 'stream.chat-clear', targetType: 'stream', targetId: stream.id, after: { messagesCleared: cleared.length } });
      this.deps.commits.afterCommit(tx, async () => {
        this.deps.realtime.to(streamRoom(stream.id), 'stream-message/cleared', { streamId: stream.id, conversationId: stream.conversationId });
      });
    });
  }

  // ----------------------------------------------------------- tips

  /**
   * A tip paid in a live stream (the stream kind's `tip` hook, inside the tip's transaction, after
   * its charge was written): the stream must be live and the tipped creator's (else 404), the tipper
   * in it (THE entitlement rule: else 403/404) — a refusal rolls the whole tip back. Writes the tip
   * message (the only way one is created) and adds to the stream's tips total; after the commit the
   * room gets the message with the new total.
   */
  async recordTip(tx: Tx, t: { streamId: string; userId: string; performerId: string; amount: number; message: string; chargeId: string; menuItem?: string }): Promise<StreamMessageRow> {
    const [stream] = await tx.select().from(streams).where(eq(streams.id, t.streamId)).limit(1);
    if (!stream || stream.status !== 'live' || stream.performerId !== t.performerId) throw notFound('Stream not found');
    const [tipper] = await tx.select().from(users).where(eq(users.id, t.userId)).limit(1);
    if (!tipper) throw notFound('User not found');
    const e = await this.deps.entitlement(tx, tipper, stream);
    if (!e.entitled) throw e.status === 404 ? notFound('Stream not found') : forbidden('You cannot take part in this stream');
    const [row] = await tx
      .insert(streamMessages)
      .values({ streamId: stream.id, senderId: tipper.id, type: 'tip', text: plainText(t.message), amount: t.amount, chargeId: t.chargeId, createdAt: this.deps.clock.now() })
      .returning();
    const [totals] = await tx
      .update(streams)
      .set({ tipsTotal: sql`${streams.tipsTotal} + ${t.amount}` })
      .where(eq(streams.id, stream.id))
      .returning({ tipsTotal: streams.tipsTotal });
    this.deps.commits.afterCommit(tx, () => this.pushCreated(row!, stream, totals?.tipsTotal, t.menuItem));
    return row!;
  }

  /** After a commit: the message to the stream's room (a tip with the stream's new total). Best effort. */
  private async pushCreated(row: StreamMessageRow, stream: StreamRow, tipsTotal?: number, menuItem?: string): Promise<void> {
    try {
      const cards = await senderCards(this.db, this.deps.users, [row]);
      const message = messageView(row, stream, cards);
      const total = { ...(tipsTotal === undefined ? {} : { tipsTotal: fromMinor(tipsTotal) }), ...(menuItem ? { menuItem } : {}) };
      if (!row.senderId || row.senderId === stream.performerId) {
        this.deps.realtime.to(streamRoom(stream.id), 'stream-message/created', { message, ...total });
        return;
      }
      // A fan's message: the room without the creator gets it as is; the creator gets their own
      // copy with the fan's tier badge (viewers' events never carry it).
      const forCreator = messageView(row, stream, cards, await this.fanTiers(stream, [row]));
      this.deps.realtime.toExcept(streamRoom(stream.id), stream.performerId, 'stream-message/created', { message, ...total });
      this.deps.realtime.toUser(stream.performerId, 'stream-message/created', { message: forCreator, ...total });
    } catch {
      // The message is stored: the next load shows it.
    }
  }
}

/**
 * An operator moderating a stream that is not their own (the exemption of `moderates`): their
 * action is audited. `audit` is given by the route to operators only.
 */
function operatorOn(audit: AuditActor | undefined, viewer: UserRow, stream: Pick<StreamRow, 'performerId'>): audit is AuditActor {
  return Boolean(audit) && stream.performerId !== viewer.id;
}
