import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { E2E } from '../playwright.config';
import { expect, test } from './fixtures/users';
import { api, mailTo } from './support/api';
import { newFan, signIn } from './support/session';

/**
 * Issue 10: the creator's bell, toasts and /notifications follow what fans do without a reload;
 * the list pages 12 at a time; e-mails follow the preferences; the unsubscribe page works signed out.
 */

/** A fan with $300 in the wallet (sandbox card), ready to tip and subscribe through the API. */
async function richFan(prefix: string) {
  const fan = await newFan(prefix);
  await api('POST', '/sandbox/cards', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', holderName: 'Fiona Fan' }, fan.token);
  await api('POST', '/payment/wallet/top-up', { amount: 300 }, fan.token);
  return fan;
}

const tip = (fanToken: string, creatorId: string, price: number, message: string) => api('POST', `/wallet/charges/tip/${creatorId}`, { price, message }, fanToken);

/** Resolves once the page's socket.io connection is open (the server's connect frame arrived). */
function socketOpen(page: Page) {
  return page
    .waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'))
    .then((ws) => ws.waitForEvent('framereceived', (f) => typeof f.payload === 'string' && f.payload.startsWith('40')));
}

/** How many mails to `to` with a subject matching `subject` are in the API's outbox. */
function mailCount(to: string, subject: RegExp): number {
  const dir = path.join(E2E.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string; subject: string })
    .filter((m) => m.to === to && subject.test(m.subject)).length;
}

/**
 * Starts the creator from zero unread: their welcome notification is made by an event job after
 * registration, so wait for it before marking everything read.
 */
async function readAllSettled(token: string) {
  await expect
    .poll(async () => (await api<{ total: number }>('GET', '/notification?type=welcome', undefined, token)).total, { timeout: 15_000 })
    .toBeGreaterThan(0);
  await api('PUT', '/notification/read-all', undefined, token);
}

/** The unread total once the event jobs have caught up with `expected`. */
const unreadOf = (token: string) => async () => (await api<{ total: number }>('GET', '/notification/total-unread', undefined, token)).total;

const bell = (page: Page) => page.getByTestId('notification-bell');
/** Notification e-mails are titled with the notification's text. */
const TIP_MAIL = /tipped you/;

