import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { ADMIN, expect, test } from './fixtures/users';
import { logInAs } from './pages/auth';
import { api, login, uniqueName } from './support/api';
import { pageShots } from './support/session';

/**
 * Issue 29 §5 in the console (sandbox gateway): a fan tops up by card; the operator opens Money →
 * Reconciliation, runs today's period with "Run now" (a period ending before it starts is refused
 * under the field first), and lands on the run: every charge, refund and dispute of the day matched
 * (the sandbox's own books against the ledger), the totals as the gateway saw them, no mismatch;
 * the run is listed, and a second run of the same day makes the first an older version.
 */
async function contrastInBothThemes(page: Page, what: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
    const result = await new AxeBuilder({ page }).include('#main').withRules(['color-contrast']).analyze();
    const found = result.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`));
    expect(found, `contrast failures on ${what} (${theme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the operator reconciles today in the console: all matched, totals shown, listed; a re-run keeps the first as an older version', async ({ page }) => {
  test.setTimeout(180_000);
  const out = (f: string) => test.info().outputPath(f);
  // A card payment today, so the day has something to match.
  const username = uniqueName('recon');
  await api('POST', '/auth/users/register', { firstName: 'Rita', lastName: `Recon ${username.slice(-5)}`, username, email: `${username}@example.test`, password: 'fan-pass-123', ageConfirmed: true, acceptTerms: true });
  const fan = await login(username, 'fan-pass-123');
  await api('POST', '/sandbox/cards', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', holderName: 'Rita Recon' }, fan);
  await api('POST', '/payment/wallet/top-up', { amount: 25 }, fan);
  const today = new Date().toISOString().slice(0, 10);

  await logInAs(page, ADMIN.login, ADMIN.password, ADMIN.totpSecret);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Reconciliation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();

  // ── Run now: a period ending before it starts is refused under the field; today is reconciled ──
  await page.getByRole('button', { name: 'Run now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reconcile a period' });
  await dialog.getByLabel('From').fill(today);
  await dialog.getByLabel('To (inclusive)').fill('2020-01-01');
  await dialog.getByRole('button', { name: 'Run now' }).click();
  await expect(dialog.getByText('Must not be before the start date')).toBeVisible();
  await dialog.getByLabel('To (inclusive)').fill(today);
  await dialog.getByRole('button', { name: 'Run now' }).click();
  await expect(page).toHaveURL(/\/admin\/reconciliation\/[0-9a-f-]{36}$/);
  const firstRun = page.url();
  await expect(page.getByRole('heading', { level: 1, name: `Reconciliation of ${today}` })).toBeVisible();
  await expect(page.getByText('All matched')).toBeVisible();
  const totals = page.getByRole('region', { name: 'As the gateway reported it' });
  await expect(totals.getByText('Charges', { exact: true })).toBeVisible();
  await expect(totals.getByText(/^Matched$/)).toBeVisible();
  const mismatches = page.getByRole('region', { name: 'Mismatches' });
  await expect(mismatches.getByText('Everything matches')).toBeVisible();
  await contrastInBothThemes(page, 'a reconciliation run');
  await pageShots(page, 'reconciliation-run', out, { narrowReady: () => expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390) });

  // ── Listed; run again: the newer one is current, the first an older version ──
  await page.getByRole('link', { name: 'Reconciliation', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();
  await page.getByRole('button', { name: 'Run now' }).click();
  await dialog.getByLabel('From').fill(today);
  await dialog.getByLabel('To (inclusive)').fill(today);
  await dialog.getByRole('button', { name: 'Run now' }).click();
  await expect(page).toHaveURL(/\/admin\/reconciliation\/[0-9a-f-]{36}$/);
  expect(page.url()).not.toBe(firstRun);
  await page.goto(firstRun);
  await expect(page.getByText('Older version: this period was run again')).toBeVisible();
  await page.goto('/admin/reconciliation');
  await expect(page.getByRole('row', { name: `Reconciliation of ${today}` }).first()).toBeVisible();
  await contrastInBothThemes(page, 'the reconciliation runs');
  await pageShots(page, 'reconciliation-runs', out, { narrowReady: () => expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390) });
});
