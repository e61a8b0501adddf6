import { and, asc, count, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import {
  PROMO_END_BEFORE_START, type CreatePromoInput, type Promo, type SiteImage, type SiteImageKind, type UpdatePromoInput,
  type adminPromoQuerySchema, type promoSearchQuerySchema,
} from '@stagepass/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { recordAudit, type AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { fieldError, notFound } from '../../platform/errors';
import type { ReceivedFile } from '../../platform/uploads';
import type { MediaService } from '../media/media.service';
import { sitePromos, type SitePromoRow } from './site.tables';

/** What SitePromosService is built with (root.ts). */
export interface SitePromosDeps {
  clock: Clock;
  db: Db;
  media: Pick<MediaService, 'byIds' | 'publicUrl' | 'storeFittedImage'>;
}

/** The `files.kind` of each site picture, and how it is fitted (media.storeFittedImage). */
const IMAGE_KINDS: Record<SiteImageKind, { kind: string; width: number; height: number; format: 'webp' | 'png'; square?: boolean }> = {
  logo: { kind: 'site-logo', width: 600, height: 200, format: 'png' },
  favicon: { kind: 'site-favicon', width: 64, height: 64, format: 'png', square: true },
  promo: { kind: 'site-promo', width: 1920, height: 1080, format: 'webp' },
};
const NOT_FOUND = 'Promo not found';
const IMAGE_MISSING = 'Upload a promo image first (kind promo)';

type PublicQuery = z.infer<typeof promoSearchQuerySchema>;
type AdminQuery = z.infer<typeof adminPromoQuerySchema>;
const SORT_COLUMNS = { updatedAt: sitePromos.updatedAt, startAt: sitePromos.startAt, endAt: sitePromos.endAt, sortOrder: sitePromos.sortOrder } as const;

/**
 * Promos / banners (spec §7 Site promo): a picture with a link shown at its position on the home
 * page while start ≤ now < end. The operator manages them (audited); the public sees the running ones.
 */
export class SitePromosService {
  constructor(private deps: SitePromosDeps) {}

  /**
   * POST /admin/site/images/upload: a site picture, stored public and fitted to its kind, owned by
   * the operator and audited ('site-image.upload') in the transaction that records the file.
   */
  async storeImage(actor: AuditActor, kind: SiteImageKind, upload: ReceivedFile): Promise<SiteImage> {
    const k = IMAGE_KINDS[kind];
    const row = await this.deps.media.storeFittedImage(actor.actorId, k.kind, upload, k, (tx, file) =>
      recordAudit(tx, actor, {
        action: 'site-image.upload', targetType: 'file', targetId: file.id,
        after: { kind, fileKind: file.kind, originalName: file.originalName, mimeType: file.mimeType, size: file.size, width: file.width, height: file.height },
      }),
    );
    return { _id: row.id, url: this.deps.media.publicUrl(row.storageKey), width: row.width ?? 0, height: row.height ?? 0 };
  }

  /** Views of `rows`, each with its picture's public address (one query for all the files). */
  private async views(rows: SitePromoRow[]): Promise<Promo[]> {
    const files = new Map((await this.deps.media.byIds(rows.map((r) => r.imageId))).map((f) => [f.id, f]));
    return rows.map((r) => {
      const f = files.get(r.imageId);
      return {
        _id: r.id, title: r.title, imageId: r.imageId, imageUrl: f ? this.deps.media.publicUrl(f.storageKey) : null, link: r.link, position: r.position,
        sortOrder: r.sortOrder, startAt: r.startAt.toISOString(), endAt: r.endAt.toISOString(), createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
      };
    });
  }

  /** GET /site-promo/search: running now. */
  async search(q: PublicQuery): Promise<{ data: Promo[]; total: number }> {
    const now = this.deps.clock.now();
    const conds: SQL[] = [lte(sitePromos.startAt, now), gt(sitePromos.endAt, now)];
    if (q.position) conds.push(eq(sitePromos.position, q.position));
    const where = and(...conds);
    const [rows, [{ n }]] = await Promise.all([
      this.deps.db.select().from(sitePromos).where(where).orderBy(asc(sitePromos.sortOrder), desc(sitePromos.startAt), asc(sitePromos.id)).limit(q.limit).offset(q.offset),
      this.deps.db.select({ n: count() }).from(sitePromos).where(where),
    ]);
    return { data: await this.views(rows), total: Number(n) };
  }

  /** GET /admin/site-promo. */
  async adminList(q: AdminQuery): Promise<{ data: Promo[]; total: number }> {
    const now = this.deps.clock.now();
    const conds: SQL[] = [];
    if (q.position) conds.push(eq(sitePromos.position, q.position));
    if (q.state === 'scheduled') conds.push(gt(sitePromos.startAt, now));
    if (q.state === 'running') conds.push(lte(sitePromos.startAt, now), gt(sitePromos.endAt, now));
    if (q.state === 'ended') conds.push(lte(sitePromos.endAt, now));
    if (q.q) conds.push(sql`lower(${sitePromos.title}) like ${containsPattern(q.q.toLowerCase())}`);
    const where = conds.length ? and(...conds) : undefined;
    const dir = q.sort === 'asc' ? asc : desc;
    const [rows, [{ n }]] = await Promise.all([
      this.deps.db.select().from(sitePromos).where(where).orderBy(dir(SORT_COLUMNS[q.sortBy]), asc(sitePromos.id)).limit(q.limit).offset(q.offset),
      this.deps.db.select({ n: count() }).from(sitePromos).where(where),
    ]);
    return { data: await this.views(rows), total: Number(n) };
  }

  /** 400 on imageId unless it is a promo picture uploaded through the console. */
  private async checkImage(imageId: string): Promise<void> {
    const [f] = await this.deps.media.byIds([imageId]);
    if (!f || f.kind !== IMAGE_KINDS.promo.kind || f.visibility !== 'public') throw fieldError('imageId', IMAGE_MISSING);
  }

  private async row(db: DbOrTx, id: string): Promise<SitePromoRow> {
    const [row] = await db.select().from(sitePromos).where(eq(sitePromos.id, id));
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  async create(input: CreatePromoInput, actor: AuditActor): Promise<Promo> {
    await this.checkImage(input.imageId);
    const row = await this.deps.db.transaction(async (tx) => {
      const [r] = await tx
        .insert(sitePromos)
        .values({ title: input.title, imageId: input.imageId, link: input.link, position: input.position, sortOrder: input.sortOrder, startAt: new Date(input.startAt), endAt: new Date(input.endAt) })
        .returning();
      await recordAudit(tx, actor, { action: 'promo.create', targetType: 'promo', targetId: r!.id, after: audited(r!) });
      return r!;
    });
    return (await this.views([row]))[0]!;
  }

  async update(id: string, input: UpdatePromoInput, actor: AuditActor): Promise<Promo> {
    if (input.imageId !== undefined) await this.checkImage(input.imageId);
    const row = await this.deps.db.transaction(async (tx) => {
      const before = await this.row(tx, id);
      const patch: Partial<typeof sitePromos.$inferInsert> = {};
      if (input.title !== undefined) patch.title = input.title;
      if (input.imageId !== undefined) patch.imageId = input.imageId;
      if (input.link !== undefined) patch.link = input.link;
      if (input.position !== undefined) patch.position = input.position;
      if (input.sortOrder !== undefined) patch.sortOrder = input.sortOrder;
      if (input.startAt !== undefined) patch.startAt = new Date(input.startAt);
      if (input.endAt !== undefined) patch.endAt = new Date(input.endAt);
      // The window as it will be after the change must still end after it starts.
      const start = patch.startAt ?? before.startAt;
      const end = patch.endAt ?? before.endAt;
      if (end.getTime() <= start.getTime()) throw fieldError(input.endAt !== undefined ? 'endAt' : 'startAt', PROMO_END_BEFORE_START);
      if (!Object.keys(patch).length) return before;
      const [r] = await tx.update(sitePromos).set(patch).where(eq(sitePromos.id, id)).returning();
      const keys = Object.keys(patch) as Array<keyof ReturnType<typeof audited>>;
      const pick = (x: SitePromoRow) => Object.fromEntries(keys.map((k) => [k, audited(x)[k]]));
      await recordAudit(tx, actor, { action: 'promo.update', targetType: 'promo', targetId: id, before: pick(before), after: pick(r!) });
      return r!;
    });
    return (await this.views([row]))[0]!;
  }

  async remove(id: string, actor: AuditActor): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const [gone] = await tx.delete(sitePromos).where(eq(sitePromos.id, id)).returning();
      if (!gone) throw notFound(NOT_FOUND);
      await recordAudit(tx, actor, { action: 'promo.delete', targetType: 'promo', targetId: id, before: audited(gone) });
    });
  }
}

/** The audit snapshot of a promo. */
function audited(r: SitePromoRow) {
  return { title: r.title, imageId: r.imageId, link: r.link, position: r.position, sortOrder: r.sortOrder, startAt: r.startAt.toISOString(), endAt: r.endAt.toISOString() };
}
