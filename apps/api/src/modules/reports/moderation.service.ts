import { inArray } from 'drizzle-orm';
import {
  DEFAULT_AVATAR, isHideableKind, type AdminContentItem, type AdminContentQuery, type ContentSummary, type HideableKind, type ModerationOwner, type ReportTarget,
} from '@stagepass/shared';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import { recordAudit, recordOperatorRead, type AuditActor, type OperatorRead } from '../../platform/audit';
import { asAuditedOperator } from '../../platform/auth';
import type { ContentKinds, ContentSummaryBase } from '../../platform/content-kinds';
import type { Events } from '../../platform/events';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { users, type UserRow } from '../users/users.tables';
import type { UsersService } from '../users/users.service';

/** What ModerationService is built with (by the composition root, root.ts). */
export interface ModerationDeps {
  contentKinds: ContentKinds;
  db: Db;
  events: Events;
  users: UsersService;
}

/**
 * Hidden content and the console's Content section (README.md "Moderation"): hides and shows
 * items of any hideable kind through the content-kind registry (never importing a content module),
 * lists them for the operator, and shows any reported target as a `ContentSummary`.
 */
export class ModerationService {
  constructor(private deps: ModerationDeps) {}

  /** GET /admin/content: one kind's items, hidden ones and drafts included. */
  async list(q: AdminContentQuery): Promise<{ data: ContentSummary[]; total: number }> {
    const provider = this.deps.contentKinds.get(q.kind);
    if (!provider?.adminList) return { data: [], total: 0 };
    const page = await provider.adminList(q);
    return { data: await this.withOwners(this.deps.db, page.data), total: page.total };
  }

  /**
   * GET /admin/content/{kind}/{id} (issue 28 §6): the item as its public page answers it WITH its
   * media, and what that page loads beside it (a gallery's photos, a digital product's download
   * link). Everywhere else an operator gets media URLs only for what any viewer would; here the
   * read is recorded first (`media.read`, subject: the item's creator — none when it is the
   * operator's own — with the reason `read` carries; none → 400 `reason_required`, nothing read),
   * then the kind's own views are asked with `asAuditedOperator(viewer)`, the one viewer every
   * content policy opens locked media to. 404 when there is no such item.
   */
  async open(read: OperatorRead, viewer: UserRow, kind: HideableKind, id: string, page: { offset: number; limit: number }): Promise<AdminContentItem> {
    const provider = this.deps.contentKinds.get(kind);
    if (!provider?.views) throw unprocessable('This kind of content cannot be opened here');
    const summary = (await this.summaries(this.deps.db, [{ target: kind, targetId: id }])).get(`${kind}:${id}`);
    if (!summary) throw notFound('Not found');
    const subjectIds = summary.ownerId && summary.ownerId !== read.actor.actorId ? [summary.ownerId] : [];
    if (subjectIds.length) await recordOperatorRead(this.deps.db, read, { action: 'media.read', targetType: kind, targetId: id, subjectIds });
    const audited = asAuditedOperator(viewer);
    const [item] = await provider.views(audited, [id]);
    if (!item) throw notFound('Not found');
    const extra = (await provider.attachments?.(audited, id, page)) ?? {};
    if (kind === 'gallery') return { kind, summary, item, photos: extra.photos ?? { data: [], total: 0 } } as AdminContentItem;
    if (kind === 'product') return { kind, summary, item, download: extra.download ?? null } as AdminContentItem;
    return { kind, summary, item } as AdminContentItem;
  }

  /** POST /admin/content/{kind}/{id}/hide: 404 unknown, 409 already hidden. */
  async hide(actor: AuditActor, kind: HideableKind, id: string, reason: string): Promise<ContentSummary> {
    await this.deps.db.transaction(async (tx) => {
      if (!(await this.hideIn(tx, actor, kind, id, reason))) throw conflict('This item is already hidden');
    });
    return this.one(kind, id);
  }

  /** POST /admin/content/{kind}/{id}/unhide: 404 unknown, 409 not hidden. */
  async unhide(actor: AuditActor, kind: HideableKind, id: string): Promise<ContentSummary> {
    await this.deps.db.transaction(async (tx) => {
      const change = await this.setHidden(tx, kind, id, null);
      if (!change.before.hiddenAt) throw conflict('This item is not hidden');
      await recordAudit(tx, actor, { action: 'content.unhide', targetType: kind, targetId: id, before: change.before, after: { hiddenAt: null } });
    });
    return this.one(kind, id);
  }

