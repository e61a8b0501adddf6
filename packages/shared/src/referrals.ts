import './zod-config';
import { z } from 'zod';
import { listQuerySchema } from './api';
import { moneyUserSchema } from './payments';

/**
 * Creator referrals (issue 30 §5; rules: apps/api/src/modules/referrals/README.md). A creator's
 * referral link `/r/<code>` leads to the creator sign-up with the code kept; a creator who signs
 * up through it earns the referrer a share of the site's commission on their sales for the
 * operator's number of months (settings referralsEnabled, referralSharePercentage, referralMonths).
 */

/** A referral code: 8 characters of an unambiguous alphabet (no 0/O, 1/I/L), upper case. */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const referralCodeSchema = z.string().trim().toUpperCase().regex(/^[A-Z2-9]{8}$/, 'Not a referral code');
/** The web path of a referral link (and the sign-up's query parameter that carries the code). */
export const referralPath = (code: string) => `/r/${code}`;
export const REFERRAL_QUERY_PARAM = 'ref';

export const REFERRAL_STATUSES = ['active', 'ended', 'voided'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, string> = { active: 'Active', ended: 'Ended', voided: 'Voided' };

/** One referred creator, as the referrer sees it. */
export const myReferralSchema = z.object({
  _id: z.string(),
  referred: moneyUserSchema,
  /** The referred creator's sign-up (the window's start). */
  since: z.string(),
  /** The window's end (since + the months set then). */
  until: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  /** What the referred creator's sales earned the referrer (net of refunds and disputes), decimal. */
  earned: z.number(),
});
export type MyReferral = z.infer<typeof myReferralSchema>;

/** GET /referrals/me: the caller's link, the programme's terms now, and their referred creators (paginated). */
export const myReferralsQuerySchema = listQuerySchema.pick({ offset: true, limit: true });
export const myReferralsSchema = z.object({
  /** Null when the operator turned referrals off. */
  code: z.string().nullable(),
  enabled: z.boolean(),
  sharePercentage: z.number(),
  months: z.number().int(),
  /** All-time total of referral earnings (decimal). */
  earned: z.number(),
  data: z.array(myReferralSchema),
  total: z.number().int(),
});
export type MyReferrals = z.infer<typeof myReferralsSchema>;

/** GET /referrals/code/:code: whether a link's code is one (the sign-up page names the referrer). */
export const referralCodeParamsSchema = z.object({ code: referralCodeSchema });
export const referralCodeInfoSchema = z.object({ referrer: z.object({ name: z.string(), username: z.string().nullable() }) });

/** The operator's list. */
export const adminReferralSchema = myReferralSchema.extend({
  referrer: moneyUserSchema,
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
});
export type AdminReferral = z.infer<typeof adminReferralSchema>;
export const adminReferralsQuerySchema = listQuerySchema.extend({ status: z.enum(REFERRAL_STATUSES).optional() });
export type AdminReferralsQuery = z.infer<typeof adminReferralsQuerySchema>;

/** POST /admin/referrals/:id/void: why (kept in the audit log). */
export const voidReferralSchema = z.object({ reason: z.string().trim().min(3, 'Say why (3 characters at least)').max(500) });
export type VoidReferralInput = z.infer<typeof voidReferralSchema>;

export const REFERRAL_MESSAGES = {
  unknownCode: 'This referral link is not valid',
  alreadyVoided: 'This referral is already voided',
} as const;

/**
 * The referrer's share of a sale's commission: floor(commission × shareBps / 10 000) — rounded down
 * so the site's commission never goes negative and the share never exceeds it. Integer minor units.
 */
export function referralShare(commission: number, shareBps: number): number {
  if (!Number.isSafeInteger(commission) || commission < 0) throw new RangeError('commission must be a non-negative integer of minor units');
  if (!Number.isInteger(shareBps) || shareBps < 0 || shareBps > 10_000) throw new RangeError('shareBps must be an integer in 0..10000');
  return Number((BigInt(commission) * BigInt(shareBps)) / 10_000n);
}
