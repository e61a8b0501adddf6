import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { ADMIN, expect, test } from './fixtures/users';
import { logInAs } from './pages/auth';
import { api, login, uniqueName } from './support/api';
import { giveAccessReason } from './support/session';

/**
 * Age assurance by country (modules/legal README "Age assurance"): the demo site lists the UK
 * (GB) and Iris's profile is adult. A fan whose account is in the UK cannot see Iris until an
 * operator approves the ID photo and selfie the fan sends.
 */
const PASSWORD = 'age-pass-42';
const shots = async (page: Page, name: string) => {
  await page.screenshot({ path: test.info().outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath(`${name}-390-dark.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.emulateMedia({ colorScheme: 'light' });
};
const picture = async (background: string) => sharp({ create: { width: 320, height: 200, channels: 3, background } }).png().toBuffer();

test('a fan in the UK cannot see an adult creator until an operator approves their ID and selfie', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // The demo's adult creator (seeded; made sure of here).
  await api('PUT', '/age-verification/adult-profile', { adult: true }, await login('iris@example.com'));
  const username = uniqueName('agefan');
  await api('POST', '/auth/users/register', { firstName: 'Ava', lastName: 'Gate', username, email: `${username}@example.test`, password: PASSWORD, country: 'GB', ageConfirmed: true, acceptTerms: true });
  await logInAs(page, username, PASSWORD);

  // Iris's page: withheld, with the reason and the way to verify.
  await page.goto('/iris');
  await expect(page.getByRole('heading', { name: "Verify your age to see this creator's content" })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Iris Vale/ })).toHaveCount(0);
  await shots(page, 'age-gate');
  // Her posts are not reachable by search either.
  const found = await api<{ data: Array<{ username: string }> }>('GET', '/performers/search?q=iris', undefined, (await page.context().cookies()).find((c) => c.name === 'token')!.value);
  expect(found.data.map((p) => p.username)).not.toContain('iris');

  // The way to verify: the form on /age-verification.
  await page.getByRole('button', { name: 'Verify your age' }).click();
  await page.waitForURL('**/age-verification');
  await expect(page.getByRole('button', { name: 'Send for review' })).toBeVisible();
  await shots(page, 'age-form');
  // Sending nothing names both pictures; then the ID photo and the selfie, with a progress bar.
  await page.getByRole('button', { name: 'Send for review' }).click();
  await expect(page.getByText('Attach a photo of your ID')).toBeVisible();
  await expect(page.getByText('Attach a selfie')).toBeVisible();
  const inputs = page.locator('input[type=file]');
  await inputs.nth(0).setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: await picture('#9fb3d9') });
  await inputs.nth(1).setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: await picture('#c98f6f') });
  await page.getByRole('button', { name: 'Send for review' }).click();
  await expect(page.getByText('Your age verification is waiting for review')).toBeVisible();
  await shots(page, 'age-pending');

  // The operator approves in the console's queue.
  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await logInAs(admin, ADMIN.login, ADMIN.password);
  await admin.goto('/admin/age-verifications');
  await giveAccessReason(admin); // the queue carries ID pictures (issue 28 §6)
  await expect(admin.getByRole('heading', { name: 'Age verification' })).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Review Ava Gate' })).toBeVisible();
  await admin.screenshot({ path: test.info().outputPath('age-queue-1280.png') });
  await admin.getByRole('button', { name: 'Review Ava Gate' }).click();
  const drawer = admin.getByRole('dialog');
  await expect(drawer.getByRole('img', { name: 'ID of Ava Gate' })).toBeVisible();
  await expect(drawer.getByRole('img', { name: 'Selfie of Ava Gate' })).toBeVisible();
  await shots(admin, 'age-queue-review');
  await drawer.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText("Ava Gate's age is verified")).toBeVisible();
  await adminCtx.close();

  // The fan now sees Iris.
  await page.goto('/iris');
  await expect(page.getByRole('heading', { name: "Verify your age to see this creator's content" })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /Iris Vale/ }).first()).toBeVisible();
  await page.goto('/age-verification');
  await expect(page.getByText('Your age is verified')).toBeVisible();
  await shots(page, 'age-approved');
});
