import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  MESSAGES, PRODUCT_FILE_FIELDS, PRODUCT_MAX_IMAGES, isUuid, toMinor,
  type CreateProductInput, type OwnProductSearchQuery, type Product, type ProductSearchQuery, type UpdateProductInput,
} from '@stagepass/shared';
import type { Db, Tx } from '../../db/client';
import type { ReceivedFile } from '../../platform/uploads';
import type { SaleTerms } from '../../platform/content-kinds';
import { badRequest, conflict, notFound, unprocessable, type FieldError } from '../../platform/errors';
import type { UserRow } from '../users/users.tables';
import type { FileRow } from '../media/media.tables';
import type { MediaService } from '../media/media.service';
import type { UsersService } from '../users/users.service';
import type { SellerGate } from '../performers/performers.policy';
import { products } from './products.tables';
import { canSeeProduct, shopListableSql } from './products.policy';
import { ProductViews, productColumns, type Productish } from './products.views';

/** File kinds of the media module: images (public, through the pipeline) and the digital file (private, raw). */
export const PRODUCT_IMAGE_KIND = 'product-image';
export const PRODUCT_FILE_KIND = 'product-file';

/** What ProductsService is built with (by the composition root, root.ts). */
export interface ProductsDeps {
  db: Db;
  media: MediaService;
  users: UsersService;
  /** THE selling rule (performers.policy.ts): an active product needs a verified creator (drafts and inactive ones are free to prepare). */
  sellers: Pick<SellerGate, 'assertCanSell'>;
}

type ListQuery = { offset: number; limit: number; sort: 'asc' | 'desc'; sortBy: 'createdAt' | 'updatedAt' | 'price' | 'name'; q?: string; type?: 'physical' | 'digital' };

/**
 * A creator's shop: the creator's products (create and update take the multipart files), the
 * fans' reads, and the sale of a product inside a wallet charge's transaction (`sale`, used by the
 * product content kind). Rules: README.md beside this file.
 */
export class ProductsService {
  private readonly views: ProductViews;

  constructor(private deps: ProductsDeps) {
    this.views = new ProductViews(deps);
  }

  private get db() {
    return this.deps.db;
  }

  // ---------------------------------------------------------------- creator side

  async create(owner: UserRow, input: CreateProductInput, uploads: ReceivedFile[]): Promise<Productish> {
    const { images, digital } = this.split(uploads);
    const details: FieldError[] = [];
    if (images.length > PRODUCT_MAX_IMAGES) details.push({ field: PRODUCT_FILE_FIELDS.image, message: `At most ${PRODUCT_MAX_IMAGES} images` });
    this.checkDigital(details, input.type, input.status, digital, null);
    if (details.length) throw badRequest(details[0]!.message, details);
    if (input.status === 'active') await this.deps.sellers.assertCanSell(owner.id);
    const physical = input.type === 'physical';
    return this.withStoredFiles(owner, images, digital, async (imageRows, digitalRow) => {
      const [row] = await this.db
        .insert(products)
        .values({
          performerId: owner.id, name: input.name, description: input.description, type: input.type, status: input.status,
          price: toMinor(input.price), stock: physical ? input.stock! : null, shippingFee: physical ? toMinor(input.shippingFee ?? 0) : 0,
          imageIds: imageRows.map((f) => f.id), digitalFileId: digitalRow?.id ?? null,
        })
        .returning(productColumns);
      return row!;
    }).then((r) => r.row);
  }

