import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { LABEL_KINDS, LABEL_MESSAGES, LABELS_MAX, isUuid, type ItemLabels, type Label, type LabelInput, type LabelKind, type ProfileLabel } from '@stagepass/shared';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { isAdmin } from '../../platform/auth';
import { badRequest, conflict, notFound, unprocessable } from '../../platform/errors';
import type { UserRow } from '../users/users.tables';
import type { UsersService } from '../users/users.service';
import { hidesFromCountry, isBlockedBetween } from '../blocks/blocks.policy';
import { feeds } from '../feeds/feeds.tables';
import { videos } from '../videos/videos.tables';
import { galleries } from '../galleries/galleries.tables';
import { listableSql } from '../feeds/feeds.policy';
import { publicListableSql } from '../videos/videos.policy';
import { listedSql as galleryListedSql } from '../galleries/galleries.policy';
import { itemLabels, labels, type LabelRow } from './labels.tables';

/** What LabelsService is built with (by the composition root, root.ts). */
export interface LabelsDeps {
  db: Db;
  users: Pick<UsersService, 'findByIdOrUsername'>;
}

/** Each kind's table (id, owner), read to check an item is the caller's and that it still exists. */
const TABLES = {
  feed: { id: feeds.id, ownerId: feeds.performerId, table: feeds },
  video: { id: videos.id, ownerId: videos.performerId, table: videos },
  gallery: { id: galleries.id, ownerId: galleries.performerId, table: galleries },
} as const;

/** "The item is in its kind's public list for `viewer`": THE list rule of each content module (feeds, videos, galleries). */
function listedFor(kind: LabelKind, viewer: UserRow | null): SQL {
  return kind === 'feed' ? listableSql(viewer) : kind === 'video' ? publicListableSql(viewer) : galleryListedSql(viewer);
}

/** Per kind, a count of the label's rows whose item passes `cond(kind)` (an EXISTS on the kind's table). */
function countsBy(cond: (kind: LabelKind) => SQL | undefined) {
  const one = (kind: LabelKind) => {
    const t = TABLES[kind];
    return sql<number>`count(*) filter (where ${itemLabels.kind} = ${kind} and exists (select 1 from ${t.table} where ${t.id} = ${itemLabels.itemId} and ${cond(kind) ?? sql`true`}))`.mapWith(Number);
  };
  return { feed: one('feed'), video: one('video'), gallery: one('gallery') };
}

/**
 * A creator's labels on their posts, videos and galleries (issue 31 §3; README beside this file):
 * the creator manages them (names unique without regard to case, at most LABELS_MAX) and sets them
 * on their items; the profile shows those carrying items the visitor may see as filter chips.
 */
export class LabelsService {
  constructor(private deps: LabelsDeps) {}

  private get db() {
    return this.deps.db;
  }

  /** The owner's labels with their counts of existing items (drafts, scheduled, expired included). */
  async mine(owner: UserRow): Promise<Label[]> {
    const rows = await this.db
      .select({ id: labels.id, name: labels.name, createdAt: labels.createdAt, ...countsBy((k) => eq(TABLES[k].ownerId, owner.id)) })
      .from(labels)
      .leftJoin(itemLabels, eq(itemLabels.labelId, labels.id))
      .where(eq(labels.performerId, owner.id))
      .groupBy(labels.id)
      .orderBy(asc(sql`lower(${labels.name})`));
    return rows.map((r) => ({ _id: r.id, name: r.name, createdAt: r.createdAt.toISOString(), counts: { feed: r.feed, video: r.video, gallery: r.gallery } }));
  }

  async create(owner: UserRow, input: LabelInput): Promise<Label> {
    return this.saving(async () => {
      const row = await this.db.transaction(async (tx) => {
        // One creator's creates in turn, so the limit holds under concurrency.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`labels:${owner.id}`}))`);
        const [n] = await tx.select({ n: count() }).from(labels).where(eq(labels.performerId, owner.id));
        if (Number(n?.n ?? 0) >= LABELS_MAX) throw unprocessable(LABEL_MESSAGES.limit);
        const [made] = await tx.insert(labels).values({ performerId: owner.id, name: input.name }).returning();
        return made!;
      });
      return this.view(row, { feed: 0, video: 0, gallery: 0 });
    });
  }

  async rename(owner: UserRow, id: string, input: LabelInput): Promise<Label> {
    await this.own(owner, id);
    return this.saving(async () => {
      await this.db.update(labels).set({ name: input.name }).where(and(eq(labels.id, id), eq(labels.performerId, owner.id)));
      return (await this.mine(owner)).find((l) => l._id === id)!;
    });
  }

  /** Deletes the label; its rows on items go with it (foreign key cascade). */
  async remove(owner: UserRow, id: string): Promise<void> {
    await this.own(owner, id);
    await this.db.delete(labels).where(and(eq(labels.id, id), eq(labels.performerId, owner.id)));
  }