  /**
   * Hides an item inside `tx` (a console action or a report action), audited there, the owner told
   * by `content.hidden` (a notification). False (nothing written) when it was hidden already.
   */
  async hideIn(tx: Tx, actor: AuditActor, kind: string, id: string, reason: string): Promise<boolean> {
    if (!isHideableKind(kind)) throw unprocessable('This kind of content cannot be hidden');
    const change = await this.setHidden(tx, kind, id, { by: actor.actorId, reason });
    // Hidden already: nothing was written (the first hiding stays as it was).
    if (change.before.hiddenAt) return false;
    await this.deps.events.record(tx, 'content.hidden', { kind, itemId: id, ownerId: change.ownerId, actorId: actor.actorId, reason, title: change.title });
    await recordAudit(tx, actor, { action: 'content.hide', targetType: kind, targetId: id, before: change.before, after: { hidden: true, reason } });
    return true;
  }

  /**
   * Shows a hidden item again inside `tx` (takedowns: a counter-notice's wait ended), audited there
   * as `content.unhide`. False (nothing written) when it was not hidden.
   */
  async unhideIn(tx: Tx, actor: AuditActor, kind: string, id: string, note: string): Promise<boolean> {
    if (!isHideableKind(kind)) throw unprocessable('This kind of content cannot be hidden');
    const change = await this.setHidden(tx, kind, id, null);
    if (!change.before.hiddenAt) return false;
    await recordAudit(tx, actor, { action: 'content.unhide', targetType: kind, targetId: id, before: change.before, after: { hiddenAt: null, note } });
    return true;
  }

  /**
   * Any target as the console shows it (report previews), in one query per kind; unknown ones left
   * out. Private text (a message's) only with `opened` (the caller recorded the audited read).
   */
  async summaries(db: DbOrTx, targets: Array<{ target: ReportTarget; targetId: string }>, opts: { opened?: boolean } = {}): Promise<Map<string, ContentSummary>> {
    const byKind = new Map<string, string[]>();
    for (const t of targets) byKind.set(t.target, [...(byKind.get(t.target) ?? []), t.targetId]);
    const found: ContentSummaryBase[] = [];
    await Promise.all(
      [...byKind].map(async ([kind, ids]) => {
        if (kind === 'user' || kind === 'performer') found.push(...(await this.accounts(db, kind, ids)));
        else found.push(...((await this.deps.contentKinds.get(kind)?.summaries?.(db, ids, opts)) ?? []));
      }),
    );
    const shaped = await this.withOwners(db, found);
    return new Map(shaped.map((s) => [`${s.kind}:${s._id}`, s]));
  }

  /** Owner cards for many user ids: one query. */
  async owners(db: DbOrTx, ids: string[]): Promise<Map<string, ModerationOwner>> {
    const unique = [...new Set(ids)];
    const rows = unique.length ? await db.select().from(users).where(inArray(users.id, unique)) : [];
    return new Map(rows.map((u) => [u.id, this.ownerCard(u)]));
  }

  ownerCard(u: UserRow): ModerationOwner {
    return { _id: u.id, name: u.name || u.username || '', username: u.username, avatar: this.deps.users.avatarUrls(u)?.thumb ?? DEFAULT_AVATAR, status: u.status };
  }

  private async one(kind: HideableKind, id: string): Promise<ContentSummary> {
    const s = (await this.summaries(this.deps.db, [{ target: kind, targetId: id }])).get(`${kind}:${id}`);
    if (!s) throw notFound('Not found');
    return s;
  }

  private async setHidden(tx: Tx, kind: HideableKind, id: string, hidden: { by: string; reason: string } | null) {
    const provider = this.deps.contentKinds.get(kind);
    if (!provider?.setHidden) throw unprocessable('This kind of content cannot be hidden');
    const change = await provider.setHidden(tx, id, hidden);
    if (!change) throw notFound('Not found');
    return change;
  }

  private async withOwners(db: DbOrTx, items: ContentSummaryBase[]): Promise<ContentSummary[]> {
    const owners = await this.owners(db, items.map((i) => i.ownerId).filter((x): x is string => Boolean(x)));
    return items.map((i) => ({ ...i, owner: i.ownerId ? (owners.get(i.ownerId) ?? null) : null }));
  }

  /** Accounts reported as `user` or `performer`: their own card is the preview. */
  private async accounts(db: DbOrTx, kind: 'user' | 'performer', ids: string[]): Promise<ContentSummaryBase[]> {
    const rows = await db.select().from(users).where(inArray(users.id, ids));
    return rows.map((u) => ({
      kind, _id: u.id, title: u.name || u.username || '', excerpt: '', thumbnail: this.deps.users.avatarUrls(u)?.thumb ?? null, status: u.status,
      ownerId: u.id, hidden: false, hiddenAt: null, hiddenReason: null, link: u.isPerformer && u.username ? `/${u.username}` : null, createdAt: u.createdAt.toISOString(),
    }));
  }
}
