import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { BlockListQuery, BlockState, BlockUserInput, BlockedUser } from '@stagepass/shared';
import type { Db } from '../../db/client';
import { notFound, unprocessable } from '../../platform/errors';
import type { Events } from '../../platform/events';
import type { Realtime } from '../../platform/realtime';
import { isAdmin } from '../../platform/auth';
import type { UsersService } from '../users/users.service';
import { users, type UserRow } from '../users/users.tables';
import { performerBlockedCountries, userBlocks } from './blocks.tables';
import { isBlockedBetween } from './blocks.policy';
import { containsPattern } from '../../db/like';

/** What BlocksService is built with (by the composition root, root.ts). */
export interface BlocksDeps {
  db: Db;
  events: Events;
  realtime: Pick<Realtime, 'toUser'>;
  users: UsersService;
}

/**
 * Users' block lists and creators' hidden countries (README.md beside this file). The rule itself
 * (mutual, admins exempt) is blocks.policy.ts, which every module reads; this service writes the
 * rows and answers the block pages.
 */
export class BlocksService {
  constructor(private deps: BlocksDeps) {}

  /** Blocks `targetId` (idempotent). Records `user.blocked` in the same transaction (subscriptions between them stop renewing). */
  async block(blocker: UserRow, input: BlockUserInput): Promise<BlockState> {
    if (input.targetId === blocker.id) throw unprocessable('You cannot block yourself');
    const [target] = await this.deps.db.select({ id: users.id, roles: users.roles, twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, input.targetId));
    if (!target) throw notFound('User not found');
    if (isAdmin(target)) throw unprocessable('Site operators cannot be blocked');
    await this.deps.db.transaction(async (tx) => {
      const rows = await tx
        .insert(userBlocks)
        .values({ blockerId: blocker.id, targetId: target.id, reason: input.reason ?? '' })
        .onConflictDoNothing()
        .returning({ id: userBlocks.id });
      if (rows.length) await this.deps.events.record(tx, 'user.blocked', { blockerId: blocker.id, targetId: target.id });
    });
    await this.tell(blocker.id, target.id);
    return { targetId: target.id, isBlocked: true };
  }

  /** Lifts the caller's own block of `targetId` (a block the other side made stays). Idempotent. */
  async unblock(blocker: UserRow, targetId: string): Promise<BlockState> {
    const gone = await this.deps.db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blocker.id), eq(userBlocks.targetId, targetId))).returning({ id: userBlocks.id });
    if (gone.length) await this.tell(blocker.id, targetId);
    return { targetId, isBlocked: false };
  }

  /** Whether the caller blocked `targetId` (their own block only). */
  async status(blocker: UserRow, targetId: string): Promise<BlockState> {
    const [row] = await this.deps.db.select({ id: userBlocks.id }).from(userBlocks).where(and(eq(userBlocks.blockerId, blocker.id), eq(userBlocks.targetId, targetId)));
    return { targetId, isBlocked: Boolean(row) };
  }

  /** Both sides' open pages hear that a block between them began or ended (conversations close or reopen). */
  private async tell(a: string, b: string): Promise<void> {
    const isBlocked = await isBlockedBetween(this.deps.db, a, b);
    this.deps.realtime.toUser(a, 'block/changed', { userId: b, isBlocked });
    this.deps.realtime.toUser(b, 'block/changed', { userId: a, isBlocked });
  }

  /** The users the caller blocked, newest first; `q` on their name or username. */
  async list(blocker: UserRow, q: BlockListQuery): Promise<{ data: BlockedUser[]; total: number }> {
    const like = q.q ? containsPattern(q.q) : null;
    const where = and(eq(userBlocks.blockerId, blocker.id), like ? or(ilike(users.name, like), ilike(users.username, like)) : undefined);
    const [rows, [total]] = await Promise.all([
      this.deps.db
        .select({ block: userBlocks, user: users })
        .from(userBlocks)
        .innerJoin(users, eq(users.id, userBlocks.targetId))
        .where(where)
        .orderBy(q.sort === 'asc' ? userBlocks.createdAt : desc(userBlocks.createdAt), desc(userBlocks.id))
        .limit(q.limit)
        .offset(q.offset),
      this.deps.db.select({ n: count() }).from(userBlocks).innerJoin(users, eq(users.id, userBlocks.targetId)).where(where),
    ]);
    return {
      data: rows.map((r) => ({ _id: r.user.id, target: this.deps.users.toPublicUser(r.user), reason: r.block.reason, createdAt: r.block.createdAt.toISOString() })),
      total: Number(total?.n ?? 0),
    };
  }

  // ----------------------------------------------------------------------------- countries

  async countries(performerId: string): Promise<string[]> {
    const rows = await this.deps.db
      .select({ country: performerBlockedCountries.country })
      .from(performerBlockedCountries)
      .where(eq(performerBlockedCountries.performerId, performerId))
      .orderBy(performerBlockedCountries.country);
    return rows.map((r) => r.country);
  }

  /** Replaces the creator's hidden countries with `countries` (one transaction). */
  async setCountries(performer: UserRow, countries: string[]): Promise<string[]> {
    await this.deps.db.transaction(async (tx) => {
      await tx.delete(performerBlockedCountries).where(eq(performerBlockedCountries.performerId, performer.id));
      if (countries.length) await tx.insert(performerBlockedCountries).values(countries.map((country) => ({ performerId: performer.id, country })));
    });
    return countries;
  }
}
