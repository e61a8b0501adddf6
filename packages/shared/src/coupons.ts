import './zod-config';
import { z } from 'zod';
import { idSchema, listQuerySchema, sortBySchema } from './api';
import { moneyUserSchema } from './payments';

/** Coupon contracts (spec §7 Coupons): admin management and applying a code. */
export const couponCodeSchema = z.string().trim().min(3, 'At least 3 characters').max(60).regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, - and _ only');
export const createCouponSchema = z.object({
  code: couponCodeSchema,
  name: z.string().trim().max(100).default(''),
  percentage: z.number().int().min(1).max(100),
  performerId: idSchema.nullable().optional(),
  expiresAt: z.string().datetime({ offset: true }).nullable().optional(),
  maxUses: z.number().int().min(1).nullable().optional(),
  active: z.boolean().default(true),
});
export type CreateCouponInput = z.infer<typeof createCouponSchema>;
/** Any subset; a field left out keeps its value (no defaults here: `.partial()` would still fill `name` and `active`). */
export const updateCouponSchema = z.object({
  code: couponCodeSchema.optional(),
  name: z.string().trim().max(100).optional(),
  percentage: createCouponSchema.shape.percentage.optional(),
  performerId: idSchema.nullable().optional(),
  expiresAt: z.string().datetime({ offset: true }).nullable().optional(),
  maxUses: z.number().int().min(1).nullable().optional(),
  active: z.boolean().optional(),
});
export const couponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  percentage: z.number().int(),
  performerId: z.string().nullable(),
  /** The creator's card when the coupon is for one creator (null: site-wide, or the creator is gone). */
  performer: moneyUserSchema.nullable(),
  expiresAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  usedCount: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;
/** GET /admin/coupons: newest change first. */
export const COUPON_SORTS = ['updatedAt'] as const;
export const couponListQuerySchema = listQuerySchema.extend({ sortBy: sortBySchema(COUPON_SORTS, 'updatedAt') });
/** POST /coupons/{code}/apply-coupon {performerId?}: is the code usable by the caller (for that creator)? */
export const applyCouponBodySchema = z.object({ performerId: idSchema.optional() });
export const appliedCouponSchema = z.object({ code: z.string(), percentage: z.number().int(), performerId: z.string().nullable(), expiresAt: z.string().nullable() });
export type AppliedCoupon = z.infer<typeof appliedCouponSchema>;
