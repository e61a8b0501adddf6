import { expect, test } from './fixtures/ready';
import path from 'node:path';
import fs from 'node:fs';
import sharp from 'sharp';
import { RegisterPage, cookieToken } from './pages/auth';
import { api, uniqueName } from './support/api';

test('a creator registers with identity documents and lands on their account page', async ({ page }, info) => {
  fs.mkdirSync(info.outputDir, { recursive: true });
  const idDoc = path.join(info.outputDir, 'id.png');
  const selfie = path.join(info.outputDir, 'selfie.jpg');
  await sharp({ create: { width: 640, height: 400, channels: 3, background: '#ddd' } }).png().toFile(idDoc);
  await sharp({ create: { width: 480, height: 640, channels: 3, background: '#c96' } }).jpeg().toFile(selfie);

  const username = uniqueName('star');
  await page.goto('/auth/register/creator');
  await page.getByLabel('First name').fill('Stella');
  await page.getByLabel('Last name').fill('Stage');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('E-mail').fill(`${username}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill('creator-pass-9');
  await page.getByLabel('Confirm password').fill('creator-pass-9');
  // antd Select by keyboard: open, move to the second option (Female), choose.
  await page.getByLabel('Gender').click();
  await expect(page.getByRole('option', { name: 'Female' })).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.locator('.ant-select-content, .ant-select-selection-item').filter({ hasText: 'Female' }).first()).toBeVisible();
  await page.getByLabel('Date of birth').fill('1994-06-01');
  await page.locator('.ant-form-item').filter({ hasText: 'ID document' }).locator('input[type=file]').setInputFiles(idDoc);
  await page.locator('.ant-form-item').filter({ hasText: 'Selfie with your ID' }).locator('input[type=file]').setInputFiles(selfie);
  await new RegisterPage(page).consent();
  await page.getByRole('button', { name: 'Create creator account' }).click();

  // Complete account (e-mail + username) → the creator's own page.
  await page.waitForURL(new RegExp(`/${username}$`));
  await expect(page.getByRole('heading', { name: 'Stella Stage' })).toBeVisible();
  const token = (await cookieToken(page))!.value;
  const me = await api<{ isPerformer: boolean; documents: Array<{ kind: string }> }>('GET', '/performers/me', undefined, token);
  expect(me.isPerformer).toBe(true);
  expect(me.documents.map((d) => d.kind).sort()).toEqual(['documentVerification', 'idVerification']);

  // The account page is reachable and shows the profile form.
  await page.goto('/creator/account');
  await expect(page.getByLabel('Bio')).toBeVisible();
});
