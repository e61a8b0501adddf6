import { and, asc, count, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import { MAX_TIERS, fromMinor, toMinor, type Tier, type TierBadgeInfo, type TierInput, type TierUpdateInput } from '@stagepass/shared';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { conflict, fieldError, notFound, unprocessable } from '../../platform/errors';
import type { UserRow } from '../users/users.tables';
import { subscriptions } from './subscriptions.tables';
import { grantsAccessSql } from './subscriptions.policy';
import { subscriptionTiers, type SubscriptionTierRow } from './tiers.tables';
import type { Clock } from '../../platform/clock';
import type { PricingService } from '../performers/pricing.service';
import type { SettingsService } from '../settings/settings.service';

/** What TiersService is built with (by the composition root, root.ts). */
export interface TiersDeps {
  clock: Clock;
  db: Db;
  pricing: PricingService;
  settings: SettingsService;
}

/**
 * A creator's subscription tiers (README "Tiers"): at most MAX_TIERS live ones, ranked by
 * `position` (1 = lowest), one default. A creator who never touched tiers has one made from their
 * monthly price the first time anyone asks (`ensureDefault`). The default tier's price IS the
 * creator's monthly price (performer_pricing, kept equal both ways: `syncDefaultPrice` after PUT
 * /performers/subscription-settings, `pricing.setMonthlyPrice` when the default tier's price is edited).
 */
export class TiersService {
  constructor(private deps: TiersDeps) {}

  private get now() {
    return this.deps.clock.now();
  }

  toView(t: SubscriptionTierRow, subscriberCount?: number): Tier {
    return {
      _id: t.id, performerId: t.performerId, name: t.name, price: fromMinor(t.price), description: t.description, colour: t.colour,
      position: t.position, isDefault: t.isDefault, archived: t.archivedAt !== null, ...(subscriberCount === undefined ? {} : { subscriberCount }),
    };
  }

  badge(t: Pick<SubscriptionTierRow, 'id' | 'name' | 'colour' | 'position'>): TierBadgeInfo {
    return { _id: t.id, name: t.name, colour: t.colour, position: t.position };
  }

  /** The creator's live tiers, lowest rank first (a default one made first when they have none). */
  async live(performerId: string, db: DbOrTx = this.deps.db): Promise<SubscriptionTierRow[]> {
    const rows = await db.select().from(subscriptionTiers).where(and(eq(subscriptionTiers.performerId, performerId), isNull(subscriptionTiers.archivedAt))).orderBy(asc(subscriptionTiers.position));
    if (rows.length) return rows;
    await this.ensureDefault(performerId);
    return db.select().from(subscriptionTiers).where(and(eq(subscriptionTiers.performerId, performerId), isNull(subscriptionTiers.archivedAt))).orderBy(asc(subscriptionTiers.position));
  }

  /** A creator without tiers gets the default one at their monthly price (the unique index settles a race). */
  async ensureDefault(performerId: string): Promise<void> {
    const p = await this.deps.pricing.pricing(performerId);
    await this.deps.db.insert(subscriptionTiers).values({ performerId, name: 'Standard', price: p.monthlyPrice, position: 1, isDefault: true }).onConflictDoNothing();
  }

  async byId(id: string, db: DbOrTx = this.deps.db): Promise<SubscriptionTierRow | null> {
    const [row] = await db.select().from(subscriptionTiers).where(eq(subscriptionTiers.id, id));
    return row ?? null;
  }

  /** Tiers by id (badges in lists). */
  async byIds(ids: string[]): Promise<Map<string, SubscriptionTierRow>> {
    const unique = [...new Set(ids.filter(Boolean))];
    if (!unique.length) return new Map();
    const rows = await this.deps.db.select().from(subscriptionTiers).where(inArray(subscriptionTiers.id, unique));
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** The tier a fan subscribes to: the one asked for (a live tier of that creator, else 400) or the default. */
  async forSubscribe(performerId: string, tierId: string | undefined): Promise<SubscriptionTierRow> {
    const tiers = await this.live(performerId);
    if (tierId) {
      const t = tiers.find((x) => x.id === tierId);
      if (!t) throw fieldError('tierId', 'This tier is not offered by this creator');
      return t;
    }
    return tiers.find((t) => t.isDefault) ?? tiers[0]!;
  }

  /** GET /subscription-tiers/performer/{id}: the live tiers anyone may see. */
  async publicList(performerId: string): Promise<Tier[]> {
    return (await this.live(performerId)).map((t) => this.toView(t));
  }

  /** GET /subscription-tiers/mine: the creator's live tiers with how many subscriptions on each grant access now. */
  async mine(performer: UserRow): Promise<Tier[]> {
    const tiers = await this.live(performer.id);
    const counts = await this.deps.db.select({ id: subscriptions.tierId, n: count() }).from(subscriptions)
      .where(and(eq(subscriptions.performerId, performer.id), grantsAccessSql(this.now))).groupBy(subscriptions.tierId);
    const by = new Map(counts.map((c) => [c.id, Number(c.n)]));
    return tiers.map((t) => this.toView(t, by.get(t.id) ?? 0));
  }

  private async checkPrice(price: number) {
    await this.deps.settings.checkAmountRange('tier price', 'price', price, 'minimumSubscriptionPrice', 'maximumSubscriptionPrice');
  }

  private async lockedLive(tx: Tx, performerId: string): Promise<SubscriptionTierRow[]> {
    return tx.select().from(subscriptionTiers).where(and(eq(subscriptionTiers.performerId, performerId), isNull(subscriptionTiers.archivedAt))).orderBy(asc(subscriptionTiers.position)).for('update');
  }

  /** POST /subscription-tiers: a new tier ranked above the others; the sixth → 422. */
  async create(performer: UserRow, input: TierInput): Promise<Tier> {
    await this.checkPrice(input.price);
    await this.live(performer.id);
    const row = await this.deps.db.transaction(async (tx) => {
      const tiers = await this.lockedLive(tx, performer.id);
      if (tiers.length >= MAX_TIERS) throw unprocessable(`A creator offers at most ${MAX_TIERS} tiers`);
      if (tiers.some((t) => t.name.toLowerCase() === input.name.toLowerCase())) throw fieldError('name', 'You already have a tier with this name');
      const [{ top }] = await tx.select({ top: max(subscriptionTiers.position) }).from(subscriptionTiers).where(and(eq(subscriptionTiers.performerId, performer.id), isNull(subscriptionTiers.archivedAt)));
      const [row] = await tx.insert(subscriptionTiers).values({ performerId: performer.id, name: input.name, price: toMinor(input.price), description: input.description, colour: input.colour, position: (top ?? 0) + 1 }).returning();
      return row!;
    });
    return this.toView(row, 0);
  }

  private async own(tx: DbOrTx, performer: UserRow, id: string): Promise<SubscriptionTierRow> {
    const t = await this.byId(id, tx);
    if (!t || t.performerId !== performer.id || t.archivedAt) throw notFound('Tier not found');
    return t;
  }

  /**
   * PUT /subscription-tiers/{id}: name, price, description, colour; `isDefault: true` makes it the
   * default. A new price applies to new subscriptions and upgrades; current subscribers keep theirs.
   */
  async update(performer: UserRow, id: string, input: TierUpdateInput): Promise<Tier> {
    if (input.price !== undefined) await this.checkPrice(input.price);
    const row = await this.deps.db.transaction(async (tx) => {
      const tiers = await this.lockedLive(tx, performer.id);
      const t = await this.own(tx, performer, id);
      if (input.name && tiers.some((x) => x.id !== id && x.name.toLowerCase() === input.name!.toLowerCase())) throw fieldError('name', 'You already have a tier with this name');
      if (input.isDefault && !t.isDefault) await tx.update(subscriptionTiers).set({ isDefault: false }).where(and(eq(subscriptionTiers.performerId, performer.id), eq(subscriptionTiers.isDefault, true)));
      const [row] = await tx.update(subscriptionTiers).set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.price !== undefined ? { price: toMinor(input.price) } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.colour !== undefined ? { colour: input.colour } : {}),
        ...(input.isDefault ? { isDefault: true } : {}),
      }).where(eq(subscriptionTiers.id, id)).returning();
      return row!;
    });
    if (row.isDefault && (input.price !== undefined || input.isDefault)) await this.deps.pricing.setMonthlyPrice(performer.id, row.price);
    return this.toView(row);
  }

  /** After PUT /performers/subscription-settings: the default tier's price follows the monthly price. */
  async syncDefaultPrice(performerId: string): Promise<void> {
    await this.live(performerId);
    const p = await this.deps.pricing.pricing(performerId);
    await this.deps.db.update(subscriptionTiers).set({ price: p.monthlyPrice })
      .where(and(eq(subscriptionTiers.performerId, performerId), eq(subscriptionTiers.isDefault, true), isNull(subscriptionTiers.archivedAt)));
  }

  /** PUT /subscription-tiers/order: every live tier once, lowest rank first; positions become 1..n. */
  async reorder(performer: UserRow, ids: string[]): Promise<Tier[]> {
    await this.live(performer.id);
    await this.deps.db.transaction(async (tx) => {
      const tiers = await this.lockedLive(tx, performer.id);
      const known = new Set(tiers.map((t) => t.id));
      if (ids.length !== tiers.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
        throw fieldError('ids', 'List each of your tiers exactly once');
      }
      for (const [i, id] of ids.entries()) await tx.update(subscriptionTiers).set({ position: i + 1 }).where(eq(subscriptionTiers.id, id));
    });
    return this.mine(performer);
  }

  /**
   * POST /subscription-tiers/{id}/archive: the default tier cannot be archived (make another the
   * default first: 409); a tier with subscriptions that still grant access or renew needs `moveTo`
   * (another live tier: they move to it, at its price from their next renewal) — else 409. The
   * archived tier names its successor (`moved_to_id`, the default when none was given), so content
   * that required it asks the successor's rank; the live tiers are ranked 1..n again.
   */
  async archive(performer: UserRow, id: string, moveTo: string | undefined): Promise<Tier[]> {
    await this.deps.db.transaction(async (tx) => {
      const tiers = await this.lockedLive(tx, performer.id);
      const t = await this.own(tx, performer, id);
      if (t.isDefault) throw conflict('Make another tier the default before archiving this one');
      const target = moveTo ? tiers.find((x) => x.id === moveTo && x.id !== id) : tiers.find((x) => x.isDefault);
      if (moveTo && !target) throw fieldError('moveTo', 'Choose another of your tiers');
      const [{ n }] = await tx.select({ n: count() }).from(subscriptions)
        .where(and(eq(subscriptions.tierId, id), sql`(${grantsAccessSql(this.now)} or ${subscriptions.status} in ('active', 'past_due'))`));
      if (Number(n) > 0 && !moveTo) throw conflict(`${n} subscriber(s) are on this tier: choose a tier to move them to`, [{ field: 'moveTo', message: 'Choose a tier to move its subscribers to' }]);
      await tx.update(subscriptions).set({ tierId: target!.id, price: target!.price }).where(eq(subscriptions.tierId, id));
      await tx.update(subscriptions).set({ pendingTierId: null }).where(eq(subscriptions.pendingTierId, id));
      await tx.update(subscriptionTiers).set({ movedToId: target!.id }).where(eq(subscriptionTiers.movedToId, id));
      await tx.update(subscriptionTiers).set({ archivedAt: this.now, movedToId: target!.id, isDefault: false }).where(eq(subscriptionTiers.id, id));
      const rest = tiers.filter((x) => x.id !== id);
      for (const [i, x] of rest.entries()) if (x.position !== i + 1) await tx.update(subscriptionTiers).set({ position: i + 1 }).where(eq(subscriptionTiers.id, x.id));
    });
    return this.mine(performer);
  }
}
