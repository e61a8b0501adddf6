import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { bundlePrice, fromMinor, type RenewAs, type Subscription, type Tier, type TierBundle, type TierBundlesInput } from '@stagepass/shared';
import type { Db } from '../../db/client';
import { HttpError, fieldError, notFound, unprocessable } from '../../platform/errors';
import type { UserRow } from '../users/users.tables';
import { subscriptionBundles, type SubscriptionBundleRow } from './bundles.tables';
import { subscriptions } from './subscriptions.tables';
import type { SubscriptionTierRow } from './tiers.tables';
import type { TiersService } from './tiers.service';
import type { SettingsService } from '../settings/settings.service';
import { CURRENCY, type PaymentsService } from '../payments/payments.service';

/** What BundlesService is built with (by the composition root, root.ts). */
export interface BundlesDeps {
  db: Db;
  settings: Pick<SettingsService, 'all'>;
  tiers: Pick<TiersService, 'byId' | 'toView'>;
  /** A Stripe-billed bundle's renewal choice is set at Stripe too. */
  payments: Pick<PaymentsService, 'gatewayFor'>;
}

/** The terms a bundle is sold with now: months, the percentage in force, the whole period's price (minor units, before coupon and tax). */
export interface BundleTerms {
  months: number;
  discountPercent: number;
  price: number;
}

/**
 * Subscription bundles (issue 30 §2; README "Bundles"): a creator's 3-, 6- and 12-month bundles
 * per tier, the terms a subscribe buys, and the fan's renewal choice. The price is THE rule's
 * (`subscriptionPrice` / `bundlePrice`, packages/shared/src/pricing.ts). The percentage sold is
 * the creator's, capped by the operator's `bundleMaxDiscountPercent` in force at the sale; none is
 * sold while the operator's `bundlesEnabled` is off.
 */
export class BundlesService {
  constructor(private deps: BundlesDeps) {}

  /** Terms of a bundle row at a tier's price, the percentage capped by the operator's limit. */
  static terms(row: Pick<SubscriptionBundleRow, 'months' | 'discountPercent'>, tierPrice: number, maxPercent: number): BundleTerms {
    const discountPercent = Math.min(row.discountPercent, maxPercent);
    return { months: row.months, discountPercent, price: bundlePrice(tierPrice, row.months, discountPercent) };
  }

  private static view(row: SubscriptionBundleRow, tierPrice: number, maxPercent: number): TierBundle {
    const t = BundlesService.terms(row, tierPrice, maxPercent);
    return {
      months: row.months as TierBundle['months'], discountPercent: t.discountPercent, enabled: row.enabled, price: fromMinor(t.price),
      monthlyEquivalent: fromMinor(Math.round(t.price / t.months)), saving: fromMinor(tierPrice * t.months - t.price),
    };
  }

  /**
   * The tiers with their bundles (one query for all): `offeredOnly` (anyone's view) keeps the ones
   * on sale — enabled by the creator and the operator; the creator's own view has every one set.
   */
  async attach(tiers: Tier[], opts: { offeredOnly: boolean }): Promise<Tier[]> {
    if (!tiers.length) return tiers;
    const s = await this.deps.settings.all();
    if (opts.offeredOnly && !s.bundlesEnabled) return tiers.map((t) => ({ ...t, bundles: [] }));
    const rows = await this.deps.db.select().from(subscriptionBundles).where(inArray(subscriptionBundles.tierId, tiers.map((t) => t._id))).orderBy(subscriptionBundles.months);
    return tiers.map((t) => {
      const price = Math.round(t.price * 100);
      const mine = rows.filter((r) => r.tierId === t._id && (!opts.offeredOnly || r.enabled));
      return { ...t, bundles: mine.map((r) => BundlesService.view(r, price, s.bundleMaxDiscountPercent)) };
    });
  }