test('the creator hears of a tip and a subscription at once: bell, toasts, list, mark all read; the tip e-mail follows the preference', async ({ browser, creator }) => {
  test.setTimeout(150_000);
  await readAllSettled(creator.token);
  const fan = await richFan('bell');
  const stamp = Date.now().toString(36);

  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signIn(ctx, creator.token);
  const page = await ctx.newPage();
  const connected = socketOpen(page);
  await page.goto('/');
  // A creator lands on their own page.
  await expect(page).toHaveURL(new RegExp(`/${creator.username}$`));
  await connected;
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  // The fan watches their balance in the header: it follows the wallet without a reload.
  const fanCtx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signIn(fanCtx, fan.token);
  const fanPage = await fanCtx.newPage();
  const fanConnected = socketOpen(fanPage);
  await fanPage.goto('/home');
  await fanConnected;
  await expect(fanPage.getByTestId('header-balance')).toContainText('$300.00');

  // ── The fan tips, then subscribes (free trial): the count rises without a reload, toasts show ──
  const mailsBefore = mailCount(creator.email, TIP_MAIL);
  await tip(fan.token, creator.id, 10, `First tip ${stamp}`);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  const tipToast = page.getByTestId('notification-toast').filter({ hasText: `First tip ${stamp}` });
  await expect(tipToast).toContainText('tipped you $10.00');
  await expect(tipToast).toContainText('Fiona Fan');
  // 'Close' closes it and goes nowhere.
  await tipToast.getByLabel('Close').first().click();
  await expect(tipToast).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/${creator.username}$`));
  await expect(fanPage.getByTestId('header-balance')).toContainText('$290.00');
  await fanCtx.close();

  await api('POST', '/payment/subscribe/performers', { performerId: creator.id, type: 'free' }, fan.token);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
  // A click on the toast marks it read and follows its link.
  await page.getByTestId('notification-toast').filter({ hasText: 'started a free trial of your subscription' }).first().click();
  await expect(page).toHaveURL(/\/creator\/subscribers$/);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  // E-mail is on for tips by default: the mail arrives.
  await mailTo(creator.email, TIP_MAIL);
  expect(mailCount(creator.email, TIP_MAIL)).toBe(mailsBefore + 1);

  // ── The bell's popover and /notifications list both ──
  await bell(page).click();
  const popover = page.locator('.notification-popover');
  await expect(popover.getByTestId('notification').filter({ hasText: 'started a free trial of your subscription' }).first()).toHaveAttribute('data-read', 'true');
  await expect(popover.getByTestId('notification').filter({ hasText: `First tip ${stamp}` })).toHaveAttribute('data-read', 'false');
  await popover.getByRole('link', { name: 'See all' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  // Newest first: other tests of this worker's creator may have made older rows of the same kind.
  const rows = page.getByRole('main').getByTestId('notification');
  await expect(rows.filter({ hasText: `First tip ${stamp}` })).toHaveAttribute('data-read', 'false');
  await expect(rows.filter({ hasText: 'started a free trial of your subscription' }).first()).toHaveAttribute('data-read', 'true');

  // Mark all read zeroes the count (and the rows lose their dot).
  await page.getByRole('main').getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(rows.filter({ hasText: `First tip ${stamp}` })).toHaveAttribute('data-read', 'true');
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications');

  // ── The tip e-mail switched off: the next tip notifies in the app only ──
  await page.goto('/creator/account?tab=notifications');
  const tipEmail = page.getByRole('switch', { name: 'Tips: e-mail' });
  await expect(tipEmail).toBeChecked();
  await tipEmail.click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  await expect(tipEmail).not.toBeChecked();
  await tip(fan.token, creator.id, 10, `Second tip ${stamp}`);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  // The e-mail job runs right after the event; give it time to (wrongly) send one.
  await page.waitForTimeout(4000);
  expect(mailCount(creator.email, TIP_MAIL)).toBe(mailsBefore + 1);

  // Back on: the mail of the next tip arrives again.
  await tipEmail.click();
  await expect(tipEmail).toBeChecked();
  await tip(fan.token, creator.id, 10, `Third tip ${stamp}`);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
  await expect.poll(() => mailCount(creator.email, TIP_MAIL), { timeout: 10_000 }).toBe(mailsBefore + 2);

  // The mail's unsubscribe link works signed out and turns the tip e-mail off.
  const mail = await mailTo(creator.email, new RegExp(`Third tip ${stamp}`));
  const link = /https?:\/\/\S*\/notifications\/unsubscribe\?token=[A-Za-z0-9._%-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  const anon = await browser.newContext();
  const anonPage = await anon.newPage();
  await anonPage.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
  await expect(anonPage.getByText('You will no longer receive e-mails about tips.')).toBeVisible();
  await anon.close();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Tips: e-mail' })).not.toBeChecked();
  await ctx.close();
});

test('/notifications pages 12 at a time, filters unread, and a click marks one read and follows its link', async ({ browser, creator }) => {
  test.setTimeout(120_000);
  await readAllSettled(creator.token);
  const fan = await richFan('follower');
  // 14 notifications: follow, unfollow, follow again… (each follow is one), then one subscription.
  for (let i = 0; i < 13; i++) {
    await api('POST', `/follows/${creator.id}`, undefined, fan.token);
    await api('DELETE', `/follows/${creator.id}`, undefined, fan.token);
  }
  await api('POST', '/payment/subscribe/performers', { performerId: creator.id, type: 'free' }, fan.token);
  await expect.poll(unreadOf(creator.token), { timeout: 20_000 }).toBe(14);

  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signIn(ctx, creator.token);
  const page = await ctx.newPage();
  await page.goto('/notifications');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 14 unread');
  const rows = page.getByRole('main').getByTestId('notification');
  await expect(rows.first()).toContainText('started a free trial of your subscription');
  // Infinite scroll: the first page is 12; scrolling to the end brings the rest (no repeats).
  await page.mouse.wheel(0, 5000);
  await expect.poll(async () => rows.count()).toBeGreaterThan(12);
  const texts = await rows.evaluateAll((els) => els.map((e) => e.textContent));
  expect(texts.length).toBeGreaterThanOrEqual(14);

  // The Unread tab lists unread ones only; clicking one marks it read and follows its link.
  await page.getByRole('tab', { name: 'Unread' }).click();
  await expect(rows.first()).toHaveAttribute('data-read', 'false');
  await rows.filter({ hasText: 'started a free trial of your subscription' }).first().first().click();
  await expect(page).toHaveURL(/\/creator\/subscribers$/);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 13 unread');
  await page.goto('/notifications');
  await expect(rows.filter({ hasText: 'started a free trial of your subscription' }).first().first()).toHaveAttribute('data-read', 'true');
  await page.getByRole('main').getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await page.getByRole('tab', { name: 'Unread' }).click();
  await expect(page.getByText("You're all caught up")).toBeVisible();

  // On a phone the bell is the Notifications tab, with the count in its name.
  await page.setViewportSize({ width: 390, height: 844 });
  // Subscribing made the fan a follower (follows README): unfollow, then a new follow tells the creator.
  await api('DELETE', `/follows/${creator.id}`, undefined, fan.token);
  await api('POST', `/follows/${creator.id}`, undefined, fan.token);
  await expect.poll(unreadOf(creator.token), { timeout: 20_000 }).toBe(1);
  await page.reload();
  const tab = page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Notifications, 1 unread' });
  await expect(tab).toBeVisible();
  await tab.click();
  await expect(page).toHaveURL(/\/notifications$/);
  await ctx.close();
});

test('preferences save with "Changes saved"; a bad unsubscribe link says why, signed out', async ({ browser, fan }) => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signIn(ctx, fan.token);
  const page = await ctx.newPage();
  await page.goto('/user/account#notifications');
  const section = page.locator('#notifications');
  await expect(section.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  // Fans see the types that concern fans, not tips or payouts.
  await expect(section.getByRole('switch', { name: 'Tips: e-mail' })).toHaveCount(0);
  const replies = section.getByRole('switch', { name: 'Replies to your comments: e-mail' });
  await expect(replies).not.toBeChecked(); // off by default (EMAIL_OFF_BY_DEFAULT)
  await replies.click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  await page.reload();
  await expect(page.locator('#notifications').getByRole('switch', { name: 'Replies to your comments: e-mail' })).toBeChecked();
  await page.locator('#notifications').getByRole('switch', { name: 'Replies to your comments: e-mail' }).click();
  await expect(page.locator('#notifications').getByRole('switch', { name: 'Replies to your comments: e-mail' })).not.toBeChecked();
  await ctx.close();

  const anon = await browser.newContext();
  const p = await anon.newPage();
  await p.goto('/notifications/unsubscribe?token=not-a-real-token');
  await expect(p.getByText("We couldn't unsubscribe you")).toBeVisible();
  await expect(p.getByRole('link', { name: 'Log in to change your preferences' })).toBeVisible();
  await anon.close();
});

test('the home timeline offers "New posts" when a followed creator publishes, and shows them on click', async ({ browser, creator }) => {
  const fan = await newFan('timeline');
  await api('POST', `/follows/${creator.id}`, undefined, fan.token);
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signIn(ctx, fan.token);
  const page = await ctx.newPage();
  const connected = socketOpen(page);
  await page.goto('/home');
  await connected;
  const text = `Fresh from the studio ${Date.now().toString(36)}`;
  await api('POST', '/performer/feeds', { text, visibility: 'free' }, creator.token);
  const button = page.getByRole('button', { name: 'New posts' });
  await expect(button).toBeVisible({ timeout: 20_000 });
  // Not inserted under the reader's eyes: only after the click.
  await expect(page.getByText(text)).toHaveCount(0);
  await button.click();
  await expect(page.getByText(text)).toBeVisible();
  await expect(button).toHaveCount(0);
  await ctx.close();
});
