/** One calendar month after `d` (UTC), the day clamped to the month's length (Jan 31 → Feb 28/29). */
export function addMonths(d: Date, months = 1): Date {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const target = new Date(Date.UTC(y, m, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target;
}
export const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

/**
 * Failed renewals (our own renewal job): the subscription becomes past_due (no access) and the card
 * is tried again RETRY_DELAYS_DAYS later; after the last retry fails it expires and the fan is told.
 */
export const RETRY_DELAYS_DAYS = [1, 2] as const;
/** A claimed renewal is retried by another worker if this one died mid-way. */
export const RENEWAL_LEASE_MS = 10 * 60_000;
