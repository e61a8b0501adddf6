import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { fromMinor, type AdminSubscriptionSearch, type Subscription, type SubscriptionSearch } from '@stagepass/shared';
import { dateRange } from '../../platform/date-range';
import { users } from '../users/users.tables';
import { subscriptions, type SubscriptionRow } from './subscriptions.tables';
import { subscriptionTiers } from './tiers.tables';
import { grantsAccess } from './subscriptions.policy';
import { blocksWithin } from '../blocks/blocks.policy';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { UsersService } from '../users/users.service';

/** What SubscriptionViews is built with (by SubscriptionsService, from its own deps). */
export interface SubscriptionViewsDeps {
  clock: Clock;
  db: Db;
  users: UsersService;
}

/** Subscription rows as answered (fan and creator cards, isActive by the policy) and the lists. */
export class SubscriptionViews {
  constructor(private deps: SubscriptionViewsDeps) {}

  /**
   * `viewerId`: whose list it is (the fan's or the creator's), for `blockedByYou`; the blocks
   * between each fan and creator (`canResubscribe`) come in one query with the people.
   */
  async views(rows: SubscriptionRow[], viewerId?: string): Promise<Subscription[]> {
    const ids = [...new Set(rows.flatMap((r) => [r.userId, r.performerId]))];
    const [people, blocks] = ids.length ? await Promise.all([this.deps.db.select().from(users).where(inArray(users.id, ids)), blocksWithin(this.deps.db, ids)]) : [[], new Set<string>()];
    const byId = new Map(people.map((u) => [u.id, u]));
    const tierIds = [...new Set(rows.flatMap((r) => [r.tierId, r.pendingTierId]).filter((t): t is string => Boolean(t)))];
    const tierRows = tierIds.length ? await this.deps.db.select().from(subscriptionTiers).where(inArray(subscriptionTiers.id, tierIds)) : [];
    const tiers = new Map(tierRows.map((t) => [t.id, { _id: t.id, name: t.name, colour: t.colour, position: t.position }]));
    const tierPrice = new Map(tierRows.map((t) => [t.id, t]));
    // What the renewal charges: the bundle again (the fan's choice), else the pending downgrade's price, else the kept monthly price.
    const renewal = (r: SubscriptionRow) => {
      if (r.bundleMonths && r.bundlePrice !== null && r.renewBundle) return r.bundlePrice;
      const pending = r.pendingTierId ? tierPrice.get(r.pendingTierId) : undefined;
      return pending && !pending.archivedAt ? pending.price : r.price;
    };
    return rows.map((r) => {
      const u = byId.get(r.userId);
      const p = byId.get(r.performerId);
      return {
        _id: r.id, userId: r.userId, performerId: r.performerId, user: u ? this.deps.users.card(u) : null, performer: p ? this.deps.users.card(p) : null,
        status: r.status, type: r.type, price: fromMinor(r.price),
        tier: (r.tierId && tiers.get(r.tierId)) || null, pendingTier: (r.pendingTierId && tiers.get(r.pendingTierId)) || null,
        bundle: r.bundleMonths && r.bundlePrice !== null ? { months: r.bundleMonths, discountPercent: r.bundleDiscountPercent ?? 0, price: fromMinor(r.bundlePrice) } : null,
        renewAs: r.bundleMonths && r.renewBundle ? 'bundle' as const : 'monthly' as const, renewalPrice: fromMinor(renewal(r)), gateway: r.gateway, startsAt: r.startsAt.toISOString(), expiresAt: r.expiresAt.toISOString(),
        cancelledAt: r.cancelledAt?.toISOString() ?? null, isActive: grantsAccess(r, this.deps.clock.now()), suspended: r.suspendedByDispute !== null, renewing: r.status === 'active' || r.status === 'past_due',
        canResubscribe: !blocks.has(`${r.userId}:${r.performerId}`) && !blocks.has(`${r.performerId}:${r.userId}`),
        blockedByYou: viewerId === r.userId ? blocks.has(`${r.userId}:${r.performerId}`) : viewerId === r.performerId ? blocks.has(`${r.performerId}:${r.userId}`) : false,
        createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
      };
    });
  }

  async search(scope: { userId?: string; performerId?: string }, q: SubscriptionSearch): Promise<{ data: Subscription[]; total: number }> {
    const conds: SQL[] = [];
    if (scope.userId) conds.push(eq(subscriptions.userId, scope.userId));
    if (scope.performerId) conds.push(eq(subscriptions.performerId, scope.performerId));
    if (q.status) conds.push(eq(subscriptions.status, q.status));
    if (q.performerId && !scope.performerId) conds.push(eq(subscriptions.performerId, q.performerId));
    if (q.userId && !scope.userId) conds.push(eq(subscriptions.userId, q.userId));
    const where = and(...conds);
    const col = { createdAt: subscriptions.createdAt, updatedAt: subscriptions.updatedAt, expiresAt: subscriptions.expiresAt }[q.sortBy];
    const [rows, [{ n }]] = await Promise.all([
      this.deps.db.select().from(subscriptions).where(where).orderBy(q.sort === 'asc' ? asc(col) : desc(col), desc(subscriptions.id)).limit(q.limit).offset(q.offset),
      this.deps.db.select({ n: count() }).from(subscriptions).where(where),
    ]);
    return { data: await this.views(rows, scope.userId ?? scope.performerId), total: Number(n) };
  }

  /**
   * GET /admin/subscriptions: every subscription with the operator's filters; newest first walks
   * `subscriptions_created_idx`, a fan or creator filter their own indexes.
   */
  async adminSearch(q: AdminSubscriptionSearch): Promise<{ data: Subscription[]; total: number }> {
    const conds: SQL[] = [...dateRange(subscriptions.createdAt, q.fromDate, q.toDate)];
    if (q.status) conds.push(eq(subscriptions.status, q.status));
    if (q.type) conds.push(eq(subscriptions.type, q.type));
    if (q.userId) conds.push(eq(subscriptions.userId, q.userId));
    if (q.performerId) conds.push(eq(subscriptions.performerId, q.performerId));
    const where = conds.length ? and(...conds) : undefined;
    const col = { createdAt: subscriptions.createdAt, updatedAt: subscriptions.updatedAt, expiresAt: subscriptions.expiresAt }[q.sortBy];
    const dir = q.sort === 'asc' ? asc : desc;
    const [rows, [{ n }]] = await Promise.all([
      this.deps.db.select().from(subscriptions).where(where).orderBy(dir(col), dir(subscriptions.id)).limit(q.limit).offset(q.offset),
      this.deps.db.select({ n: count() }).from(subscriptions).where(where),
    ]);
    return { data: await this.views(rows), total: Number(n) };
  }
}