  async update(owner: UserRow, id: string, input: UpdateProductInput, uploads: ReceivedFile[]): Promise<Productish> {
    const current = await this.own(owner, id);
    const { images, digital } = this.split(uploads);
    const details: FieldError[] = [];
    if (input.type && input.type !== current.type) details.push({ field: 'type', message: "A product's type cannot be changed: create a new product" });
    const kept = input.imageIds ?? current.imageIds;
    kept.forEach((fid, i) => {
      if (!current.imageIds.includes(fid)) details.push({ field: `imageIds.${i}`, message: 'Not an image of this product' });
    });
    if (kept.length + images.length > PRODUCT_MAX_IMAGES) details.push({ field: PRODUCT_FILE_FIELDS.image, message: `At most ${PRODUCT_MAX_IMAGES} images` });
    this.checkDigital(details, current.type, input.status ?? current.status, digital, current.digitalFileId);
    if (details.length) throw badRequest(details[0]!.message, details);
    if ((input.status ?? current.status) === 'active') await this.deps.sellers.assertCanSell(owner.id);
    const physical = current.type === 'physical';
    const { row } = await this.withStoredFiles(owner, images, digital, async (imageRows, digitalRow) => {
      const [r] = await this.db
        .update(products)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.status !== undefined ? { status: input.status } : {}),
          ...(input.price !== undefined ? { price: toMinor(input.price) } : {}),
          ...(physical && input.stock !== undefined ? { stock: input.stock } : {}),
          ...(physical && input.shippingFee !== undefined ? { shippingFee: toMinor(input.shippingFee) } : {}),
          imageIds: [...kept, ...imageRows.map((f) => f.id)],
          ...(digitalRow ? { digitalFileId: digitalRow.id } : {}),
        })
        .where(and(eq(products.id, current.id), eq(products.performerId, owner.id)))
        .returning(productColumns);
      if (!r) throw notFound('Product not found');
      return r;
    });
    // Committed: the files the product no longer uses go (buyers of a digital product get the new file).
    const dropped = current.imageIds.filter((fid) => !kept.includes(fid));
    if (digital && current.digitalFileId) dropped.push(current.digitalFileId);
    await this.removeFiles(dropped);
    return row;
  }

  /**
   * Deletes an own product and its files. A product that has sold (`total_sold` > 0: every order
   * line adds to it in the charge's transaction, a refund takes it back) is kept for its buyers and
   * their orders → 409 (set it inactive instead). The row is locked first, so a purchase running at
   * the same time either commits before (→ 409) or finds no product (→ 404).
   */
  async remove(owner: UserRow, id: string): Promise<void> {
    if (!isUuid(id)) throw notFound('Product not found');
    const gone = await this.db.transaction(async (tx) => {
      const [row] = await tx.select(productColumns).from(products).where(and(eq(products.id, id), eq(products.performerId, owner.id))).for('update');
      if (!row) throw notFound('Product not found');
      if (row.totalSold > 0) throw conflict('This product has orders, so it is kept for its buyers: set it inactive to take it out of your shop');
      await tx.delete(products).where(eq(products.id, row.id));
      return row;
    });
    await this.removeFiles([...gone.imageIds, ...(gone.digitalFileId ? [gone.digitalFileId] : [])]);
  }

  /** One of the caller's own products; 404 for anyone else's (admins included: this is the creator's shop). */
  async own(owner: UserRow, id: string): Promise<Productish> {
    if (!isUuid(id)) throw notFound('Product not found');
    const [row] = await this.db.select(productColumns).from(products).where(and(eq(products.id, id), eq(products.performerId, owner.id))).limit(1);
    if (!row) throw notFound('Product not found');
    return row;
  }

  searchOwn(owner: UserRow, q: OwnProductSearchQuery) {
    const conds = [eq(products.performerId, owner.id), ...this.filters(q)];
    if (q.status) conds.push(eq(products.status, q.status));
    return this.page(and(...conds)!, q);
  }

  // ---------------------------------------------------------------- fan side

  /** The shop: active products, none across a block (products.policy.ts). */
  search(viewer: UserRow | null, q: ProductSearchQuery) {
    const conds = [shopListableSql(viewer), ...this.filters(q)];
    if (q.performerId) conds.push(eq(products.performerId, q.performerId));
    return this.page(and(...conds)!, q);
  }

  /** A product the viewer may know exists (404 otherwise: draft, inactive, blocked). */
  async readable(viewer: UserRow | null, id: string): Promise<Productish> {
    const row = await this.byId(id);
    if (!row || !(await canSeeProduct(this.db, viewer, row))) throw notFound('Product not found');
    return row;
  }

  /** Any product by id (no access rule: callers apply theirs). */
  async byId(id: string): Promise<Productish | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db.select(productColumns).from(products).where(eq(products.id, id)).limit(1);
    return row ?? null;
  }

  /** One view of a product page by someone other than its owner (not an edit: updatedAt stays). */
  async countView(viewer: UserRow | null, row: Productish): Promise<Productish> {
    if (viewer?.id === row.performerId) return row;
    const [r] = await this.db.update(products).set({ totalView: sql`${products.totalView} + 1`, updatedAt: sql`${products.updatedAt}` }).where(eq(products.id, row.id)).returning({ totalView: products.totalView });
    return r ? { ...row, totalView: r.totalView } : row;
  }

  /** One more download of a product's file (products.downloads.ts). */
  async countDownload(id: string): Promise<void> {
    await this.db.update(products).set({ totalDownload: sql`${products.totalDownload} + 1`, updatedAt: sql`${products.updatedAt}` }).where(eq(products.id, id));
  }

  toViews(viewer: UserRow | null, rows: Productish[]): Promise<Product[]> {
    return this.views.toViews(viewer, rows);
  }

  async toView(viewer: UserRow | null, row: Productish): Promise<Product> {
    return (await this.views.toViews(viewer, [row]))[0]!;
  }

  // ---------------------------------------------------------------- sale (the product content kind)

  /**
   * The terms of buying `quantity` of a product, inside the wallet charge's transaction. Physical:
   * the stock is taken by ONE conditional UPDATE (`status = active and stock >= quantity`), so
   * concurrent buyers of the last items can never oversell: the row lock queues them, and those the
   * stock no longer covers update nothing → 422 "Only N left" / "out of stock", and their charge
   * rolls back. Price = unit price × quantity + shipping fee. Digital: bought once (`repeatable`
   * false: the wallet records the purchase, and refuses a quantity other than 1).
   */
  async sale(tx: Tx, buyer: UserRow, id: string, quantity: number): Promise<SaleTerms> {
    if (!isUuid(id)) throw notFound('Product not found');
    const [p] = await tx.select({ id: products.id, performerId: products.performerId, status: products.status, hiddenAt: products.hiddenAt, type: products.type, name: products.name, digitalFileId: products.digitalFileId }).from(products).where(eq(products.id, id));
    if (!p || !(await canSeeProduct(tx, buyer, p))) throw notFound('Product not found');
    if (p.performerId === buyer.id) throw unprocessable(MESSAGES.ownItem);
    if (p.status !== 'active') throw unprocessable('This product is not on sale');
    const same = sql`${products.updatedAt}`;
    if (p.type === 'digital') {
      // Bought once: the wallet refuses any quantity but 1 for a non-repeatable sale (with the field of the line it came from).
      if (!p.digitalFileId) throw unprocessable('This product is not available yet');
      const [u] = await tx
        .update(products)
        .set({ totalSold: sql`${products.totalSold} + 1`, updatedAt: same })
        .where(and(eq(products.id, id), eq(products.status, 'active')))
        .returning({ price: products.price, name: products.name });
      if (!u) throw notFound('Product not found');
      return { itemId: id, performerId: p.performerId, price: u.price, description: `Product: ${u.name}`, quantity: 1, repeatable: false, goods: { name: u.name, type: 'digital', unitPrice: u.price, shippingFee: 0 } };
    }
    const [u] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${quantity}`, totalSold: sql`${products.totalSold} + ${quantity}`, updatedAt: same })
      .where(and(eq(products.id, id), eq(products.status, 'active'), eq(products.type, 'physical'), sql`${products.stock} >= ${quantity}`))
      .returning({ price: products.price, shippingFee: products.shippingFee, name: products.name });
    if (!u) {
      const [now] = await tx.select({ stock: products.stock, status: products.status }).from(products).where(eq(products.id, id));
      if (!now) throw notFound('Product not found');
      if (now.status !== 'active') throw unprocessable('This product is not on sale');
      const left = now.stock ?? 0;
      throw unprocessable(left > 0 ? `Only ${left} left of “${p.name}”` : `“${p.name}” is out of stock`);
    }
    return {
      itemId: id, performerId: p.performerId, price: u.price * quantity + u.shippingFee,
      description: quantity > 1 ? `Product: ${u.name} × ${quantity}` : `Product: ${u.name}`, quantity, repeatable: true,
      goods: { name: u.name, type: 'physical', unitPrice: u.price, shippingFee: u.shippingFee },
    };
  }

  /** Gives back the stock a refunded order had taken (physical products; a deleted product: nothing). */
  async restock(tx: Tx, id: string, quantity: number): Promise<void> {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${quantity}`, totalSold: sql`greatest(${products.totalSold} - ${quantity}, 0)`, updatedAt: sql`${products.updatedAt}` })
      .where(and(eq(products.id, id), eq(products.type, 'physical')));
  }

  // ---------------------------------------------------------------- helpers

  private split(uploads: ReceivedFile[]) {
    return {
      images: uploads.filter((f) => f.field === PRODUCT_FILE_FIELDS.image),
      digital: uploads.filter((f) => f.field === PRODUCT_FILE_FIELDS.digitalFile),
    };
  }

  /** The digital file rules: digital products only, one file, and an active digital product needs one. */
  private checkDigital(details: FieldError[], type: string, status: string, digital: ReceivedFile[], currentFileId: string | null) {
    const field = PRODUCT_FILE_FIELDS.digitalFile;
    if (type === 'physical' && digital.length) details.push({ field, message: 'Only a digital product has a file to download' });
    else if (digital.length > 1) details.push({ field, message: 'Attach one file' });
    else if (type === 'digital' && status === 'active' && !digital.length && !currentFileId) details.push({ field, message: 'Attach the file buyers will download' });
  }

  /**
   * Stores the new files (images through the media pipeline as public files; the digital file raw
   * and private), then runs `write`. If storing or writing fails, every file stored here is removed
   * again (row and bytes): nothing is left half-written.
   */
  private async withStoredFiles<T>(owner: UserRow, images: ReceivedFile[], digital: ReceivedFile[], write: (imageRows: FileRow[], digitalRow: FileRow | null) => Promise<T>): Promise<{ row: T }> {
    const stored: FileRow[] = [];
    try {
      const imageRows: FileRow[] = [];
      for (const f of images) {
        const row = await this.deps.media.storeUpload(owner.id, PRODUCT_IMAGE_KIND, 'image', f, { visibility: 'public' });
        stored.push(row);
        imageRows.push(row);
      }
      const digitalRow = digital[0] ? await this.deps.media.storeRaw(owner.id, PRODUCT_FILE_KIND, 'private', digital[0]) : null;
      if (digitalRow) stored.push(digitalRow);
      return { row: await write(imageRows, digitalRow) };
    } catch (err) {
      await Promise.all(stored.map((f) => this.deps.media.remove(f).catch(() => undefined)));
      throw err;
    }
  }

  private async removeFiles(ids: string[]): Promise<void> {
    if (!ids.length) return;
    const rows = await this.deps.media.byIds(ids);
    await Promise.all(rows.map((f) => this.deps.media.remove(f).catch(() => undefined)));
  }

  private async page(where: SQL, q: ListQuery): Promise<{ rows: Productish[]; total: number }> {
    const col = q.sortBy === 'updatedAt' ? products.updatedAt : q.sortBy === 'price' ? products.price : q.sortBy === 'name' ? products.name : products.createdAt;
    const dir = q.sort === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      this.db.select(productColumns).from(products).where(where).orderBy(dir(col), dir(products.id)).offset(q.offset).limit(q.limit),
      this.db.select({ n: count() }).from(products).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  private filters(q: { q?: string; type?: 'physical' | 'digital' }): SQL[] {
    const out: SQL[] = [];
    if (q.type) out.push(eq(products.type, q.type));
    if (q.q) out.push(sql`${products.searchVector} @@ plainto_tsquery('simple', ${q.q})`);
    return out;
  }

  /** Products by id (any status) for the content kind's views; the caller filters by the rule. */
  async rowsByIds(ids: string[], where?: SQL): Promise<Productish[]> {
    if (!ids.length) return [];
    return this.db.select(productColumns).from(products).where(and(inArray(products.id, ids), where));
  }
}
