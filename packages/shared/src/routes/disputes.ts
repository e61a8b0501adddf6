import '../zod-config';
import { z } from 'zod';
import { envelope, listEnvelope, uuidParamSchema } from '../api';
import {
  adminDisputeSearchSchema, adminPaymentRowSchema, adminPaymentSchema, adminPaymentSearchSchema, disputeDetailSchema, disputeEvidenceBodySchema, disputeSchema,
  paymentRefundSchema, refundBodySchema, sandboxDisputeBodySchema,
} from '../disputes';
import { defineRoutes } from './define';

const idempotencyHeader = z.object({ 'idempotency-key': z.string().optional() }).passthrough();

/**
 * Issue 29 §1–§2, the operator's side of card disputes (chargebacks) and refunds to the card
 * (apps/api/src/modules/payments/README.md "Disputes", "Refunds to the card"). Every write is
 * audited; the dispute's detail opens the fan's records (operatorRead: a reason is required).
 */
export const disputes = defineRoutes('disputes', {
  list: {
    method: 'GET',
    path: '/admin/disputes',
    access: 'admin',
    description:
      'Operator: the disputes queue, paginated, newest first (sortBy dueBy + sort asc: the nearest evidence deadline first). Filters: state open|closed, status (the gateway\'s), userId (the fan), paymentId. Each row: the charge, the fan, the creator (subscriptions), amount, fee, reason, status, deadline and what was held back.',
    schema: { querystring: adminDisputeSearchSchema, response: { 200: listEnvelope(disputeSchema) } },
  },
  get: {
    method: 'GET',
    path: '/admin/disputes/:id',
    access: 'admin',
    operatorRead: true,
    description:
      "Operator: one dispute with the charge, the fan, what the payment paid for (a top-up: the fan's wallet spending since; a subscription: its period), the fan's sign-ins and deliveries of physical orders, the evidence staged or submitted, evidence pre-filled from those records, and the dispute's ledger movements. Opens the fan's records: audited with the reason.",
    schema: { params: uuidParamSchema, response: { 200: envelope(disputeDetailSchema) } },
  },
  submitEvidence: {
    method: 'POST',
    path: '/admin/disputes/:id/evidence',
    access: 'admin',
    description:
      "Operator: evidence for the cardholder's bank, sent through the gateway (Stripe: disputes.update; the sandbox records it). submit true (default) answers the dispute (→ under_review); false stages it. Only while it needs a response (else 409). Audited (dispute.evidence).",
    schema: { params: uuidParamSchema, body: disputeEvidenceBodySchema, response: { 200: envelope(disputeSchema) } },
  },
  sandboxDispute: {
    method: 'POST',
    path: '/admin/sandbox/disputes',
    access: 'admin',
    description:
      "Sandbox gateway only (404 otherwise): the cardholder's bank opens a dispute on a sandbox card payment (needs_response, the money held back at once), or with outcome won|lost decides the open one (or opens and decides at once) — through the same handling as Stripe's dispute events. For tests and the demo. Audited (dispute.simulate).",
    schema: { body: sandboxDisputeBodySchema, response: { 200: envelope(disputeSchema) } },
  },
});

/** Issue 29 §2: card payments as the operator sees them, and refunds to the card. */
export const refunds = defineRoutes('refunds', {
  payments: {
    method: 'GET',
    path: '/admin/payments',
    access: 'admin',
    description: 'Operator: every card payment (wallet top-ups, subscription periods), newest first, paginated; filters userId (the fan), type, status. Each row says what was refunded and whether it is disputed.',
    schema: { querystring: adminPaymentSearchSchema, response: { 200: listEnvelope(adminPaymentRowSchema) } },
  },
  payment: {
    method: 'GET',
    path: '/admin/payments/:id',
    access: 'admin',
    description: 'Operator: one card payment with its refunds and disputes, what is still refundable and, when nothing is, why.',
    schema: { params: uuidParamSchema, response: { 200: envelope(adminPaymentSchema) } },
  },
  refund: {
    method: 'POST',
    path: '/admin/payments/:id/refunds',
    access: 'admin',
    description:
      "Operator: refund a card payment to the card, in full (no amount) or in part, through the gateway (Stripe: refunds.create). A top-up: at most what is left of it and no more than the fan's wallet holds (the refund takes it from the wallet); a subscription period: the creator's share and the commission are taken back (a negative earnings line); refunded in full, the subscription ends at once. Not while disputed (409). Idempotency-Key: the same key replays the first answer and never refunds twice. Audited (payment.refund).",
    schema: { params: uuidParamSchema, headers: idempotencyHeader, body: refundBodySchema, response: { 200: envelope(paymentRefundSchema) } },
  },
});
