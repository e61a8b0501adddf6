import crypto from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import {
  TRIAL_CODE_ALPHABET, bestPromotion, fromMinor, trialCodeSchema,
  type MyPromotionsQuery, type Promotion, type PromotionInput, type PromotionStatus, type PublicPromotion, type TrialLinkInfo,
} from '@stagepass/shared';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Clock } from '../../platform/clock';
import { conflict, fieldError, notFound, unprocessable } from '../../platform/errors';
import type { SettingsService } from '../settings/settings.service';
import type { TiersService } from '../subscriptions/tiers.service';
import type { ChosenPromotion, PromotionRequest, SubscriptionPromotions } from '../subscriptions/subscriptions.promotions';
import type { UsersService } from '../users/users.service';
import { users, type UserRow } from '../users/users.tables';
import { promotionClaims, promotions, type PromotionRow } from './promotions.tables';

/** What PromotionsService is built with (by the composition root, root.ts). */
export interface PromotionsDeps {
  clock: Clock;
  db: Db;
  settings: SettingsService;
  tiers: Pick<TiersService, 'live' | 'byIds'>;
  users: Pick<UsersService, 'card'>;
}

const newCode = () => Array.from({ length: 10 }, () => TRIAL_CODE_ALPHABET[crypto.randomInt(TRIAL_CODE_ALPHABET.length)]).join('');
/** How many running campaigns a creator may have at once (profile badges stay readable; the choice stays one query). */
export const MAX_RUNNING_PROMOTIONS = 10;

/**
 * Promotions and free-trial links (issue 30 §3; README beside this file): the creator's campaigns
 * and links, the profile's list, and — through the `SubscriptionPromotions` interface the
 * subscriptions module declares — the choice at checkout, the exact claim count, giving a claim back
 * on a declined card, and the discounted periods of renewals.
 */
export class PromotionsService implements SubscriptionPromotions {
  constructor(private deps: PromotionsDeps) {}

  private get now() {
    return this.deps.clock.now();
  }

  private status(r: PromotionRow, now = this.now): PromotionStatus {
    if (r.endedAt) return 'ended';
    if (r.endsAt.getTime() <= now.getTime()) return 'expired';
    if (r.claimed >= r.maxClaims) return 'used_up';
    return 'running';
  }

  private publicView(r: PromotionRow, tierName: string | null): PublicPromotion {
    return {
      _id: r.id, kind: r.kind, percentage: r.percentage, months: r.months, days: r.days, audience: r.audience,
      tierId: r.tierId, tierName, left: Math.max(0, r.maxClaims - r.claimed), endsAt: r.endsAt.toISOString(),
    };
  }

  /** Rows → the creator's views, with their figures (one grouped query of the page's claims) and tier names (one query). */
  private async views(rows: PromotionRow[], db: DbOrTx = this.deps.db): Promise<Promotion[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const figures = await db
      .select({ id: promotionClaims.promotionId, paying: sql<number>`count(*) filter (where ${promotionClaims.paidPeriods} > 0)`.mapWith(Number), revenue: sql<number>`coalesce(sum(${promotionClaims.revenue}), 0)`.mapWith(Number) })
      .from(promotionClaims).where(inArray(promotionClaims.promotionId, ids)).groupBy(promotionClaims.promotionId);
    const byId = new Map(figures.map((f) => [f.id, f]));
    const tiers = await this.deps.tiers.byIds(rows.map((r) => r.tierId).filter((x): x is string => Boolean(x)));
    return rows.map((r) => ({
      ...this.publicView(r, r.tierId ? tiers.get(r.tierId)?.name ?? null : null),
      maxClaims: r.maxClaims, claimed: r.claimed, status: this.status(r), endedAt: r.endedAt?.toISOString() ?? null, code: r.code,
      paying: byId.get(r.id)?.paying ?? 0, revenue: fromMinor(byId.get(r.id)?.revenue ?? 0), createdAt: r.createdAt.toISOString(),
    }));
  }

