import { discountedMinor } from './money';

/**
 * THE rule "which price does this fan pay now" (issue 30 §1): one pure function, minor units in
 * and out, used by the API's charges and the web's figures alike. Today it covers the tier's price
 * and a coupon; each later step (bundle, promotion) is one more optional input applied in the order
 * written below. Sales tax is not here: it comes on top of the result (`taxFor`, sales-tax.ts).
 *
 *   tier price → bundle → promotion → coupon → amount
 *
 * A bundle (issue 30 §2; subscriptions README "Bundles") makes the period N months: the tier's
 * monthly price × N, less the creator's bundle percentage rounded as coupons are (`discountedMinor`).
 * The coupon then applies to that whole first period. A bundle and a promotion do not stack (a
 * bundle carries its own discount; promotions apply to monthly periods): given both, this throws.
 *
 * A promotion and a coupon STACK in that order (promotions README "Coupons"): the promotion's
 * percentage comes off the tier's price, then the coupon's off what is left; each discount is
 * rounded in the creator's favour on its own (`discountedMinor`).
 */
export interface SubscriptionPriceInput {
  /** The chosen tier's monthly price, minor units. */
  tierPrice: number;
  /** A running promotion's percentage off (1..99) for this period (issue 30 §3), applied before the coupon. */
  promotionPercentage?: number | null;
  /** A coupon's percentage off (1..100), applied last; the discount is rounded in the creator's favour as every coupon is (`discountedMinor`). */
  couponPercentage?: number | null;
  /** A bundle: N months (3, 6, 12) paid at once, the creator's percentage off (0..100). Absent/null: one month. */
  bundle?: { months: number; discountPercent: number } | null;
}
export interface SubscriptionPriceQuote {
  /** The tier's price before any discount. */
  base: number;
  /** Taken off by the promotion. */
  promotionDiscount: number;
  /** Taken off by the coupon. */
  couponDiscount: number;
  /** What is charged (before sales tax). */
  amount: number;
  /** With a bundle only: the months the period lasts. */
  months?: number;
  /** With a bundle only: taken off `base × months` by the bundle's percentage. */
  bundleDiscount?: number;
}

/** A bundle's price: `months` × the monthly price, less `discountPercent` (rounded as coupons are). Minor units. */
export function bundlePrice(monthlyPrice: number, months: number, discountPercent: number): number {
  if (!Number.isInteger(months) || months < 1) throw new RangeError('months must be a positive integer');
  return discountedMinor(Math.round(monthlyPrice) * months, discountPercent);
}

export function subscriptionPrice(input: SubscriptionPriceInput): SubscriptionPriceQuote {
  const base = Math.round(input.tierPrice);
  if (!Number.isInteger(base) || base < 0) throw new RangeError('tierPrice must be a non-negative integer (minor units)');
  let amount = base;
  let bundled: { months: number; bundleDiscount: number } | null = null;
  if (input.bundle) {
    const gross = base * input.bundle.months;
    amount = bundlePrice(base, input.bundle.months, input.bundle.discountPercent);
    bundled = { months: input.bundle.months, bundleDiscount: gross - amount };
  }
  const beforePromotion = amount;
  const promo = input.promotionPercentage ?? 0;
  if (promo > 0) {
    if (bundled) throw new RangeError('a promotion does not apply to a bundle');
    amount = discountedMinor(amount, promo);
  }
  const promoted = amount;
  const pct = input.couponPercentage ?? 0;
  if (pct > 0) amount = discountedMinor(amount, pct);
  return { base, promotionDiscount: beforePromotion - promoted, couponDiscount: promoted - amount, amount, ...(bundled ?? {}) };
}

/**
 * An upgrade's charge now: the remaining fraction of the current period × (new price − old
 * price), in minor units, rounded half up; 0 when the period is over or the new price is not
 * higher. Exact integer arithmetic on milliseconds (no floating point error at any price).
 */
export function proratedUpgrade(p: { oldPrice: number; newPrice: number; periodStart: Date; periodEnd: Date; now: Date }): number {
  const diff = BigInt(Math.round(p.newPrice) - Math.round(p.oldPrice));
  const total = BigInt(p.periodEnd.getTime() - p.periodStart.getTime());
  let remaining = BigInt(p.periodEnd.getTime() - p.now.getTime());
  if (diff <= 0n || total <= 0n || remaining <= 0n) return 0;
  if (remaining > total) remaining = total;
  const num = diff * remaining;
  // round half up: floor(num / total + 1/2) = floor((2·num + total) / (2·total))
  return Number((2n * num + total) / (2n * total));
}
