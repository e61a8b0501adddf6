import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E } from '../playwright.config';
import { ADMIN, expect, test } from './fixtures/users';
import { logInAs } from './pages/auth';
import { uniqueName } from './support/api';

/**
 * Issue 28 §6: an operator opening someone's private data says why. The verification queue hands
 * out a creator's ID pictures: the console asks "Why are you opening this?" before it shows them,
 * and the audit log shows the read with the reason and whose data it was.
 */

/** A creator who just registered with their two identity pictures: waiting for verification. */
async function pendingCreator(): Promise<{ id: string; name: string; username: string }> {
  const username = uniqueName('reads');
  const p = { firstName: 'Rita', lastName: `Private ${username.slice(-5)}`, username, email: `${username}@example.test`, password: 'creator-pass-42', gender: 'female', dateOfBirth: '1991-04-04', ageConfirmed: 'true', acceptTerms: 'true' };
  const form = new FormData();
  for (const [k, v] of Object.entries(p)) form.append(k, v);
  const picture = async (background: string) => new Blob([new Uint8Array(await sharp({ create: { width: 64, height: 64, channels: 3, background } }).png().toBuffer())], { type: 'image/png' });
  form.append('documentVerification', await picture('#ccd'), 'id.png');
  form.append('idVerification', await picture('#b85'), 'selfie.png');
  const res = await fetch(`${E2E.api}/auth/performers/register`, { method: 'POST', body: form });
  expect(res.status).toBe(201);
  const json = (await res.json()) as { data: { user: { _id: string } } };
  return { id: json.data.user._id, name: `${p.firstName} ${p.lastName}`, username };
}

/** The dialog at 390 px, light then dark. */
async function dialogShots(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: test.info().outputPath(`${name}-390-light.png`) });
  await page.emulateMedia({ colorScheme: 'dark' });
  // The theme follows the system: wait for the switch and its colour transitions (not the endless
  // animations, such as a spinner) to finish.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
  await page.screenshot({ path: test.info().outputPath(`${name}-390-dark.png`) });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('the operator says why before opening ID documents, and the audit log shows the read with the reason', async ({ browser }) => {
  test.setTimeout(180_000);
  const pending = await pendingCreator();
  const reason = `Verification case ${pending.username.slice(-5)}: ID matches the selfie?`;

  const ctx = await browser.newContext();
  const admin = await ctx.newPage();
  await logInAs(admin, ADMIN.login, ADMIN.password, ADMIN.totpSecret);
  await admin.goto('/admin/verification');

  // The queue carries the pictures: the console asks first.
  const ask = admin.getByRole('dialog', { name: 'Why are you opening this?' });
  await expect(ask).toBeVisible();
  await expect(admin.getByRole('button', { name: `Review ${pending.name}` })).toHaveCount(0);
  // A reason is required.
  await ask.getByRole('button', { name: 'Open' }).click();
  await expect(ask.getByText('Say why you are opening this')).toBeVisible();
  await ask.getByLabel('Reason').fill(reason);
  await dialogShots(admin, 'operator-reason-dialog');
  await ask.getByRole('button', { name: 'Open' }).click();
  await expect(ask).toBeHidden();

  // The content shows.
  await admin.getByRole('button', { name: `Review ${pending.name}` }).click();
  const review = admin.getByRole('dialog', { name: `Review ${pending.name}` });
  await expect(review.getByRole('img', { name: `ID document of ${pending.name}` })).toBeVisible();
  await admin.keyboard.press('Escape');

  // The audit log: the read, marked as one, with the reason and whose data it was.
  await admin.goto('/admin/audit');
  await admin.getByLabel('Whose data (user id)').fill(pending.id);
  await admin.getByLabel('Whose data (user id)').press('Enter');
  const row = admin.getByRole('row', { name: /Audit entry: kyc\.read/ }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('Read');
  await expect(row).toContainText(`Reason: ${reason}`);
  await expect(row).toContainText(`@${pending.username}`);
  await admin.screenshot({ path: test.info().outputPath('operator-read-audit-1280.png'), fullPage: true });
  await ctx.close();
});
