import '../zod-config';
import { z } from 'zod';
import { envelope, listEnvelope, okSchema, uuidParamSchema } from '../api';
import { appliedCouponSchema, applyCouponBodySchema, couponListQuerySchema, couponSchema, createCouponSchema, updateCouponSchema } from '../coupons';
import { defineRoutes } from './define';

/** Spec §7 Coupons: a fan checks a code; the operator manages them (entries tagged admin). */
export const coupons = {
  ...defineRoutes('coupons', {
    apply: {
      method: 'POST',
      path: '/coupons/:code/apply-coupon',
      access: 'user',
      description:
        'Check a coupon for the caller (and creator): valid → its percentage; expired, used up, used before, for another creator or unknown → 422 with the reason. Does not use it: pass couponCode when buying or subscribing.',
      schema: { params: z.object({ code: z.string().min(1).max(60) }), body: applyCouponBodySchema.nullish(), response: { 200: envelope(appliedCouponSchema) } },
    },
  }),
  ...defineRoutes('admin', {
    adminList: {
      method: 'GET',
      path: '/admin/coupons',
      access: 'admin',
      description: 'Operator: every coupon, paginated (sortBy, newest change first by default).',
      schema: { querystring: couponListQuerySchema, response: { 200: listEnvelope(couponSchema) } },
    },
    adminCreate: {
      method: 'POST',
      path: '/admin/coupons',
      access: 'admin',
      description: 'Operator: create a coupon (code, percentage, optional creator, expiry and use limit).',
      schema: { body: createCouponSchema, response: { 201: envelope(couponSchema) } },
    },
    adminUpdate: {
      method: 'PUT',
      path: '/admin/coupons/:id',
      access: 'admin',
      description: 'Operator: change a coupon (any subset of the create fields).',
      schema: { params: uuidParamSchema, body: updateCouponSchema, response: { 200: envelope(couponSchema) } },
    },
    adminRemove: {
      method: 'DELETE',
      path: '/admin/coupons/:id',
      access: 'admin',
      description: 'Operator: delete a coupon.',
      schema: { params: uuidParamSchema, response: { 200: envelope(okSchema) } },
    },
  }),
};
