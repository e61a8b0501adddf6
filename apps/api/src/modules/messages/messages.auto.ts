import { and, count, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AUTO_MESSAGE_KINDS, MISS_YOU_DAYS_DEFAULT, fromMinor, type AutoMessage, type AutoMessageInput, type AutoMessageKind } from '@stagepass/shared';
import type { Db, Tx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Events } from '../../platform/events';
import { periodicSweep } from '../../platform/periodic';
import type { MediaService } from '../media/media.service';
import { users, type UserRow } from '../users/users.tables';
import { purchases } from '../purchases/purchases.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { grantsAccessSql } from '../subscriptions/subscriptions.policy';
import { notBlockedWith } from '../blocks/blocks.policy';
import { conversationMembers, conversations, messages } from './messages.tables';
import { autoMessageSends, autoMessages, type AutoMessageRow } from './auto.tables';
import { autoSkip, missYouDueAt } from './messages.auto.rules';
import type { MessagesService } from './messages.service';
import type { MessageMediaChecks } from './messages.media';

/** How often a worker node delivers the "we miss you" messages whose time came. */
const AUTO_SWEEP_MS = Number(process.env.AUTO_MESSAGE_SWEEP_MS ?? 60_000);
const SWEEP_BATCH = 100;

/** What AutoMessagesService is built with (root.ts). */
export interface AutoMessagesDeps {
  db: Db;
  clock: Clock;
  events: Events;
  media: MediaService;
  messages: MessagesService;
  checks: MessageMediaChecks;
  /** Whether this node works jobs (the sweep runs there only). */
  workers: () => number;
  log: FastifyBaseLogger;
  nodeEnv: string;
}

/**
 * Automatic messages (README "Automatic messages"): the welcome message, sent by the handler of
 * `fan.subscribed` / `follow.created` in its own job and transaction, and the "we miss you"
 * message, recorded as due by the handler of `subscription.expired` and sent by a sweep when its
 * day comes. Each copy is a normal message from the creator (delivered by MessagesService.deliver:
 * same rows, counters and socket push) and is claimed by THE once-per-fan record first.
 */
