import fs from 'node:fs';
import { expect, registerOwnCreator, test } from './fixtures/users';
import { api, operatorToken } from './support/api';
import { pageShots, signIn } from './support/session';

const usd = (n: number) => `$${n.toFixed(2)}`;

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
  // To the cent: the screen's figures are the ledger's — the creator's earnings account (balance: net earned, nothing paid out) and the sale's gross.
  const ledger = { data: await api<{ gross: number; net: number; commission: number; balance: number; paidOut: number }>('GET', '/performer/earning/stats', undefined, creator.token) };
  expect(ledger.data.gross).toBe(23.45);
  expect(ledger.data.paidOut).toBe(0);
  expect(ledger.data.balance).toBe(ledger.data.net);
  expect(Math.round((ledger.data.gross - ledger.data.commission) * 100)).toBe(Math.round(ledger.data.net * 100));
  await expect(page.getByTestId('stat-net')).toContainText(usd(ledger.data.balance));
  await expect(page.getByTestId('stat-gross')).toContainText(usd(ledger.data.gross));
  await expect(page.getByTestId('row-Tips').getByRole('cell').nth(2)).toHaveText(usd(ledger.data.net));
  await expect(page.getByRole('img', { name: /Net earnings per day/ })).toBeVisible();
  await pageShots(page, 'statistics-earnings', (f) => info.outputPath(f));

  // The CSV of the earnings tab (the same cents).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^statistics-earnings-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\n')[0]).toBe('date,channel,source,gross,net,tax,sales,reversals');
  expect(csv).toMatch(/,tip,organic,23\.45,/);
  expect(csv).toContain(`,tip,organic,23.45,${ledger.data.net.toFixed(2)},`);

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
  // Operators download the site-wide CSV too.
  const [siteCsv] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(siteCsv.suggestedFilename()).toMatch(/^statistics-earnings-\d{4}-\d{2}-\d{2}\.csv$/);
  const site = fs.readFileSync((await siteCsv.path())!, 'utf8');
  expect(site.split('\n')[0]).toBe('date,channel,source,gross,net,tax,sales,reversals');
  expect(site).toMatch(/,tip,organic,\d+\.\d{2},/);
  await adminCtx.close();
});

/**
 * Post views (feeds README "Post views"): a fan opens a creator's post; the page reports it seen in a
 * batch (one POST /user/feeds/views), and the creator's content statistics show the view.
 */
test('a viewed post shows a view in the creator\'s content statistics', async ({ browser, fan }) => {
  test.setTimeout(120_000);
  const creator = await registerOwnCreator('views');
  const text = `Studio notes ${Date.now().toString(36)}`;
  const post = { data: await api<{ _id: string }>('POST', '/performer/feeds', { text, visibility: 'free' }, creator.token) };
  await api('POST', `/follows/${creator.id}`, undefined, fan.token);

  const fanCtx = await browser.newContext();
  await signIn(fanCtx, fan.token);
  const page = await fanCtx.newPage();
  const reported = page.waitForResponse((r) => r.url().includes('/user/feeds/views') && r.request().method() === 'POST');
  await page.goto(`/post/${post.data._id}`);
  await expect(page.getByText(text)).toBeVisible();
  const res = await reported;
  expect(res.status()).toBe(200);
  expect(JSON.parse(res.request().postData() ?? '{}')).toEqual({ ids: [post.data._id] });
  expect((await res.json()).data).toEqual({ counted: 1 });
  // Seen again the same day: not counted twice.
  const again = await api<{ counted: number }>('POST', '/user/feeds/views', { ids: [post.data._id] }, fan.token);
  expect(again.counted).toBe(0);
  await fanCtx.close();

  const ctx = await browser.newContext();
  await signIn(ctx, creator.token);
  const stats = await ctx.newPage();
  await stats.goto('/creator/statistics');
  await stats.getByRole('tab', { name: 'Content' }).click();
  const row = stats.getByRole('row').filter({ hasText: text });
  // The rollup is kept by an event handler: the view arrives within moments.
  await expect(async () => {
    await stats.reload();
    await stats.getByRole('tab', { name: 'Content' }).click();
    await expect(row.getByRole('cell').nth(1)).toHaveText('1', { timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await expect(row.getByRole('cell').nth(0)).toContainText('Post');
  await ctx.close();
});
