import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { CART_MAX_LINES, CART_MESSAGES, MESSAGES, PRODUCT_QUANTITY_MAX, type Cart, type CartLine } from '@stagepass/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { ContentKinds } from '../../platform/content-kinds';
import type { Events } from '../../platform/events';
import { notFound, unprocessable } from '../../platform/errors';
import type { UserRow } from '../users/users.tables';
import { cartItems } from './orders.tables';

/** What CartService is built with (by the composition root, root.ts). */
export interface CartDeps {
  db: Db;
  /** The `product` kind: which products a fan may see and who sells them (its `views`, one batch). */
  contentKinds: Pick<ContentKinds, 'get'>;
}

/**
 * A signed-in fan's cart, kept on the server (issue 26 §4.5; README.md beside this file, "Cart"):
 * lines of products the fan may buy — seen through the `product` kind, not their own — 1–99 units
 * each, at most CART_MAX_LINES lines. Every call acts on the caller's own cart only.
 */
export class CartService {
  constructor(private deps: CartDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  async get(userId: string, db: DbOrTx = this.db): Promise<Cart> {
    const rows = await db.select({ productId: cartItems.productId, quantity: cartItems.quantity }).from(cartItems).where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.createdAt), asc(cartItems.productId));
    return { lines: rows };
  }

  /** Of `ids`, the products `user` may put in a cart (seen through the kind, not their own) — one batch. */
  private async buyable(user: UserRow, ids: string[]): Promise<{ ok: Set<string>; own: Set<string> }> {
    const views = ids.length ? ((await this.deps.contentKinds.get('product')?.views?.(user, ids)) ?? []) : [];
    const ok = new Set<string>();
    const own = new Set<string>();
    for (const v of views as Array<{ _id: string; performerId?: string; status?: string }>) {
      if (v.performerId === user.id) own.add(v._id);
      else if (v.status === undefined || v.status === 'active') ok.add(v._id);
    }
    return { ok, own };
  }

  private async checkOne(user: UserRow, productId: string): Promise<void> {
    const { ok, own } = await this.buyable(user, [productId]);
    if (own.has(productId)) throw unprocessable(MESSAGES.ownItem);
    if (!ok.has(productId)) throw notFound(CART_MESSAGES.notFound);
  }

  /** Writes a line to `quantity` (`add`: grows it by that much), making it when missing within the line limit. */
  private async write(user: UserRow, productId: string, quantity: number, mode: 'add' | 'set'): Promise<Cart> {
    await this.checkOne(user, productId);
    return this.db.transaction(async (tx) => {
      // One cart at a time per fan: concurrent adds of new lines cannot pass the limit together.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cart:${user.id}`}))`);
      const [existing] = await tx.select({ quantity: cartItems.quantity }).from(cartItems).where(and(eq(cartItems.userId, user.id), eq(cartItems.productId, productId)));
      if (existing) {
        const next = Math.min(PRODUCT_QUANTITY_MAX, mode === 'add' ? existing.quantity + quantity : quantity);
        await tx.update(cartItems).set({ quantity: next, updatedAt: new Date() }).where(and(eq(cartItems.userId, user.id), eq(cartItems.productId, productId)));
      } else {
        const [{ n }] = await tx.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, user.id));
        if (Number(n) >= CART_MAX_LINES) throw unprocessable(CART_MESSAGES.full);
        await tx.insert(cartItems).values({ userId: user.id, productId, quantity: Math.min(PRODUCT_QUANTITY_MAX, quantity) });
      }
      return this.get(user.id, tx);
    });
  }

  add(user: UserRow, line: CartLine): Promise<Cart> {
    return this.write(user, line.productId, line.quantity, 'add');
  }

  set(user: UserRow, productId: string, quantity: number): Promise<Cart> {
    return this.write(user, productId, quantity, 'set');
  }

  async remove(userId: string, productIds: string[]): Promise<Cart> {
    if (productIds.length) await this.db.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, productIds)));
    return this.get(userId);
  }

  /**
   * A guest cart into the fan's at sign-in: quantities of a product in both add up (capped at
   * 99); products the fan may not buy (unknown, hidden, their own) and lines past the limit are
   * left out — never an error, the guest cart was made without an account.
   */
  async merge(user: UserRow, items: CartLine[]): Promise<Cart> {
    const ids = [...new Set(items.map((i) => i.productId))];
    const { ok } = await this.buyable(user, ids);
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cart:${user.id}`}))`);
      const current = await this.get(user.id, tx);
      const have = new Map(current.lines.map((l) => [l.productId, l.quantity]));
      let lines = current.lines.length;
      const wanted = new Map<string, number>();
      for (const i of items) if (ok.has(i.productId)) wanted.set(i.productId, (wanted.get(i.productId) ?? 0) + i.quantity);
      for (const [productId, quantity] of wanted) {
        const before = have.get(productId);
        if (before !== undefined) {
          await tx.update(cartItems).set({ quantity: Math.min(PRODUCT_QUANTITY_MAX, before + quantity), updatedAt: new Date() }).where(and(eq(cartItems.userId, user.id), eq(cartItems.productId, productId)));
        } else if (lines < CART_MAX_LINES) {
          await tx.insert(cartItems).values({ userId: user.id, productId, quantity: Math.min(PRODUCT_QUANTITY_MAX, quantity) });
          lines++;
        }
      }
      return this.get(user.id, tx);
    });
  }
}

/** The orders module's cart handler: a product bought leaves its buyer's cart (the cart checkout, or a single purchase). */
export function registerCartHandlers({ events }: { events: Events }): void {
  // Someone is waiting on these (EventLane): they never queue behind the bulk lane's rollups and fan-out.
  const interactive = events.with({ lane: 'interactive' });
  interactive.on('order.placed', 'orders.cart-bought', async ({ payload: e }, tx) => {
    await tx.delete(cartItems).where(and(eq(cartItems.userId, e.buyerId), eq(cartItems.productId, e.productId)));
  });
}
