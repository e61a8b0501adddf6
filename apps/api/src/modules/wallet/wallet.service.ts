import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { MESSAGES, fromMinor, toMinor, type WalletCharge, type WalletChargeBody, type WalletChargeKind, type WalletChargeResult, type WalletChargeSearch } from '@stagepass/shared';
import { uuidv7 } from 'uuidv7';
import { dateRange } from '../../platform/date-range';
import type { Tx } from '../../db/client';
import { HttpError, conflict, fieldError, notFound, unprocessable } from '../../platform/errors';
import type { Replayable } from '../ledger/idempotency';
import { wallet } from '../ledger/ledger.service';
import { users, type UserRow } from '../users/users.tables';
import { walletCharges, type WalletChargeRow } from './wallet.tables';
import { isBlockedBetween } from '../blocks/blocks.policy';
import { isAdmin } from '../../platform/auth';
import type { ContentKinds } from '../../platform/content-kinds';
import type { Db } from '../../db/client';
import type { Events } from '../../platform/events';
import type { CouponsService } from '../coupons/coupons.service';
import type { Idempotency } from '../ledger/idempotency';
import type { LedgerService } from '../ledger/ledger.service';
import type { PaymentsService } from '../payments/payments.service';
import type { PurchasesService } from '../purchases/purchases.service';
import type { UsersService } from '../users/users.service';

/** What WalletService is built with (by the composition root, root.ts). */
export interface WalletDeps {
  contentKinds: ContentKinds;
  coupons: CouponsService;
  db: Db;
  events: Events;
  idempotency: Idempotency;
  ledger: LedgerService;
  payments: PaymentsService;
  purchases: PurchasesService;
  users: UsersService;
}

/**
 * Spending the wallet: tips and purchases (POST /wallet/charges/{kind}/{id}). One database
 * transaction writes the purchase (access), the coupon use, the ledger movement (wallet → creator
 * earnings + site commission), the earnings row, the wallet charge and its domain event
 * (`tip.sent` / `item.purchased`) — or nothing.
 *
 * Order inside the transaction matters for concurrency: the `purchases` row is inserted first
 * (its unique index makes a second buyer of the same item wait, then see it bought → 409), and
 * the wallet is debited by a conditional UPDATE (balance ≥ price), so parallel spends can never
 * take it below zero: the ones that do not fit fail with 422 and leave nothing behind.
 *
 * Inside the transaction every query goes through `tx` (on PGlite a query on the plain
 * connection would wait for the open transaction forever).
 */
export class WalletService {
  constructor(private deps: WalletDeps) {}

  async charge(user: UserRow, kind: WalletChargeKind, id: string, body: WalletChargeBody, key: string | undefined, fp: string): Promise<Replayable<WalletChargeResult>> {
    if (user.isPerformer) throw new HttpError(403, 'Creators cannot spend from a wallet');
    // Validation that needs no transaction comes first.
    if (kind === 'tip') {
      if (body.price === undefined) throw fieldError('price', 'Enter the tip amount');
      await this.deps.payments.checkRange('tip', 'price', body.price, 'minimumTipPrice', 'maximumTipPrice');
    } else if (!this.deps.contentKinds.get(kind)?.sale) {
      throw unprocessable(`Buying a ${kind} is not available yet`);
    }
    const performer = kind === 'tip' ? await this.deps.users.findByIdOrUsername(id) : null;
    return this.deps.idempotency.single(user.id, key, fp, async (tx) => {
      const result = kind === 'tip' ? await this.tip(tx, user, performer, body) : await this.purchase(tx, user, kind, id, body);
      return { statusCode: 200, body: result };
    });
  }

  private async tip(tx: Tx, user: UserRow, performer: UserRow | null, body: WalletChargeBody): Promise<WalletChargeResult> {
    if (!performer || !performer.isPerformer) throw notFound('Creator not found');
    if (performer.id === user.id) throw unprocessable(MESSAGES.ownItem);
    // A block either way: as if the creator did not exist (blocks.policy.ts).
    if (!isAdmin(user) && (await isBlockedBetween(tx, user.id, performer.id))) throw notFound('Creator not found');
    const amount = toMinor(body.price!);
    const message = (body.message ?? '').replace(/<[^>]*>/g, '').trim();
    return this.write(tx, user, { type: 'tip', performerId: performer.id, itemId: null, amount, originalAmount: amount, couponId: null, description: message });
  }