  // ── The creator's campaigns ──────────────────────────────────────────────────────────────────
  /** GET /promotions/mine: newest first (promotions_performer_idx). */
  async mine(performer: UserRow, q: MyPromotionsQuery): Promise<{ data: Promotion[]; total: number }> {
    const kind: SQL | undefined = q.type === 'links' ? eq(promotions.kind, 'trial_link') : q.type === 'campaigns' ? ne(promotions.kind, 'trial_link') : undefined;
    const where = and(eq(promotions.performerId, performer.id), kind);
    const [rows, [total]] = await Promise.all([
      this.deps.db.select().from(promotions).where(where).orderBy(desc(promotions.createdAt), desc(promotions.id)).offset(q.offset).limit(q.limit),
      this.deps.db.select({ n: count() }).from(promotions).where(where),
    ]);
    return { data: await this.views(rows), total: Number(total?.n ?? 0) };
  }

  /** POST /promotions (README "Campaigns"). */
  async create(performer: UserRow, input: PromotionInput): Promise<Promotion> {
    const now = this.now;
    const endsAt = new Date(input.endsAt);
    if (endsAt.getTime() <= now.getTime()) throw fieldError('endsAt', 'The end date must be in the future');
    if (input.tierId && !(await this.deps.tiers.live(performer.id)).some((t) => t.id === input.tierId)) throw fieldError('tierId', 'Choose one of your tiers');
    if (input.kind !== 'discount' && !(await this.deps.settings.all()).freeSubscriptionEnabled) throw unprocessable('Free trials are turned off on this site');
    if (input.kind !== 'trial_link') {
      const [running] = await this.deps.db.select({ n: count() }).from(promotions)
        .where(and(eq(promotions.performerId, performer.id), ne(promotions.kind, 'trial_link'), isNull(promotions.endedAt), gt(promotions.endsAt, now), lt(promotions.claimed, promotions.maxClaims)));
      if (Number(running?.n ?? 0) >= MAX_RUNNING_PROMOTIONS) throw unprocessable(`At most ${MAX_RUNNING_PROMOTIONS} campaigns can run at once; end one first`);
    }
    const values = {
      performerId: performer.id, kind: input.kind, maxClaims: input.maxClaims, endsAt, tierId: input.tierId ?? null,
      ...(input.kind === 'discount' ? { percentage: input.percentage, months: input.months, audience: input.audience } : { days: input.days }),
      ...(input.kind === 'trial' ? { audience: input.audience } : {}),
      ...(input.kind === 'trial_link' ? { audience: 'both' as const } : {}),
    };
    for (let attempt = 0; ; attempt += 1) {
      try {
        const [row] = await this.deps.db.insert(promotions).values({ ...values, code: input.kind === 'trial_link' ? newCode() : null }).returning();
        return (await this.views([row]))[0];
      } catch (err) {
        if (!isUniqueViolation(err) || attempt >= 4) throw err;
      }
    }
  }

  /** POST /promotions/{id}/end: another creator's → 404; already ended → as it is. */
  async end(performer: UserRow, id: string): Promise<Promotion> {
    const [row] = await this.deps.db.update(promotions).set({ endedAt: this.now })
      .where(and(eq(promotions.id, id), eq(promotions.performerId, performer.id), isNull(promotions.endedAt))).returning();
    if (row) return (await this.views([row]))[0];
    const [mine] = await this.deps.db.select().from(promotions).where(and(eq(promotions.id, id), eq(promotions.performerId, performer.id)));
    if (!mine) throw notFound('Promotion not found');
    return (await this.views([mine]))[0];
  }

  // ── What anyone sees ─────────────────────────────────────────────────────────────────────────
  /** A creator's running campaigns (not links), ending first first (promotions_running_idx). */
  private async running(performerId: string, db: DbOrTx = this.deps.db): Promise<PromotionRow[]> {
    return db.select().from(promotions)
      .where(and(eq(promotions.performerId, performerId), isNull(promotions.endedAt), gt(promotions.endsAt, this.now), ne(promotions.kind, 'trial_link'), lt(promotions.claimed, promotions.maxClaims)))
      .orderBy(asc(promotions.endsAt), asc(promotions.id)).limit(MAX_RUNNING_PROMOTIONS * 2);
  }

