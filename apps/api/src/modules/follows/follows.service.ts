import { and, asc, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { FollowItem, FollowState, FollowListQuery, PerformerListItem } from '@stagepass/shared';
import { notFound, unprocessable } from '../../platform/errors';
import type { Db, DbOrTx } from '../../db/client';
import { users, type UserRow } from '../users/users.tables';
import { performerProfiles } from '../performers/performers.tables';
import { followerCounts, follows } from './follows.tables';
import { isBlockedBetween, notBlockedWith } from '../blocks/blocks.policy';
import { adultProfileShownSql } from '../users/moderation.policy';
import { isAdmin } from '../../platform/auth';
import type { MediaService } from '../media/media.service';
import type { UsersService } from '../users/users.service';
import type { Events } from '../../platform/events';

/** The columns a creator card needs: user row, creator fields, follower count. */
export const creatorCardColumns = {
  user: users,
  bio: performerProfiles.bio,
  welcomeVideoKey: performerProfiles.welcomeVideoKey,
  verificationStatus: performerProfiles.verificationStatus,
  totalFollowers: sql<number>`coalesce(${followerCounts.total}, 0)`.mapWith(Number),
};
export interface CreatorCardRow {
  user: UserRow;
  bio: string | null;
  welcomeVideoKey: string | null;
  /** The verified badge: 'approved' (performers README "Verification"). */
  verificationStatus: string | null;
  totalFollowers: number;
}

/** Ids among `ids` that `viewerId` follows (one query). */
export async function followedAmong(db: DbOrTx, viewerId: string | null | undefined, ids: string[]): Promise<Set<string>> {
  if (!viewerId || ids.length === 0) return new Set();
  const rows = await db
    .select({ id: follows.followingId })
    .from(follows)
    .where(and(eq(follows.followerId, viewerId), inArray(follows.followingId, ids)));
  return new Set(rows.map((r) => r.id));
}

/** The follower count of one creator (0 when never followed). */
export async function followerCountOf(db: DbOrTx, performerId: string): Promise<number> {
  const [row] = await db.select({ total: followerCounts.total }).from(followerCounts).where(eq(followerCounts.performerId, performerId));
  return row?.total ?? 0;
}

/**
 * Writes a follow row and moves the creator's count, in the caller's transaction. Returns the new
 * count when the row is new, null when `followerId` already followed `performerId`.
 */
export async function insertFollow(tx: DbOrTx, followerId: string, performerId: string): Promise<number | null> {
  const inserted = await tx.insert(follows).values({ followerId, followingId: performerId }).onConflictDoNothing().returning({ id: follows.followingId });
  if (!inserted.length) return null;
  const [c] = await tx
    .insert(followerCounts)
    .values({ performerId, total: 1 })
    .onConflictDoUpdate({ target: followerCounts.performerId, set: { total: sql`${followerCounts.total} + 1` } })
    .returning({ total: followerCounts.total });
  return c!.total;
}

/** What FollowsService is built with (by the composition root, root.ts). */
export interface FollowsDeps {
  db: Db;
  events: Events;
  media: MediaService;
  users: UsersService;
}

/** Follows of creators. Rules: README.md beside this file. */
export class FollowsService {
  constructor(private deps: FollowsDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  /**
   * Followers of a creator by user id above `after` (keyset, ascending), at most `limit` — for
   * batched fan-outs (a new post's push). Index: follows_following_follower_idx. Followers with a
   * block either way with the creator are left out (blocks.policy.ts).
   */
  async followerIds(performerId: string, after: string | null, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: follows.followerId })
      .from(follows)
      .where(and(eq(follows.followingId, performerId), after ? gt(follows.followerId, after) : undefined, notBlockedWith(follows.followerId, performerId)))
      .orderBy(asc(follows.followerId))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** An active creator by id or username; fans, unknown and inactive accounts → 404. */
  async creatorByIdOrUsername(idOrUsername: string): Promise<UserRow> {
    const u = await this.deps.users.findByIdOrUsername(idOrUsername);
    if (!u || !u.isPerformer) throw notFound('Creator not found');
    return u;
  }

  async follow(viewer: UserRow, idOrUsername: string): Promise<FollowState> {
    const target = await this.creatorByIdOrUsername(idOrUsername);
    if (target.id === viewer.id) throw unprocessable('You cannot follow yourself');
    // A block either way: as if the creator did not exist (admins are never blocked).
    if (!isAdmin(viewer) && (await isBlockedBetween(this.db, viewer.id, target.id))) throw notFound('Creator not found');
    const total = await this.db.transaction(async (tx) => {
      const added = await insertFollow(tx, viewer.id, target.id);
      if (added === null) return followerCountOf(tx, target.id);
      await this.deps.events.record(tx, 'follow.created', { followerId: viewer.id, performerId: target.id });
      return added;
    });
    return { performerId: target.id, isFollowed: true, totalFollowers: total };
  }

  /** Idempotent: unfollowing someone not followed answers the same state (200). */
  async unfollow(viewer: UserRow, idOrUsername: string): Promise<FollowState> {
    const target = await this.creatorByIdOrUsername(idOrUsername);
    const total = await this.db.transaction(async (tx) => {
      const deleted = await tx
        .delete(follows)
        .where(and(eq(follows.followerId, viewer.id), eq(follows.followingId, target.id)))
        .returning({ id: follows.followingId });
      if (deleted.length) {
        await this.deps.events.record(tx, 'follow.removed', { followerId: viewer.id, performerId: target.id });
        const [c] = await tx
          .update(followerCounts)
          .set({ total: sql`greatest(${followerCounts.total} - 1, 0)` })
          .where(eq(followerCounts.performerId, target.id))
          .returning({ total: followerCounts.total });
        return c?.total ?? 0;
      }
      return followerCountOf(tx, target.id);
    });
    return { performerId: target.id, isFollowed: false, totalFollowers: total };
  }

  /** Creator cards (public profile + totalFollowers + isFollowed for the viewer), in row order. */
  async toListItems(rows: CreatorCardRow[], viewerId: string | null | undefined): Promise<PerformerListItem[]> {
    const followed = await followedAmong(this.db, viewerId, rows.map((r) => r.user.id));
    return rows.map((r) => ({
      ...this.deps.users.toPublicUser(r.user, { bio: r.bio, welcomeVideo: r.welcomeVideoKey ? this.deps.media.publicUrl(r.welcomeVideoKey) : null, verified: r.verificationStatus === 'approved' }),
      totalFollowers: r.totalFollowers,
      isFollowed: followed.has(r.user.id),
    }));
  }

  /**
   * Active creators among `ids` as cards for the viewer (any order; others left out, and so are
   * creators with a block either way with the viewer — admins see all).
   */
  async cardsByIds(ids: string[], viewer: UserRow | null | undefined): Promise<PerformerListItem[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select(creatorCardColumns)
      .from(users)
      .leftJoin(performerProfiles, eq(performerProfiles.userId, users.id))
      .leftJoin(followerCounts, eq(followerCounts.performerId, users.id))
      .where(and(inArray(users.id, ids), eq(users.isPerformer, true), eq(users.status, 'active'), viewer && !isAdmin(viewer) ? notBlockedWith(users.id, viewer.id) : undefined, adultProfileShownSql(users.adultContent)));
    return this.toListItems(rows, viewer?.id);
  }

  /**
   * Who follows `performerId`, most recent first. A follower with a block either way with the
   * creator is left out (the follow row stays; lifting the block brings them back).
   */
  async followers(performerId: string, viewerId: string, q: FollowListQuery): Promise<{ data: FollowItem[]; total: number }> {
    const where = and(eq(follows.followingId, performerId), eq(users.status, 'active'), notBlockedWith(follows.followerId, performerId))!;
    const { rows, total } = await this.followPage('followerId', where, q);
    const items = await this.toListItems(rows, viewerId);
    return { data: items.map((it, i) => ({ ...it, followedAt: rows[i]!.followedAt.toISOString() })), total };
  }

  /** The creators `viewerId` follows, most recently followed first; none with a block either way with the viewer. */
  async following(viewerId: string, q: FollowListQuery): Promise<{ data: FollowItem[]; total: number }> {
    const where = and(eq(follows.followerId, viewerId), eq(users.status, 'active'), eq(users.isPerformer, true), notBlockedWith(follows.followingId, viewerId), adultProfileShownSql(users.adultContent))!;
    const { rows, total } = await this.followPage('followingId', where, q);
    return {
      data: rows.map((r) => ({
        ...this.deps.users.toPublicUser(r.user, { bio: r.bio, welcomeVideo: r.welcomeVideoKey ? this.deps.media.publicUrl(r.welcomeVideoKey) : null, verified: r.verificationStatus === 'approved' }),
        totalFollowers: r.totalFollowers,
        isFollowed: true,
        followedAt: r.followedAt.toISOString(),
      })),
      total,
    };
  }

  /** One page of follow rows joined to the user on `side` (the follower or the followed), with its total. */
  private async followPage(side: 'followerId' | 'followingId', where: SQL, q: FollowListQuery) {
    const sortCol = q.sortBy === 'name' ? sql`lower(coalesce(nullif(${users.name}, ''), ${users.username}))` : follows.createdAt;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ ...creatorCardColumns, followedAt: follows.createdAt })
        .from(follows)
        .innerJoin(users, eq(users.id, follows[side]))
        .leftJoin(performerProfiles, eq(performerProfiles.userId, users.id))
        .leftJoin(followerCounts, eq(followerCounts.performerId, users.id))
        .where(where)
        .orderBy(q.sort === 'asc' ? asc(sortCol) : desc(sortCol), desc(follows[side]))
        .limit(q.limit)
        .offset(q.offset),
      this.db.select({ n: count() }).from(follows).innerJoin(users, eq(users.id, follows[side])).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }
}
