import '../zod-config';
import { z } from 'zod';
import { envelope, listEnvelope, okSchema, uuidParamSchema } from '../api';
import { addSandboxCardSchema, addStripeCardSchema, cardSchema, paymentTransactionSchema, paymentTransactionSearchSchema, topUpResultSchema, walletTopUpSchema } from '../payments';
import { stripeAccountBodySchema, stripeAccountLinkSchema } from '../payouts';
import { defineRoutes } from './define';

const idempotencyHeader = z.object({ 'idempotency-key': z.string().optional() }).passthrough();

/** Spec §7 Payments: saved cards, wallet top-ups, card payment history, Stripe webhook and Connect onboarding. */
export const payments = defineRoutes('payments', {
  cards: {
    method: 'GET',
    path: '/payment-cards',
    access: 'user',
    description: "The caller's saved cards on the active gateway, default first.",
    schema: { response: { 200: listEnvelope(cardSchema) } },
  },
  addSandboxCard: {
    method: 'POST',
    path: '/sandbox/cards',
    access: 'user',
    description:
      'Save a test card with the sandbox gateway (only when it is the active gateway). Test numbers: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds; 4000 0000 0000 0341 saves but every charge fails.',
    schema: { body: addSandboxCardSchema, response: { 201: envelope(cardSchema) } },
  },
  addStripeCard: {
    method: 'POST',
    path: '/stripe/cards',
    access: 'user',
    description: "Save a card collected by Stripe Elements (a PaymentMethod id) on the caller's Stripe Customer.",
    schema: { body: addStripeCardSchema, response: { 201: envelope(cardSchema) } },
  },
  removeCard: {
    method: 'DELETE',
    path: '/payment-cards/:id',
    access: 'user',
    description: "Remove one of the caller's cards (others' → 404). The newest remaining card becomes the default.",
    schema: { params: uuidParamSchema, response: { 200: envelope(okSchema) } },
  },
  topUp: {
    method: 'POST',
    path: '/payment/wallet/top-up',
    access: 'user',
    description:
      "Charge a saved card and credit the wallet when the gateway confirms. amount within minimumWalletPrice..maximumWalletPrice. Idempotency-Key: the same key replays the first answer and never charges twice. Declined card → 422 with the gateway's message.",
    schema: { headers: idempotencyHeader, body: walletTopUpSchema, response: { 200: envelope(topUpResultSchema) } },
  },
  transactions: {
    method: 'GET',
    path: '/payment/transactions/user/search',
    access: 'user',
    description: "The caller's own card payments (top-ups, subscription periods). Filters: type, status, fromDate, toDate.",
    schema: { querystring: paymentTransactionSearchSchema, response: { 200: listEnvelope(paymentTransactionSchema) } },
  },
  /** Called by Stripe, not by the web: the API reads its body raw (the signature covers the exact bytes). */
  stripeWebhook: {
    method: 'POST',
    path: '/stripe/webhook',
    access: 'anyone',
    description:
      'Stripe event deliveries, verified with the webhook signing secret (stripeWebhookSecret). Bad or missing signature → 400 and nothing is written. Each event id is processed once; a replay answers {received: true, duplicate: true}.',
    schema: {
      headers: z.object({ 'stripe-signature': z.string().optional() }).passthrough(),
      response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean().optional() }) },
    },
  },
  stripeAccount: {
    method: 'POST',
    path: '/stripe/accounts',
    access: 'performer',
    description:
      "Creator: create (once) or reuse their Stripe Connect Express account and get an onboarding link to send them to. refreshUrl defaults to returnUrl. Only when the site's gateway is Stripe (else 400).",
    schema: { body: stripeAccountBodySchema, response: { 200: envelope(stripeAccountLinkSchema) } },
  },
});
