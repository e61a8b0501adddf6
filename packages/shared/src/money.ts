/**
 * Money in the API is a decimal in the site currency (2.95); in the database it is integer minor
 * units (295). These two helpers are the only conversion, used at the edge.
 */
export function toMinor(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError('amount must be a finite number');
  return Math.round(amount * 100);
}
export function fromMinor(minor: number | bigint): number {
  return Number(minor) / 100;
}

/**
 * A price (minor units) after `percentage` off — the one coupon rule, shown by the web and charged
 * by the API: the discount is rounded up to the minor unit, in the fan's favour.
 */
export function discountedMinor(amount: number, percentage: number): number {
  return amount - Math.ceil((amount * percentage) / 100);
}
