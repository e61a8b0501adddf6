import { eq, inArray, sql } from 'drizzle-orm';
import type { ContentKindProvider, ContentKinds } from '../../platform/content-kinds';
import { comments } from './comments.tables';

/** What the comment kind is built with (root.ts registers it right after CommentsService). */
export interface CommentKindDeps {
  contentKinds: ContentKinds;
}

/**
 * The `comment` content kind: a comment is visible (and open) when the item it is on is, for the
 * same viewer (asked of that item's kind through the registry); its author owns it. Comments
 * keep their own like counter (`comments.total_like`).
 */
export function commentKind({ contentKinds }: CommentKindDeps): ContentKindProvider {
  return {
    kind: 'comment',
    async load(tx, viewer, id) {
      const [c] = await tx.select({ id: comments.id, objectType: comments.objectType, objectId: comments.objectId, createdBy: comments.createdBy }).from(comments).where(eq(comments.id, id)).limit(1);
      if (!c) return null;
      const on = await contentKinds.get(c.objectType)?.load(tx, viewer, c.objectId);
      if (!on) return null;
      return { id: c.id, ownerId: c.createdBy, canView: on.canView };
    },
    /** Report previews: the comment's text; its page is the item it is on. */
    async summaries(db, ids) {
      if (ids.length === 0) return [];
      const rows = await db.select().from(comments).where(inArray(comments.id, ids));
      const pages: Record<string, string> = { feed: '/post/', video: '/video/', gallery: '/gallery/', product: '/product/' };
      return rows.map((c) => ({
        kind: 'comment' as const, _id: c.id, title: c.content.slice(0, 80), excerpt: c.content.slice(0, 400), thumbnail: null, status: 'active',
        ownerId: c.createdBy, hidden: false, hiddenAt: null, hiddenReason: null,
        link: pages[c.objectType] ? `${pages[c.objectType]}${c.objectId}` : null, createdAt: c.createdAt.toISOString(),
      }));
    },
    counters: {
      async adjust(tx, id, counter, delta) {
        if (counter !== 'like') return undefined;
        const [row] = await tx
          .update(comments)
          .set({ totalLike: sql`greatest(${comments.totalLike} + ${delta}, 0)`, updatedAt: sql`${comments.updatedAt}` })
          .where(eq(comments.id, id))
          .returning({ total: comments.totalLike });
        return row?.total ?? 0;
      },
      async read(tx, id, counter) {
        if (counter !== 'like') return undefined;
        const [row] = await tx.select({ total: comments.totalLike }).from(comments).where(eq(comments.id, id));
        return row?.total ?? 0;
      },
    },
  };
}
