import { expect } from 'vitest';
import { createAdmin, createTestApp, type Made, type TestApp } from './harness';
import { StripeStandin } from './stripe-standin';

/**
 * An API whose gateway is Stripe, through the real SDK, against the local stand-in: the stand-in
 * started (on the app's clock), the app pointed at it (STRIPE_API_BASE), the stand-in's signed
 * webhook deliveries injected into POST /stripe/webhook, and an operator who switched the gateway
 * to Stripe with the stand-in's keys through the settings API.
 */
export async function stripeTestApp(webhookSecret: string): Promise<{ t: TestApp; stripe: StripeStandin; admin: Made }> {
  const made: { t?: TestApp } = {};
  const stripe = await new StripeStandin({ webhookSecret, now: () => (made.t ? made.t.ctx.clock.now() : new Date()) }).start();
  const t = await createTestApp({}, { STRIPE_API_BASE: stripe.url });
  made.t = t;
  stripe.opts.deliver = async (payload, headers) => {
    const r = await t.app.inject({ method: 'POST', url: '/stripe/webhook', payload, headers });
    return { statusCode: r.statusCode, body: r.json() };
  };
  const admin = await createAdmin(t);
  for (const [key, value] of [['paymentGateway', 'stripe'], ['stripeSecretKey', 'sk_test_standin'], ['stripeWebhookSecret', webhookSecret]] as const) {
    const r = await t.app.inject({ method: 'PUT', url: `/admin/settings/${key}`, headers: admin.auth, payload: { value } });
    expect(r.statusCode, r.body).toBe(200);
  }
  return { t, stripe, admin };
}
