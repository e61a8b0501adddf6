import './zod-config';
import { z } from 'zod';
import { idSchema, listQuerySchema } from './api';
import { formatMoney } from './format';

/**
 * Promotions and free-trial links (issue 30 §3; rules: apps/api/src/modules/promotions/README.md).
 * A creator's campaign is a discount (`percentage` off the first `months` paid periods) or a free
 * trial (`days`), for new subscribers, expired ones or both, limited by a number of claims and an end
 * date, optionally for one tier. A free-trial link (`/trial/<code>`) grants its days to whoever
 * claims it, each fan once.
 */
export const PROMOTION_KINDS = ['discount', 'trial', 'trial_link'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];
export const PROMOTION_AUDIENCES = ['new', 'expired', 'both'] as const;
export type PromotionAudience = (typeof PROMOTION_AUDIENCES)[number];
export const PROMOTION_AUDIENCE_LABELS: Record<PromotionAudience, string> = { new: 'New subscribers', expired: 'Expired subscribers', both: 'New and expired subscribers' };
export const PROMOTION_STATUSES = ['running', 'used_up', 'expired', 'ended'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];
export const PROMOTION_STATUS_LABELS: Record<PromotionStatus, string> = { running: 'Running', used_up: 'All claimed', expired: 'Expired', ended: 'Ended' };
export const MAX_PROMOTION_CLAIMS = 100_000;

/** A trial link's code: 10 characters of an unambiguous alphabet (no 0/O, 1/I/L), upper case. */
export const TRIAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const trialCodeSchema = z.string().trim().toUpperCase().regex(/^[A-Z2-9]{10}$/, 'Not a trial link');
/** The web path of a free-trial link. */
export const trialLinkPath = (code: string) => `/trial/${code}`;

const endsAtSchema = z.string({ error: 'Choose an end date' }).trim().refine((v) => !Number.isNaN(Date.parse(v)), 'Not a date');
const claimsSchema = z.number({ error: 'Enter a number' }).int('A whole number').min(1, 'At least 1').max(MAX_PROMOTION_CLAIMS, `At most ${MAX_PROMOTION_CLAIMS}`);
const daysSchema = z.number({ error: 'Enter a number of days' }).int('A whole number').min(1, 'At least 1 day').max(90, 'At most 90 days');
const common = { maxClaims: claimsSchema, endsAt: endsAtSchema, tierId: idSchema.nullable().optional() };
const audienceSchema = z.enum(PROMOTION_AUDIENCES).default('new');

/** POST /promotions: a campaign or a trial link (by `kind`). */
export const promotionInputSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('discount'),
    percentage: z.number({ error: 'Enter a percentage' }).int('A whole number').min(1, 'At least 1 %').max(99, 'At most 99 %'),
    months: z.number({ error: 'Enter a number of months' }).int('A whole number').min(1, 'At least 1 month').max(12, 'At most 12 months'),
    audience: audienceSchema,
    ...common,
  }),
  z.object({ kind: z.literal('trial'), days: daysSchema, audience: audienceSchema, ...common }),
  z.object({ kind: z.literal('trial_link'), days: daysSchema, ...common }),
]);
export type PromotionInput = z.infer<typeof promotionInputSchema>;

/** A running campaign as anyone sees it (the profile and the checkout). Trial links are never listed. */
export const publicPromotionSchema = z.object({
  _id: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  percentage: z.number().int().nullable(),
  months: z.number().int().nullable(),
  days: z.number().int().nullable(),
  audience: z.enum(PROMOTION_AUDIENCES),
  /** Only for this tier; null = every tier. */
  tierId: z.string().nullable(),
  tierName: z.string().nullable(),
  left: z.number().int(),
  endsAt: z.string(),
});
export type PublicPromotion = z.infer<typeof publicPromotionSchema>;

