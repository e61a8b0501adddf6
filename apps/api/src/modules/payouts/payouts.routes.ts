import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankingSettingsSchema, bankingSettingsViewSchema, createPayoutSchema, envelope, listEnvelope, uuidParamSchema, payoutCalculationSchema,
  payoutRequestSchema, payoutSearchSchema, paymentGatewaySettingsSchema, paymentGatewaySettingsViewSchema, pendingReviewSchema,
  reviewPayoutSchema, updatePayoutSchema,
} from '@stagepass/shared';
import { adminOnly, currentUser, isAdmin, performerOnly, performerOrAdmin } from '../../platform/auth';
import type { PayoutSettingsService } from './payout-settings.service';
import type { PayoutsService } from './payouts.service';

/** What the payouts routes are given by the composition root (by closure). */
export interface PayoutsRoutesDeps {
  payoutSettings: PayoutSettingsService;
  payouts: PayoutsService;
}

/** Payout requests, creator payout settings and the operator's review. Rules: README.md. */
export const payoutsRoutes = (deps: PayoutsRoutesDeps): FastifyPluginAsyncZod => async (app) => {
  const svc = deps.payouts;
  const settings = deps.payoutSettings;
  const tags = ['payouts'];
  const one = { 200: envelope(payoutRequestSchema) };

  app.post(
    '/payout-requests/calculate',
    { preHandler: performerOnly, schema: { tags, response: { 200: envelope(payoutCalculationSchema) }, description: 'The caller\'s figures: netEarned, paidOut, pending (pending + approved requests), available = net earned − paid out − pending, and the site\'s minimumPayoutAmount.' } },
    async (req) => ({ data: await svc.calculate(currentUser(req).id) }),
  );

  app.post(
    '/payout-requests',
    { preHandler: performerOnly, schema: { tags, body: createPayoutSchema, response: { 201: envelope(payoutRequestSchema) }, description: 'Request a payout: amount ≥ minimumPayoutAmount and ≤ available (else 400 on amount); one pending request at a time (409).' } },
    async (req, reply) => reply.status(201).send({ data: await svc.create(currentUser(req), req.body) }),
  );

  app.put(
    '/payout-requests/:id',
    { preHandler: performerOnly, schema: { tags, params: uuidParamSchema, body: updatePayoutSchema, response: one, description: 'The creator changes the amount (same limits; this request\'s own amount counts as available) and/or the note while the request is pending. Not pending → 409; someone else\'s → 404.' } },
    async (req) => ({ data: await svc.update(currentUser(req), req.params.id, req.body) }),
  );

  app.get(
    '/payout-requests/search',
    { preHandler: performerOrAdmin, schema: { tags, querystring: payoutSearchSchema, response: { 200: listEnvelope(payoutRequestSchema) }, description: 'Creators: their own requests; admins: everyone\'s (performerId filters). status, fromDate, toDate, q (creator username/name or note), sortBy createdAt|updatedAt|amount.' } },
    async (req) => {
      const user = currentUser(req);
      return { data: await svc.search(isAdmin(user) ? null : user.id, req.query) };
    },
  );

  app.get(
    '/payout-requests/check/pending-review',
    { preHandler: performerOnly, schema: { tags, response: { 200: envelope(pendingReviewSchema) }, description: 'The caller\'s pending request, if any (for the pending-review banner).' } },
    async (req) => ({ data: await svc.pendingReview(currentUser(req).id) }),
  );

  app.get(
    '/payout-requests/:id/view',
    { preHandler: performerOrAdmin, schema: { tags, params: uuidParamSchema, response: one, description: 'One request: the creator\'s own, or any for an admin; otherwise 404.' } },
    async (req) => {
      const user = currentUser(req);
      return { data: await svc.view(user, req.params.id, isAdmin(user)) };
    },
  );

  // ── Operator ──────────────────────────────────────────────────────────────────────────────
  app.get(
    '/admin/payout-requests',
    { preHandler: adminOnly, schema: { tags: ['admin'], querystring: payoutSearchSchema, response: { 200: listEnvelope(payoutRequestSchema) }, description: 'Operator: every payout request; filters as /payout-requests/search.' } },
    async (req) => ({ data: await svc.search(null, req.query) }),
  );

  app.put(
    '/admin/payout-requests/:id/status',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['admin'], params: uuidParamSchema, body: reviewPayoutSchema, response: one,
        description:
          'Operator review. pending → approved | rejected | paid; approved → paid | rejected; anything else → 409 (so approving or paying twice is refused and deducts nothing). paid: method stripe transfers through Stripe Connect (needs a Connect-capable gateway and the creator\'s onboarded account, else 422), manual records a payment made by hand; the creator\'s earnings are debited exactly once. Your own request → 403. The creator is e-mailed when paid or rejected.',
      },
    },
    async (req) => ({ data: await svc.review(currentUser(req), req.params.id, req.body) }),
  );

  // ── Creator payout settings ───────────────────────────────────────────────────────────────
  app.get(
    '/performers/banking-settings',
    { preHandler: performerOnly, schema: { tags, response: { 200: envelope(bankingSettingsViewSchema.nullable()) }, description: 'The creator\'s bank details (null until saved); the account number masked to its last 4 characters.' } },
    async (req) => ({ data: await settings.getBanking(currentUser(req).id) }),
  );
  app.put(
    '/performers/banking-settings',
    { preHandler: performerOnly, schema: { tags, body: bankingSettingsSchema, response: { 200: envelope(bankingSettingsViewSchema) }, description: 'Save bank details for manual payouts. Sending the masked account number back unchanged keeps the stored one.' } },
    async (req) => ({ data: await settings.putBanking(currentUser(req).id, req.body) }),
  );
  app.get(
    '/performers/payment-gateway-settings',
    { preHandler: performerOnly, schema: { tags, response: { 200: envelope(paymentGatewaySettingsViewSchema) }, description: 'Payout preference, PayPal e-mail, whether a tax id is stored (taxIdSet; the id itself is never returned) and the Stripe Connect status.' } },
    async (req) => ({ data: await settings.getGateway(currentUser(req).id) }),
  );
  app.put(
    '/performers/payment-gateway-settings',
    { preHandler: performerOnly, schema: { tags, body: paymentGatewaySettingsSchema, response: { 200: envelope(paymentGatewaySettingsViewSchema) }, description: 'Save the payout preference. taxId is write-only: absent keeps the stored one, \'\' removes it. payoutMethod paypal needs paypalEmail.' } },
    async (req) => ({ data: await settings.putGateway(currentUser(req).id, req.body) }),
  );
};
