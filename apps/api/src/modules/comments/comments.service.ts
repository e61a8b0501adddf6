import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { sanitizeRichText } from '@stagepass/shared/rich-text';
import { type Comment, type CommentObjectType, type CommentsQuery, type CreateCommentInput } from '@stagepass/shared';
import { recordAudit, type AuditActor } from '../../platform/audit';
import { isAdmin } from '../../platform/auth';
import { fieldError, forbidden, notFound, unprocessable } from '../../platform/errors';
import type { DbOrTx, Tx } from '../../db/client';
import { users, type UserRow } from '../users/users.tables';
import { reactionsOf, type ReactionsService } from '../reactions/reactions.service';
import type { ContentKindProvider, ContentKinds } from '../../platform/content-kinds';
import { comments, type CommentRow } from './comments.tables';
import type { Db } from '../../db/client';
import type { UsersService } from '../users/users.service';
import type { Events } from '../../platform/events';
import { tierBadgesFor } from '../subscriptions/subscriptions.policy';

/** Comment markup: the shared rich-text allow-list, as for feed text (packages/shared/src/rich-text.ts). */
export function sanitizeComment(input: string): string {
  return sanitizeRichText(input);
}

/** What CommentsService is built with (by the composition root, root.ts). */
export interface CommentsDeps {
  contentKinds: ContentKinds;
  db: Db;
  events: Events;
  reactions: ReactionsService;
  users: UsersService;
}

/** Comments and one level of replies. Rules: README.md beside this file. */
export class CommentsService {
  constructor(private deps: CommentsDeps) {}

  private target(type: string): ContentKindProvider {
    const t = this.deps.contentKinds.get(type);
    if (!t) throw unprocessable(`Comments on ${type}s are not available yet`);
    return t;
  }

  private clean(content: string): string {
    const text = sanitizeComment(content);
    if (!text) throw fieldError('content', 'Write a comment');
    return text;
  }

  async create(viewer: UserRow, input: CreateCommentInput): Promise<Comment> {
    const target = this.target(input.objectType);
    const content = this.clean(input.content);
    const { row, ownerId } = await this.deps.db.transaction(async (tx) => {
      const found = await target.load(tx, viewer, input.objectId);
      if (!found) throw notFound('Not found');
      if (!found.canView) throw forbidden('Unlock this post to comment on it');
      if (input.parentId) {
        const [parent] = await tx.select().from(comments).where(eq(comments.id, input.parentId)).limit(1);
        if (!parent || parent.objectType !== input.objectType || parent.objectId !== input.objectId) throw notFound('Comment not found');
        if (parent.parentId) throw unprocessable('Replies go one level deep: reply to the comment instead');
        await tx
          .update(comments)
          .set({ totalReply: sql`${comments.totalReply} + 1`, updatedAt: sql`${comments.updatedAt}` })
          .where(eq(comments.id, parent.id));
      }
      const [created] = await tx
        .insert(comments)
        .values({ objectType: input.objectType, objectId: input.objectId, parentId: input.parentId ?? null, createdBy: viewer.id, content })
        .returning();
      await target.counters?.adjust(tx, input.objectId, 'comment', +1);
      await this.deps.events.record(tx, 'comment.created', { commentId: created!.id, userId: viewer.id, objectType: input.objectType, objectId: input.objectId, parentId: created!.parentId, ownerId: found.ownerId ?? null });
      return { row: created!, ownerId: found.ownerId };
    });
    return (await this.shape([row], viewer, ownerId))[0]!;
  }

  async list(viewer: UserRow | null, q: CommentsQuery): Promise<{ data: Comment[]; total: number }> {
    const target = this.target(q.objectType);
    const found = await target.load(this.deps.db, viewer, q.objectId);
    if (!found) throw notFound('Not found');
    const where = and(
      eq(comments.objectType, q.objectType),
      eq(comments.objectId, q.objectId),
      q.parentId ? eq(comments.parentId, q.parentId) : isNull(comments.parentId),
    );
    const [rows, [total]] = await Promise.all([
      this.deps.db
        .select()
        .from(comments)
        .where(where)
        .orderBy(q.sort === 'asc' ? asc(comments.createdAt) : desc(comments.createdAt), q.sort === 'asc' ? asc(comments.id) : desc(comments.id))
        .limit(q.limit)
        .offset(q.offset),
      this.deps.db.select({ n: count() }).from(comments).where(where),
    ]);
    return { data: await this.shape(rows, viewer, found.ownerId), total: Number(total?.n ?? 0) };
  }

  /** The author edits the text (same markup rules). Others → 403. */
  async update(viewer: UserRow, id: string, content: string): Promise<Comment> {
    const c = await this.byId(id);
    if (c.createdBy !== viewer.id) throw forbidden('You can only edit your own comments');
    const [row] = await this.deps.db.update(comments).set({ content: this.clean(content) }).where(eq(comments.id, id)).returning();
    const owner = await this.ownerOf(this.deps.db, viewer, c);
    return (await this.shape([row!], viewer, owner))[0]!;
  }

