import type { Page } from '@playwright/test';
import { expect, registerOwnCreator, test } from './fixtures/users';
import { api } from './support/api';
import { newFan, pageShots, signIn } from './support/session';

/**
 * Issue 31 §4: a fan subscribes and tips; the creator opens Fans and sees the fan with the right
 * totals (in all and by channel), gives them a custom name and a note, sorts by what fans spent,
 * searches by the custom name, and clicks Message — landing in the conversation with that fan.
 * Its own creator, so no other spec's fans show.
 */
async function fanWithName(prefix: string, name: string) {
  const fan = await newFan(prefix);
  const me = await api<{ _id: string; name: string }>('PUT', '/users', { name }, fan.token);
  await api('POST', '/sandbox/cards', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', holderName: name }, fan.token);
  return { ...fan, id: me._id, name: me.name };
}
const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('the creator sees a paying fan with the right totals, names them, sorts, searches and messages them', async ({ browser }, info) => {
  test.setTimeout(180_000);
  const creator = await registerOwnCreator('fanlist');
  await api('PUT', '/performers/subscription-settings', { monthlyPrice: 9.95, freeSubscriptionEnabled: false }, creator.token);

  // A paying fan: subscribes ($9.95) and tips $10 from the wallet; a follower who never paid.
  const payer = await fanWithName('fpay', 'Paula Payer');
  await api('POST', '/payment/subscribe/performers', { performerId: creator.id, type: 'monthly' }, payer.token);
  await api('POST', '/payment/wallet/top-up', { amount: 20 }, payer.token);
  await api('POST', `/wallet/charges/tip/${creator.id}`, { price: 10 }, payer.token);
  const follower = await fanWithName('ffol', 'Felix Follower');
  await api('POST', `/follows/${creator.id}`, undefined, follower.token);

  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signIn(ctx, creator.token);
  const page = await ctx.newPage();
  await page.goto('/creator/fans');
  await expect(page.getByRole('heading', { name: 'Fans', level: 1 })).toBeVisible();
  // The rollup is kept by event handlers (a job): wait for both fans and the totals.
  await expect(async () => {
    await page.reload();
    await expect(rowOf(page, 'Paula Payer').getByText('$19.95')).toBeVisible({ timeout: 2000 });
    await expect(rowOf(page, 'Felix Follower')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  const payerRow = rowOf(page, 'Paula Payer');
  await expect(payerRow.getByText('Subscription $9.95 · Tips $10.00')).toBeVisible();
  await expect(payerRow.getByText('Subscriber')).toBeVisible();
  await expect(rowOf(page, 'Felix Follower').getByText('Follower', { exact: true })).toBeVisible();
  await expect(page.getByText('2 fans')).toBeVisible();

  // A custom name and a note, only the creator's.
  await payerRow.getByRole('button', { name: 'Edit name and note for Paula Payer' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Custom name').fill('Big Tipper');
  await dialog.getByLabel('Note').fill('Asked for a birthday shout-out in May.');
  await Promise.all([page.waitForResponse((r) => /\/fans\//.test(r.url()) && r.request().method() === 'PATCH' && r.ok()), dialog.getByRole('button', { name: 'Save' }).click()]);
  await expect(rowOf(page, 'Big Tipper').getByText('Asked for a birthday shout-out in May.')).toBeVisible();

  // Sorting: by spent, lowest first puts the follower on top; highest first the payer.
  const firstRow = () => page.locator('tbody tr.ant-table-row').first();
  await page.getByRole('columnheader', { name: /Spent/ }).click();
  await expect(firstRow()).toContainText('Felix Follower');
  await page.getByRole('columnheader', { name: /Spent/ }).click();
  await expect(firstRow()).toContainText('Big Tipper');

  // Search by the custom name.
  await page.getByRole('searchbox', { name: 'Search fans' }).fill('big t');
  await page.getByRole('searchbox', { name: 'Search fans' }).press('Enter');
  await expect(page.getByText('1 fan', { exact: true })).toBeVisible();
  await expect(rowOf(page, 'Felix Follower')).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search fans' }).fill('');
  await expect(page.getByText('2 fans')).toBeVisible();

  await pageShots(page, 'fans', (f) => info.outputPath(f), { narrowReady: () => page.getByLabel('Fans list').waitFor() });

  // One click to message: the conversation with that fan opens.
  await rowOf(page, 'Big Tipper').getByRole('link', { name: 'Message Big Tipper' }).click();
  await page.waitForURL(/\/messages\?c=/);
  await expect(page.getByRole('region', { name: 'Conversation' }).getByText('Paula Payer').first()).toBeVisible();
  await ctx.close();
});
