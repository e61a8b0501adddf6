/** The time the money rules read (renewals, expiry, coupons); tests move it. */
export interface Clock { now(): Date }
export const systemClock: Clock = { now: () => new Date() };
