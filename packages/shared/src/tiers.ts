import './zod-config';
import { z } from 'zod';
import { idSchema } from './api';
import { moneyAmountSchema } from './payments';
import { tierBundleSchema } from './bundles';

/** Subscription tiers (issue 30 §1; apps/api/src/modules/subscriptions/README.md "Tiers"). */
export const MAX_TIERS = 5;
export const TIER_COLOURS = ['#8c8c8c', '#1677ff', '#13a8a8', '#52c41a', '#d4b106', '#fa8c16', '#eb2f96', '#722ed1'] as const;
export const tierColourSchema = z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, 'A colour like #1677ff');

/** A tier as anyone sees it (the profile) and as its creator manages it. */
export const tierSchema = z.object({
  _id: z.string(),
  performerId: z.string(),
  name: z.string(),
  /** Monthly price (major units). */
  price: z.number(),
  description: z.string(),
  colour: z.string(),
  /** Rank, 1 = lowest: a subscription opens content whose minimum tier's rank is at most its own. */
  position: z.number().int(),
  isDefault: z.boolean(),
  archived: z.boolean(),
  /** Creator's view only: subscriptions on it that grant access now. */
  subscriberCount: z.number().int().optional(),
  /** Its bundles (issue 30 §2): the public list has the offered ones, the creator's every one set. */
  bundles: z.array(tierBundleSchema).optional(),
});
export type Tier = z.infer<typeof tierSchema>;

export { tierBadgeSchema, type TierBadgeInfo } from './tier-badge';

export const tierInputSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(40, 'At most 40 characters'),
  price: moneyAmountSchema,
  description: z.string().trim().max(500, 'At most 500 characters').default(''),
  colour: tierColourSchema.default('#8c8c8c'),
});
export type TierInput = z.infer<typeof tierInputSchema>;
export const tierUpdateSchema = tierInputSchema.partial().extend({ isDefault: z.literal(true).optional() });
export type TierUpdateInput = z.infer<typeof tierUpdateSchema>;

/** PUT /subscription-tiers/order: every unarchived tier of the creator, lowest rank first. */
export const tierOrderSchema = z.object({ ids: z.array(idSchema).min(1).max(MAX_TIERS) });
/** Archiving a tier with active subscribers needs a tier to move them to. */
export const tierArchiveSchema = z.object({ moveTo: idSchema.optional() });

/** POST /subscriptions/{id}/tier: upgrade now (prorated difference charged) or downgrade at renewal. */
export const tierChangeSchema = z.object({ tierId: idSchema });
export type TierChangeInput = z.infer<typeof tierChangeSchema>;
export const tierChangeResultSchema = z.object({
  kind: z.enum(['upgrade', 'downgrade', 'none']),
  /** Charged now (major units, before sales tax) — an upgrade's prorated difference. */
  charged: z.number(),
  /** When a downgrade takes effect (the renewal). */
  effectiveAt: z.string().nullable(),
});
export type TierChangeResult = z.infer<typeof tierChangeResultSchema>;

/** The optional minimum tier of a post, video, gallery, mass message or stream (null: any subscription). */
export const minTierIdSchema = idSchema.nullable().optional();
