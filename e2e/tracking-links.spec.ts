import { expect, registerOwnCreator, test } from './fixtures/users';
import { RegisterPage, cookieToken } from './pages/auth';
import { api, uniqueName } from './support/api';
import { pageShots, signIn } from './support/session';

/**
 * Issue 30 §4: a creator makes a tracking link; a new visitor opens /t/<code>, signs up as a fan,
 * follows and subscribes; the creator sees clicks 1, sign-ups 1, follows 1, subscriptions 1 and the
 * revenue on the list and on the link's page. Its own creator, so no other spec's figures change.
 */
test('a fan who came through a tracking link shows on the creator\'s figures', async ({ browser }, info) => {
  test.setTimeout(180_000);
  const creator = await registerOwnCreator('tracker');
  // A paid first month (no free trial), so the subscription brings revenue.
  await api('PUT', '/performers/subscription-settings', { monthlyPrice: 9.95, freeSubscriptionEnabled: false }, creator.token);

  // ── The creator makes a link and copies it ───────────────────────────────────────────────────
  const creatorCtx = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  await signIn(creatorCtx, creator.token);
  const studio = await creatorCtx.newPage();
  await studio.goto('/creator/tracking-links');
  await expect(studio.getByRole('heading', { name: 'Tracking links', level: 1 })).toBeVisible();
  await expect(studio.getByText('No tracking links yet')).toBeVisible();
  await studio.getByLabel('Where you post it').fill('Twitter bio');
  await studio.getByRole('button', { name: 'Make link' }).click();
  await expect(studio.getByText('Link “Twitter bio” made')).toBeVisible();
  const row = studio.getByRole('row').filter({ hasText: 'Twitter bio' });
  await row.getByRole('button', { name: 'Copy link Twitter bio' }).click();
  await expect(studio.getByText('Link copied')).toBeVisible();
  const link = await studio.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/t\/[a-hjkmnp-z2-9]{8}$/);
  const code = link.slice(-8);

  // ── A new visitor opens it: the profile with ?c=, the click recorded ──────────────────────────
  const visitorCtx = await browser.newContext();
  const page = await visitorCtx.newPage();
  const clicked = page.waitForResponse((r) => r.url().endsWith('/tracking/clicks') && r.request().method() === 'POST');
  await page.goto(new URL(link).pathname);
  await page.waitForURL(`**/${creator.username}?c=${code}`);
  const click = await clicked;
  expect(click.status()).toBe(200);
  expect((await click.json()).data).toMatchObject({ counted: true, attributed: false });

  // ── …signs up as a fan in the same browser (the touch goes with the sign-up) ──────────────────
  const username = uniqueName('tracked');
  await new RegisterPage(page).registerFan({ firstName: 'Tara', lastName: 'Tracked', username, email: `${username}@example.test`, password: 'fan-pass-123' });
  await page.waitForURL('**/home');
  const token = (await cookieToken(page))!.value;
  await api('POST', '/sandbox/cards', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', holderName: 'Tara Tracked' }, token);

  // ── …follows and subscribes ──────────────────────────────────────────────────────────────────
  await page.goto(`/${creator.username}`);
  const follow = page.getByRole('button', { name: 'Follow', exact: true });
  await Promise.all([page.waitForResponse((r) => /\/follows\//.test(r.url()) && r.request().method() === 'POST' && r.ok()), follow.click()]);
  await expect(page.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Subscribe · / }).click();
  const dialog = page.getByRole('dialog', { name: `Subscribe to ${creator.name}` });
  await dialog.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(page.getByText(`You're subscribed to ${creator.name}`)).toBeVisible();

  // ── The creator sees it (the follow and subscription are counted by event handlers) ───────────
  const cells = (r: typeof row) => r.getByRole('cell');
  await expect(async () => {
    await studio.reload();
    const c = cells(studio.getByRole('row').filter({ hasText: 'Twitter bio' }));
    await expect(c.nth(1)).toHaveText('1', { timeout: 1000 }); // clicks
    await expect(c.nth(2)).toHaveText('1', { timeout: 1000 }); // unique visitors
    await expect(c.nth(3)).toHaveText('1', { timeout: 1000 }); // sign-ups
    await expect(c.nth(4)).toHaveText('1', { timeout: 1000 }); // follows
    await expect(c.nth(5)).toHaveText('1', { timeout: 1000 }); // subscriptions
    await expect(c.nth(6)).toHaveText('$9.95', { timeout: 1000 }); // revenue
  }).toPass({ timeout: 60_000 });
  await pageShots(studio, 'tracking-links', (f) => info.outputPath(f), { narrowReady: () => studio.getByLabel('Tracking links list').waitFor() });

  // The link's page: the period's figures, the chart and the day's row.
  await studio.getByRole('link', { name: 'Twitter bio' }).click();
  await studio.waitForURL('**/creator/tracking-links/*');
  await expect(studio.getByRole('heading', { name: 'Twitter bio', level: 1 })).toBeVisible();
  for (const [key, value] of [['clicks', '1'], ['visitors', '1'], ['signups', '1'], ['follows', '1'], ['subscriptions', '1'], ['revenue', '$9.95']] as const) {
    await expect(studio.getByTestId(`stat-${key}`).locator('dd')).toHaveText(value);
  }
  await expect(studio.getByRole('img', { name: /1 clicks, 1 sign-ups/ })).toBeVisible();
  await studio.getByText('365 days', { exact: true }).click();
  await expect(studio.getByRole('radio', { name: '365 days' })).toBeChecked();
  await expect(studio.getByRole('heading', { name: 'Last 365 days' })).toBeVisible();
  await pageShots(studio, 'tracking-link', (f) => info.outputPath(f));

  // Nothing there names the fan.
  await expect(studio.getByText('Tara')).toHaveCount(0);
  await Promise.all([creatorCtx.close(), visitorCtx.close()]);
});
