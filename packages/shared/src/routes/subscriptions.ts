import '../zod-config';
import { z } from 'zod';
import { envelope, idOrUsernameParamSchema, listEnvelope, uuidParamSchema } from '../api';
import { commissionOverrideBodySchema, commissionOverrideSchema } from '../earnings';
import { subscribeSchema, subscriptionOfferSchema, subscriptionSchema, subscriptionSearchSchema, subscriptionSettingsSchema } from '../subscriptions';
import { adminSubscriptionSearchSchema } from '../admin-money';
import { defineRoutes } from './define';

/** Spec §7 Subscriptions: subscribe, cancel, lists, a creator's terms (the commission override is tagged admin). */
export const subscriptions = {
  ...defineRoutes('subscriptions', {
    subscribe: {
      method: 'POST',
      path: '/payment/subscribe/performers',
      access: 'user',
      description:
        "Subscribe to a creator with a saved card. type monthly (charged now, renews monthly) or free (a trial of the creator's/site's duration for new subscribers, then monthly unless cancelled). Already subscribed → the same subscription (a cancelled, still paid-up one is resumed). Declined card → 422. A payment for it already in flight (a concurrent request) → 409. Idempotency-Key replays the first answer.",
      schema: { headers: z.object({ 'idempotency-key': z.string().optional() }).passthrough(), body: subscribeSchema, response: { 200: envelope(subscriptionSchema) } },
    },
    cancel: {
      method: 'POST',
      path: '/payment/:provider/cancel-subscription/:id',
      access: 'user',
      description: 'Cancel renewal: access lasts to the end of the paid period. Only the subscriber (or an admin); others → 404.',
      schema: { params: uuidParamSchema.extend({ provider: z.enum(['stripe', 'sandbox']) }), response: { 200: envelope(subscriptionSchema) } },
    },
    mine: {
      method: 'GET',
      path: '/subscriptions/user/search',
      access: 'user',
      description: "The caller's subscriptions (filters: status, performerId).",
      schema: { querystring: subscriptionSearchSchema, response: { 200: listEnvelope(subscriptionSchema) } },
    },
    subscribers: {
      method: 'GET',
      path: '/subscriptions/performer/search',
      access: 'performer',
      description: "The calling creator's subscribers (filters: status, userId).",
      schema: { querystring: subscriptionSearchSchema, response: { 200: listEnvelope(subscriptionSchema) } },
    },
    offer: {
      method: 'GET',
      path: '/subscriptions/offer/:id',
      access: 'anyone',
      description: "A creator's subscription terms (id or username): monthly price, free trial and its length.",
      schema: { params: idOrUsernameParamSchema, response: { 200: envelope(subscriptionOfferSchema) } },
    },
    updatePricing: {
      method: 'PUT',
      path: '/performers/subscription-settings',
      access: 'performer',
      description:
        "The creator's monthly price (within minimumSubscriptionPrice..maximumSubscriptionPrice) and free trial (days; null = the site's freeSubscriptionDuration). Applies to new subscriptions.",
      schema: { body: subscriptionSettingsSchema, response: { 200: envelope(subscriptionOfferSchema) } },
    },
  }),
  ...defineRoutes('admin', {
    adminSearch: {
      method: 'GET',
      path: '/admin/subscriptions',
      access: 'admin',
      description:
        "Operator: every subscription, newest first (sortBy createdAt|updatedAt|expiresAt). Filters: status, type (free = started as a trial, monthly = paid from the start), userId (the fan), performerId (the creator), fromDate/toDate on when it was created (a date-only toDate includes that whole UTC day; fromDate > toDate → 400). Whom people subscribe to is private: each page is an audited read (`subscriptions.read`, subjects: the fans on it).",
      operatorRead: true,
      schema: { querystring: adminSubscriptionSearchSchema, response: { 200: listEnvelope(subscriptionSchema) } },
    },
    adminCancel: {
      method: 'POST',
      path: '/admin/subscriptions/:id/cancel',
      access: 'admin',
      description:
        "Operator: cancel a subscription's renewal with the subscriber's own rule — a paid-up one stays usable to the end of its period and never renews (Stripe: cancel at period end), a past_due one ends at once. Already cancelled or expired → 409. Unknown → 404. Audited (subscription.cancel).",
      schema: { params: uuidParamSchema, response: { 200: envelope(subscriptionSchema) } },
    },
    adminCommission: {
      method: 'PUT',
      path: '/admin/performers/:id/commission',
      access: 'admin',
      description: "Operator: the creator's commission override in percent; null returns to the site default (commissionPercentage); 0 means no commission. Applies to sales from now on. Audited (before/after, optional reason).",
      schema: { params: uuidParamSchema, body: commissionOverrideBodySchema, response: { 200: envelope(commissionOverrideSchema) } },
    },
  }),
};
