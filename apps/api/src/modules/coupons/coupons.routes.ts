import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appliedCouponSchema, applyCouponBodySchema, couponSchema, createCouponSchema, couponListQuerySchema, envelope, listEnvelope, okSchema, updateCouponSchema, uuidParamSchema } from '@stagepass/shared';
import { adminOnly, authenticated, currentUser } from '../../platform/auth';
import type { CouponsService } from './coupons.service';

/** What the coupons routes are given by the composition root (by closure). */
export interface CouponsRoutesDeps {
  coupons: CouponsService;
}

export const couponsRoutes = (deps: CouponsRoutesDeps): FastifyPluginAsyncZod => async (app) => {
  const svc = deps.coupons;
  const tags = ['coupons'];

  app.post(
    '/coupons/:code/apply-coupon',
    { preHandler: authenticated, schema: { tags, params: z.object({ code: z.string().min(1).max(60) }), body: applyCouponBodySchema.nullish(), response: { 200: envelope(appliedCouponSchema) }, description: 'Check a coupon for the caller (and creator): valid → its percentage; expired, used up, used before, for another creator or unknown → 422 with the reason. Does not use it: pass couponCode when buying or subscribing.' } },
    async (req) => ({ data: await svc.check(req.params.code, currentUser(req).id, req.body?.performerId) }),
  );

  app.get('/admin/coupons', { preHandler: adminOnly, schema: { tags: ['admin'], querystring: couponListQuerySchema, response: { 200: listEnvelope(couponSchema) } } }, async (req) => ({ data: await svc.list(req.query) }));
  app.post('/admin/coupons', { preHandler: adminOnly, schema: { tags: ['admin'], body: createCouponSchema, response: { 201: envelope(couponSchema) } } }, async (req, reply) => reply.status(201).send({ data: await svc.create(req.body) }));
  app.put('/admin/coupons/:id', { preHandler: adminOnly, schema: { tags: ['admin'], params: uuidParamSchema, body: updateCouponSchema, response: { 200: envelope(couponSchema) } } }, async (req) => ({ data: await svc.update(req.params.id, req.body) }));
  app.delete('/admin/coupons/:id', { preHandler: adminOnly, schema: { tags: ['admin'], params: uuidParamSchema, response: { 200: envelope(okSchema) } } }, async (req) => {
    await svc.remove(req.params.id);
    return { data: { success: true as const } };
  });
};
