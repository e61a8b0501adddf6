import { and, count, desc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { BOOKMARK_LIST_TYPES, type BookmarkItem, type BookmarkListType, type ListQuery, type ReactionInput, type ReactionObjectType, type ReactionState } from '@stagepass/shared';
import type { Db, DbOrTx } from '../../db/client';
import { forbidden, notFound, unprocessable } from '../../platform/errors';
import { users, type UserRow } from '../users/users.tables';
import { performerProfiles } from '../performers/performers.tables';
import { followerCounts } from '../follows/follows.tables';
import { creatorCardColumns, type FollowsService } from '../follows/follows.service';
import { reactions } from './reactions.tables';
import { countReactions, socialTarget, type SocialTarget } from './targets';
import { shapeFeeds, type FeedViews } from './feed-shape';

export interface ReactionFlags {
  isLiked: boolean;
  isBookmarked: boolean;
}

/**
 * The same facts as a `{kind: 'react', id, action}` select, for callers that batch it with other
 * fact queries into one round trip (feed lists: see FeedsService.toViews).
 */
export function reactionFactQuery(db: DbOrTx, userId: string, objectType: ReactionObjectType, ids: string[]) {
  return db
    .select({ kind: sql<string>`'react'`.as('kind'), id: sql<string>`${reactions.objectId}`.as('id'), action: sql<string | null>`${reactions.action}`.as('action') })
    .from(reactions)
    .where(and(eq(reactions.userId, userId), eq(reactions.objectType, objectType), inArray(reactions.objectId, [...new Set(ids)])));
}

/**
 * The same flags as boolean columns of a list query (`objectId` names the object's id column;
 * `userId` may be a placeholder of a prepared statement): the list and its flags in ONE statement.
 */
export function reactionFlagColumns(userId: SQLWrapper | string, objectType: ReactionObjectType, objectId: SQLWrapper) {
  const has = (action: string) =>
    sql<boolean>`EXISTS (SELECT 1 FROM ${reactions} WHERE ${reactions.userId} = ${userId} AND ${reactions.objectType} = ${objectType} AND ${reactions.objectId} = ${objectId} AND ${reactions.action} = ${action})`;
  return { isLiked: has('like'), isBookmarked: has('bookmark') };
}

/**
 * The caller's likes/bookmarks on a list of objects, in ONE query — for feed cards, comment lists,
 * creator cards. Ids without a reaction are absent from the map (treat as both false).
 */
export async function reactionsOf(db: DbOrTx, userId: string | null | undefined, objectType: ReactionObjectType, ids: string[]): Promise<Map<string, ReactionFlags>> {
  const out = new Map<string, ReactionFlags>();
  if (!userId || ids.length === 0) return out;
  const rows = await db
    .select({ objectId: reactions.objectId, action: reactions.action })
    .from(reactions)
    .where(and(eq(reactions.userId, userId), eq(reactions.objectType, objectType), inArray(reactions.objectId, [...new Set(ids)])));
  for (const r of rows) {
    const f = out.get(r.objectId) ?? { isLiked: false, isBookmarked: false };
    if (r.action === 'like') f.isLiked = true;
    if (r.action === 'bookmark') f.isBookmarked = true;
    out.set(r.objectId, f);
  }
  return out;
}

/** What ReactionsService is built with (by the composition root, root.ts). */
export interface ReactionsDeps {
  db: Db;
  follows: FollowsService;
  feeds: FeedViews;
}

/** Likes and bookmarks. Rules: README.md beside this file. */
export class ReactionsService {
  constructor(private deps: ReactionsDeps) {}

  private target(type: string): SocialTarget {
    const t = socialTarget(type);
    if (!t) throw unprocessable(`Reactions on ${type}s are not available yet`);
    return t;
  }

  async react(viewer: UserRow, input: ReactionInput): Promise<ReactionState> {
    const target = this.target(input.objectType);
    return this.deps.db.transaction(async (tx) => {
      const found = await target.resolve(tx, viewer, input.objectId);
      if (!found) throw notFound('Not found');
      // A locked item (e.g. a subscribers-only feed the caller has not unlocked) may be bookmarked
      // for later, but not liked.
      if (input.action === 'like' && !found.canView) throw forbidden('Unlock this post to like it');
      const inserted = await tx
        .insert(reactions)
        .values({ userId: viewer.id, objectType: input.objectType, objectId: input.objectId, action: input.action })
        .onConflictDoNothing()
        .returning({ id: reactions.id });
      const adjusted = inserted.length ? await target.adjust?.(tx, input.objectId, input.action, +1) : undefined;
      const total = adjusted ?? (await this.total(tx, target, input));
      return { ...input, reacted: true, total };
    });
  }

  /** Idempotent: removing a reaction that does not exist answers the same state. */
  async unreact(viewer: UserRow, input: ReactionInput): Promise<ReactionState> {
    const target = this.target(input.objectType);
    return this.deps.db.transaction(async (tx) => {
      const deleted = await tx
        .delete(reactions)
        .where(and(eq(reactions.userId, viewer.id), eq(reactions.objectType, input.objectType), eq(reactions.objectId, input.objectId), eq(reactions.action, input.action)))
        .returning({ id: reactions.id });
      const adjusted = deleted.length ? await target.adjust?.(tx, input.objectId, input.action, -1) : undefined;
      const total = adjusted ?? (await this.total(tx, target, input));
      return { ...input, reacted: false, total };
    });
  }

  /** The object's current count for the action (its counter column, or counted). */
  private async total(tx: DbOrTx, target: SocialTarget, input: ReactionInput): Promise<number> {
    const viaCounter = await target.read?.(tx, input.objectId, input.action);
    return viaCounter ?? countReactions(tx, input.objectType, input.objectId, input.action);
  }

  /** GET /reactions/{type}/bookmark: the caller's bookmarks of one type, newest first. */
  async bookmarks(viewer: UserRow, type: BookmarkListType, q: ListQuery): Promise<{ data: BookmarkItem[]; total: number }> {
    const objectType = BOOKMARK_LIST_TYPES[type];
    const db = this.deps.db;
    const where = and(eq(reactions.userId, viewer.id), eq(reactions.objectType, objectType), eq(reactions.action, 'bookmark'));
    const [rows, [total]] = await Promise.all([
      db.select().from(reactions).where(where).orderBy(q.sort === 'asc' ? reactions.createdAt : desc(reactions.createdAt), desc(reactions.id)).limit(q.limit).offset(q.offset),
      db.select({ n: count() }).from(reactions).where(where),
    ]);
    const ids = rows.map((r) => r.objectId);
    const objects = new Map<string, unknown>();
    if (objectType === 'feed') {
      for (const f of (await shapeFeeds(this.deps, viewer, ids)) as Array<{ _id: string }>) objects.set(f._id, f);
    } else if (objectType === 'performer' && ids.length) {
      const cards = await db
        .select(creatorCardColumns)
        .from(users)
        .leftJoin(performerProfiles, eq(performerProfiles.userId, users.id))
        .leftJoin(followerCounts, eq(followerCounts.performerId, users.id))
        .where(and(inArray(users.id, ids), eq(users.isPerformer, true), eq(users.status, 'active')));
      for (const c of await this.deps.follows.toListItems(cards, viewer.id)) objects.set(c._id, c);
    }
    // Other types: their modules do not exist yet; the object is null until they register a shaper.
    return {
      data: rows.map((r) => ({ _id: r.id, objectId: r.objectId, objectType: r.objectType as ReactionObjectType, createdAt: r.createdAt.toISOString(), object: objects.get(r.objectId) ?? null })),
      total: Number(total?.n ?? 0),
    };
  }
}
