import { and, asc, count, desc, eq, inArray, max, sql, sum, type SQL } from 'drizzle-orm';
import {
  TIP_MENU_MAX_ITEMS, fromMinor, toMinor,
  type TipMenuItem, type TipMenuItemPatch, type TipMenuOrder, type TipMenuOrderBody, type TipMenuOrderResult, type TipMenuOrdersQuery,
} from '@stagepass/shared';
import type { z } from 'zod';
import type { tipMenuItemInputSchema } from '@stagepass/shared';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { HttpError, badRequest, conflict, forbidden, notFound, unprocessable } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import { isBlockedBetween } from '../blocks/blocks.policy';
import type { Idempotency, Replayable } from '../ledger/idempotency';
import type { PaymentsService } from '../payments/payments.service';
import { users, type UserRow } from '../users/users.tables';
import type { UsersService } from '../users/users.service';
import type { WalletService } from '../wallet/wallet.service';
import { tipMenuItems, tipMenuOrders, type TipMenuItemRow, type TipMenuOrderRow } from './tipmenu.tables';

type ItemInput = z.output<typeof tipMenuItemInputSchema>;

/** What TipMenuService is built with (by the composition root, root.ts). */
export interface TipMenuDeps {
  clock: Clock;
  db: Db;
  idempotency: Idempotency;
  /** THE tip range rule (settings minimumTipPrice..maximumTipPrice) and the spending pause. */
  payments: Pick<PaymentsService, 'checkRange' | 'assertMaySpend'>;
  users: Pick<UsersService, 'card'>;
  /** The tip itself: wallet charge, ledger, earnings (channel tip_menu), the stream's chat line. */
  wallet: Pick<WalletService, 'menuTip'>;
}

const KEYWORD_TAKEN = 'You already use this keyword for another item';

/** The tip menu (README.md beside this file): the creator's items, the fans' orders (tips), the creator's queue. */
export class TipMenuService {
  constructor(private deps: TipMenuDeps) {}

  private itemView(r: TipMenuItemRow, figures?: { orders: number; revenue: number }): TipMenuItem {
    return {
      _id: r.id, name: r.name, description: r.description, price: fromMinor(r.price), keyword: r.keyword, active: r.active, position: r.position,
      ...(figures ? { orders: figures.orders, revenue: fromMinor(figures.revenue) } : {}),
    };
  }

  /** GET /tip-menu/mine: all the caller's items in order, with orders and revenue per item (one grouped query). */
  async mine(performer: UserRow, db: Db | Tx = this.deps.db): Promise<TipMenuItem[]> {
    const [rows, figures] = await Promise.all([
      db.select().from(tipMenuItems).where(eq(tipMenuItems.performerId, performer.id)).orderBy(asc(tipMenuItems.position), asc(tipMenuItems.id)),
      db.select({ itemId: tipMenuOrders.itemId, n: count(), total: sum(tipMenuOrders.price) }).from(tipMenuOrders).where(eq(tipMenuOrders.performerId, performer.id)).groupBy(tipMenuOrders.itemId),
    ]);
    const byItem = new Map(figures.map((f) => [f.itemId, { orders: Number(f.n), revenue: Number(f.total ?? 0) }]));
    return rows.map((r) => this.itemView(r, byItem.get(r.id) ?? { orders: 0, revenue: 0 }));
  }

  /** GET /tip-menu/performer/{id}: the active items, in order. */
  async ofPerformer(performerId: string): Promise<TipMenuItem[]> {
    const rows = await this.deps.db.select().from(tipMenuItems).where(and(eq(tipMenuItems.performerId, performerId), eq(tipMenuItems.active, true))).orderBy(asc(tipMenuItems.position), asc(tipMenuItems.id)).limit(TIP_MENU_MAX_ITEMS);
    return rows.map((r) => this.itemView(r));
  }

  private async checkPrice(price: number) {
    await this.deps.payments.checkRange('tip', 'price', price, 'minimumTipPrice', 'maximumTipPrice');
  }