/** A campaign or trial link as its creator manages it, with its figures. */
export const promotionSchema = publicPromotionSchema.extend({
  maxClaims: z.number().int(),
  claimed: z.number().int(),
  status: z.enum(PROMOTION_STATUSES),
  endedAt: z.string().nullable(),
  /** A trial link's code (its path: `trialLinkPath(code)`). */
  code: z.string().nullable(),
  /** Claims whose subscription has paid at least one period. */
  paying: z.number().int(),
  /** What those subscriptions paid since the claim (before sales tax), major units. */
  revenue: z.number(),
  createdAt: z.string(),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const myPromotionsQuerySchema = listQuerySchema.pick({ offset: true, limit: true }).extend({
  /** `campaigns` (discounts and trials) or `links` (trial links); absent: both. */
  type: z.enum(['campaigns', 'links']).optional(),
});
export type MyPromotionsQuery = z.infer<typeof myPromotionsQuerySchema>;
export const trialCodeParamsSchema = z.object({ code: trialCodeSchema });
export const performerPromotionsParamsSchema = z.object({ performerId: idSchema });

/** GET /promotions/trial/{code}: what a trial link offers, for its landing page. */
export const trialLinkInfoSchema = z.object({
  code: z.string(),
  days: z.number().int(),
  left: z.number().int(),
  endsAt: z.string(),
  tierId: z.string().nullable(),
  tierName: z.string().nullable(),
  performer: z.object({ _id: z.string(), username: z.string(), name: z.string(), avatar: z.string().nullable() }),
});
export type TrialLinkInfo = z.infer<typeof trialLinkInfoSchema>;

// ── Rules shared by the API and the web ──────────────────────────────────────────────────────
type Shape = Pick<PublicPromotion, 'kind' | 'percentage' | 'months' | 'days'>;

/** "50 % off for 3 months", "50 % off the first month", "Free for 7 days". */
export function promotionOffer(p: Shape): string {
  if (p.kind === 'discount') return p.months === 1 ? `${p.percentage} % off the first month` : `${p.percentage} % off for ${p.months} months`;
  return `Free for ${p.days} day${p.days === 1 ? '' : 's'}`;
}

/** The profile's badge: "50 % off for 3 months — 12 left". */
export function promotionLabel(p: Shape & { left: number }): string {
  return `${promotionOffer(p)} — ${p.left} left`;
}

/** The checkout's line, prices in major units: "$4.97 for 3 months, then $9.95", "Free for 7 days, then $9.95". */
export function promotedPriceLabel(p: Shape, promoted: number, full: number): string {
  if (p.kind !== 'discount') return `Free for ${p.days} day${p.days === 1 ? '' : 's'}, then ${formatMoney(full)}`;
  return `${formatMoney(promoted)} ${p.months === 1 ? 'for the first month' : `for ${p.months} months`}, then ${formatMoney(full)}`;
}

export interface PromotionCandidate {
  id: string;
  kind: PromotionKind;
  percentage: number | null;
  months: number | null;
  days: number | null;
  audience: PromotionAudience;
  tierId: string | null;
  maxClaims: number;
  claimed: number;
  endsAt: Date;
  endedAt: Date | null;
}

/**
 * May this fan claim this campaign now? Running (not ended, end date in the future, claims left),
 * for the fan's standing with the creator (`new`: never subscribed; `expired`: subscribed before and
 * it lapsed), for the tier subscribed to (or every tier), and of the kind the subscribe asks for
 * (`monthly` ← a discount, `free` ← a trial). Trial links are claimed only through their code.
 */
export function promotionApplies(p: PromotionCandidate, at: { now: Date; fan: 'new' | 'expired'; tierId: string; type: 'monthly' | 'free'; viaLink?: boolean }): boolean {
  if (p.endedAt || p.endsAt.getTime() <= at.now.getTime() || p.claimed >= p.maxClaims) return false;
  if (p.tierId && p.tierId !== at.tierId) return false;
  if (p.kind === 'trial_link') return Boolean(at.viaLink) && at.type === 'free';
  if (at.viaLink) return false;
  if (p.audience !== 'both' && p.audience !== at.fan) return false;
  return p.kind === 'discount' ? at.type === 'monthly' : at.type === 'free';
}

/**
 * THE choice "which promotion applies" (at most one per subscription): among the ones that apply,
 * the best for the fan — a discount saving the most (percentage × months), then the higher
 * percentage; a trial with the most days; ties go to the campaign ending first, then the older one.
 */
export function bestPromotion<T extends PromotionCandidate>(candidates: T[], at: Parameters<typeof promotionApplies>[1]): T | null {
  const ok = candidates.filter((p) => promotionApplies(p, at));
  ok.sort((a, b) => {
    const value = (p: T) => (p.kind === 'discount' ? (p.percentage ?? 0) * (p.months ?? 0) : p.days ?? 0);
    return value(b) - value(a) || (b.percentage ?? 0) - (a.percentage ?? 0) || a.endsAt.getTime() - b.endsAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  });
  return ok[0] ?? null;
}
