import fs from 'node:fs/promises';
import { expect, test } from './fixtures/users';
import { logInAs } from './pages/auth';
import { api, uniqueName } from './support/api';

/** A fan of this test alone (it is deleted or exported, so never the worker's shared fan). */
async function freshFan() {
  const username = uniqueName('pfan');
  const p = { firstName: 'Pia', lastName: 'Private', username, email: `${username}@example.test`, password: 'privacy-pass-42' };
  await api('POST', '/auth/users/register', { ...p, ageConfirmed: true, acceptTerms: true });
  return p;
}

test('a fan requests an export of their data and downloads the ZIP', async ({ page }) => {
  test.setTimeout(180_000);
  const fan = await freshFan();
  await logInAs(page, fan.username, fan.password);
  await page.goto('/user/account#your-data');
  const section = page.locator('#your-data');
  await expect(section.getByRole('heading', { name: 'Download your data' })).toBeVisible();
  await section.getByRole('button', { name: 'Request an export' }).click();
  await expect(section.getByText(/Your export is being prepared|Your export is ready/).first()).toBeVisible();
  await expect(section.getByText('Your export is ready')).toBeVisible({ timeout: 60_000 });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('your-data-1280.png') });
  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download your data' }).click()]);
  const zip = await fs.readFile((await download.path())!);
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  expect(zip.includes(Buffer.from('profile.json'))).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.locator('#your-data').getByText('Your export is ready')).toBeVisible();
  await page.locator('#your-data').scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await page.screenshot({ path: test.info().outputPath('your-data-390-dark.png') });
});

test('a fan deletes their account: signed out, and cannot sign in again', async ({ page }) => {
  test.setTimeout(180_000);
  const fan = await freshFan();
  await logInAs(page, fan.username, fan.password);
  await page.goto('/user/account#your-data');
  const section = page.locator('#your-data');
  await expect(section.getByRole('heading', { name: 'Delete your account' })).toBeVisible();
  await section.getByLabel('Your password').fill('not-my-password');
  await section.getByLabel('Type DELETE to confirm').fill('DELETE');
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await expect(section.getByText('Your current password is not correct')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('delete-account-1280.png') });
  await section.getByLabel('Your password').fill(fan.password);
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await page.waitForURL('**/auth/login');
  // The old session is gone and the credentials no longer work.
  await expect(api('POST', '/auth/login', { username: fan.username, password: fan.password })).rejects.toThrow(/→ 4\d\d/);
  await expect(api('POST', '/auth/login', { username: fan.email, password: fan.password })).rejects.toThrow(/→ 4\d\d/);
  await page.goto('/user/account');
  await expect(page).toHaveURL(/\/auth\/login/);
});
