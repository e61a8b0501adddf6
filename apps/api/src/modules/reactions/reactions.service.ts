import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { BOOKMARK_LIST_TYPES, type BookmarkItem, type BookmarkListType, type ListQuery, type ReactionInput, type ReactionObjectType, type ReactionState } from '@stagepass/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { Events } from '../../platform/events';
import { forbidden, notFound, unprocessable } from '../../platform/errors';
import type { ContentKindProvider, ContentKinds } from '../../platform/content-kinds';
import type { UserRow } from '../users/users.tables';
import { reactions } from './reactions.tables';

export interface ReactionFlags {
  isLiked: boolean;
  isBookmarked: boolean;
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
  contentKinds: ContentKinds;
  db: Db;
  /** A new like's `reaction.liked` (statistics), in the like's transaction. */
  events: Pick<Events, 'record'>;
}

/** Likes and bookmarks. Rules: README.md beside this file. */
export class ReactionsService {
  constructor(private deps: ReactionsDeps) {}

  private target(type: string): ContentKindProvider {
    const t = this.deps.contentKinds.get(type);
    if (!t) throw unprocessable(`Reactions on ${type}s are not available yet`);
    return t;
  }

  async react(viewer: UserRow, input: ReactionInput): Promise<ReactionState> {
    const target = this.target(input.objectType);
    return this.deps.db.transaction(async (tx) => {
      const found = await target.load(tx, viewer, input.objectId);
      if (!found) throw notFound('Not found');
      // A locked item (e.g. a subscribers-only feed the caller has not unlocked) may be bookmarked
      // for later, but not liked.
      if (input.action === 'like' && !found.canView) throw forbidden('Unlock this post to like it');
      const inserted = await tx
        .insert(reactions)
        .values({ userId: viewer.id, objectType: input.objectType, objectId: input.objectId, action: input.action })
        .onConflictDoNothing()
        .returning({ id: reactions.id });
      const adjusted = inserted.length ? await target.counters?.adjust(tx, input.objectId, input.action, +1) : undefined;
      if (inserted.length && input.action === 'like') {
        await this.deps.events.record(tx, 'reaction.liked', { userId: viewer.id, objectType: input.objectType, objectId: input.objectId, ownerId: found.ownerId });
      }
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
      const adjusted = deleted.length ? await target.counters?.adjust(tx, input.objectId, input.action, -1) : undefined;
      const total = adjusted ?? (await this.total(tx, target, input));
      return { ...input, reacted: false, total };
    });
  }

  /** The object's current count for the action (its counter column, or counted). */
  private async total(tx: DbOrTx, target: ContentKindProvider, input: ReactionInput): Promise<number> {
    const viaCounter = await target.counters?.read(tx, input.objectId, input.action);
    if (viaCounter !== undefined) return viaCounter;
    const [row] = await tx
      .select({ n: count() })
      .from(reactions)
      .where(and(eq(reactions.objectType, input.objectType), eq(reactions.objectId, input.objectId), eq(reactions.action, input.action)));
    return Number(row?.n ?? 0);
  }

  /**
   * Removes every reaction on the given objects inside the caller's transaction (comments call it
   * when deleting a comment and its replies). Object counters are the caller's business.
   */
  async removeAllOn(tx: DbOrTx, objectType: ReactionObjectType, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await tx.delete(reactions).where(and(eq(reactions.objectType, objectType), inArray(reactions.objectId, ids)));
  }

  /** GET /reactions/{type}/bookmark: the caller's bookmarks of one type, newest first. */
  async bookmarks(viewer: UserRow, type: BookmarkListType, q: ListQuery): Promise<{ data: BookmarkItem[]; total: number }> {
    const objectType = BOOKMARK_LIST_TYPES[type];
    const db = this.deps.db;
    // Only items the viewer may still see listed — deleted, hidden by moderation, blocked ones leave
    // the page AND the total, in the same query (the kind's `listedSql`; issue 26 §4.21).
    const kind = this.deps.contentKinds.get(objectType);
    const where = and(eq(reactions.userId, viewer.id), eq(reactions.objectType, objectType), eq(reactions.action, 'bookmark'), kind?.listedSql?.(viewer, reactions.objectId));
    const [rows, [total]] = await Promise.all([
      db.select().from(reactions).where(where).orderBy(q.sort === 'asc' ? reactions.createdAt : desc(reactions.createdAt), desc(reactions.id)).limit(q.limit).offset(q.offset),
      db.select({ n: count() }).from(reactions).where(where),
    ]);
    const ids = rows.map((r) => r.objectId);
    const objects = new Map<string, unknown>();
    // Each kind shapes its own items (the registry's `views`); kinds without one, or not yet
    // registered, answer `object: null`.
    if (kind?.views && ids.length) for (const v of await kind.views(viewer, ids)) objects.set(v._id, v);
    return {
      data: rows.map((r) => ({ _id: r.id, objectId: r.objectId, objectType: r.objectType as ReactionObjectType, createdAt: r.createdAt.toISOString(), object: objects.get(r.objectId) ?? null })),
      total: Number(total?.n ?? 0),
    };
  }
}
