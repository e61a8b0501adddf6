import '../zod-config';
import { envelope, listEnvelope, uuidParamSchema } from '../api';
import {
  myPromotionsQuerySchema, performerPromotionsParamsSchema, promotionInputSchema, promotionSchema, publicPromotionSchema, trialCodeParamsSchema, trialLinkInfoSchema,
} from '../promotions';
import { z } from 'zod';
import { defineRoutes } from './define';

/** Issue 30 §3: promotions and free-trial links (modules/promotions README). */
export const promotions = defineRoutes('promotions', {
  mine: {
    method: 'GET',
    path: '/promotions/mine',
    access: 'performer',
    description: "The caller's campaigns and trial links, newest first (paginated; `type` campaigns | links), each with its figures: claims, left, paying subscriptions, revenue since the claim (before sales tax).",
    schema: { querystring: myPromotionsQuerySchema, response: { 200: listEnvelope(promotionSchema) } },
  },
  create: {
    method: 'POST',
    path: '/promotions',
    access: 'performer',
    description:
      'Starts a campaign (discount: percentage 1–99 off the first 1–12 paid months; trial: 1–90 days free) for new, expired or both kinds of subscribers, or a free-trial link (days, claimed through /trial/<code>). Limited by maxClaims and endsAt (in the future); tierId one of the caller\'s live tiers or null for all. Trials need the site\'s free subscriptions on (422). Bad input → 400 with field errors.',
    schema: { body: promotionInputSchema, response: { 200: envelope(promotionSchema) } },
  },
  end: {
    method: 'POST',
    path: '/promotions/:id/end',
    access: 'performer',
    description: "Ends one of the caller's campaigns or trial links now: no claim after it; subscriptions that claimed it keep their discounted months. Another creator's → 404; already ended → the same answer.",
    schema: { params: uuidParamSchema, response: { 200: envelope(promotionSchema) } },
  },
  ofPerformer: {
    method: 'GET',
    path: '/promotions/performer/:performerId',
    access: 'anyone',
    description: "A creator's running campaigns for the profile and the checkout (trial links are never listed): kind, offer, audience, tier, claims left, end. At most 20, ending first first.",
    schema: { params: performerPromotionsParamsSchema, response: { 200: envelope(z.array(publicPromotionSchema)) } },
  },
  trialLink: {
    method: 'GET',
    path: '/promotions/trial/:code',
    access: 'anyone',
    description: 'What a free-trial link offers (days, claims left, end, tier, the creator), for its landing page. Unknown, ended, expired or used-up link → 404.',
    schema: { params: trialCodeParamsSchema, response: { 200: envelope(trialLinkInfoSchema) } },
  },
});
