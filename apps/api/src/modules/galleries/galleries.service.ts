import { labelledSql } from '../labels/labels.tables';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  MESSAGES, isUuid, ppvPriceLimits, toMinor,
  type createGallerySchema, type Gallery, type GalleryQuery, type OwnGalleryQuery, type updateGallerySchema,
} from '@stagepass/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { Events } from '../../platform/events';
import { isAdmin } from '../../platform/auth';
import { conflict, fieldError, notFound } from '../../platform/errors';
import type { MediaService } from '../media/media.service';
import type { SettingsService } from '../settings/settings.service';
import type { UsersService } from '../users/users.service';
import type { SellerGate } from '../performers/performers.policy';
import type { CoPerformerGate } from '../releases/coperformers.service';
import type { UserRow } from '../users/users.tables';
import { purchases } from '../purchases/purchases.tables';
import { hidesFromCountry, isBlockedBetween } from '../blocks/blocks.policy';
import { galleries } from './galleries.tables';
import { galleryAccessOne, galleryModerationSql, listedSql, type GalleryAccess } from './galleries.policy';
import { GalleryViews, galleryColumns, type Galleryish } from './galleries.views';
import { isLiveTierOf } from '../subscriptions/tiers.policy';

type CreateGallery = z.output<typeof createGallerySchema>;
type UpdateGallery = z.output<typeof updateGallerySchema>;

/** What GalleriesService is built with (by the composition root, root.ts). */
export interface GalleriesDeps {
  db: Db;
  /** A counted view's `content.viewed` (statistics), in the view's transaction. */
  events: Pick<Events, 'record'>;
  media: MediaService;
  settings: SettingsService;
  users: UsersService;
  /** THE selling rule (performers.policy.ts): an active item with a price needs a verified creator. */
  sellers: Pick<SellerGate, 'assertCanSell'>;
  /** The co-performer gate (modules/releases): the people an item names, checked when it publishes. */
  coPerformers: CoPerformerGate;
}

/** Tags as stored: lower case, each once, in the order given. */
const normTags = (tags: string[]) => [...new Set(tags.map((t) => t.toLowerCase()))];

/**
 * Galleries: the creator's CRUD and the fans' reads (this file); photos live in photos.service.ts,
 * views in galleries.views.ts, the access rule in galleries.policy.ts. Rules: README.md beside
 * this file.
 */
export class GalleriesService {
  readonly views: GalleryViews;

  constructor(private deps: GalleriesDeps) {
    this.views = new GalleryViews(deps);
  }

  private get db() {
    return this.deps.db;
  }

  // ---------------------------------------------------------------- creator side