  private async purchase(tx: Tx, user: UserRow, kind: Exclude<WalletChargeKind, 'tip'>, id: string, body: WalletChargeBody): Promise<WalletChargeResult> {
    const seller = this.deps.contentKinds.get(kind);
    if (!seller?.sale) throw unprocessable(`Buying a ${kind} is not available yet`);
    const item = await seller.sale(tx, user, id);
    if (item.performerId === user.id) throw unprocessable(MESSAGES.ownItem);
    // Whatever the kind: nothing is sold across a block, either way (blocks.policy.ts) — 404, as
    // if the item did not exist (a kind's own `sale` may already have said so).
    if (!isAdmin(user) && (await isBlockedBetween(tx, user.id, item.performerId))) throw notFound('Item not found');
    let amount = item.price;
    let couponId: string | null = null;
    const chargeId = uuidv7();
    if (body.couponCode) {
      const c = await this.deps.coupons.redeem(tx, body.couponCode, user.id, item.performerId, `wallet_charge:${chargeId}`);
      couponId = c.id;
      amount = c.apply(amount);
    }
    const bought = await this.deps.purchases.record({ userId: user.id, itemType: kind, itemId: item.itemId, performerId: item.performerId, amount }, tx);
    if (!bought) throw conflict(MESSAGES.alreadyBought);
    return this.write(tx, user, { id: chargeId, type: kind, performerId: item.performerId, itemId: item.itemId, amount, originalAmount: item.price, couponId, description: item.description });
  }

  private async write(tx: Tx, user: UserRow, c: { id?: string; type: WalletChargeKind; performerId: string; itemId: string | null; amount: number; originalAmount: number; couponId: string | null; description: string }): Promise<WalletChargeResult> {
    const id = c.id ?? uuidv7();
    const sale = await this.deps.ledger.recordSale(tx, { performerId: c.performerId, userId: user.id, type: c.type, source: `wallet_charge:${id}`, gross: c.amount, description: c.description, from: wallet(user.id), ledgerType: c.type === 'tip' ? 'tip' : 'purchase' });
    const [row] = await tx.insert(walletCharges).values({ id, userId: user.id, performerId: c.performerId, type: c.type, itemId: c.itemId, amount: c.amount, originalAmount: c.originalAmount, couponId: c.couponId, description: c.description, ledgerTransactionId: sale?.ledgerTx.id ?? null }).returning();
    if (c.type === 'tip') await this.deps.events.record(tx, 'tip.sent', { chargeId: id, userId: user.id, performerId: c.performerId, amount: c.amount, message: c.description });
    else await this.deps.events.record(tx, 'item.purchased', { chargeId: id, userId: user.id, performerId: c.performerId, itemType: c.type, itemId: c.itemId!, amount: c.amount });
    const [view] = await this.views([row], tx);
    return { charge: view, balance: fromMinor(await this.deps.ledger.balance(tx, wallet(user.id))) };
  }

  async views(rows: WalletChargeRow[], db: Tx | Db = this.deps.db): Promise<WalletCharge[]> {
    const ids = [...new Set(rows.map((r) => r.performerId))];
    const perf = ids.length ? await db.select().from(users).where(inArray(users.id, ids)) : [];
    const byId = new Map(perf.map((u) => [u.id, u]));
    return rows.map((r) => {
      const p = byId.get(r.performerId);
      return { _id: r.id, type: r.type, itemId: r.itemId, amount: fromMinor(r.amount), originalAmount: fromMinor(r.originalAmount), description: r.description, performer: p ? this.deps.users.card(p) : null, createdAt: r.createdAt.toISOString() };
    });
  }

  /** GET /wallet/charges/search: the caller's own spending. */
  async search(userId: string, q: WalletChargeSearch): Promise<{ data: WalletCharge[]; total: number }> {
    const conds: SQL[] = [eq(walletCharges.userId, userId)];
    if (q.type) conds.push(eq(walletCharges.type, q.type));
    conds.push(...dateRange(walletCharges.createdAt, q.fromDate, q.toDate));
    const where = and(...conds);
    const col = q.sortBy === 'amount' ? walletCharges.amount : walletCharges.createdAt;
    const [rows, [{ n }]] = await Promise.all([
      this.deps.db.select().from(walletCharges).where(where).orderBy(q.sort === 'asc' ? asc(col) : desc(col), desc(walletCharges.id)).limit(q.limit).offset(q.offset),
      this.deps.db.select({ n: count() }).from(walletCharges).where(where),
    ]);
    return { data: await this.views(rows), total: Number(n) };
  }
}