  /** GET /promotions/performer/{performerId}. */
  async ofPerformer(performerId: string): Promise<PublicPromotion[]> {
    const rows = await this.running(performerId);
    const tiers = await this.deps.tiers.byIds(rows.map((r) => r.tierId).filter((x): x is string => Boolean(x)));
    return rows.map((r) => this.publicView(r, r.tierId ? tiers.get(r.tierId)?.name ?? null : null));
  }

  private async linkByCode(code: string, db: DbOrTx = this.deps.db): Promise<PromotionRow | null> {
    const parsed = trialCodeSchema.safeParse(code);
    if (!parsed.success) return null;
    const [row] = await db.select().from(promotions).where(and(eq(promotions.code, parsed.data), eq(promotions.kind, 'trial_link')));
    return row ?? null;
  }

  /** GET /promotions/trial/{code}: a link that can still be claimed, else 404. */
  async trialLink(code: string): Promise<TrialLinkInfo> {
    const row = await this.linkByCode(code);
    if (!row || this.status(row) !== 'running') throw notFound('This trial link has ended');
    const [performer] = await this.deps.db.select().from(users).where(eq(users.id, row.performerId));
    if (!performer) throw notFound('This trial link has ended');
    const tiers = await this.deps.tiers.byIds(row.tierId ? [row.tierId] : []);
    const card = this.deps.users.card(performer);
    return {
      code: row.code!, days: row.days!, left: row.maxClaims - row.claimed, endsAt: row.endsAt.toISOString(), tierId: row.tierId, tierName: row.tierId ? tiers.get(row.tierId)?.name ?? null : null,
      performer: { _id: card._id, username: card.username ?? '', name: card.name, avatar: card.avatar ?? null },
    };
  }

  // ── Checkout (SubscriptionPromotions, called by subscriptions) ──────────────────────────────
  private chosen(r: PromotionRow): ChosenPromotion {
    return { id: r.id, kind: r.kind, percentage: r.percentage, months: r.months, days: r.days };
  }

  async choose(db: DbOrTx, req: PromotionRequest): Promise<ChosenPromotion | null> {
    const at = { now: this.now, fan: req.fan, tierId: req.tierId, type: req.type };
    if (req.trialCode) {
      if (req.type !== 'free') throw fieldError('trialCode', 'A trial link starts a free trial');
      const link = await this.linkByCode(req.trialCode, db);
      if (!link || link.performerId !== req.performerId) throw fieldError('trialCode', 'This trial link is not for this creator');
      if (!(await this.deps.settings.all()).freeSubscriptionEnabled) throw unprocessable('Free trials are turned off on this site');
      if (!bestPromotion([link], { ...at, viaLink: true })) {
        if (link.tierId && link.tierId !== req.tierId) throw fieldError('tierId', 'This trial link is for another tier');
        throw conflict('This trial link has ended or has been used up');
      }
      const [used] = await db.select({ id: promotionClaims.id }).from(promotionClaims).where(and(eq(promotionClaims.promotionId, link.id), eq(promotionClaims.userId, req.userId)));
      if (used) throw conflict('You have already used this trial link');
      return this.chosen(link);
    }
    const rows = await this.running(req.performerId, db);
    const claimedBefore = rows.length
      ? new Set((await db.select({ id: promotionClaims.promotionId }).from(promotionClaims).where(and(eq(promotionClaims.userId, req.userId), inArray(promotionClaims.promotionId, rows.map((r) => r.id))))).map((c) => c.id))
      : new Set<string>();
    // Trials need the operator's free subscriptions on (subscriptions README "Free").
    const trialsOn = req.type !== 'free' || (await this.deps.settings.all()).freeSubscriptionEnabled;
    const best = trialsOn ? bestPromotion(rows.filter((r) => !claimedBefore.has(r.id)), at) : null;
    if (req.promotionId && best?.id !== req.promotionId) throw conflict('This promotion is no longer available; check the price and subscribe again', [{ field: 'promotionId', message: 'This promotion is no longer available' }]);
    return best ? this.chosen(best) : null;
  }