  async create(owner: UserRow, input: CreateGallery): Promise<Galleryish> {
    const price = await this.checkPrice(input.access, input.price ?? null);
    if (price !== null && input.status === 'active') await this.deps.sellers.assertCanSell(owner.id);
    if (input.minTierId && !(await isLiveTierOf(this.db, owner.id, input.minTierId))) throw fieldError('minTierId', 'Choose one of your subscription tiers');
    const publishAt = this.scheduleTime(input.scheduleAt) ?? new Date();
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(galleries)
        .values({ performerId: owner.id, title: input.title, description: input.description, tags: normTags(input.tags), status: input.status, access: input.access, price, publishAt, minTierId: input.minTierId ?? null })
        .returning(galleryColumns);
      await this.deps.coPerformers.apply(tx, owner, 'gallery', row!.id, input.coPerformers, { publishing: row!.status === 'active' });
      return row!;
    });
  }

  async update(owner: UserRow, id: string, input: UpdateGallery): Promise<Galleryish> {
    const current = await this.ownGallery(owner, id);
    const access = input.access ?? current.access;
    // A new price is checked against today's limits; an unchanged one is kept as it is.
    const price =
      access !== 'sale' ? null : input.price !== undefined ? await this.checkPrice(access, input.price) : (current.price ?? (await this.checkPrice(access, null)));
    if (price !== null && (input.status ?? current.status) === 'active') await this.deps.sellers.assertCanSell(owner.id);
    const patch: Partial<typeof galleries.$inferInsert> = { access, price, updatedAt: new Date() };
    if (input.minTierId && !(await isLiveTierOf(this.db, owner.id, input.minTierId))) throw fieldError('minTierId', 'Choose one of your subscription tiers');
    if (input.minTierId !== undefined) patch.minTierId = input.minTierId;
    if (input.title !== undefined) patch.title = input.title;
    if (input.description !== undefined) patch.description = input.description;
    if (input.tags !== undefined) patch.tags = normTags(input.tags);
    if (input.status !== undefined) patch.status = input.status;
    if (input.scheduleAt !== undefined) {
      const at = this.scheduleTime(input.scheduleAt);
      if (at) patch.publishAt = at;
      else if (current.publishAt.getTime() > Date.now()) patch.publishAt = new Date();
    }
    return this.db.transaction(async (tx) => {
      const [row] = await tx.update(galleries).set(patch).where(and(eq(galleries.id, current.id), eq(galleries.performerId, owner.id))).returning(galleryColumns);
      if (!row) throw notFound('Gallery not found');
      await this.deps.coPerformers.apply(tx, owner, 'gallery', row.id, input.coPerformers, { publishing: row.status === 'active' });
      return row;
    });
  }

  /**
   * Deletes an own gallery and its photos (cascade; the files stay in the vault). Refused (409)
   * once anyone bought it: buyers keep what they paid for, so the creator makes it inactive
   * instead. The row is locked first, and a sale locks it too (the kind's `sale`), so a purchase
   * racing the delete either lands first (→ 409 here) or finds no gallery (→ 404 there).
   */
  async remove(owner: UserRow, id: string): Promise<void> {
    if (!isUuid(id)) throw notFound('Gallery not found');
    await this.db.transaction(async (tx) => {
      const [g] = await tx.select({ id: galleries.id }).from(galleries).where(and(eq(galleries.id, id), eq(galleries.performerId, owner.id))).for('update');
      if (!g) throw notFound('Gallery not found');
      const [sold] = await tx.select({ id: purchases.id }).from(purchases).where(and(eq(purchases.itemType, 'gallery'), eq(purchases.itemId, g.id))).limit(1);
      if (sold) throw conflict('Fans bought this gallery: make it inactive instead (buyers keep access to what they paid for)');
      await tx.delete(galleries).where(eq(galleries.id, g.id));
      await this.deps.coPerformers.forget(tx, 'gallery', g.id);
    });
  }

  /** One of the caller's own galleries; 404 for anyone else's (admins included: this is the studio). */
  async ownGallery(owner: UserRow, id: string, db: DbOrTx = this.db): Promise<Galleryish> {
    if (!isUuid(id)) throw notFound('Gallery not found');
    const [row] = await db.select(galleryColumns).from(galleries).where(and(eq(galleries.id, id), eq(galleries.performerId, owner.id))).limit(1);
    if (!row) throw notFound('Gallery not found');
    return row;
  }

  async listOwn(owner: UserRow, q: OwnGalleryQuery) {
    const conds: SQL[] = [eq(galleries.performerId, owner.id)];
    if (q.status) conds.push(eq(galleries.status, q.status));
    if (q.access) conds.push(eq(galleries.access, q.access));
    if (q.q) conds.push(sql`${galleries.searchVector} @@ plainto_tsquery('simple', ${q.q})`);
    return this.page(and(...conds)!, q);
  }

  // ---------------------------------------------------------------- fan side

  /**
   * Active, published galleries, not across a block. With `performerId`: that creator's — 404 when
   * there is a block either way or the creator hides from the visitor's `country` (resolved by the
   * route from the request address), never for the owner or an admin.
   */
  async search(viewer: UserRow | null, q: GalleryQuery, visit: { country?: string | null } = {}) {
    const conds: SQL[] = [listedSql(viewer)];
    if (q.performerId) {
      if (!(viewer && (viewer.id === q.performerId || isAdmin(viewer)))) {
        if (viewer && (await isBlockedBetween(this.db, viewer.id, q.performerId))) throw notFound('Creator not found');
        if (await hidesFromCountry(this.db, q.performerId, visit.country)) throw notFound('Creator not found');
      }
      conds.push(eq(galleries.performerId, q.performerId));
    }
    if (q.access) conds.push(eq(galleries.access, q.access));
    if (q.tag) conds.push(sql`${galleries.tags} @> array[${q.tag.replace(/^#+/, '').toLowerCase()}]::text[]`);
    if (q.label) conds.push(labelledSql('gallery', galleries.id, q.label));
    if (q.q) conds.push(sql`${galleries.searchVector} @@ plainto_tsquery('simple', ${q.q})`);
    return this.page(and(...conds)!, q);
  }

  /** A gallery the viewer may know exists (404 otherwise), with its access. */
  async readable(viewer: UserRow | null, id: string, db: DbOrTx = this.db): Promise<{ gallery: Galleryish; access: GalleryAccess }> {
    if (!isUuid(id)) throw notFound('Gallery not found');
    const [gallery] = await db.select(galleryColumns).from(galleries).where(and(eq(galleries.id, id), galleryModerationSql(viewer))).limit(1);
    if (!gallery) throw notFound('Gallery not found');
    const access = await galleryAccessOne(db, viewer, gallery);
    if (!access.visible) throw notFound('Gallery not found');
    return { gallery, access };
  }

  /** GET /performer-assets/galleries/{id}: counts a view when the reader is not the owner. */
  async read(viewer: UserRow | null, id: string): Promise<Gallery> {
    const { gallery, access } = await this.readable(viewer, id);
    if (!access.isOwner) {
      // Not an edit: updatedAt stays.
      const [n] = await this.db.transaction(async (tx) => {
        const counted = await tx
          .update(galleries)
          .set({ totalView: sql`${galleries.totalView} + 1`, updatedAt: sql`${galleries.updatedAt}` })
          .where(eq(galleries.id, gallery.id))
          .returning({ totalView: galleries.totalView });
        if (counted.length) await this.deps.events.record(tx, 'content.viewed', { kind: 'gallery', itemId: gallery.id, performerId: gallery.performerId });
        return counted;
      });
      if (n) gallery.totalView = n.totalView;
    }
    return this.toView(viewer, gallery);
  }

  // ---------------------------------------------------------------- views

  toViews(viewer: UserRow | null, rows: Galleryish[]): Promise<Gallery[]> {
    return this.views.toViews(viewer, rows);
  }

  async toView(viewer: UserRow | null, row: Galleryish): Promise<Gallery> {
    return (await this.views.toViews(viewer, [row]))[0]!;
  }

  private async page(where: SQL, q: { offset: number; limit: number; sortBy?: string; sort?: 'asc' | 'desc' }) {
    const col = q.sortBy === 'createdAt' ? galleries.createdAt : q.sortBy === 'updatedAt' ? galleries.updatedAt : galleries.publishAt;
    const dir = q.sort === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      this.db.select(galleryColumns).from(galleries).where(where).orderBy(dir(col), dir(galleries.id)).offset(q.offset).limit(q.limit),
      this.db.select({ n: count() }).from(galleries).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  /** `sale` needs a price within the site's pay-per-view limits (feeds' rule, `ppvPriceLimits`); other access stores none. */
  private async checkPrice(access: string, price: number | null): Promise<number | null> {
    if (access !== 'sale') return null;
    if (price === null || price === undefined) throw fieldError('price', 'Set a price for a gallery for sale');
    const { min, max } = ppvPriceLimits({
      minimumSubscriptionPrice: await this.deps.settings.get('minimumSubscriptionPrice'),
      maximumTipPrice: await this.deps.settings.get('maximumTipPrice'),
    });
    if (price < min || price > max) throw fieldError('price', MESSAGES.amountOutOfRange('price', min, max));
    return toMinor(price);
  }

  private scheduleTime(at: string | null | undefined): Date | null {
    if (!at) return null;
    const d = new Date(at);
    if (d.getTime() <= Date.now()) throw fieldError('scheduleAt', 'Choose a time in the future');
    return d;
  }
}
