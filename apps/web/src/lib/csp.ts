/**
 * The web app's Content-Security-Policy (sent by src/proxy.ts on every page). Scripts run only
 * with the per-request nonce ('strict-dynamic' lets Next.js's own chunks load what they import);
 * the API origin is allowed for data, images, media and the realtime socket; Stripe and Google
 * sign-in (and reCAPTCHA) are allowed only while the public settings turn them on.
 */
import type { PublicSettings } from '@stagepass/shared';

export interface CspOptions {
  nonce: string;
  /** PUBLIC_API_URL (the origin the browser calls). */
  apiUrl: string;
  /** Extra origins serving images/media (MEDIA_ORIGINS: an S3 bucket or CDN), space or comma separated. */
  mediaOrigins?: string;
  stripe: boolean;
  google: boolean;
  /** Google Analytics is configured (`gaCode`): gtag.js may load, after the visitor's consent (components/CookieConsent). */
  analytics?: boolean;
  /** reCAPTCHA is on with a site key (the contact form shows its widget). */
  recaptcha?: boolean;
  /** The page was requested over https (adds upgrade-insecure-requests). */
  https: boolean;
  /** `next dev` needs eval for React's debugging helpers. */
  dev?: boolean;
}

const STRIPE = { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'], img: ['https://*.stripe.com'] };
const RECAPTCHA = { script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'], frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'] };
const ANALYTICS = { script: ['https://www.googletagmanager.com'], connect: ['https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'], img: ['https://www.google-analytics.com', 'https://www.googletagmanager.com'] };
const GOOGLE = { script: ['https://accounts.google.com/gsi/client'], frame: ['https://accounts.google.com/gsi/'], connect: ['https://accounts.google.com/gsi/'], style: ['https://accounts.google.com/gsi/style'] };

/** Whether Stripe.js may run: the live Stripe gateway is active and has a publishable key. */
export function stripeActive(s: Pick<PublicSettings, 'paymentsSandbox' | 'paymentGateway' | 'stripePublishableKey'>): boolean {
  return !s.paymentsSandbox && s.paymentGateway === 'stripe' && Boolean(s.stripePublishableKey);
}

function origin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function buildCsp(o: CspOptions): string {
  const api = origin(o.apiUrl);
  const ws = api ? api.replace(/^http/, 'ws') : null;
  const media = (o.mediaOrigins || '').split(/[\s,]+/).map((m) => origin(m)).filter((m): m is string => Boolean(m));
  const list = (...xs: Array<string | null | false | undefined | string[]>) => [...new Set(xs.flat().filter(Boolean) as string[])].join(' ');
  const directives: Array<[string, string]> = [
    ['default-src', "'self'"],
    ['script-src', list(`'nonce-${o.nonce}'`, "'strict-dynamic'", "'self'", o.dev && "'unsafe-eval'", o.stripe && STRIPE.script, o.google && GOOGLE.script, o.recaptcha && RECAPTCHA.script, o.analytics && ANALYTICS.script)],
    // antd's CSS-in-JS writes <style> elements and style attributes at run time.
    ['style-src', list("'self'", "'unsafe-inline'", o.google && GOOGLE.style)],
    ['img-src', list("'self'", 'data:', 'blob:', api, media, o.stripe && STRIPE.img, o.analytics && ANALYTICS.img)],
    ['media-src', list("'self'", 'blob:', api, media)],
    ['font-src', list("'self'", 'data:')],
    ['connect-src', list("'self'", api, ws, media, o.stripe && STRIPE.connect, o.google && GOOGLE.connect, o.analytics && ANALYTICS.connect)],
    ['frame-src', list(o.stripe && STRIPE.frame, o.google && GOOGLE.frame, o.recaptcha && RECAPTCHA.frame) || "'none'"],
    ['worker-src', list("'self'", 'blob:')],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  const parts = directives.map(([k, v]) => `${k} ${v}`);
  if (o.https) parts.push('upgrade-insecure-requests');
  return parts.join('; ');
}