  /**
   * The author, the creator who owns the commented item, or an operator. Deleting a comment
   * deletes its replies (and the reactions on all of them); the counters drop accordingly. An
   * operator deleting someone else's comment (neither its author nor the item's creator) is audited
   * ('comment.delete', as the report queue's) in the delete's transaction: `audit` is their actor.
   */
  async remove(viewer: UserRow, id: string, audit?: AuditActor): Promise<{ success: true }> {
    const c = await this.byId(id);
    const ownerId = await this.ownerOf(this.deps.db, viewer, c);
    const asOperator = c.createdBy !== viewer.id && ownerId !== viewer.id;
    if (asOperator && !isAdmin(viewer)) throw forbidden('You can only delete your own comments');
    await this.deps.db.transaction(async (tx) => {
      await this.deleteIn(tx, c);
      if (asOperator && audit) {
        await recordAudit(tx, audit, { action: 'comment.delete', targetType: 'comment', targetId: c.id, before: { content: c.content, createdBy: c.createdBy, objectType: c.objectType, objectId: c.objectId }, after: null });
      }
    });
    return { success: true };
  }

  /**
   * An operator deletes a reported comment inside the moderation action's transaction (which audits
   * it): the same deletion as `remove`. Null when there is no such comment.
   */
  async removeIn(tx: Tx, id: string): Promise<CommentRow | null> {
    const [c] = await tx.select().from(comments).where(eq(comments.id, id)).for('update');
    if (!c) return null;
    await this.deleteIn(tx, c);
    return c;
  }

  /** Deletes a comment, its replies and the reactions on them; the counters drop accordingly. */
  private async deleteIn(tx: Tx, c: CommentRow): Promise<void> {
    const replies = c.parentId ? [] : await tx.select({ id: comments.id }).from(comments).where(eq(comments.parentId, c.id));
    const ids = [c.id, ...replies.map((r) => r.id)];
    const deleted = await tx.delete(comments).where(eq(comments.id, c.id)).returning({ id: comments.id });
    if (!deleted.length) return; // a concurrent delete got there first
    await this.deps.reactions.removeAllOn(tx, 'comment', ids);
    if (c.parentId) {
      await tx
        .update(comments)
        .set({ totalReply: sql`greatest(${comments.totalReply} - 1, 0)`, updatedAt: sql`${comments.updatedAt}` })
        .where(eq(comments.id, c.parentId));
    }
    await this.deps.contentKinds.get(c.objectType)?.counters?.adjust(tx, c.objectId, 'comment', -ids.length);
  }

  private async byId(id: string): Promise<CommentRow> {
    const [c] = await this.deps.db.select().from(comments).where(eq(comments.id, id)).limit(1);
    if (!c) throw notFound('Comment not found');
    return c;
  }

  /** The creator who owns the commented item (as the viewer can see it; null if hidden). */
  private async ownerOf(db: DbOrTx, viewer: UserRow | null, c: CommentRow): Promise<string | null> {
    return (await this.deps.contentKinds.get(c.objectType)?.load(db, viewer, c.objectId))?.ownerId ?? null;
  }

  /** Authors and the viewer's likes batched: two queries for any page size. */
  private async shape(rows: CommentRow[], viewer: UserRow | null, ownerId: string | null): Promise<Comment[]> {
    if (rows.length === 0) return [];
    const authorIds = [...new Set(rows.map((r) => r.createdBy))];
    // The item's creator sees each author's subscription tier with them (issue 30 §1); nobody else does.
    const creatorsView = Boolean(viewer && ownerId && viewer.id === ownerId);
    const [authors, liked, tiers] = await Promise.all([
      this.deps.db.select().from(users).where(inArray(users.id, authorIds)),
      reactionsOf(this.deps.db, viewer?.id, 'comment', rows.map((r) => r.id)),
      creatorsView ? tierBadgesFor(this.deps.db, ownerId!, authorIds, new Date()) : Promise.resolve(new Map()),
    ]);
    const byId = new Map(authors.map((u) => [u.id, u]));
    const admin = isAdmin(viewer);
    return rows.map((r) => {
      const author = byId.get(r.createdBy);
      return {
        _id: r.id, objectId: r.objectId, objectType: r.objectType as CommentObjectType, parentId: r.parentId, content: r.content, createdBy: r.createdBy,
        creator: author && author.status === 'active' ? this.deps.users.card(author) : null,
        ...(creatorsView ? { tier: tiers.get(r.createdBy) ?? null } : {}),
        totalReply: r.totalReply, totalLike: r.totalLike, isLiked: liked.get(r.id)?.isLiked ?? false,
        canDelete: Boolean(viewer && (viewer.id === r.createdBy || viewer.id === ownerId || admin)),
        createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
      };
    });
  }
}
