import { NextResponse, type NextRequest } from 'next/server';
import type { PublicSettings } from '@stagepass/shared';
import { routePath, routes } from '@stagepass/shared/routes';
import { buildCsp, stripeActive } from '@/lib/csp';
import { internalApiUrl, publicApiUrl } from '@/lib/config';

/** Public settings as the CSP needs them, re-read at most every 30 s (Stripe / Google switched on or off by the operator). */
type CspSettings = { stripe: boolean; google: boolean; recaptcha: boolean; analytics: boolean };
let cached: { at: number; value: CspSettings } | null = null;
const TTL_MS = 30_000;

async function cspSettings(): Promise<CspSettings> {
  if (cached && Date.now() - cached.at < TTL_MS) return cached.value;
  try {
    const res = await fetch(`${internalApiUrl()}${routePath(routes.settings.public)}`, { headers: { Accept: 'application/json' }, cache: 'no-store', signal: AbortSignal.timeout(3000) });
    if (!res.ok) throw new Error(String(res.status));
    const json = (await res.json()) as { data?: Partial<PublicSettings> } & Partial<PublicSettings>;
    const s = (json.data ?? json) as PublicSettings;
    cached = { at: Date.now(), value: { stripe: stripeActive(s), google: Boolean(s.googleLoginEnabled && s.googleClientId), recaptcha: Boolean(s.recaptchaEnabled && s.recaptchaSiteKey), analytics: Boolean(s.gaCode) } };
  } catch {
    // The API is unreachable: the strictest policy (the page shows its own "API down" state); retry soon.
    cached = { at: Date.now() - TTL_MS + 5_000, value: { stripe: false, google: false, recaptcha: false, analytics: false } };
  }
  return cached.value;
}

/**
 * Every page: hands the requested path to server components (the root layout lets /auth/*
 * through maintenance) and sends a nonce-based Content-Security-Policy. Next.js reads the nonce
 * from the request's CSP header and puts it on its own scripts; the root layout reads `x-nonce`.
 */
export async function proxy(req: NextRequest) {
  const nonce = btoa(crypto.randomUUID());
  const https = req.nextUrl.protocol === 'https:' || req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
  const { stripe, google, recaptcha, analytics } = await cspSettings();
  const csp = buildCsp({ nonce, apiUrl: publicApiUrl(), mediaOrigins: process.env.MEDIA_ORIGINS, stripe, google, recaptcha, analytics, https, dev: process.env.NODE_ENV === 'development' });

  const headers = new Headers(req.headers);
  headers.set('x-pathname', req.nextUrl.pathname);
  headers.set('x-nonce', nonce);
  headers.set('Content-Security-Policy', csp);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set('Content-Security-Policy', csp);
  return res;
}

export const config = {
  matcher: ['/((?!_next/|favicon.ico|.*\\.(?:svg|png|jpg|jpeg|gif|webp|ico|txt)$).*)'],
};
