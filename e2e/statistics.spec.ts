import fs from 'node:fs';
import { expect, registerOwnCreator, test } from './fixtures/users';
import { api, operatorToken } from './support/api';
import { pageShots, signIn } from './support/session';

/**
 * Issue 31 §5: a fan tips a creator; the creator's Statistics page shows the tip under Tips (by
 * channel) and Organic (by source), the tabs switch, the earnings CSV downloads with the figure;
 * the operator's dashboard shows the site-wide statistics. Its own creator: no other spec's sales.
 */
test('a creator sees a tip in their statistics and downloads the CSV; the operator sees site-wide figures', async ({ browser, fan }, info) => {
  test.setTimeout(180_000);
  const creator = await registerOwnCreator('stats');
  await api('POST', '/sandbox/cards', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', holderName: 'Fran Fan' }, fan.token).catch(() => undefined);
  await api('POST', '/payment/wallet/top-up', { amount: 30 }, fan.token);
  await api('POST', `/wallet/charges/tip/${creator.id}`, { price: 23.45, message: 'For the statistics test' }, fan.token);

  const ctx = await browser.newContext({ acceptDownloads: true });
  await signIn(ctx, creator.token);
  const page = await ctx.newPage();
  await page.goto('/creator/statistics');
  await expect(page.getByRole('heading', { name: 'Statistics', level: 1 })).toBeVisible();
  // The rollups are kept by an event handler: the figure arrives within moments.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('row-Tips')).toContainText('$23.45', { timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByTestId('row-Organic')).toContainText('$23.45');
  await expect(page.getByRole('img', { name: /Net earnings per day/ })).toBeVisible();
  await pageShots(page, 'statistics-earnings', (f) => info.outputPath(f));

  // The CSV of the earnings tab.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^statistics-earnings-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\n')[0]).toBe('date,channel,source,gross,net,tax,sales,reversals');
  expect(csv).toMatch(/,tip,organic,23\.45,/);

  // The other tabs.
  await page.getByRole('tab', { name: 'Audience' }).click();
  await expect(page.getByRole('heading', { name: 'Retention by month of first subscription' })).toBeVisible();
  await pageShots(page, 'statistics-audience', (f) => info.outputPath(f));
  await page.getByRole('tab', { name: 'Content' }).click();
  await expect(page.getByRole('heading', { name: 'Posts, videos and galleries' })).toBeVisible();
  await expect(page.getByText('No activity on your content in this period')).toBeVisible();
  await pageShots(page, 'statistics-content', (f) => info.outputPath(f));
  await ctx.close();

  // The operator: the same figures site-wide on the console's dashboard.
  const adminCtx = await browser.newContext();
  await signIn(adminCtx, await operatorToken());
  const admin = await adminCtx.newPage();
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { name: 'Site statistics' })).toBeVisible();
  await expect(admin.getByTestId('row-Tips')).toBeVisible();
  await expect(admin.getByRole('tab', { name: 'Audience' })).toBeVisible();
  await adminCtx.close();
});