  async claim(tx: Tx, req: PromotionRequest, chosen: ChosenPromotion | null, subscriptionId: string, source: string): Promise<void> {
    // A new run of the subscription: earlier claims' discounted periods and figures end.
    await tx.update(promotionClaims).set({ current: false, periodsLeft: 0 }).where(and(eq(promotionClaims.subscriptionId, subscriptionId), eq(promotionClaims.current, true)));
    if (!chosen) return;
    // THE exact count: one more claim only while claims are left and the campaign runs (the row lock serialises racers).
    const taken = await tx.update(promotions).set({ claimed: sql`${promotions.claimed} + 1` })
      .where(and(eq(promotions.id, chosen.id), lt(promotions.claimed, promotions.maxClaims), isNull(promotions.endedAt), gt(promotions.endsAt, this.now)))
      .returning({ id: promotions.id });
    if (!taken.length) throw conflict('This promotion has just run out; check the price and subscribe again', [{ field: 'promotionId', message: 'This promotion has run out' }]);
    const made = await tx.insert(promotionClaims).values({
      promotionId: chosen.id, userId: req.userId, performerId: req.performerId, subscriptionId, source, periodsLeft: chosen.kind === 'discount' ? chosen.months ?? 0 : 0,
    }).onConflictDoNothing({ target: [promotionClaims.promotionId, promotionClaims.userId] }).returning({ id: promotionClaims.id });
    if (!made.length) throw conflict(chosen.kind === 'trial_link' ? 'You have already used this trial link' : 'You have already used this promotion');
  }

  /** Whether the subscription's current run claimed a promotion (a campaign or a free-trial link): where its fan came from (statistics). */
  async claimedBy(db: DbOrTx, subscriptionId: string): Promise<boolean> {
    const [row] = await db.select({ id: promotionClaims.id }).from(promotionClaims).where(and(eq(promotionClaims.subscriptionId, subscriptionId), eq(promotionClaims.current, true))).limit(1);
    return Boolean(row);
  }

  async release(tx: Tx, source: string): Promise<void> {
    const gone = await tx.delete(promotionClaims).where(eq(promotionClaims.source, source)).returning({ promotionId: promotionClaims.promotionId });
    for (const g of gone) await tx.update(promotions).set({ claimed: sql`greatest(${promotions.claimed} - 1, 0)` }).where(eq(promotions.id, g.promotionId));
  }

  private async currentClaim(tx: Tx, subscriptionId: string) {
    const [row] = await tx.select({ id: promotionClaims.id, periodsLeft: promotionClaims.periodsLeft, percentage: promotions.percentage })
      .from(promotionClaims).innerJoin(promotions, eq(promotions.id, promotionClaims.promotionId))
      .where(and(eq(promotionClaims.subscriptionId, subscriptionId), eq(promotionClaims.current, true)))
      .orderBy(desc(promotionClaims.createdAt)).limit(1);
    return row ?? null;
  }

  async periodDiscount(tx: Tx, subscriptionId: string): Promise<number | null> {
    const c = await this.currentClaim(tx, subscriptionId);
    return c && c.periodsLeft > 0 && c.percentage ? c.percentage : null;
  }

  async periodPaid(tx: Tx, subscriptionId: string, amount: number): Promise<void> {
    const c = await this.currentClaim(tx, subscriptionId);
    if (!c) return;
    await tx.update(promotionClaims).set({
      periodsLeft: sql`greatest(${promotionClaims.periodsLeft} - 1, 0)`, paidPeriods: sql`${promotionClaims.paidPeriods} + 1`, revenue: sql`${promotionClaims.revenue} + ${amount}`,
    }).where(eq(promotionClaims.id, c.id));
  }
}
