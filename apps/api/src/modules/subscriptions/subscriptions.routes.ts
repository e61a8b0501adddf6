import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commissionOverrideSchema, envelope, idOrUsernameParamSchema, listEnvelope, subscribeSchema, subscriptionOfferSchema,
  subscriptionSchema, subscriptionSearchSchema, subscriptionSettingsSchema, uuidParamSchema,
} from '@stagepass/shared';
import { adminOnly, authenticated, currentUser, isAdmin, performerOnly } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { fingerprint, idempotencyKeyFrom } from '../ledger/idempotency';
import type { Idempotency } from '../ledger/idempotency';
import type { UsersService } from '../users/users.service';
import type { SubscriptionsService } from './subscriptions.service';
import type { PricingService } from '../performers/pricing.service';

/** What the subscriptions routes are given by the composition root (by closure). */
export interface SubscriptionsRoutesDeps {
  pricing: PricingService;
  idempotency: Idempotency;
  subscriptions: SubscriptionsService;
  users: UsersService;
}

export const subscriptionsRoutes = (deps: SubscriptionsRoutesDeps): FastifyPluginAsyncZod => async (app) => {
  const svc = deps.subscriptions;
  const tags = ['subscriptions'];

  app.post(
    '/payment/subscribe/performers',
    { preHandler: authenticated, schema: { tags, headers: z.object({ 'idempotency-key': z.string().optional() }).passthrough(), body: subscribeSchema, response: { 200: envelope(subscriptionSchema) }, description: 'Subscribe to a creator with a saved card. type monthly (charged now, renews monthly) or free (a trial of the creator\'s/site\'s duration for new subscribers, then monthly unless cancelled). Already subscribed → the same subscription (a cancelled, still paid-up one is resumed). Declined card → 422. A payment for it already in flight (a concurrent request) → 409. Idempotency-Key replays the first answer.' } },
    async (req, reply) => {
      const user = currentUser(req);
      const key = idempotencyKeyFrom(req.headers['idempotency-key']);
      const res = await deps.idempotency.twoPhase(user.id, key, fingerprint('POST', req.url, req.body), async () => ({ statusCode: 200, body: { data: await svc.subscribe(user, req.body) } }));
      return reply.status(res.statusCode as 200).send(res.body);
    },
  );

  app.post(
    '/payment/:provider/cancel-subscription/:id',
    { preHandler: authenticated, schema: { tags, params: uuidParamSchema.extend({ provider: z.enum(['stripe', 'sandbox']) }), response: { 200: envelope(subscriptionSchema) }, description: 'Cancel renewal: access lasts to the end of the paid period. Only the subscriber (or an admin); others → 404.' } },
    async (req) => {
      const user = currentUser(req);
      return { data: await svc.cancel(user, req.params.provider, req.params.id, isAdmin(user)) };
    },
  );

  app.get(
    '/subscriptions/user/search',
    { preHandler: authenticated, schema: { tags, querystring: subscriptionSearchSchema, response: { 200: listEnvelope(subscriptionSchema) }, description: 'The caller\'s subscriptions (filters: status, performerId).' } },
    async (req) => ({ data: await svc.search({ userId: currentUser(req).id }, req.query) }),
  );

  app.get(
    '/subscriptions/performer/search',
    { preHandler: performerOnly, schema: { tags, querystring: subscriptionSearchSchema, response: { 200: listEnvelope(subscriptionSchema) }, description: 'The calling creator\'s subscribers (filters: status, userId).' } },
    async (req) => ({ data: await svc.search({ performerId: currentUser(req).id }, req.query) }),
  );

  app.get(
    '/subscriptions/offer/:id',
    { schema: { tags, params: idOrUsernameParamSchema, response: { 200: envelope(subscriptionOfferSchema) }, description: 'A creator\'s subscription terms (id or username): monthly price, free trial and its length.' } },
    async (req) => {
      const p = await deps.users.findByIdOrUsername(req.params.id);
      if (!p?.isPerformer) throw notFound('Creator not found');
      return { data: await deps.pricing.offer(p.id) };
    },
  );

  app.put(
    '/performers/subscription-settings',
    { preHandler: performerOnly, schema: { tags, body: subscriptionSettingsSchema, response: { 200: envelope(subscriptionOfferSchema) }, description: 'The creator\'s monthly price (within minimumSubscriptionPrice..maximumSubscriptionPrice) and free trial (days; null = the site\'s freeSubscriptionDuration). Applies to new subscriptions.' } },
    async (req) => ({ data: await deps.pricing.updatePricing(currentUser(req), req.body) }),
  );

  app.put(
    '/admin/performers/:id/commission',
    { preHandler: adminOnly, schema: { tags: ['admin'], params: uuidParamSchema, body: commissionOverrideSchema, response: { 200: envelope(commissionOverrideSchema) }, description: 'Operator: the creator\'s commission override in percent; null returns to the site default (commissionPercentage); 0 means no commission.' } },
    async (req) => ({ data: await deps.pricing.setCommission(req.params.id, req.body.percentage) }),
  );
};
