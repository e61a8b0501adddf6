import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, type UserRow } from '../users/users.tables';
import { feeds } from '../feeds/feeds.tables';
import { feedAccessOne } from '../feeds/feeds.policy';
import { comments } from '../comments/comments.tables';
import { reactions } from './reactions.tables';

/**
 * What the social modules (reactions, comments, reports) need to know about the thing they act
 * on, per object type — a small registry so videos, galleries and products plug in later by
 * adding an entry here (`registerSocialTarget`), without touching the modules themselves.
 */
export type Counter = 'like' | 'bookmark' | 'comment';

export interface ResolvedTarget {
  id: string;
  /** The creator who owns the object (may delete comments on it); null when it has no owner. */
  ownerId: string | null;
  /** The viewer may see the object's content (false: listed but locked, e.g. a paid feed). */
  canView: boolean;
}

export interface SocialTarget {
  /** The object if the viewer may know it exists; null → the caller answers 404. */
  resolve(db: DbOrTx, viewer: UserRow | null, id: string): Promise<ResolvedTarget | null>;
  /**
   * Adds `delta` to the object's denormalised counter inside the caller's transaction and answers
   * the new value; undefined when this type keeps no such counter (the total is then counted).
   */
  adjust?(tx: DbOrTx, id: string, counter: Counter, delta: number): Promise<number | undefined>;
  /** Reads the counter `adjust` maintains; undefined when this type keeps none. */
  read?(db: DbOrTx, id: string, counter: Counter): Promise<number | undefined>;
}

const registry = new Map<string, SocialTarget>();
export function registerSocialTarget(type: string, target: SocialTarget) {
  registry.set(type, target);
}
export function socialTarget(type: string): SocialTarget | undefined {
  return registry.get(type);
}

/** Feeds: the feeds access policy decides (hidden → 404; locked → canView false). */
registerSocialTarget('feed', {
  async resolve(db, viewer, id) {
    const [f] = await db
      .select({ id: feeds.id, performerId: feeds.performerId, visibility: feeds.visibility, publishAt: feeds.publishAt })
      .from(feeds)
      .where(eq(feeds.id, id))
      .limit(1);
    if (!f) return null;
    const access = await feedAccessOne(db, viewer, f);
    if (!access.visible) return null;
    return { id: f.id, ownerId: f.performerId, canView: access.canView };
  },
  async adjust(tx, id, counter, delta) {
    const col = counter === 'like' ? feeds.totalLike : counter === 'bookmark' ? feeds.totalBookmark : feeds.totalComment;
    const key = counter === 'like' ? 'totalLike' : counter === 'bookmark' ? 'totalBookmark' : 'totalComment';
    // updatedAt is set to itself: a like is not an edit of the feed.
    const [row] = await tx
      .update(feeds)
      .set({ [key]: sql`greatest(${col} + ${delta}, 0)`, updatedAt: sql`${feeds.updatedAt}` })
      .where(eq(feeds.id, id))
      .returning({ total: col });
    return row?.total ?? 0;
  },
  async read(db, id, counter) {
    const [row] = await db.select({ like: feeds.totalLike, bookmark: feeds.totalBookmark, comment: feeds.totalComment }).from(feeds).where(eq(feeds.id, id));
    return row ? row[counter] : 0;
  },
});

/** Creators (a performer's user id): any active creator; likes/bookmarks are counted, not stored. */
registerSocialTarget('performer', {
  async resolve(db, _viewer, id) {
    const [u] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), eq(users.isPerformer, true), eq(users.status, 'active')))
      .limit(1);
    return u ? { id: u.id, ownerId: u.id, canView: true } : null;
  },
});

/** Any active account (reports about a user). */
registerSocialTarget('user', {
  async resolve(db, _viewer, id) {
    const [u] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, id), eq(users.status, 'active'))).limit(1);
    return u ? { id: u.id, ownerId: u.id, canView: true } : null;
  },
});

/** Comments: visible when the object they are on is visible to the viewer. */
registerSocialTarget('comment', {
  async resolve(db, viewer, id) {
    const [c] = await db.select({ id: comments.id, objectType: comments.objectType, objectId: comments.objectId, createdBy: comments.createdBy }).from(comments).where(eq(comments.id, id)).limit(1);
    if (!c) return null;
    const on = await socialTarget(c.objectType)?.resolve(db, viewer, c.objectId);
    if (!on) return null;
    return { id: c.id, ownerId: c.createdBy, canView: on.canView };
  },
  async adjust(tx, id, counter, delta) {
    if (counter !== 'like') return undefined;
    const [row] = await tx
      .update(comments)
      .set({ totalLike: sql`greatest(${comments.totalLike} + ${delta}, 0)`, updatedAt: sql`${comments.updatedAt}` })
      .where(eq(comments.id, id))
      .returning({ total: comments.totalLike });
    return row?.total ?? 0;
  },
  async read(db, id, counter) {
    if (counter !== 'like') return undefined;
    const [row] = await db.select({ total: comments.totalLike }).from(comments).where(eq(comments.id, id));
    return row?.total ?? 0;
  },
});

/** The number of `action` reactions on an object, counted (types without a counter column). */
export async function countReactions(db: DbOrTx, objectType: string, objectId: string, action: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reactions)
    .where(and(eq(reactions.objectType, objectType), eq(reactions.objectId, objectId), eq(reactions.action, action)));
  return Number(row?.n ?? 0);
}
