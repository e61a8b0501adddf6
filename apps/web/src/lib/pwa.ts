'use client';
/**
 * The installable app on the client (issue 34 §1; apps/web/README.md "Installable app"): the
 * service worker's registration and when the "Install" prompt may show. Tiny on purpose — it is
 * part of every page's client extras; the prompt's UI loads only when it is shown.
 */

import { INSTALL_PROMPT_GLOBAL, INSTALLABLE_EVENT } from './pwa-boot';

const VISITS_KEY = 'pwa-visits';
const SESSION_KEY = 'pwa-visit-counted';
const DISMISSED_KEY = 'pwa-install-dismissed';
/** The prompt never shows on the first visit: from the second one on (a visit = a browser session). */
export const INSTALL_PROMPT_FROM_VISIT = 2;

/** Chromium's beforeinstallprompt event (not in TypeScript's DOM types). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export function swSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && window.isSecureContext;
}

/** Registers /sw.js (scope /) once the page has loaded, so it never competes with the page's own work. */
export function registerServiceWorker(): void {
  if (!swSupported()) return;
  const go = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') go();
  else window.addEventListener('load', go, { once: true });
}

function read(key: string, store: Storage): string | null {
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string, store: Storage): void {
  try {
    store.setItem(key, value);
  } catch {
    /* storage disabled */
  }
}

/** Counts this browser session as a visit (once per session); answers the visits so far. */
export function countVisit(): number {
  const seen = Number(read(VISITS_KEY, localStorage)) || 0;
  if (read(SESSION_KEY, sessionStorage)) return seen;
  write(SESSION_KEY, '1', sessionStorage);
  write(VISITS_KEY, String(seen + 1), localStorage);
  return seen + 1;
}

export function isStandalone(): boolean {
  return window.matchMedia('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/** Whether to offer installing now: not installed, not dismissed before, and not the first visit. */
export function installPromptDue(visits: number): boolean {
  return !isStandalone() && !read(DISMISSED_KEY, localStorage) && visits >= INSTALL_PROMPT_FROM_VISIT;
}

const INTERACTIONS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * Calls `go` at the visitor's first interaction with the page (a tap, a key, a scroll), once.
 * The install offer waits for it: shown while the page loads it would push in front of the page's
 * own content (it was the largest paint of a signed-in home, seconds late — bench/README.md "web").
 * Answers the unsubscribe.
 */
export function afterFirstInteraction(go: () => void): () => void {
  const opts = { capture: true, passive: true } as const;
  const stop = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, fire, opts);
  };
  function fire() {
    stop();
    go();
  }
  for (const type of INTERACTIONS) window.addEventListener(type, fire, opts);
  return stop;
}

/** "Not now", or installed: the prompt does not come back in this browser. */
export function rememberInstallAnswer(): void {
  write(DISMISSED_KEY, '1', localStorage);
}

/**
 * Calls `offer` with the browser's install prompt once it is there (taken by the boot script,
 * lib/pwa-boot.ts, possibly before this ran). Answers the unsubscribe.
 */
export function onInstallable(offer: (e: InstallPromptEvent) => void): () => void {
  const w = window as unknown as Record<string, InstallPromptEvent | undefined>;
  const take = () => {
    const e = w[INSTALL_PROMPT_GLOBAL];
    if (e) offer(e);
  };
  take();
  window.addEventListener(INSTALLABLE_EVENT, take);
  return () => window.removeEventListener(INSTALLABLE_EVENT, take);
}
