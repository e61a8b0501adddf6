import './zod-config';
import { z } from 'zod';
import { idSchema, listQuerySchema } from './api';
import { gatewayNameSchema, moneyAmountSchema, moneyUserSchema } from './payments';
import { tierBadgeSchema } from './tiers';
import { bundleMonthsSchema, renewAsSchema, subscriptionBundleSchema } from './bundles';

/** Subscription contracts (spec §7 Subscriptions): subscribing, the list, a creator's offer and pricing. */
export const SUBSCRIPTION_TYPES = ['monthly', 'free'] as const;
export const subscriptionTypeSchema = z.enum(SUBSCRIPTION_TYPES);
export type SubscriptionType = z.infer<typeof subscriptionTypeSchema>;
/** Lifecycle: active ⇄ past_due → expired; active → cancelled → expired (apps/api/src/modules/subscriptions/README.md). */
export const SUBSCRIPTION_STATUS_VALUES = ['active', 'past_due', 'cancelled', 'expired'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUS_VALUES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;
export const subscribeSchema = z.object({
  performerId: idSchema,
  type: subscriptionTypeSchema.default('monthly'),
  cardId: idSchema.optional(),
  couponCode: z.string().trim().max(60).optional(),
  /** One of the creator's tiers (issue 30 §1); absent: their default tier. */
  tierId: idSchema.optional(),
  /** A bundle of the tier (issue 30 §2): 3, 6 or 12 months charged now at its price; absent: monthly. */
  bundleMonths: bundleMonthsSchema.optional(),
  /** With a bundle: renew at its price again (default) or monthly; changeable until the renewal. */
  renewAs: renewAsSchema.optional(),
  /** A free-trial link's code (issue 30 §3): with `type: 'free'`, the link's days (promotions README). */
  trialCode: z.string().trim().max(20).optional(),
  /** The promotion the checkout showed: refused (409) when another applies now or it ran out, so the fan never pays a price they did not see. */
  promotionId: idSchema.optional(),
});
export type SubscribeInput = z.infer<typeof subscribeSchema>;
export const subscriptionSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  performerId: z.string(),
  user: moneyUserSchema.nullable(),
  performer: moneyUserSchema.nullable(),
  status: subscriptionStatusSchema,
  type: subscriptionTypeSchema,
  /** Monthly price at renewal. */
  price: z.number(),
  /** The tier it is for (null only for a creator's subscription from before tiers that lost its tier). */
  tier: tierBadgeSchema.nullable().optional(),
  /** A downgrade waiting for the renewal. */
  pendingTier: tierBadgeSchema.nullable().optional(),
  /** The bundle the current period was bought as (null: a monthly period). */
  bundle: subscriptionBundleSchema.nullable().optional(),
  /** What the renewal at expiresAt will be: the bundle again or monthly (the fan's choice). */
  renewAs: renewAsSchema.optional(),
  /** What the renewal charges (major units, before tax): the bundle's price or the monthly price. */
  renewalPrice: z.number().optional(),
  gateway: gatewayNameSchema.nullable(),
  startsAt: z.string(),
  expiresAt: z.string(),
  cancelledAt: z.string().nullable(),
  /** Grants access now. */
  isActive: z.boolean(),
  /** Access is held while a dispute of the payment that bought it is open (the operator's `disputeLocksContent`). */
  suspended: z.boolean().optional(),
  /** Will renew at expiresAt. */
  renewing: z.boolean(),
  /** The fan may subscribe to the creator again: no block either way between them (issue 26 §4.2). */
  canResubscribe: z.boolean(),
  /** The caller blocked the other party (their own block only; a block the other made is never told). */
  blockedByYou: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionSearchSchema = listQuerySchema.extend({
  sortBy: z.enum(['createdAt', 'updatedAt', 'expiresAt']).default('updatedAt'),
  status: subscriptionStatusSchema.optional(),
  performerId: idSchema.optional(),
  userId: idSchema.optional(),
});
export type SubscriptionSearch = z.infer<typeof subscriptionSearchSchema>;
/** What a fan sees about subscribing to a creator (on the creator's public profile). */
export const subscriptionOfferSchema = z.object({
  monthlyPrice: z.number(),
  /** The creator offers a free trial now (their setting and the site's freeSubscriptionEnabled). */
  freeSubscriptionEnabled: z.boolean(),
  freeSubscriptionDays: z.number().int(),
});
export type SubscriptionOffer = z.infer<typeof subscriptionOfferSchema>;
/** A creator's own pricing (PUT /performers/subscription-settings). */
export const subscriptionSettingsSchema = z.object({
  monthlyPrice: moneyAmountSchema,
  freeSubscriptionEnabled: z.boolean(),
  /** Null/absent: the site's freeSubscriptionDuration. */
  freeSubscriptionDays: z.number().int().min(1).max(365).nullable().optional(),
});
export type SubscriptionSettingsInput = z.infer<typeof subscriptionSettingsSchema>;
