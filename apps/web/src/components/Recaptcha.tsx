'use client';
/**
 * Google reCAPTCHA v2 ("I'm not a robot"), shown only while the `recaptchaEnabled` setting is on
 * with a site key: Google's script is loaded on first use (the CSP allows it only then, see
 * lib/csp.ts), the widget reports its response token through `onToken` (null when it expires).
 * Forms send the token with their request and the API checks it (reference README, reCAPTCHA).
 * `resetKey`: change it to show a fresh challenge (a token works once).
 */
import { useEffect, useRef } from 'react';
import { useSettings } from '@/lib/site-context';

interface Grecaptcha {
  render(el: HTMLElement, opts: { sitekey: string; callback: (t: string) => void; 'expired-callback': () => void; theme?: 'light' | 'dark' }): number;
  reset(id?: number): void;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    __stagepassRecaptchaLoaded?: () => void;
  }
}

let loading: Promise<Grecaptcha> | null = null;
function loadRecaptcha(): Promise<Grecaptcha> {
  if (window.grecaptcha?.render) return Promise.resolve(window.grecaptcha);
  if (loading) return loading;
  loading = new Promise((resolve, reject) => {
    window.__stagepassRecaptchaLoaded = () => resolve(window.grecaptcha!);
    const s = document.createElement('script');
    s.src = 'https://www.google.com/recaptcha/api.js?onload=__stagepassRecaptchaLoaded&render=explicit';
    s.async = true;
    s.onerror = () => {
      loading = null;
      reject(new Error('reCAPTCHA could not be loaded'));
    };
    document.head.appendChild(s);
  });
  return loading;
}

/** Whether the site asks for a reCAPTCHA (the widget renders nothing otherwise). */
export function useRecaptchaEnabled(): boolean {
  const s = useSettings();
  return Boolean(s.recaptchaEnabled && s.recaptchaSiteKey);
}

export default function Recaptcha({ onToken, resetKey, dark }: { onToken: (token: string | null) => void; resetKey?: number; dark?: boolean }) {
  const s = useSettings();
  const enabled = Boolean(s.recaptchaEnabled && s.recaptchaSiteKey);
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<number | null>(null);
  const report = useRef(onToken);
  report.current = onToken;

  useEffect(() => {
    if (!enabled || !box.current || widget.current !== null) return;
    let cancelled = false;
    loadRecaptcha()
      .then((g) => {
        if (cancelled || !box.current || widget.current !== null) return;
        widget.current = g.render(box.current, {
          sitekey: s.recaptchaSiteKey,
          theme: dark ? 'dark' : 'light',
          callback: (t) => report.current(t),
          'expired-callback': () => report.current(null),
        });
      })
      .catch(() => report.current(null));
    return () => {
      cancelled = true;
    };
  }, [enabled, s.recaptchaSiteKey, dark]);

  useEffect(() => {
    if (resetKey && widget.current !== null) {
      window.grecaptcha?.reset(widget.current);
      report.current(null);
    }
  }, [resetKey]);

  if (!enabled) return null;
  return <div ref={box} aria-label="reCAPTCHA" role="group" />;
}
