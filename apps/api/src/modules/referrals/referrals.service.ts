import crypto from 'node:crypto';
import { and, count, desc, eq, gt, ilike, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  REFERRAL_CODE_ALPHABET, REFERRAL_MESSAGES, fromMinor, referralCodeSchema, referralShare,
  type AdminReferral, type AdminReferralsQuery, type MyReferral, type MyReferrals, type ReferralStatus,
} from '@stagepass/shared';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { containsPattern } from '../../db/like';
import { recordAudit, type AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { notFound, unprocessable } from '../../platform/errors';
import type { EarningsService } from '../earnings/earnings.service';
import type { ReferralShares } from '../ledger/ledger.service';
import { percentToBps } from '../ledger/ledger.service';
import type { SettingsService } from '../settings/settings.service';
import type { UsersService } from '../users/users.service';
import { users, type UserRow } from '../users/users.tables';
import { referralCodes, referrals, type ReferralRow } from './referrals.tables';

/** What ReferralsService is built with (by the composition root, root.ts). */
export interface ReferralsDeps {
  clock: Clock;
  db: Db;
  earnings: Pick<EarningsService, 'referralEarned' | 'referralTotal'>;
  settings: SettingsService;
  users: Pick<UsersService, 'card'>;
}

/** `at` plus `months` calendar months, UTC; a day the target month lacks is its last day (Jan 31 + 1 → Feb 28/29). */
export function addMonths(at: Date, months: number): Date {
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(at.getUTCDate(), lastDay), at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds(), at.getUTCMilliseconds()));
}

const newCode = () => Array.from({ length: 8 }, () => REFERRAL_CODE_ALPHABET[crypto.randomInt(REFERRAL_CODE_ALPHABET.length)]).join('');

const referrer = alias(users, 'referrer');
const referred = alias(users, 'referred');

/**
 * Creator referrals (issue 30 §5; README beside this file): codes, the link made at a creator's
 * sign-up, the share a referred creator's sale pays (the ledger asks `shareOf` inside the sale's
 * transaction), the referrer's page and the operator's list and void.
 */
export class ReferralsService implements ReferralShares {
  constructor(private deps: ReferralsDeps) {}

  /**
   * The referrer's share of a sale's `commission` by `performerId` (minor units), or null: none
   * when referrals are off, the creator was not referred, the referral is voided, or the sale falls
   * outside [startsAt, endsAt). Runs on the sale's transaction.
   */
  async shareOf(tx: Tx, performerId: string, commission: number): Promise<{ referrerId: string; amount: number; shareBps: number } | null> {
    const s = await this.deps.settings.all(tx);
    if (!s.referralsEnabled) return null;
    const now = this.deps.clock.now();
    const [r] = await tx
      .select({ referrerId: referrals.referrerId })
      .from(referrals)
      .where(and(eq(referrals.referredId, performerId), isNull(referrals.voidedAt), lte(referrals.startsAt, now), gt(referrals.endsAt, now)));
    if (!r) return null;
    const shareBps = percentToBps(s.referralSharePercentage);
    const amount = referralShare(commission, shareBps);
    return amount > 0 ? { referrerId: r.referrerId, amount, shareBps } : null;
  }

  /**
   * A new creator account signed up through `code` (PerformersService.registerCreator, in its
   * transaction): the referral, from now for the operator's `referralMonths`. Ignored (the sign-up
   * goes on) when referrals are off or the code is unknown or not a creator's.
   */
  async attach(tx: Tx, referredId: string, code: string): Promise<void> {
    const s = await this.deps.settings.all(tx);
    const parsed = referralCodeSchema.safeParse(code);
    if (!s.referralsEnabled || !parsed.success) return;
    const [owner] = await tx
      .select({ userId: referralCodes.userId })
      .from(referralCodes)
      .innerJoin(users, eq(users.id, referralCodes.userId))
      .where(and(eq(referralCodes.code, parsed.data), eq(users.isPerformer, true), eq(users.status, 'active')));
    if (!owner || owner.userId === referredId) return;
    const now = this.deps.clock.now();
    await tx.insert(referrals).values({ referrerId: owner.userId, referredId, startsAt: now, endsAt: addMonths(now, s.referralMonths) }).onConflictDoNothing();
  }

