import './zod-config';
import { z } from 'zod';

/**
 * Subscription bundles (issue 30 §2; apps/api/src/modules/subscriptions/README.md "Bundles"): per
 * tier, 3-, 6- and 12-month periods paid at once at a percentage off the monthly price, within the
 * operator's `bundleMaxDiscountPercent`. Zod only (no other contract imported), so tiers and
 * subscriptions may both use it.
 */
export const BUNDLE_MONTHS = [3, 6, 12] as const;
export type BundleMonths = (typeof BUNDLE_MONTHS)[number];
export const bundleMonthsSchema = z.union([z.literal(3), z.literal(6), z.literal(12)], { error: 'A bundle lasts 3, 6 or 12 months' });

/** A tier's bundle as answered: `price` the whole period (major units, before tax), `saving` against paying monthly. */
export const tierBundleSchema = z.object({
  months: bundleMonthsSchema,
  discountPercent: z.number().int(),
  /** Offered now (the creator's switch; public lists show only these). */
  enabled: z.boolean(),
  price: z.number(),
  /** price ÷ months, rounded to the cent — for "≈ 7.96 / month". */
  monthlyEquivalent: z.number(),
  saving: z.number(),
});
export type TierBundle = z.infer<typeof tierBundleSchema>;

/** PUT /subscription-tiers/{id}/bundles: each length at most once; the percentage 1..bundleMaxDiscountPercent (checked by the API). */
export const tierBundlesInputSchema = z.object({
  bundles: z
    .array(z.object({ months: bundleMonthsSchema, discountPercent: z.number({ error: 'Enter a percentage' }).int('A whole percentage').min(1, 'At least 1 %').max(100, 'At most 100 %'), enabled: z.boolean() }))
    .max(BUNDLE_MONTHS.length)
    .refine((b) => new Set(b.map((x) => x.months)).size === b.length, 'Each bundle length once'),
});
export type TierBundlesInput = z.infer<typeof tierBundlesInputSchema>;

/** What a subscription renews as at the end of its period: its bundle again, or the monthly price. */
export const RENEW_AS = ['bundle', 'monthly'] as const;
export const renewAsSchema = z.enum(RENEW_AS);
export type RenewAs = z.infer<typeof renewAsSchema>;
export const renewalChoiceSchema = z.object({ renewAs: renewAsSchema });
export type RenewalChoiceInput = z.infer<typeof renewalChoiceSchema>;

/** The bundle a subscription's current period was bought as (terms kept for its renewals). */
export const subscriptionBundleSchema = z.object({
  months: z.number().int(),
  discountPercent: z.number().int(),
  /** The whole period's price (major units, before tax) — what a bundle renewal charges. */
  price: z.number(),
});
export type SubscriptionBundle = z.infer<typeof subscriptionBundleSchema>;