  async ofItem(owner: UserRow, kind: LabelKind, id: string): Promise<ItemLabels> {
    await this.ownItem(owner, kind, id);
    return this.itemLabels(kind, id);
  }

  /** Replaces the labels on one of the owner's items: each id must be one of the owner's labels (400 `labelIds.N`). */
  async setItem(owner: UserRow, kind: LabelKind, id: string, labelIds: string[]): Promise<ItemLabels> {
    await this.ownItem(owner, kind, id);
    const mine = labelIds.length ? await this.db.select({ id: labels.id }).from(labels).where(and(eq(labels.performerId, owner.id), inArray(labels.id, labelIds))) : [];
    const known = new Set(mine.map((l) => l.id));
    const bad = labelIds.findIndex((l) => !known.has(l));
    if (bad >= 0) throw badRequest('Unknown label: create it first', [{ field: `labelIds.${bad}`, message: 'Unknown label: create it first' }]);
    await this.db.transaction(async (tx) => {
      await tx.delete(itemLabels).where(and(eq(itemLabels.kind, kind), eq(itemLabels.itemId, id)));
      if (labelIds.length) await tx.insert(itemLabels).values(labelIds.map((labelId) => ({ labelId, kind, itemId: id })));
    });
    return this.itemLabels(kind, id);
  }

  /**
   * The profile's filter chips: the creator's labels carrying at least one item `viewer` may see
   * in that kind's list (each module's list rule), with those counts. 404 as the creator's lists
   * (unknown, not a creator, a block either way, a country the creator hides from — never for the
   * owner or an admin).
   */
  async ofCreator(viewer: UserRow | null, username: string, visit: { country?: string | null } = {}): Promise<ProfileLabel[]> {
    const creator = await this.deps.users.findByIdOrUsername(username);
    if (!creator || !creator.isPerformer) throw notFound('Creator not found');
    if (!(viewer && (viewer.id === creator.id || isAdmin(viewer)))) {
      if (viewer && (await isBlockedBetween(this.db, viewer.id, creator.id))) throw notFound('Creator not found');
      if (await hidesFromCountry(this.db, creator.id, visit.country)) throw notFound('Creator not found');
    }
    const counts = countsBy((k) => and(eq(TABLES[k].ownerId, creator.id), listedFor(k, viewer)));
    const rows = await this.db
      .select({ id: labels.id, name: labels.name, ...counts })
      .from(labels)
      .innerJoin(itemLabels, eq(itemLabels.labelId, labels.id))
      .where(eq(labels.performerId, creator.id))
      .groupBy(labels.id)
      .orderBy(asc(sql`lower(${labels.name})`));
    return rows.filter((r) => r.feed + r.video + r.gallery > 0).map((r) => ({ _id: r.id, name: r.name, counts: { feed: r.feed, video: r.video, gallery: r.gallery } }));
  }

  // ---------------------------------------------------------------- helpers

  private async itemLabels(kind: LabelKind, id: string): Promise<ItemLabels> {
    const rows = await this.db
      .select({ id: labels.id, name: labels.name })
      .from(itemLabels)
      .innerJoin(labels, eq(labels.id, itemLabels.labelId))
      .where(and(eq(itemLabels.kind, kind), eq(itemLabels.itemId, id)))
      .orderBy(asc(sql`lower(${labels.name})`));
    return { labels: rows.map((r) => ({ _id: r.id, name: r.name })) };
  }

  private async own(owner: UserRow, id: string): Promise<LabelRow> {
    if (!isUuid(id)) throw notFound('Label not found');
    const [row] = await this.db.select().from(labels).where(and(eq(labels.id, id), eq(labels.performerId, owner.id))).limit(1);
    if (!row) throw notFound('Label not found');
    return row;
  }

  /** The caller's own item of that kind (404 for another creator's, or none). */
  private async ownItem(owner: UserRow, kind: LabelKind, id: string): Promise<void> {
    if (!LABEL_KINDS.includes(kind) || !isUuid(id)) throw notFound('Item not found');
    const t = TABLES[kind];
    const found = await this.db.execute<{ owner_id: string }>(sql`select ${t.ownerId} as owner_id from ${t.table} where ${t.id} = ${id} limit 1`);
    if (found.rows[0]?.owner_id !== owner.id) throw notFound('Item not found');
  }

  private view(row: LabelRow, counts: Label['counts']): Label {
    return { _id: row.id, name: row.name, counts, createdAt: row.createdAt.toISOString() };
  }

  /** A name taken (unique per creator without regard to case) → 409 on `name`. */
  private async saving<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(LABEL_MESSAGES.duplicate, [{ field: 'name', message: LABEL_MESSAGES.duplicate }]);
      throw err;
    }
  }
}
