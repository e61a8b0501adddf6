import { describe, expect, it } from 'vitest';
import { buildCsp, stripeActive } from './csp';
import { tokenCookieOptions } from './token-cookie';

const base = { nonce: 'abc123', apiUrl: 'http://localhost:8080/', stripe: false, google: false, https: false };
const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

describe('Content-Security-Policy', () => {
  it('lets scripts run only with the nonce, and allows the API origin for data, images, media and the socket', () => {
    const csp = buildCsp(base);
    expect(directive(csp, 'script-src')).toBe("script-src 'nonce-abc123' 'strict-dynamic' 'self'");
    expect(directive(csp, 'script-src')).not.toContain('unsafe-inline');
    expect(directive(csp, 'connect-src')).toContain('http://localhost:8080');
    expect(directive(csp, 'connect-src')).toContain('ws://localhost:8080');
    expect(directive(csp, 'img-src')).toContain('http://localhost:8080');
    expect(directive(csp, 'media-src')).toContain('http://localhost:8080');
    expect(directive(csp, 'frame-src')).toBe("frame-src 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('stripe.com');
    expect(csp).not.toContain('accounts.google.com');
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('allows Google Analytics origins only when gaCode is set', () => {
    expect(buildCsp(base)).not.toContain('googletagmanager');
    const csp = buildCsp({ ...base, analytics: true });
    expect(directive(csp, 'script-src')).toContain('https://www.googletagmanager.com');
    expect(directive(csp, 'connect-src')).toContain('https://www.google-analytics.com');
    expect(directive(csp, 'img-src')).toContain('https://www.google-analytics.com');
    expect(directive(csp, 'frame-src')).toBe("frame-src 'none'");
  });

  it('allows Stripe only when the Stripe gateway is active, Google only when sign-in is on', () => {
    const csp = buildCsp({ ...base, stripe: true, google: true, https: true, apiUrl: 'https://api.example.com' });
    expect(directive(csp, 'script-src')).toContain('https://js.stripe.com');
    expect(directive(csp, 'frame-src')).toContain('https://js.stripe.com');
    expect(directive(csp, 'connect-src')).toContain('https://api.stripe.com');
    expect(directive(csp, 'connect-src')).toContain('wss://api.example.com');
    expect(directive(csp, 'script-src')).toContain('https://accounts.google.com/gsi/client');
    expect(csp).toContain('upgrade-insecure-requests');
    expect(stripeActive({ paymentsSandbox: false, paymentGateway: 'stripe', stripePublishableKey: 'pk_test_1' })).toBe(true);
    expect(stripeActive({ paymentsSandbox: true, paymentGateway: 'stripe', stripePublishableKey: 'pk_test_1' })).toBe(false);
    expect(stripeActive({ paymentsSandbox: false, paymentGateway: 'sandbox', stripePublishableKey: 'pk_test_1' })).toBe(false);
    expect(stripeActive({ paymentsSandbox: false, paymentGateway: 'stripe', stripePublishableKey: '' })).toBe(false);
  });

  it('adds extra media origins (S3/CDN) and ignores malformed ones', () => {
    const csp = buildCsp({ ...base, mediaOrigins: 'https://cdn.example.com/path, not a url' });
    expect(directive(csp, 'img-src')).toContain('https://cdn.example.com');
    expect(directive(csp, 'img-src')).not.toContain('not');
  });
});

describe('session-token cookie', () => {
  it('is Secure over https, SameSite=Lax, and keeps the remembered / session lifetimes', () => {
    expect(tokenCookieOptions(true, 'https:')).toMatchObject({ secure: true, sameSite: 'lax', path: '/', expires: 365 });
    expect(tokenCookieOptions(false, 'http:')).toMatchObject({ secure: false, sameSite: 'lax', expires: 1 });
  });
});

describe('reCAPTCHA', () => {
  it('allows Google reCAPTCHA scripts and frames only while it is on', () => {
    const off = buildCsp(base);
    expect(off).not.toContain('recaptcha');
    const on = buildCsp({ ...base, recaptcha: true });
    expect(directive(on, 'script-src')).toContain('https://www.google.com/recaptcha/');
    expect(directive(on, 'script-src')).toContain('https://www.gstatic.com/recaptcha/');
    expect(directive(on, 'frame-src')).toContain('https://www.google.com/recaptcha/');
  });
});
