import { envelope, listEnvelope, uuidParamSchema } from '../api';
import {
  bankingSettingsSchema, bankingSettingsViewSchema, createPayoutSchema, paymentGatewaySettingsSchema, paymentGatewaySettingsViewSchema,
  payoutCalculationSchema, payoutRequestSchema, payoutSearchSchema, pendingReviewSchema, reviewPayoutSchema, updatePayoutSchema,
} from '../payouts';
import { defineRoutes } from './define';

const one = { 200: envelope(payoutRequestSchema) };

/** Spec §7 Payouts: creators' payout requests and payout settings; the operator's review (entries tagged admin). */
export const payouts = {
  ...defineRoutes('payouts', {
    calculate: {
      method: 'POST',
      path: '/payout-requests/calculate',
      access: 'performer',
      description:
        "The caller's figures: netEarned, paidOut, pending (pending + approved requests), available = net earned − paid out − pending, and the site's minimumPayoutAmount.",
      schema: { response: { 200: envelope(payoutCalculationSchema) } },
    },
    create: {
      method: 'POST',
      path: '/payout-requests',
      access: 'performer',
      description: 'Request a payout: amount ≥ minimumPayoutAmount and ≤ available (else 400 on amount); one pending request at a time (409).',
      schema: { body: createPayoutSchema, response: { 201: envelope(payoutRequestSchema) } },
    },
    update: {
      method: 'PUT',
      path: '/payout-requests/:id',
      access: 'performer',
      description:
        "The creator changes the amount (same limits; this request's own amount counts as available) and/or the note while the request is pending. Not pending → 409; someone else's → 404.",
      schema: { params: uuidParamSchema, body: updatePayoutSchema, response: one },
    },
    search: {
      method: 'GET',
      path: '/payout-requests/search',
      access: 'performerOrAdmin',
      description:
        "Creators: their own requests; admins: everyone's (performerId filters). status, fromDate, toDate, q (creator username/name or note), sortBy createdAt|updatedAt|amount.",
      schema: { querystring: payoutSearchSchema, response: { 200: listEnvelope(payoutRequestSchema) } },
    },
    pendingReview: {
      method: 'GET',
      path: '/payout-requests/check/pending-review',
      access: 'performer',
      description: "The caller's pending request, if any (for the pending-review banner).",
      schema: { response: { 200: envelope(pendingReviewSchema) } },
    },
    view: {
      method: 'GET',
      path: '/payout-requests/:id/view',
      access: 'performerOrAdmin',
      description: "One request: the creator's own, or any for an admin; otherwise 404.",
      schema: { params: uuidParamSchema, response: one },
    },
    // ── Creator payout settings
    banking: {
      method: 'GET',
      path: '/performers/banking-settings',
      access: 'performer',
      description: "The creator's bank details (null until saved); the account number masked to its last 4 characters.",
      schema: { response: { 200: envelope(bankingSettingsViewSchema.nullable()) } },
    },
    updateBanking: {
      method: 'PUT',
      path: '/performers/banking-settings',
      access: 'performer',
      description: 'Save bank details for manual payouts. Sending the masked account number back unchanged keeps the stored one.',
      schema: { body: bankingSettingsSchema, response: { 200: envelope(bankingSettingsViewSchema) } },
    },
    gatewaySettings: {
      method: 'GET',
      path: '/performers/payment-gateway-settings',
      access: 'performer',
      description:
        'Payout preference, PayPal e-mail, whether a tax id is stored (taxIdSet; the id itself is never returned) and the Stripe Connect status.',
      schema: { response: { 200: envelope(paymentGatewaySettingsViewSchema) } },
    },
    updateGatewaySettings: {
      method: 'PUT',
      path: '/performers/payment-gateway-settings',
      access: 'performer',
      description: "Save the payout preference. taxId is write-only: absent keeps the stored one, '' removes it. payoutMethod paypal needs paypalEmail.",
      schema: { body: paymentGatewaySettingsSchema, response: { 200: envelope(paymentGatewaySettingsViewSchema) } },
    },
  }),
  // ── Operator
  ...defineRoutes('admin', {
    adminList: {
      method: 'GET',
      path: '/admin/payout-requests',
      access: 'admin',
      description: 'Operator: every payout request; filters as /payout-requests/search.',
      schema: { querystring: payoutSearchSchema, response: { 200: listEnvelope(payoutRequestSchema) } },
    },
    adminReview: {
      method: 'PUT',
      path: '/admin/payout-requests/:id/status',
      access: 'admin',
      description:
        "Operator review. pending → approved | rejected | paid; approved → paid | rejected; anything else → 409 (so approving or paying twice is refused and deducts nothing). paid: method stripe transfers through Stripe Connect (needs a Connect-capable gateway and the creator's onboarded account, else 422), manual records a payment made by hand; the creator's earnings are debited exactly once. Your own request → 403. The creator is e-mailed when paid or rejected.",
      schema: { params: uuidParamSchema, body: reviewPayoutSchema, response: one },
    },
  }),
};
