import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ADMIN, expect, registerOwnCreator, test } from './fixtures/users';
import { RegisterPage, cookieToken, logInAs } from './pages/auth';
import { api, approveCreator, uniqueName } from './support/api';
import { newFan, pageShots, signIn } from './support/session';

/**
 * Issue 30 §5: a creator copies their referral link, a new creator signs up through it, a fan tips
 * the new creator, the referrer sees the share on the Referrals and Earnings pages, and the
 * operator voids the referral. Its own creators and fan, so no other spec's figures change.
 */
test('a referred creator\'s sale pays the referrer; the operator voids the referral', async ({ browser }, info) => {
  test.setTimeout(180_000);
  const referrer = await registerOwnCreator('referrer');

  // ── The referrer copies their link ───────────────────────────────────────────────────────────
  const refCtx = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  await signIn(refCtx, referrer.token);
  const refPage = await refCtx.newPage();
  await refPage.goto('/creator/referrals');
  await expect(refPage.getByRole('heading', { name: 'Referrals', level: 1 })).toBeVisible();
  await expect(refPage.getByText('No referred creators yet')).toBeVisible();
  const linkField = refPage.getByLabel('Your referral link');
  await expect(linkField).toHaveValue(/\/r\/[A-Z2-9]{8}$/);
  await refPage.getByRole('button', { name: 'Copy link' }).click();
  await expect(refPage.getByText('Link copied')).toBeVisible();
  const link = await refPage.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(await linkField.inputValue());

  // ── A new creator signs up through it ───────────────────────────────────────────────────────
  fs.mkdirSync(info.outputDir, { recursive: true });
  const idDoc = path.join(info.outputDir, 'id.png');
  const selfie = path.join(info.outputDir, 'selfie.png');
  await sharp({ create: { width: 320, height: 200, channels: 3, background: '#ddd' } }).png().toFile(idDoc);
  await sharp({ create: { width: 240, height: 320, channels: 3, background: '#c96' } }).png().toFile(selfie);
  const newCtx = await browser.newContext();
  const page = await newCtx.newPage();
  await page.goto(new URL(link).pathname);
  await page.waitForURL(/\/auth\/register\/creator\?ref=[A-Z2-9]{8}$/);
  await expect(page.getByText(`Invited by ${referrer.name}`)).toBeVisible();
  const username = uniqueName('referred');
  await page.getByLabel('First name').fill('Rae');
  await page.getByLabel('Last name').fill('Referred');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('E-mail').fill(`${username}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill('creator-pass-9');
  await page.getByLabel('Confirm password').fill('creator-pass-9');
  await page.getByLabel('Date of birth').fill('1994-06-01');
  await page.locator('.ant-form-item').filter({ hasText: 'ID document' }).locator('input[type=file]').setInputFiles(idDoc);
  await page.locator('.ant-form-item').filter({ hasText: 'Selfie with your ID' }).locator('input[type=file]').setInputFiles(selfie);
  await new RegisterPage(page).consent();
  await page.getByRole('button', { name: 'Create creator account' }).click();
  await page.waitForURL(new RegExp(`/${username}$`));
  const token = (await cookieToken(page))!.value;
  const me = await api<{ _id: string }>('GET', '/users/me', undefined, token);
  await approveCreator(me._id);

  // ── A fan tips the new creator ──────────────────────────────────────────────────────────────
  const fan = await newFan('reffan');
  await api('POST', '/sandbox/cards', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', holderName: 'Fiona Fan' }, fan.token);
  await api('POST', '/payment/wallet/top-up', { amount: 50 }, fan.token);
  const fanCtx = await browser.newContext();
  await signIn(fanCtx, fan.token);
  const fanPage = await fanCtx.newPage();
  await fanPage.goto(`/${username}`);
  await fanPage.getByRole('button', { name: 'Send tip' }).click();
  const tip = fanPage.getByRole('dialog', { name: 'Send a tip to Rae Referred' });
  await tip.getByLabel('Amount').fill('20');
  await tip.getByRole('button', { name: 'Send tip' }).click();
  await expect(fanPage.getByText('You sent $20.00 to Rae Referred')).toBeVisible();

  // ── The referrer sees the share: 10% of the $4.00 commission ────────────────────────────────
  await refPage.reload();
  const row = refPage.getByRole('row').filter({ hasText: 'Rae Referred' });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('$0.40');
  await expect(refPage.getByText('Earned from referrals')).toBeVisible();
  await pageShots(refPage, 'referrals', (f) => info.outputPath(f));
  await refPage.goto('/creator/earnings');
  const line = refPage.getByRole('row').filter({ hasText: 'Referral' }).filter({ hasText: 'Rae Referred' });
  await expect(line).toContainText('$0.40');

  // ── The operator voids it ───────────────────────────────────────────────────────────────────
  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await logInAs(admin, ADMIN.login, ADMIN.password, ADMIN.totpSecret);
  await admin.goto(`/admin/referrals?q=${username}`);
  await expect(admin.getByRole('heading', { name: 'Referrals', level: 1 })).toBeVisible();
  const adminRow = admin.getByRole('row').filter({ hasText: 'Rae Referred' });
  await expect(adminRow).toContainText(referrer.name);
  await expect(adminRow).toContainText('$0.40');
  await pageShots(admin, 'admin-referrals', (f) => info.outputPath(f));
  await adminRow.getByRole('button', { name: 'Void' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Void this referral' });
  await dialog.getByLabel('Reason').fill('Both accounts belong to one person');
  await dialog.getByRole('button', { name: 'Void referral' }).click();
  await expect(admin.getByText('Referral voided')).toBeVisible();
  await expect(adminRow).toContainText('Voided');
  await expect(adminRow.getByRole('button', { name: 'Void' })).toHaveCount(0);

  // The referrer's page says so; what was paid stays.
  await refPage.goto('/creator/referrals');
  const after = refPage.getByRole('row').filter({ hasText: 'Rae Referred' });
  await expect(after).toContainText('Voided');
  await expect(after).toContainText('$0.40');
  await Promise.all([refCtx.close(), newCtx.close(), fanCtx.close(), adminCtx.close()]);
});
