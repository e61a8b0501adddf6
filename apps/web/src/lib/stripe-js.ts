'use client';
import type { Stripe } from '@stripe/stripe-js';

const stripes = new Map<string, Promise<Stripe | null>>();
/**
 * One Stripe.js instance per publishable key, loaded from js.stripe.com only when called — i.e.
 * when the Stripe gateway is active and a card form or a 3-D Secure step needs it. The module is
 * imported on demand from `@stripe/stripe-js/pure`: the package's main entry injects the script
 * as soon as it is imported (which made the wallet page fetch js.stripe.com under the sandbox).
 */
export function stripeFor(key: string): Promise<Stripe | null> {
  if (!stripes.has(key)) {
    const loading = import('@stripe/stripe-js/pure').then(({ loadStripe }) => loadStripe(key));
    // A failed load (offline, blocked) may be retried by the next caller.
    loading.catch(() => stripes.delete(key));
    stripes.set(key, loading);
  }
  return stripes.get(key)!;
}

/**
 * The bank asked the fan to authenticate a card payment (3-D Secure): Stripe.js shows its dialog.
 * Answers null when done (the API credits the wallet when Stripe's webhook confirms), else the
 * error text to show.
 */
export async function authenticatePayment(publishableKey: string, clientSecret: string): Promise<string | null> {
  if (!publishableKey) return 'Card authentication is not available on this site';
  const stripe = await stripeFor(publishableKey);
  if (!stripe) return 'Could not load the card authentication';
  const r = await stripe.handleNextAction({ clientSecret });
  return r.error ? r.error.message ?? 'The card authentication failed' : null;
}
