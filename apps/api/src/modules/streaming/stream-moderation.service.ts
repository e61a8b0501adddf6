import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { StreamBan } from '@stagepass/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { recordAudit, type AuditActor } from '../../platform/audit';
import { isAdmin } from '../../platform/auth';
import { badRequest, forbidden, notFound, unprocessable } from '../../platform/errors';
import type { UsersService } from '../users/users.service';
import { users, type UserRow } from '../users/users.tables';
import { canModerate } from './stream-moderation.policy';
import { streamBans, streamModerators, streams, type StreamBanRow } from './streaming.tables';

export interface StreamModerationDeps {
  db: Db;
  clock: Clock;
  users: UsersService;
  /**
   * Removes a banned viewer at once (the streaming service's `kick`): hangs up their media in the
   * creator's live stream, closes their presence, takes their sockets out of the stream's room and
   * sends them 'stream/kicked' (with the ban's end, null = until lifted). Without it the ban still holds (THE entitlement rule reads it) but
   * nobody is removed at once.
   */
  kick?: (streamId: string | null, performerId: string, userId: string, until: Date | null) => Promise<void>;
}

type Card = ReturnType<UsersService['card']>;

/**
 * Bans, time-outs and appointed moderators of a creator's streams (README "Stream chat and
 * moderation"). A ban is per creator (all their streams), in force while `until` is null or in the
 * future; THE entitlement rule (streaming.policy.ts) reads it, so a banned viewer cannot join,
 * watch, read or write until it ends.
 */
export class StreamModerationService {
  constructor(private deps: StreamModerationDeps) {}

  /** Whose streams a moderation call is about: `performerId` (a moderator's creator) or the caller's own. The caller must moderate them (else 403). */
  private async creatorOf(viewer: UserRow, performerId: string | undefined): Promise<string> {
    const target = performerId ?? viewer.id;
    // A fan has no streams of their own to moderate.
    if (target === viewer.id && !viewer.isPerformer) throw forbidden("You do not moderate this creator's streams");
    if (!(await canModerate(this.deps.db, viewer, target))) throw forbidden("You do not moderate this creator's streams");
    return target;
  }

  private async cards(ids: string[]): Promise<Map<string, Card>> {
    if (!ids.length) return new Map();
    const rows = await this.deps.db.select().from(users).where(inArray(users.id, ids));
    return new Map(rows.map((u) => [u.id, this.deps.users.card(u)]));
  }

  private banView(row: StreamBanRow, cards: Map<string, Card>): StreamBan {
    return { user: cards.get(row.userId) ?? null, userId: row.userId, until: row.until?.toISOString() ?? null, reason: row.reason, createdAt: row.createdAt.toISOString() };
  }

  /** The bans and time-outs in force, newest first. */
  async bans(viewer: UserRow, performerId?: string): Promise<{ data: StreamBan[]; total: number }> {
    const creator = await this.creatorOf(viewer, performerId);
    const rows = await this.deps.db
      .select()
      .from(streamBans)
      .where(and(eq(streamBans.performerId, creator), or(isNull(streamBans.until), gt(streamBans.until, this.deps.clock.now()))))
      .orderBy(desc(streamBans.createdAt));
    const cards = await this.cards(rows.map((r) => r.userId));
    return { data: rows.map((r) => this.banView(r, cards)), total: rows.length };
  }