export class AutoMessagesService {
  constructor(private deps: AutoMessagesDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  // ------------------------------------------------------------------------ settings and figures

  async list(performer: UserRow): Promise<AutoMessage[]> {
    const rows = await this.db.select().from(autoMessages).where(eq(autoMessages.performerId, performer.id));
    return this.views(performer.id, AUTO_MESSAGE_KINDS.map((kind) => ({ kind, row: rows.find((r) => r.kind === kind) ?? null })));
  }

  /** Sets one kind (its files and price checked as any message's); later copies only. */
  async update(performer: UserRow, kind: AutoMessageKind, input: AutoMessageInput): Promise<AutoMessage> {
    const { files, price } = await this.deps.checks.prepare(performer, input.fileIds ?? [], input.price);
    const values = {
      enabled: input.enabled,
      text: (input.text ?? '').trim(),
      fileIds: files.map((f) => f.id),
      price,
      toFollowers: kind === 'welcome' ? (input.toFollowers ?? false) : false,
      afterDays: kind === 'miss-you' ? (input.afterDays ?? MISS_YOU_DAYS_DEFAULT) : MISS_YOU_DAYS_DEFAULT,
    };
    const [row] = await this.db
      .insert(autoMessages)
      .values({ performerId: performer.id, kind, ...values })
      .onConflictDoUpdate({ target: [autoMessages.performerId, autoMessages.kind], set: { ...values, updatedAt: new Date() } })
      .returning();
    return (await this.views(performer.id, [{ kind, row: row! }]))[0]!;
  }

  /** Views with figures: one grouped query for sent and read, one for purchases, one for files. */
  private async views(performerId: string, items: Array<{ kind: AutoMessageKind; row: AutoMessageRow | null }>): Promise<AutoMessage[]> {
    const s = autoMessageSends;
    const member = conversationMembers;
    const kinds = items.map((i) => i.kind);
    const sentWhere = and(eq(s.performerId, performerId), inArray(s.kind, kinds), eq(s.status, 'sent'));
    const [sent, sold, files] = await Promise.all([
      this.db
        .select({ kind: s.kind, n: count(), read: sql<number>`count(*) filter (where ${member.lastSeenAt} >= ${messages.createdAt})`.mapWith(Number) })
        .from(s)
        .leftJoin(messages, eq(messages.id, s.messageId))
        .leftJoin(member, and(eq(member.conversationId, messages.conversationId), eq(member.userId, s.fanId)))
        .where(sentWhere)
        .groupBy(s.kind),
      this.db
        .select({ kind: s.kind, n: count(), sum: sql<number>`coalesce(sum(${purchases.amount}), 0)`.mapWith(Number) })
        .from(s)
        .innerJoin(purchases, and(eq(purchases.itemType, 'message'), eq(purchases.itemId, s.messageId)))
        .where(sentWhere)
        .groupBy(s.kind),
      this.deps.media.byIds(items.flatMap((i) => i.row?.fileIds ?? [])),
    ]);
    const fileOf = new Map(files.map((f) => [f.id, f]));
    return items.map(({ kind, row }) => {
      const a = sent.find((x) => x.kind === kind);
      const b = sold.find((x) => x.kind === kind);
      return {
        kind,
        enabled: row?.enabled ?? false,
        text: row?.text ?? '',
        files: (row?.fileIds ?? []).map((id) => fileOf.get(id)).filter((f) => f !== undefined).map((f) => this.deps.media.ownerFileView(f)),
        price: row?.price ? fromMinor(row.price) : null,
        toFollowers: row?.toFollowers ?? false,
        afterDays: row?.afterDays ?? MISS_YOU_DAYS_DEFAULT,
        configured: row !== null,
        updatedAt: row?.updatedAt.toISOString() ?? null,
        figures: { sent: Number(a?.n ?? 0), read: a?.read ?? 0, bought: Number(b?.n ?? 0), revenue: fromMinor(b?.sum ?? 0) },
      };
    });
  }

  // ------------------------------------------------------------------------ triggers (event handlers, in their transaction)

  /** `fan.subscribed`: the welcome message (once per fan), and a pending "we miss you" is called off. */
  async onSubscribed(tx: Tx, performerId: string, fanId: string): Promise<void> {
    await tx.delete(autoMessageSends).where(and(eq(autoMessageSends.performerId, performerId), eq(autoMessageSends.fanId, fanId), eq(autoMessageSends.kind, 'miss-you'), eq(autoMessageSends.status, 'pending')));
    await this.sendNow(tx, performerId, fanId, 'welcome', 'subscribed');
  }

  /** `follow.created`: the welcome message when the creator sends it to followers too. */
  async onFollowed(tx: Tx, performerId: string, fanId: string): Promise<void> {
    await this.sendNow(tx, performerId, fanId, 'welcome', 'followed');
  }

  /**
   * `subscription.expired`: a "we miss you" becomes due `afterDays` after now (when the creator has
   * one on). A fan who had it already keeps their sent record (nothing more); a pending one moves
   * to the new expiry's date.
   */
  async onExpired(tx: Tx, performerId: string, fanId: string): Promise<void> {
    const [setting] = await tx.select().from(autoMessages).where(and(eq(autoMessages.performerId, performerId), eq(autoMessages.kind, 'miss-you')));
    if (autoSkip('miss-you', setting ?? null, { trigger: 'expired', blocked: false, active: true, subscribedNow: false }) !== null) return;
    const dueAt = missYouDueAt(this.deps.clock.now(), setting!.afterDays);
    await tx
      .insert(autoMessageSends)
      .values({ performerId, fanId, kind: 'miss-you', dueAt })
      .onConflictDoUpdate({ target: [autoMessageSends.performerId, autoMessageSends.fanId, autoMessageSends.kind], set: { dueAt }, where: eq(autoMessageSends.status, 'pending') });
  }

  /** The welcome now: decided, claimed (the once-per-fan record) and delivered in `tx`. */
  private async sendNow(tx: Tx, performerId: string, fanId: string, kind: AutoMessageKind, trigger: 'subscribed' | 'followed'): Promise<void> {
    const [setting] = await tx.select().from(autoMessages).where(and(eq(autoMessages.performerId, performerId), eq(autoMessages.kind, kind)));
    if (autoSkip(kind, setting ?? null, { trigger, blocked: false, active: true, subscribedNow: false }) !== null) return;
    const facts = await this.facts(tx, performerId, fanId, false);
    if (autoSkip(kind, setting!, { trigger, ...facts }) !== null) return;
    const [claimed] = await tx
      .insert(autoMessageSends)
      .values({ performerId, fanId, kind, dueAt: this.deps.clock.now() })
      .onConflictDoNothing()
      .returning({ fanId: autoMessageSends.fanId });
    if (!claimed) return; // had it already (a re-subscribe, a re-follow, a follow after subscribing)
    await this.deliver(tx, setting!, fanId);
  }

  /** The facts THE decision needs about one fan, in one statement: blocks either way, both accounts active, subscribed now. */
  private async facts(tx: Tx, performerId: string, fanId: string, withSubscription: boolean) {
    const subscribed = withSubscription
      ? sql`exists (select 1 from ${subscriptions} where ${subscriptions.performerId} = ${performerId} and ${subscriptions.userId} = ${fanId} and ${grantsAccessSql(this.deps.clock.now())})`
      : sql`false`;
    const [row] = await tx
      .select({
        blocked: sql<boolean>`not ${notBlockedWith(sql`${fanId}::uuid`, performerId)}`.mapWith(Boolean),
        active: sql<number>`(select count(*) from ${users} where ${inArray(users.id, [performerId, fanId])} and ${users.status} = 'active')`.mapWith(Number),
        subscribedNow: sql<boolean>`${subscribed}`.mapWith(Boolean),
      })
      .from(sql`(select 1) as one`);
    return { blocked: row!.blocked, active: row!.active === 2, subscribedNow: row!.subscribedNow };
  }

  /** One copy through the normal delivery (message, counters, push after the commit), marked sent, and its notification's event. */
  private async deliver(tx: Tx, setting: AutoMessageRow, fanId: string): Promise<void> {
    const P = setting.performerId;
    const conversationId = await this.conversationIn(tx, P, fanId);
    const row = await this.deps.messages.deliver({ id: P }, conversationId, { text: setting.text, fileIds: setting.fileIds, price: setting.price, massMessageId: null }, tx);
    await tx
      .update(autoMessageSends)
      .set({ status: 'sent', messageId: row.id, sentAt: row.createdAt })
      .where(and(eq(autoMessageSends.performerId, P), eq(autoMessageSends.fanId, fanId), eq(autoMessageSends.kind, setting.kind)));
    await this.deps.events.record(tx, 'auto-message.delivered', { performerId: P, userId: fanId, kind: setting.kind, messageId: row.id, conversationId });
  }

  /** The pair's conversation in `tx`, made when missing (the unique ordered pair decides under concurrency). */
  private async conversationIn(tx: Tx, a: string, b: string): Promise<string> {
    const [low, high] = a < b ? [a, b] : [b, a];
    const [made] = await tx.insert(conversations).values({ userLowId: low, userHighId: high }).onConflictDoNothing().returning({ id: conversations.id });
    if (made) {
      await tx.insert(conversationMembers).values([
        { conversationId: made.id, userId: a, otherUserId: b },
        { conversationId: made.id, userId: b, otherUserId: a },
      ]);
      return made.id;
    }
    const [c] = await tx.select({ id: conversations.id }).from(conversations).where(and(eq(conversations.userLowId, low), eq(conversations.userHighId, high)));
    return c!.id;
  }

  // ------------------------------------------------------------------------ the "we miss you" sweep

  /**
   * Delivers the pending sends whose time came (on the injected clock), a batch in one transaction:
   * rows locked with SKIP LOCKED so several nodes share the work; a fan who may not get it now (off,
   * blocked, subscribed again…) has the pending row removed — nothing was sent, a later expiry may
   * schedule it again. Answers how many rows it settled.
   */
  async sweepDue(limit = SWEEP_BATCH): Promise<number> {
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(autoMessageSends)
        .where(and(eq(autoMessageSends.status, 'pending'), lte(autoMessageSends.dueAt, this.deps.clock.now())))
        .orderBy(autoMessageSends.dueAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      for (const d of due) {
        const [setting] = await tx.select().from(autoMessages).where(and(eq(autoMessages.performerId, d.performerId), eq(autoMessages.kind, d.kind)));
        const facts = await this.facts(tx, d.performerId, d.fanId, d.kind === 'miss-you');
        if (autoSkip(d.kind, setting ?? null, { trigger: 'expired', ...facts }) === null) await this.deliver(tx, setting!, d.fanId);
        else await tx.delete(autoMessageSends).where(and(eq(autoMessageSends.performerId, d.performerId), eq(autoMessageSends.fanId, d.fanId), eq(autoMessageSends.kind, d.kind), eq(autoMessageSends.status, 'pending')));
      }
      return due.length;
    });
  }

  /** Sweeps until nothing is due (the periodic sweep, and tests). */
  async sweepAll(): Promise<number> {
    let total = 0;
    for (let n = await this.sweepDue(); n > 0; n = await this.sweepDue()) total += n;
    return total;
  }

  /** The periodic sweep on worker nodes: pending sends survive restarts (rows, not timers). */
  defineSweep() {
    return periodicSweep({
      name: 'automatic message sweep',
      everyMs: AUTO_SWEEP_MS,
      log: this.deps.log,
      enabled: () => this.deps.workers() > 0 && this.deps.nodeEnv !== 'test',
      run: async () => {
        await this.sweepAll();
      },
    });
  }
}
