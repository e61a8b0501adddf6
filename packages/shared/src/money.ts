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