  /**
   * PUT /subscription-tiers/{id}/bundles: the lengths listed are set (upsert per tier and length),
   * others left as they are. Percentages above the operator's limit → 400 `discountPercent`;
   * bundles off for the site → 422.
   */
  async set(performer: UserRow, tierId: string, input: TierBundlesInput): Promise<Tier> {
    const tier = await this.deps.tiers.byId(tierId);
    if (!tier || tier.performerId !== performer.id || tier.archivedAt) throw notFound('Tier not found');
    const s = await this.deps.settings.all();
    if (!s.bundlesEnabled) throw unprocessable('Bundles are not available on this site');
    for (const [i, b] of input.bundles.entries()) {
      if (b.discountPercent > s.bundleMaxDiscountPercent) {
        throw fieldError(`bundles.${i}.discountPercent`, `At most ${s.bundleMaxDiscountPercent} % (the site's limit)`);
      }
    }
    await this.deps.db.transaction(async (tx) => {
      for (const b of input.bundles) {
        await tx.insert(subscriptionBundles).values({ tierId, performerId: performer.id, months: b.months, discountPercent: b.discountPercent, enabled: b.enabled })
          .onConflictDoUpdate({ target: [subscriptionBundles.tierId, subscriptionBundles.months], set: { discountPercent: b.discountPercent, enabled: b.enabled } });
      }
    });
    const [view] = await this.attach([this.deps.tiers.toView(tier)], { offeredOnly: false });
    return view!;
  }

  /** The bundle a subscribe asks for, on sale now for that tier (else 400 `bundleMonths`), with the terms it is sold at. */
  async forSubscribe(tier: SubscriptionTierRow, months: number): Promise<BundleTerms> {
    const s = await this.deps.settings.all();
    const [row] = s.bundlesEnabled
      ? await this.deps.db.select().from(subscriptionBundles).where(and(eq(subscriptionBundles.tierId, tier.id), eq(subscriptionBundles.months, months), eq(subscriptionBundles.enabled, true)))
      : [];
    if (!row) throw fieldError('bundleMonths', `This tier has no ${months}-month bundle on offer`);
    return BundlesService.terms(row, tier.price, s.bundleMaxDiscountPercent);
  }

  /**
   * POST /subscriptions/{id}/renewal: how a bundle subscription renews (the subscriber's; others
   * 404). Only a subscription whose period is a bundle (422 otherwise), not an expired one. One
   * billed by Stripe is told first (a Subscription Schedule: the period as it is, then the chosen
   * terms — README "Bundles"); Stripe refusing leaves the choice as it was.
   */
  async setRenewal(user: UserRow, subscriptionId: string, renewAs: RenewAs, view: (id: string) => Promise<Subscription>): Promise<Subscription> {
    const [sub] = await this.deps.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    if (!sub || sub.userId !== user.id) throw notFound('Subscription not found');
    if (!sub.bundleMonths || sub.bundlePrice === null) throw new HttpError(422, 'This subscription is monthly: there is no bundle to renew', [{ field: 'renewAs', message: 'Not a bundle subscription' }]);
    if (sub.status === 'expired') throw unprocessable('This subscription has ended');
    if (sub.gateway === 'stripe' && sub.gatewayRef) {
      const gw = await this.deps.payments.gatewayFor('stripe');
      // Monthly: the tier's monthly price the subscription keeps (a bundle changes tier only after it renewed monthly).
      const terms = renewAs === 'bundle' ? { months: sub.bundleMonths, amount: sub.bundlePrice } : { months: 1, amount: sub.price };
      await gw.subscriptions!.setRenewal({ gatewayRef: sub.gatewayRef, ...terms, currency: CURRENCY, idempotencyKey: `renewal:${sub.id}:${crypto.randomUUID()}` });
    }
    await this.deps.db.update(subscriptions).set({ renewBundle: renewAs === 'bundle' }).where(eq(subscriptions.id, sub.id));
    return view(sub.id);
  }
}
