import '../zod-config';
import { z } from 'zod';
import { envelope, idOrUsernameParamSchema, listEnvelope, uuidParamSchema } from '../api';
import { commissionOverrideBodySchema, commissionOverrideSchema } from '../earnings';
import { subscribeSchema, subscriptionOfferSchema, subscriptionSchema, subscriptionSearchSchema, subscriptionSettingsSchema } from '../subscriptions';
import { adminSubscriptionSearchSchema } from '../admin-money';
import { tierArchiveSchema, tierChangeResultSchema, tierChangeSchema, tierInputSchema, tierOrderSchema, tierSchema, tierUpdateSchema } from '../tiers';
import { renewalChoiceSchema, tierBundlesInputSchema } from '../bundles';
import { defineRoutes } from './define';

/** Spec §7 Subscriptions: subscribe, cancel, lists, a creator's terms (the commission override is tagged admin). */
export const subscriptions = {
  ...defineRoutes('subscriptions', {
    subscribe: {
      method: 'POST',
      path: '/payment/subscribe/performers',
      access: 'user',
      description:
        "Subscribe to a creator with a saved card. type monthly (charged now, renews monthly; with bundleMonths 3/6/12: the tier's bundle — months × price less its percentage, then the coupon — charged once now for that many calendar months, renewing as renewAs says) or free (a trial of the creator's/site's duration for new subscribers, then monthly unless cancelled). Already subscribed → the same subscription (a cancelled, still paid-up one is resumed). Declined card → 422. A payment for it already in flight (a concurrent request) → 409. Idempotency-Key replays the first answer.",
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
    tiersOf: {
      method: 'GET',
      path: '/subscription-tiers/performer/:id',
      access: 'anyone',
      description: "A creator's live subscription tiers (id or username), lowest rank first: name, monthly price, description, colour, rank, which is the default. A creator who never set tiers has one, the default, at their monthly price.",
      schema: { params: idOrUsernameParamSchema, response: { 200: envelope(z.array(tierSchema)) } },
    },
    myTiers: {
      method: 'GET',
      path: '/subscription-tiers/mine',
      access: 'performer',
      description: "The calling creator's live tiers with the number of subscriptions on each that grant access now.",
      schema: { response: { 200: envelope(z.array(tierSchema)) } },
    },
    createTier: {
      method: 'POST',
      path: '/subscription-tiers',
      access: 'performer',
      description: 'A new tier, ranked above the others. At most 5 live tiers (→ 422); price within minimumSubscriptionPrice..maximumSubscriptionPrice (→ 400); names unique per creator.',
      schema: { body: tierInputSchema, response: { 200: envelope(tierSchema) } },
    },
    updateTier: {
      method: 'PUT',
      path: '/subscription-tiers/:id',
      access: 'performer',
      description: "Edit one of the caller's tiers (name, price, description, colour; isDefault: true makes it the default, whose price is the creator's monthly price). Current subscribers keep their price. Not theirs → 404.",
      schema: { params: uuidParamSchema, body: tierUpdateSchema, response: { 200: envelope(tierSchema) } },
    },
    reorderTiers: {
      method: 'PUT',
      path: '/subscription-tiers/order',
      access: 'performer',
      description: "Rank the caller's live tiers: every one exactly once, lowest first (→ 400 otherwise).",
      schema: { body: tierOrderSchema, response: { 200: envelope(z.array(tierSchema)) } },
    },
    archiveTier: {
      method: 'POST',
      path: '/subscription-tiers/:id/archive',
      access: 'performer',
      description: 'Archive a tier. The default → 409 (make another the default first). With subscribers whose subscription grants access or renews: moveTo (another live tier) is required (→ 409 without), and they move to it at its price from their next renewal. Content that required it now requires moveTo (or the default).',
      schema: { params: uuidParamSchema, body: tierArchiveSchema, response: { 200: envelope(z.array(tierSchema)) } },
    },
    setTierBundles: {
      method: 'PUT',
      path: '/subscription-tiers/:id/bundles',
      access: 'performer',
      description:
        "Bundles of one of the caller's tiers (issue 30 §2): 3, 6 and/or 12 months, each on or off, at a whole percentage off months × the tier's price (1..bundleMaxDiscountPercent → 400 discountPercent otherwise; bundles switched off by the operator → 422). Lengths not listed are left as they are. Applies to new bundle subscriptions; running ones keep their terms. Not theirs → 404.",
      schema: { params: uuidParamSchema, body: tierBundlesInputSchema, response: { 200: envelope(tierSchema) } },
    },
    setRenewal: {
      method: 'POST',
      path: '/subscriptions/:id/renewal',
      access: 'user',
      description:
        "The subscriber chooses how a bundle subscription renews at the end of its period: renewAs bundle (the same months at the bundle's price again) or monthly (the tier's monthly price, one month at a time). Changeable until the renewal. Not a bundle subscription → 422 (bundle); Stripe-billed → 422; not theirs → 404.",
      schema: { params: uuidParamSchema, body: renewalChoiceSchema, response: { 200: envelope(subscriptionSchema) } },
    },
    changeTier: {
      method: 'POST',
      path: '/subscriptions/:id/tier',
      access: 'user',
      description:
        "The subscriber moves their running (active, paid) subscription to another tier of the creator. Higher rank: the prorated difference (remaining fraction of the period × price difference, rounded half up, plus sales tax) is charged now on the subscription's card and the tier changes at once; declined → 422. Lower rank: takes effect at the next renewal (its price charged then). The same tier: a pending downgrade is dropped. Stripe-billed: the Stripe Subscription item's price follows (proration_behavior none; an upgrade's difference is one PaymentIntent of the same figure on its card, a downgrade's lower price is billed by its next invoice, whose invoice.paid switches the tier). Trial, cancelled, disputed → 422/409; during a bundle period → 409 (change tier at the renewal: choose monthly renewal, then change after it). Idempotency-Key replays the first answer.",
      schema: { headers: z.object({ 'idempotency-key': z.string().optional() }).passthrough(), params: uuidParamSchema, body: tierChangeSchema, response: { 200: envelope(tierChangeResultSchema) } },
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
