import { describe, expect, it } from 'vitest';
import { bundlePrice, proratedUpgrade, subscriptionPrice } from './pricing';

describe('subscriptionPrice (tier × coupon)', () => {
  it('is the tier price without a coupon', () => {
    expect(subscriptionPrice({ tierPrice: 995 })).toEqual({ base: 995, promotionDiscount: 0, couponDiscount: 0, amount: 995 });
  });
  it('takes the coupon off with the coupons\' rounding (discount rounded up)', () => {
    expect(subscriptionPrice({ tierPrice: 995, couponPercentage: 10 })).toEqual({ base: 995, promotionDiscount: 0, couponDiscount: 100, amount: 895 });
    expect(subscriptionPrice({ tierPrice: 2000, couponPercentage: 100 }).amount).toBe(0);
  });
  it('refuses a negative or fractional price', () => {
    expect(() => subscriptionPrice({ tierPrice: -1 })).toThrow(RangeError);
  });
});

describe('subscriptionPrice with a bundle (tier → bundle → coupon)', () => {
  it('charges months × the tier price less the bundle percentage, the discount rounded as coupons are', () => {
    // 3 × 9.95 = 29.85, 20 % off: 5.97 → 23.88
    expect(subscriptionPrice({ tierPrice: 995, bundle: { months: 3, discountPercent: 20 } })).toEqual({ base: 995, promotionDiscount: 0, couponDiscount: 0, amount: 2388, months: 3, bundleDiscount: 597 });
    // 12 × 9.99 = 119.88, 15 % off = 17.982 → 17.99 taken off (rounded up) → 101.89
    expect(subscriptionPrice({ tierPrice: 999, bundle: { months: 12, discountPercent: 15 } }).amount).toBe(10189);
    expect(bundlePrice(999, 12, 15)).toBe(10189);
  });
  it('applies the coupon after the bundle, to the whole period', () => {
    const q = subscriptionPrice({ tierPrice: 1000, bundle: { months: 6, discountPercent: 10 }, couponPercentage: 50 });
    // 6000 → 5400 (bundle) → 2700 (coupon)
    expect(q).toEqual({ base: 1000, promotionDiscount: 0, couponDiscount: 2700, amount: 2700, months: 6, bundleDiscount: 600 });
  });
  it('without a bundle is the monthly rule (no bundle fields)', () => {
    expect(subscriptionPrice({ tierPrice: 995, bundle: null })).toEqual({ base: 995, promotionDiscount: 0, couponDiscount: 0, amount: 995 });
  });
  it('refuses a bundle of no months', () => {
    expect(() => bundlePrice(995, 0, 10)).toThrow(RangeError);
  });
  it('does not stack with a promotion', () => {
    expect(() => subscriptionPrice({ tierPrice: 995, bundle: { months: 3, discountPercent: 20 }, promotionPercentage: 50 })).toThrow(RangeError);
  });
});

describe('subscriptionPrice (tier × promotion × coupon, issue 30 §3)', () => {
  it('takes the promotion off the tier price: 50 % of $9.95 is $4.97', () => {
    expect(subscriptionPrice({ tierPrice: 995, promotionPercentage: 50 })).toEqual({ base: 995, promotionDiscount: 498, couponDiscount: 0, amount: 497 });
  });
  it('stacks promotion then coupon, each rounded on its own', () => {
    // 995 − 50 % (498) = 497; − 10 % of 497 (50) = 447
    expect(subscriptionPrice({ tierPrice: 995, promotionPercentage: 50, couponPercentage: 10 })).toEqual({ base: 995, promotionDiscount: 498, couponDiscount: 50, amount: 447 });
    expect(subscriptionPrice({ tierPrice: 1999, promotionPercentage: 25, couponPercentage: 15 })).toEqual({ base: 1999, promotionDiscount: 500, couponDiscount: 225, amount: 1274 });
  });
  it('is the same for each tier price it is given (promotion per tier)', () => {
    for (const tierPrice of [495, 995, 2500]) {
      const q = subscriptionPrice({ tierPrice, promotionPercentage: 30 });
      expect(q.amount + q.promotionDiscount).toBe(tierPrice);
      expect(q.amount).toBe(tierPrice - Math.ceil((tierPrice * 30) / 100));
    }
  });
  it('ignores an absent or zero promotion, and a 100 % coupon after a promotion is free', () => {
    expect(subscriptionPrice({ tierPrice: 995, promotionPercentage: null }).amount).toBe(995);
    expect(subscriptionPrice({ tierPrice: 995, promotionPercentage: 0, couponPercentage: 0 }).amount).toBe(995);
    expect(subscriptionPrice({ tierPrice: 995, promotionPercentage: 99, couponPercentage: 100 })).toEqual({ base: 995, promotionDiscount: 986, couponDiscount: 9, amount: 0 });
  });
});

describe('proratedUpgrade', () => {
  const periodStart = new Date('2027-03-01T00:00:00Z');
  const periodEnd = new Date('2027-04-01T00:00:00Z');
  const at = (iso: string) => new Date(iso);
  it('charges the remaining fraction of the difference, rounded half up', () => {
    // 10 of 31 days left × 1000 = 322.58 → 323
    expect(proratedUpgrade({ oldPrice: 1000, newPrice: 2000, periodStart, periodEnd, now: at('2027-03-22T00:00:00Z') })).toBe(323);
    // half a period of 1 → 0.5 → 1 (half up)
    expect(proratedUpgrade({ oldPrice: 0, newPrice: 1, periodStart: at('2027-01-01T00:00:00Z'), periodEnd: at('2027-01-03T00:00:00Z'), now: at('2027-01-02T00:00:00Z') })).toBe(1);
    // just under half → 0
    expect(proratedUpgrade({ oldPrice: 0, newPrice: 1, periodStart: at('2027-01-01T00:00:00Z'), periodEnd: at('2027-01-03T00:00:00Z'), now: at('2027-01-02T00:00:00.001Z') })).toBe(0);
  });
  it('charges the whole difference at the start, nothing at the end, nothing for a cheaper tier', () => {
    expect(proratedUpgrade({ oldPrice: 500, newPrice: 2000, periodStart, periodEnd, now: periodStart })).toBe(1500);
    expect(proratedUpgrade({ oldPrice: 500, newPrice: 2000, periodStart, periodEnd, now: at('2027-03-01T00:00:00Z') })).toBe(1500);
    expect(proratedUpgrade({ oldPrice: 500, newPrice: 2000, periodStart, periodEnd, now: periodEnd })).toBe(0);
    expect(proratedUpgrade({ oldPrice: 2000, newPrice: 500, periodStart, periodEnd, now: at('2027-03-10T00:00:00Z') })).toBe(0);
    // before the period (clock skew): never more than the whole difference
    expect(proratedUpgrade({ oldPrice: 500, newPrice: 2000, periodStart, periodEnd, now: at('2027-02-01T00:00:00Z') })).toBe(1500);
  });
  it('is exact for large prices', () => {
    expect(proratedUpgrade({ oldPrice: 0, newPrice: 30_000_000, periodStart, periodEnd, now: at('2027-03-22T00:00:00Z') })).toBe(Math.floor((30_000_000 * 10) / 31 + 0.5));
  });
});
