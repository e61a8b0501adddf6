import type { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import type { stripeAccountBodySchema } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import { badRequest } from '../../platform/errors';
import type { UserRow } from '../users/users.tables';
import { verifyStripeEvent } from '../../platform/payments/stripe';
import { performerPayoutAccounts } from './payments.tables';
import { processStripeEvent } from './stripe.webhooks';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { SettingsService } from '../settings/settings.service';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { PaymentsService } from './payments.service';
import type { FastifyBaseLogger } from 'fastify';

/** What the stripe routes are given by the composition root (by closure). */
export interface StripeRoutesDeps {
  clock: Clock;
  db: Db;
  log: FastifyBaseLogger;
  payments: PaymentsService;
  settings: SettingsService;
  subscriptions: SubscriptionsService;
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

  handle(app, r.stripeAccount, async (req) => ({ data: await connectOnboarding(deps, currentUser(req), req.body) }));
};

/** The creator's Connect account (created on first use, kept in performer_payout_accounts) and a fresh onboarding link. */
async function connectOnboarding(ctx: Pick<StripeRoutesDeps, 'payments' | 'db'>, user: UserRow, body: z.infer<typeof stripeAccountBodySchema>): Promise<{ url: string; accountId: string }> {
  const gw = await ctx.payments.gateway().catch(() => null);
  if (!gw || gw.name !== 'stripe' || !gw.connect) throw badRequest('Stripe payouts are not available: this site does not use Stripe as its payment gateway');
  const [row] = await ctx.db.select({ accountId: performerPayoutAccounts.stripeAccountId }).from(performerPayoutAccounts).where(eq(performerPayoutAccounts.userId, user.id));
  let accountId = row?.accountId ?? null;
  if (!accountId) {
    const created = await gw.connect.createAccount({ id: user.id, email: user.email, country: user.country ?? null });
    // Two concurrent requests get the same account from Stripe (idempotency key per user); the first stored id wins.
    const [saved] = await ctx.db
      .insert(performerPayoutAccounts)
      .values({ userId: user.id, stripeAccountId: created })
      .onConflictDoUpdate({ target: performerPayoutAccounts.userId, set: { stripeAccountId: sql`coalesce(${performerPayoutAccounts.stripeAccountId}, excluded.stripe_account_id)` } })
      .returning({ accountId: performerPayoutAccounts.stripeAccountId });
    accountId = saved.accountId!;
  }
  const url = await gw.connect.onboardingLink(accountId, body.returnUrl, body.refreshUrl ?? body.returnUrl);
  return { url, accountId };
}