  /** A creator's code, made on first use (one per creator). */
  async codeFor(userId: string): Promise<string> {
    const [row] = await this.deps.db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.userId, userId));
    if (row) return row.code;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.deps.db.insert(referralCodes).values({ userId, code: newCode() }).onConflictDoNothing({ target: referralCodes.userId });
        const [made] = await this.deps.db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.userId, userId));
        return made!.code;
      } catch (err) {
        // Two creators drew the same code (31^8 codes): draw again.
        if (!isUniqueViolation(err) || attempt >= 4) throw err;
      }
    }
  }

  /** The sign-up page's check of a link's code: the referrer's name, or 404. */
  async codeInfo(code: string): Promise<{ referrer: { name: string; username: string | null } }> {
    if (!(await this.deps.settings.all()).referralsEnabled) throw notFound(REFERRAL_MESSAGES.unknownCode);
    const [u] = await this.deps.db
      .select({ name: users.name, username: users.username })
      .from(referralCodes)
      .innerJoin(users, eq(users.id, referralCodes.userId))
      .where(and(eq(referralCodes.code, code), eq(users.isPerformer, true), eq(users.status, 'active')));
    if (!u) throw notFound(REFERRAL_MESSAGES.unknownCode);
    return { referrer: { name: u.name || u.username || '', username: u.username } };
  }

  private status(r: Pick<ReferralRow, 'voidedAt' | 'endsAt'>, now: Date): ReferralStatus {
    if (r.voidedAt) return 'voided';
    return r.endsAt <= now ? 'ended' : 'active';
  }

  private statusWhere(status: ReferralStatus | undefined, now: Date): SQL | undefined {
    if (status === 'voided') return isNotNull(referrals.voidedAt);
    if (status === 'ended') return and(isNull(referrals.voidedAt), lte(referrals.endsAt, now));
    if (status === 'active') return and(isNull(referrals.voidedAt), gt(referrals.endsAt, now));
    return undefined;
  }

  /** GET /referrals/me: the caller's code, the terms now, their total and their referred creators. */
  async mine(user: UserRow, page: { offset: number; limit: number }): Promise<MyReferrals> {
    const s = await this.deps.settings.all();
    const now = this.deps.clock.now();
    const where = eq(referrals.referrerId, user.id);
    const [rows, [total], earned] = await Promise.all([
      this.deps.db.select({ r: referrals, u: referred }).from(referrals).innerJoin(referred, eq(referred.id, referrals.referredId)).where(where)
        .orderBy(desc(referrals.startsAt), desc(referrals.id)).offset(page.offset).limit(page.limit),
      this.deps.db.select({ n: count() }).from(referrals).where(where),
      this.deps.earnings.referralTotal(user.id),
    ]);
    const byPair = await this.deps.earnings.referralEarned(rows.map((x) => x.r.referredId));
    const data: MyReferral[] = rows.map(({ r, u }) => this.view(r, u, byPair, now));
    return {
      code: s.referralsEnabled ? await this.codeFor(user.id) : null,
      enabled: s.referralsEnabled, sharePercentage: s.referralSharePercentage, months: s.referralMonths,
      earned: fromMinor(earned), data, total: total!.n,
    };
  }

  private view(r: ReferralRow, u: UserRow, byPair: Map<string, number>, now: Date): MyReferral {
    return {
      _id: r.id, referred: this.deps.users.card(u), since: r.startsAt.toISOString(), until: r.endsAt.toISOString(),
      status: this.status(r, now), earned: fromMinor(byPair.get(`${r.referrerId}:${r.referredId}`) ?? 0),
    };
  }

  private adminView(r: ReferralRow, by: UserRow, to: UserRow, byPair: Map<string, number>, now: Date): AdminReferral {
    return { ...this.view(r, to, byPair, now), referrer: this.deps.users.card(by), voidedAt: r.voidedAt?.toISOString() ?? null, voidReason: r.voidReason };
  }

  /** GET /admin/referrals. */
  async adminList(q: AdminReferralsQuery): Promise<{ data: AdminReferral[]; total: number }> {
    const now = this.deps.clock.now();
    const conds: (SQL | undefined)[] = [this.statusWhere(q.status, now)];
    if (q.q) {
      const like = containsPattern(q.q);
      conds.push(or(ilike(referrer.username, like), ilike(referrer.name, like), ilike(referred.username, like), ilike(referred.name, like)));
    }
    const where = and(...conds);
    const base = () => this.deps.db.select({ r: referrals, by: referrer, to: referred }).from(referrals)
      .innerJoin(referrer, eq(referrer.id, referrals.referrerId)).innerJoin(referred, eq(referred.id, referrals.referredId));
    const [rows, [total]] = await Promise.all([
      base().where(where).orderBy(q.sort === 'asc' ? referrals.startsAt : desc(referrals.startsAt), desc(referrals.id)).offset(q.offset).limit(q.limit),
      this.deps.db.select({ n: count() }).from(referrals)
        .innerJoin(referrer, eq(referrer.id, referrals.referrerId)).innerJoin(referred, eq(referred.id, referrals.referredId)).where(where),
    ]);
    const byPair = await this.deps.earnings.referralEarned(rows.map((x) => x.r.referredId));
    return { data: rows.map(({ r, by, to }) => this.adminView(r, by, to, byPair, now)), total: total!.n };
  }

  /** POST /admin/referrals/:id/void: from now on the referred creator's sales pay nothing; what was paid stays. Audited. */
  async void(actor: AuditActor, id: string, reason: string): Promise<AdminReferral> {
    const now = this.deps.clock.now();
    const r = await this.deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(referrals).where(eq(referrals.id, id)).for('update');
      if (!row) throw notFound('Referral not found');
      if (row.voidedAt) throw unprocessable(REFERRAL_MESSAGES.alreadyVoided);
      const [after] = await tx.update(referrals).set({ voidedAt: now, voidedBy: actor.actorId, voidReason: reason }).where(eq(referrals.id, id)).returning();
      await recordAudit(tx, actor, {
        action: 'referral.void', targetType: 'referral', targetId: id, reason,
        before: { referrerId: row.referrerId, referredId: row.referredId, voidedAt: null }, after: { referrerId: after!.referrerId, referredId: after!.referredId, voidedAt: now.toISOString() },
      });
      return after!;
    });
    return this.one(r, now);
  }

  private async one(r: ReferralRow, now: Date, db: DbOrTx = this.deps.db): Promise<AdminReferral> {
    const [x] = await db.select({ by: referrer, to: referred }).from(referrer).innerJoin(referred, eq(referred.id, r.referredId)).where(eq(referrer.id, r.referrerId));
    const byPair = await this.deps.earnings.referralEarned([r.referredId]);
    return this.adminView(r, x!.by, x!.to, byPair, now);
  }
}
