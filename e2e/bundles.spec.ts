import { expect, test, registerOwnCreator } from './fixtures/users';
import { api } from './support/api';
import { newFan, pageShots, signIn } from './support/session';

// Issue 30 §2: subscription bundles, end to end on the sandbox card.
test('a creator offers a 3-month bundle at 20 %; a fan subscribes with it, sees the period end and the price, and picks monthly renewal', async ({ browser }) => {
  const out = (f: string) => test.info().outputPath(f);
  const creator = await registerOwnCreator('bundles');
  await api('PUT', '/performers/subscription-settings', { monthlyPrice: 9.95, freeSubscriptionEnabled: false }, creator.token);

  // ── The creator enables the 3-month bundle at 20 % on the Subscription tab ────────────────────
  const creatorCtx = await browser.newContext();
  await signIn(creatorCtx, creator.token);
  const studio = await creatorCtx.newPage();
  await studio.goto('/creator/account?tab=subscription');
  const tiers = studio.getByRole('list', { name: 'Your tiers' });
  await tiers.getByRole('button', { name: 'Bundles of Standard' }).click();
  const dialog = studio.getByRole('dialog', { name: 'Bundles of Standard' });
  await dialog.getByRole('switch', { name: 'Offer 3 months' }).click();
  await dialog.getByLabel('3-month discount (%)').fill('20');
  // The price a fan will pay, by the shared price rule: 3 × 9.95 = 29.85, less 20 % → 23.88.
  await expect(dialog.getByText('$23.88 for 3 months')).toBeVisible();
  await pageShots(studio, 'bundles-creator-dialog', out);
  await dialog.getByRole('button', { name: 'Save bundles' }).click();
  await expect(dialog).toBeHidden();
  await expect(tiers.getByLabel('Bundles on offer for Standard').getByText('3 months · 20 % off · $23.88')).toBeVisible();
  await creatorCtx.close();

  // ── The fan subscribes with the bundle ────────────────────────────────────────────────────────
  const fan = await newFan('bundlefan');
  await api('POST', '/sandbox/cards', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', holderName: 'Fiona Fan' }, fan.token);
  const fanCtx = await browser.newContext();
  await signIn(fanCtx, fan.token);
  const page = await fanCtx.newPage();
  await page.goto(`/${creator.username}`);
  await page.getByRole('button', { name: /^Subscribe/ }).first().click();
  const subscribe = page.getByRole('dialog', { name: `Subscribe to ${creator.name}` });
  const bundle = subscribe.getByRole('radio', { name: /3 months/ });
  await expect(bundle).toBeVisible();
  await expect(subscribe.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  await bundle.check();
  await expect(subscribe.getByRole('status').filter({ hasText: 'Due today' })).toContainText('$23.88');
  await expect(subscribe.getByText(/Access for 3 months, until /)).toBeVisible();
  await pageShots(page, 'bundles-subscribe', out);
  await subscribe.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(page.getByText(`You're subscribed to ${creator.name}`)).toBeVisible();

  // ── /user/subscriptions: "3-month bundle, renews on … at …"; the fan switches to monthly ──────
  const [sub] = (await api<{ data: Array<{ expiresAt: string }> }>('GET', '/subscriptions/user/search', undefined, fan.token)).data;
  const end = new Date(sub!.expiresAt);
  const now = new Date();
  // Three calendar months on (the day clamped at a short month's end).
  expect(end.getUTCMonth()).toBe((now.getUTCMonth() + 3) % 12);
  await page.goto('/user/subscriptions');
  const row = page.getByRole('row').filter({ hasText: creator.name });
  await expect(row).toContainText('3-month bundle');
  await expect(row).toContainText('$23.88');
  await expect(row.getByTestId('bundle-renewal')).toHaveText(/renews on .+ at \$23\.88 for 3 months/);
  const renewal = row.getByLabel(`How your subscription to ${creator.name} renews`);
  await renewal.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Renew monthly ($9.95)' }).click();
  await expect(page.getByText('It will renew monthly at $9.95')).toBeVisible();
  await expect(row.getByTestId('bundle-renewal')).toHaveText(/renews on .+ at \$9\.95 a month/);
  await pageShots(page, 'bundles-subscriptions', out, {
    narrowReady: async () => {
      await page.getByRole('list', { name: 'Subscriptions list' }).waitFor();
    },
  });
  await fanCtx.close();
});
