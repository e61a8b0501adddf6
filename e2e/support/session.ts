import type { BrowserContext, Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { api, login, uniqueName } from './api';

/** A fresh fan of this test run (never a demo account), and their API token. */
export async function newFan(prefix = 'fan'): Promise<{ username: string; token: string }> {
  const username = uniqueName(prefix);
  await api('POST', '/auth/users/register', { firstName: 'Fiona', lastName: 'Fan', username, email: `${username}@example.test`, password: 'fan-pass-123', ageConfirmed: true, acceptTerms: true });
  return { username, token: await login(username, 'fan-pass-123') };
}

/** The seeded creator (Luna), signed in by e-mail: for pages that need real content to look at (read only). */
export async function demoCreator(): Promise<{ username: string; token: string }> {
  const token = await login('creator@example.com');
  const me = await api<{ username: string }>('GET', '/users/me', undefined, token);
  return { username: me.username, token };
}

/** Signs a browser context in with an API token (the web keeps it in the `token` cookie). */
export async function signIn(context: BrowserContext, token: string) {
  await context.addCookies([{ name: 'token', value: token, url: E2E.web, sameSite: 'Lax' }]);
}

/** Light or dark, as a visitor who picked it in the theme switch (cookie for the server render, localStorage for the client). */
export async function useTheme(context: BrowserContext, theme: 'light' | 'dark') {
  await context.addCookies([{ name: 'theme', value: theme, url: E2E.web, sameSite: 'Lax' }]);
  // Once a context: each page load copies the cookie's choice into localStorage, so calling this
  // again switches the theme from the next load on.
  if (themed.has(context)) return;
  themed.add(context);
  await context.addInitScript(() => {
    const chosen = /(?:^|; )theme=(light|dark)/.exec(document.cookie)?.[1];
    if (chosen) window.localStorage.setItem('theme', chosen);
  });
}
const themed = new WeakSet<BrowserContext>();

/** Waits until the page's data has loaded (no skeleton, network quiet). */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('.ant-skeleton').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
}

/**
 * Answers the console's "Why are you opening this?" (an operator opening someone's private data,
 * issue 28 §6). The reason is remembered for a few minutes in the page, so a later read may not ask:
 * with `ifAsked`, a dialog that has not shown within a few seconds is taken as not asked.
 */
export async function giveAccessReason(page: Page, reason = 'Reviewing this case (browser test)', opts: { ifAsked?: boolean } = {}) {
  const ask = page.getByRole('dialog', { name: 'Why are you opening this?' });
  if (opts.ifAsked && !(await ask.waitFor({ state: 'visible', timeout: 4_000 }).then(() => true, () => false))) return;
  await ask.getByLabel('Reason').fill(reason);
  await ask.getByRole('button', { name: 'Open' }).click();
  await ask.waitFor({ state: 'hidden' });
}

/**
 * Screenshots of the page as it is: 1280 px light, then 390 px dark (the narrow layout and the dark
 * theme), full page; back to 1280 px light after. Files `<name>-1280-light.png`, `<name>-390-dark.png`
 * in the test's output folder. `narrowReady` waits for what the narrow layout shows (e.g. a table's card list).
 */
export async function pageShots(page: Page, name: string, outputPath: (file: string) => string, opts: { narrowReady?: () => Promise<void> } = {}) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  await settle(page);
  await page.screenshot({ path: outputPath(`${name}-1280-light.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.locator('html[data-theme="dark"]').waitFor();
  await opts.narrowReady?.();
  // The theme follows the system: wait for its colour transitions (not endless animations such as a spinner) to finish.
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
  await page.screenshot({ path: outputPath(`${name}-390-dark.png`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });
}
