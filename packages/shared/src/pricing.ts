import { discountedMinor } from './money';

/**
 * THE rule "which price does this fan pay now" (issue 30 §1): one pure function, minor units in
 * and out, used by the API's charges and the web's figures alike. Today it covers the tier's price
 * and a coupon; each later step (bundle, promotion) is one more optional input applied in the order
 * written below. Sales tax is not here: it comes on top of the result (`taxFor`, sales-tax.ts).
 *
 *   tier price → (bundle: later) → (promotion: later) → coupon → amount
 */
export interface SubscriptionPriceInput {
  /** The chosen tier's monthly price, minor units. */
  tierPrice: number;
  /** A coupon's percentage off (1..100), applied last; the discount is rounded in the creator's favour as every coupon is (`discountedMinor`). */
  couponPercentage?: number | null;
}
export interface SubscriptionPriceQuote {
  /** The tier's price before any discount. */
  base: number;
  /** Taken off by the coupon. */
  couponDiscount: number;
  /** What is charged (before sales tax). */
  amount: number;
}

export function subscriptionPrice(input: SubscriptionPriceInput): SubscriptionPriceQuote {
  const base = Math.round(input.tierPrice);
  if (!Number.isInteger(base) || base < 0) throw new RangeError('tierPrice must be a non-negative integer (minor units)');
  let amount = base;
  const pct = input.couponPercentage ?? 0;
  if (pct > 0) amount = discountedMinor(amount, pct);
  return { base, couponDiscount: base - amount, amount };
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
