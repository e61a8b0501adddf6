'use client';
import { loadStripe, type Stripe } from '@stripe/stripe-js';

const stripes = new Map<string, Promise<Stripe | null>>();
/** One Stripe.js instance per publishable key (loaded from js.stripe.com at run time, only when used). */
export function stripeFor(key: string): Promise<Stripe | null> {
  if (!stripes.has(key)) stripes.set(key, loadStripe(key));
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
