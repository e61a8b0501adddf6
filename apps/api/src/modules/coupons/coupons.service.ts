import { and, count, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { discountedMinor, type AppliedCoupon, type Coupon, type CreateCouponInput, type ListQuery } from '@stagepass/shared';
import type { DbOrTx, Tx } from '../../db/client';
import { conflict, fieldError, notFound, unprocessable } from '../../platform/errors';
import { users } from '../users/users.tables';
import { couponRedemptions, coupons, type CouponRow } from './coupons.tables';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { UsersService } from '../users/users.service';
import { containsPattern } from '../../db/like';
import { isUniqueViolation } from '../../db/errors';
import { recordAudit, type AuditActor } from '../../platform/audit';


/** What CouponsService is built with (by the composition root, root.ts). */
export interface CouponsDeps {
  clock: Clock;
  db: Db;
  /** The creator's card on an operator's coupon. */
  users: Pick<UsersService, 'card'>;
}

/**
 * Coupons: percentage off a purchase or the first subscription period. Usable while active, not
 * expired, under its usage limit, for its creator (or any creator when site-wide), once per fan.
 * `redeem` runs inside the charge's transaction: the use counter is taken by a conditional
 * UPDATE (used < max), so the limit holds under concurrency, and the redemption row's unique
 * (coupon, fan) index makes a second use by the same fan fail — both roll back with the charge.
 */
export class CouponsService {
  constructor(private deps: CouponsDeps) {}

  /** A coupon's fields (also its audit snapshot). */
  toView(r: CouponRow): Omit<Coupon, 'performer'> {
    return {
      _id: r.id, code: r.code, name: r.name, percentage: r.percentage, performerId: r.performerId, expiresAt: r.expiresAt?.toISOString() ?? null,
      maxUses: r.maxUses, usedCount: r.usedCount, active: r.active, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
    };
  }

  /** Coupons as the operator's API answers them: with their creators' cards (one query). */
  private async views(rows: CouponRow[]): Promise<Coupon[]> {
    const ids = [...new Set(rows.map((r) => r.performerId).filter((x): x is string => Boolean(x)))];
    const people = ids.length ? await this.deps.db.select().from(users).where(inArray(users.id, ids)) : [];
    const byId = new Map(people.map((u) => [u.id, u]));
    return rows.map((r) => {
      const p = r.performerId ? byId.get(r.performerId) : undefined;
      return { ...this.toView(r), performer: p ? this.deps.users.card(p) : null };
    });
  }

  private async byCode(db: DbOrTx, code: string): Promise<CouponRow | null> {
    const [row] = await db.select().from(coupons).where(sql`lower(${coupons.code}) = ${code.trim().toLowerCase()}`);
    return row ?? null;
  }

  /** Why a coupon cannot be used now by `userId` for `performerId` (null: it can). */
  private async refusal(db: DbOrTx, c: CouponRow | null, userId: string, performerId: string | undefined): Promise<string | null> {
    if (!c || !c.active) return 'This coupon code is not valid';
    if (c.expiresAt && c.expiresAt.getTime() <= this.deps.clock.now().getTime()) return 'This coupon has expired';
    if (c.maxUses !== null && c.usedCount >= c.maxUses) return 'This coupon has been used up';
    if (c.performerId && performerId && c.performerId !== performerId) return 'This coupon is not valid for this creator';
    const [used] = await db.select({ id: couponRedemptions.id }).from(couponRedemptions).where(and(eq(couponRedemptions.couponId, c.id), eq(couponRedemptions.userId, userId)));
    if (used) return 'You have already used this coupon';
    return null;
  }

  /** POST /coupons/{code}/apply-coupon: checks the code for the caller (and creator) without using it. */
  async check(code: string, userId: string, performerId?: string): Promise<AppliedCoupon> {
    const c = await this.byCode(this.deps.db, code);
    const why = await this.refusal(this.deps.db, c, userId, performerId);
    if (why) throw unprocessable(why);
    return { code: c!.code, percentage: c!.percentage, performerId: c!.performerId, expiresAt: c!.expiresAt?.toISOString() ?? null };
  }

  /** Uses the coupon inside `tx` (see class comment). */
  async redeem(tx: Tx, code: string, userId: string, performerId: string, source: string): Promise<{ id: string; percentage: number; apply(amount: number): number }> {
    const c = await this.byCode(tx, code);
    const why = await this.refusal(tx, c, userId, performerId);
    if (why) throw fieldError('couponCode', why);
    const now = this.deps.clock.now();
    const taken = await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} + 1` })
      .where(and(eq(coupons.id, c!.id), eq(coupons.active, true), or(isNull(coupons.maxUses), lt(coupons.usedCount, coupons.maxUses)), or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now))))
      .returning({ id: coupons.id });
    if (taken.length === 0) throw fieldError('couponCode', 'This coupon has been used up');
    const used = await tx.insert(couponRedemptions).values({ couponId: c!.id, userId, source }).onConflictDoNothing().returning({ id: couponRedemptions.id });
    if (used.length === 0) throw fieldError('couponCode', 'You have already used this coupon');
    return { id: c!.id, percentage: c!.percentage, apply: (amount) => discountedMinor(amount, c!.percentage) };
  }

  /** Gives back a redemption made for `source` (a payment that failed): one use less, inside `tx`. */
  async release(tx: Tx, couponId: string, source: string): Promise<void> {
    const gone = await tx.delete(couponRedemptions).where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.source, source))).returning({ id: couponRedemptions.id });
    if (gone.length) await tx.update(coupons).set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` }).where(eq(coupons.id, couponId));
  }

  // ── Operator ───────────────────────────────────────────────────────────────────────────────
  private async checkPerformer(performerId: string | null | undefined) {
    if (!performerId) return;
    const [u] = await this.deps.db.select({ isPerformer: users.isPerformer }).from(users).where(eq(users.id, performerId));
    if (!u?.isPerformer) throw fieldError('performerId', 'Creator not found');
  }

  /** An expiry, when set, must be in the future: a coupon born expired can never be used (400). */
  private checkExpiry(expiresAt: string | null | undefined) {
    if (expiresAt && new Date(expiresAt).getTime() <= this.deps.clock.now().getTime()) {
      throw fieldError('expiresAt', 'The expiry date must be in the future');
    }
  }

  /** POST /admin/coupons: audited (`coupon.create`) in the insert's transaction. */
  async create(actor: AuditActor, input: CreateCouponInput): Promise<Coupon> {
    this.checkExpiry(input.expiresAt);
    await this.checkPerformer(input.performerId);
    if (await this.byCode(this.deps.db, input.code)) throw conflict('This coupon code already exists', [{ field: 'code', message: 'This coupon code already exists' }]);
    const created = await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(coupons)
        .values({ code: input.code, name: input.name, percentage: input.percentage, performerId: input.performerId ?? null, expiresAt: input.expiresAt ? new Date(input.expiresAt) : null, maxUses: input.maxUses ?? null, active: input.active })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict('This coupon code already exists', [{ field: 'code', message: 'This coupon code already exists' }]);
      await recordAudit(tx, actor, { action: 'coupon.create', targetType: 'coupon', targetId: row.id, after: this.toView(row) });
      return row;
    });
    return (await this.views([created]))[0]!;
  }

  /** PUT /admin/coupons/{id}: any subset of the fields; audited (`coupon.update`, before and after) in the update's transaction. */
  async update(actor: AuditActor, id: string, input: Partial<CreateCouponInput>): Promise<Coupon> {
    this.checkExpiry(input.expiresAt);
    await this.checkPerformer(input.performerId);
    const patch: Partial<typeof coupons.$inferInsert> = {};
    if (input.code !== undefined) {
      const other = await this.byCode(this.deps.db, input.code);
      if (other && other.id !== id) throw conflict('This coupon code already exists', [{ field: 'code', message: 'This coupon code already exists' }]);
      patch.code = input.code;
    }
    if (input.name !== undefined) patch.name = input.name;
    if (input.percentage !== undefined) patch.percentage = input.percentage;
    if (input.performerId !== undefined) patch.performerId = input.performerId;
    if (input.expiresAt !== undefined) patch.expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    if (input.maxUses !== undefined) patch.maxUses = input.maxUses;
    if (input.active !== undefined) patch.active = input.active;
    try {
      const row = await this.deps.db.transaction(async (tx) => {
        const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
        if (!before) throw notFound('Coupon not found');
        if (!Object.keys(patch).length) return before;
        const [after] = await tx.update(coupons).set(patch).where(eq(coupons.id, id)).returning();
        await recordAudit(tx, actor, { action: 'coupon.update', targetType: 'coupon', targetId: id, before: this.toView(before), after: this.toView(after!) });
        return after!;
      });
      return (await this.views([row]))[0]!;
    } catch (err) {
      // Two renames to one code at once: the second meets the unique index.
      if (isUniqueViolation(err)) throw conflict('This coupon code already exists', [{ field: 'code', message: 'This coupon code already exists' }]);
      throw err;
    }
  }

  /** DELETE /admin/coupons/{id}: audited (`coupon.delete`, what it was) in the delete's transaction. */
  async remove(actor: AuditActor, id: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const [row] = await tx.delete(coupons).where(eq(coupons.id, id)).returning();
      if (!row) throw notFound('Coupon not found');
      await recordAudit(tx, actor, { action: 'coupon.delete', targetType: 'coupon', targetId: id, before: this.toView(row) });
    });
  }

  async list(q: ListQuery): Promise<{ data: Coupon[]; total: number }> {
    const where = q.q ? sql`lower(${coupons.code}) like ${containsPattern(q.q.toLowerCase())}` : undefined;
    const [rows, [{ n }]] = await Promise.all([
      this.deps.db.select().from(coupons).where(where).orderBy(desc(coupons.updatedAt)).limit(q.limit).offset(q.offset),
      this.deps.db.select({ n: count() }).from(coupons).where(where),
    ]);
    return { data: await this.views(rows), total: Number(n) };
  }
}