  private async saving<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(KEYWORD_TAKEN, [{ field: 'keyword', message: KEYWORD_TAKEN }]);
      throw err;
    }
  }

  async create(performer: UserRow, input: ItemInput): Promise<TipMenuItem> {
    await this.checkPrice(input.price);
    return this.saving(() =>
      this.deps.db.transaction(async (tx) => {
        // The creator's row is locked so two creates cannot both pass the 30-item limit.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, performer.id)).for('update');
        const [{ n, top }] = await tx.select({ n: count(), top: max(tipMenuItems.position) }).from(tipMenuItems).where(eq(tipMenuItems.performerId, performer.id));
        if (Number(n) >= TIP_MENU_MAX_ITEMS) throw unprocessable(`A tip menu has at most ${TIP_MENU_MAX_ITEMS} items`);
        const [row] = await tx
          .insert(tipMenuItems)
          .values({ performerId: performer.id, name: input.name, description: input.description || null, price: toMinor(input.price), keyword: input.keyword ?? null, active: input.active ?? true, position: (top ?? -1) + 1 })
          .returning();
        return this.itemView(row!, { orders: 0, revenue: 0 });
      }),
    );
  }

  private async own(db: Db | Tx, performer: UserRow, id: string): Promise<TipMenuItemRow> {
    const [row] = await db.select().from(tipMenuItems).where(and(eq(tipMenuItems.id, id), eq(tipMenuItems.performerId, performer.id)));
    if (!row) throw notFound('Item not found');
    return row;
  }

  async update(performer: UserRow, id: string, patch: TipMenuItemPatch): Promise<TipMenuItem> {
    await this.own(this.deps.db, performer, id);
    if (patch.price !== undefined) await this.checkPrice(patch.price);
    const set: Partial<typeof tipMenuItems.$inferInsert> = {};
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.price !== undefined) set.price = toMinor(patch.price);
    if (patch.description !== undefined) set.description = patch.description || null;
    if (patch.keyword !== undefined) set.keyword = patch.keyword ?? null;
    if (patch.active !== undefined) set.active = patch.active;
    if (Object.keys(set).length === 0) return (await this.mine(performer)).find((i) => i._id === id)!;
    await this.saving(() => this.deps.db.update(tipMenuItems).set(set).where(and(eq(tipMenuItems.id, id), eq(tipMenuItems.performerId, performer.id))));
    return (await this.mine(performer)).find((i) => i._id === id)!;
  }

  async remove(performer: UserRow, id: string): Promise<{ ok: boolean }> {
    await this.own(this.deps.db, performer, id);
    await this.deps.db.delete(tipMenuItems).where(and(eq(tipMenuItems.id, id), eq(tipMenuItems.performerId, performer.id)));
    return { ok: true };
  }

  async reorder(performer: UserRow, ids: string[]): Promise<TipMenuItem[]> {
    return this.deps.db.transaction(async (tx) => {
      const rows = await tx.select({ id: tipMenuItems.id }).from(tipMenuItems).where(eq(tipMenuItems.performerId, performer.id)).for('update');
      const mine = new Set(rows.map((r) => r.id));
      if (ids.length !== mine.size || new Set(ids).size !== ids.length || ids.some((i) => !mine.has(i))) {
        throw badRequest('List every one of your items once', [{ field: 'ids', message: 'List every one of your items once' }]);
      }
      for (const [position, id] of ids.entries()) await tx.update(tipMenuItems).set({ position }).where(eq(tipMenuItems.id, id));
      return this.mine(performer, tx);
    });
  }

  /**
   * POST /tip-menu/items/{id}/orders: the tip (WalletService.menuTip) and the order row in ONE
   * transaction under the Idempotency-Key; any refusal (balance, stream, seller gate) leaves nothing.
   */
  async order(user: UserRow, itemId: string, body: TipMenuOrderBody, key: string | undefined, fp: string, requestCountry: string | null): Promise<Replayable<TipMenuOrderResult>> {
    if (user.isPerformer) throw new HttpError(403, 'Creators cannot order from a tip menu');
    await this.deps.payments.assertMaySpend(user.id);
    const [item] = await this.deps.db.select().from(tipMenuItems).where(eq(tipMenuItems.id, itemId));
    if (!item || !item.active) throw notFound('This item is not on the menu');
    if (await isBlockedBetween(this.deps.db, user.id, item.performerId)) throw forbidden('You cannot order from this creator');
    // The limits may have changed since the item was priced: THE tip rule applies to every tip.
    await this.checkPrice(fromMinor(item.price));
    const note = (body.note ?? '').replace(/<[^>]*>/g, '').trim();
    return this.deps.idempotency.single(user.id, key, fp, async (tx) => {
      const { charge, balance } = await this.deps.wallet.menuTip(tx, user, { performerId: item.performerId, amount: item.price, itemName: item.name, note, streamId: body.streamId, requestCountry });
      const [row] = await tx.insert(tipMenuOrders).values({ itemId: item.id, performerId: item.performerId, fanId: user.id, itemName: item.name, price: item.price, note, streamId: body.streamId ?? null, chargeId: charge.id, createdAt: this.deps.clock.now() }).returning();
      const [view] = await this.views([row!], tx);
      return { statusCode: 200, body: { order: view!, balance } };
    });
  }

  private async list(where: SQL, q: TipMenuOrdersQuery, order: SQL[]): Promise<{ data: TipMenuOrder[]; total: number }> {
    const [rows, [{ n }]] = await Promise.all([
      this.deps.db.select().from(tipMenuOrders).where(where).orderBy(...order).limit(q.limit).offset(q.offset),
      this.deps.db.select({ n: count() }).from(tipMenuOrders).where(where),
    ]);
    return { data: await this.views(rows), total: Number(n) };
  }

  /** The creator's queue: pending first, then newest. */
  async received(performer: UserRow, q: TipMenuOrdersQuery) {
    const conds = [eq(tipMenuOrders.performerId, performer.id), ...(q.status ? [eq(tipMenuOrders.status, q.status)] : [])];
    return this.list(and(...conds)!, q, [desc(sql`${tipMenuOrders.status} = 'pending'`), desc(tipMenuOrders.createdAt), desc(tipMenuOrders.id)]);
  }

  /** The fan's own orders, newest first. */
  async myOrders(user: UserRow, q: TipMenuOrdersQuery) {
    const conds = [eq(tipMenuOrders.fanId, user.id), ...(q.performerId ? [eq(tipMenuOrders.performerId, q.performerId)] : []), ...(q.status ? [eq(tipMenuOrders.status, q.status)] : [])];
    return this.list(and(...conds)!, q, [desc(tipMenuOrders.createdAt), desc(tipMenuOrders.id)]);
  }

  /** Only the creator the order was made to; done twice → the same answer. */
  async markDone(performer: UserRow, id: string): Promise<TipMenuOrder> {
    const [row] = await this.deps.db.select().from(tipMenuOrders).where(and(eq(tipMenuOrders.id, id), eq(tipMenuOrders.performerId, performer.id)));
    if (!row) throw notFound('Order not found');
    if (row.status === 'done') return (await this.views([row]))[0]!;
    const [updated] = await this.deps.db.update(tipMenuOrders).set({ status: 'done', doneAt: this.deps.clock.now() }).where(and(eq(tipMenuOrders.id, id), eq(tipMenuOrders.status, 'pending'))).returning();
    return (await this.views([updated ?? row]))[0]!;
  }

  private async views(rows: TipMenuOrderRow[], db: Db | Tx = this.deps.db): Promise<TipMenuOrder[]> {
    const ids = [...new Set(rows.flatMap((r) => [r.fanId, r.performerId]))];
    const people = ids.length ? await db.select().from(users).where(inArray(users.id, ids)) : [];
    const byId = new Map(people.map((u) => [u.id, this.deps.users.card(u)]));
    return rows.map((r) => ({
      _id: r.id, itemId: r.itemId, itemName: r.itemName, price: fromMinor(r.price), note: r.note, status: r.status, streamId: r.streamId, chargeId: r.chargeId,
      fan: byId.get(r.fanId) ?? null, performer: byId.get(r.performerId) ?? null, createdAt: r.createdAt.toISOString(), doneAt: r.doneAt?.toISOString() ?? null,
    }));
  }
}
