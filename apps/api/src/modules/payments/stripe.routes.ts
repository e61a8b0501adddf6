import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import { badRequest } from '../../platform/errors';
import { verifyStripeEvent } from '../../platform/payments/stripe';
import { processStripeEvent, type StripeSubscriptionSync, type StripeWebhookDeps } from './stripe.webhooks';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { SettingsService } from '../settings/settings.service';
import type { PaymentsService } from './payments.service';
import type { FastifyBaseLogger } from 'fastify';

/** What the stripe routes are given by the composition root (by closure). */
export interface StripeRoutesDeps {
  clock: Clock;
  db: Db;
  log: FastifyBaseLogger;
  payments: PaymentsService;
  settings: SettingsService;
  /** The subscriptions module's side of Stripe's subscription events (SubscriptionsService). */
  subscriptions: StripeSubscriptionSync;
  /** Disputes (DisputesService): charge.dispute.* events. */
  disputes: StripeWebhookDeps['disputes'];
  /** Refunds (RefundsService): refund.* and charge.refunded events. */
  refunds: StripeWebhookDeps['refunds'];
}

/**
 * POST /stripe/webhook — Stripe's event deliveries (signed; processed once per event id).
 * POST /stripe/accounts — a creator starts (or resumes) Stripe Connect onboarding.
 */
export const stripeRoutes = (deps: StripeRoutesDeps) => async (app: ZodApp) => {
  const r = routes.payments;

  // The webhook needs the exact bytes Stripe signed: a child context whose JSON (and any other)
  // body stays a Buffer. Every other route keeps the normal JSON parser.
  await app.register(async (hook: ZodApp) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
    handle(hook, r.stripeWebhook, async (req) => {
      const secret = await deps.settings.get('stripeWebhookSecret');
      if (!secret) throw badRequest('Stripe webhooks are not configured on this site');
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      let event;
      try {
        const sig = req.headers['stripe-signature'];
        event = verifyStripeEvent(raw, typeof sig === 'string' ? sig : undefined, secret);
      } catch (err) {
        req.log.warn({ err: (err as Error).message }, 'stripe webhook refused: bad signature');
        throw badRequest('Invalid Stripe signature');
      }
      const { duplicate } = await processStripeEvent(deps, event);
      return duplicate ? { received: true as const, duplicate: true } : { received: true as const };
    });
  });

  handle(app, r.stripeAccount, async (req) => ({ data: await deps.payments.stripeConnectOnboarding(currentUser(req), req.body) }));
};