  /**
   * Bans (or times out for `minutes`) a viewer from a creator's streams: the creator of `streamId`
   * (else the caller's own). The creator, their moderators and operators may; nobody can ban the
   * creator, an operator or themselves. A second ban replaces the first (new end, new reason). An
   * operator banning from another creator's streams is audited ('stream.ban', target the user) in
   * the ban's transaction: `audit` is their actor.
   */
  async ban(viewer: UserRow, body: { userId: string; minutes?: number | null; reason: string; streamId?: string }, audit?: AuditActor): Promise<StreamBan> {
    let performerId: string;
    if (body.streamId) {
      const [stream] = await this.deps.db.select({ performerId: streams.performerId }).from(streams).where(eq(streams.id, body.streamId)).limit(1);
      if (!stream) throw notFound('Stream not found');
      performerId = stream.performerId;
    } else {
      if (!viewer.isPerformer) throw badRequest('Choose the stream', [{ field: 'streamId', message: 'Required' }]);
      performerId = viewer.id;
    }
    await this.creatorOf(viewer, performerId);
    const [target] = await this.deps.db.select().from(users).where(eq(users.id, body.userId)).limit(1);
    if (!target) throw notFound('User not found');
    if (target.id === viewer.id) throw unprocessable('You cannot ban yourself');
    if (target.id === performerId) throw unprocessable('You cannot ban the creator from their own streams');
    if (isAdmin(target)) throw unprocessable('You cannot ban an operator');
    const now = this.deps.clock.now();
    const until = body.minutes ? new Date(now.getTime() + body.minutes * 60_000) : null;
    const values = { performerId, userId: target.id, until, reason: body.reason, byId: viewer.id, createdAt: now };
    const row = await this.deps.db.transaction(async (tx) => {
      const [r] = await tx
        .insert(streamBans)
        .values(values)
        .onConflictDoUpdate({ target: [streamBans.performerId, streamBans.userId], set: { until, reason: body.reason, byId: viewer.id, createdAt: now } })
        .returning();
      if (audit && performerId !== viewer.id) {
        await recordAudit(tx, audit, { action: 'stream.ban', targetType: 'user', targetId: target.id, after: { performerId, streamId: body.streamId ?? null, until: until?.toISOString() ?? null, reason: body.reason } });
      }
      return r;
    });
    await this.deps.kick?.(body.streamId ?? null, performerId, target.id, until);
    return this.banView(row!, new Map([[target.id, this.deps.users.card(target)]]));
  }

  /** Lifts a ban or time-out (404 when there is none); an operator lifting one of another creator's is audited ('stream.unban'). */
  async unban(viewer: UserRow, userId: string, performerId?: string, audit?: AuditActor): Promise<void> {
    const creator = await this.creatorOf(viewer, performerId);
    await this.deps.db.transaction(async (tx) => {
      const [gone] = await tx.delete(streamBans).where(and(eq(streamBans.performerId, creator), eq(streamBans.userId, userId))).returning();
      if (!gone) throw notFound('Ban not found');
      if (audit && creator !== viewer.id) {
        await recordAudit(tx, audit, { action: 'stream.unban', targetType: 'user', targetId: userId, before: { performerId: creator, until: gone.until?.toISOString() ?? null, reason: gone.reason }, after: null });
      }
    });
  }

  // ----------------------------------------------------------- moderators

  async moderators(viewer: UserRow): Promise<{ data: Array<{ userId: string; user: Card | null; createdAt: string }>; total: number }> {
    const rows = await this.deps.db.select().from(streamModerators).where(eq(streamModerators.performerId, viewer.id)).orderBy(desc(streamModerators.createdAt));
    const cards = await this.cards(rows.map((r) => r.userId));
    return { data: rows.map((r) => ({ userId: r.userId, user: cards.get(r.userId) ?? null, createdAt: r.createdAt.toISOString() })), total: rows.length };
  }

  /** Appoints an existing, active user (not the creator themselves) as a moderator of the creator's stream chats. Appointing twice is one appointment. */
  async addModerator(viewer: UserRow, userId: string): Promise<{ userId: string; user: Card | null; createdAt: string }> {
    if (userId === viewer.id) throw unprocessable('You already moderate your own streams');
    const [target] = await this.deps.db.select().from(users).where(and(eq(users.id, userId), eq(users.status, 'active'))).limit(1);
    if (!target) throw notFound('User not found');
    await this.deps.db.insert(streamModerators).values({ performerId: viewer.id, userId }).onConflictDoNothing();
    const [row] = await this.deps.db.select().from(streamModerators).where(and(eq(streamModerators.performerId, viewer.id), eq(streamModerators.userId, userId)));
    return { userId, user: this.deps.users.card(target), createdAt: (row?.createdAt ?? new Date()).toISOString() };
  }

  async removeModerator(viewer: UserRow, userId: string): Promise<void> {
    const gone = await this.deps.db.delete(streamModerators).where(and(eq(streamModerators.performerId, viewer.id), eq(streamModerators.userId, userId))).returning({ userId: streamModerators.userId });
    if (!gone.length) throw notFound('Moderator not found');
  }
}
