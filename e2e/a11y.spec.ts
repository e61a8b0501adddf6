import { expect, test } from './fixtures/ready';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { E2E } from '../playwright.config';
import { api, login, operatorToken } from './support/api';
import { newFan, settle, signIn } from './support/session';

/**
 * Issue 34 §5: axe-core with all its rules (its default set: WCAG 2.x A/AA and best practices, the
 * colour contrast among them) on every page of the web app — each route under apps/web/src/app,
 * signed out, as a fan, as a creator and as the operator, the dynamic ones with real ids of the
 * demo data — in light and in dark. A violation of impact serious or critical fails, listed with
 * its rule, the element and axe's summary; minor and moderate ones are left to the reviewer.
 *
 * Light then dark on one load: the site follows the system's scheme while no theme is picked
 * (lib/theme.tsx), so the page is checked under `prefers-color-scheme: light`, then the scheme
 * turns dark in place — half the page loads of loading each page twice. In dark only the rules
 * that read colours run again (COLOUR_RULES): nothing else of the page changes with the theme. One context per group;
 * the groups run in parallel (one per worker) and a retry repeats one group only.
 */
test.describe.configure({ mode: 'parallel' });

type Who = 'anonymous' | 'fan' | 'creator' | 'operator';

/** The demo accounts (read only here: the pages are looked at, nothing is changed). */
const DEMO_CREATOR = 'creator@example.com';
const DEMO_FAN = 'fan@example.com';

async function tokenOf(who: Who): Promise<string | null> {
  if (who === 'anonymous') return null;
  if (who === 'operator') return operatorToken();
  return login(who === 'fan' ? DEMO_FAN : DEMO_CREATOR);
}

async function open(browser: Browser, who: Who): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ colorScheme: 'light' });
  const token = await tokenOf(who);
  if (token) await signIn(context, token);
  // The cookie-consent banner and the install offer are checked on the first page of each group; on
  // the rest they would only repeat themselves (they are the same banners everywhere).
  const page = await context.newPage();
  return { context, page };
}

/** The theme's colour transitions (not endless animations such as a spinner) have finished. */
async function transitionsDone(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
}

/**
 * The rules whose outcome depends on the colours: the only ones a theme can change (the DOM, the
 * names, roles and states are the same in light and dark — the theme swaps CSS variables).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function axe(page: Page, label: string, rules?: string[]) {
  // Only the violations are gathered: axe otherwise lists every passing node of every rule too,
  // which was most of its time on the longer pages.
  // The player's watermark is translucent on purpose and aria-hidden (contrast.spec.ts says why).
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).exclude('[data-testid="video-mark"]');
  const result = await (rules ? builder.withRules(rules) : builder).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const found = bad.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(' ')} — ${(n.failureSummary ?? v.help).split('\n').slice(1).join(' ').trim() || v.help}`),
  );
  expect.soft(found, `serious or critical axe violations on ${label}`).toEqual([]);
}

/** Why are you opening this? (the console's audited reads): checked once, then answered. */
async function answerAccessReason(page: Page, label: string) {
  const ask = page.getByRole('dialog', { name: 'Why are you opening this?' });
  if (!(await ask.isVisible())) return;
  await axe(page, `${label} (the access-reason dialog, light)`);
  await ask.getByLabel('Reason').fill('Accessibility check (browser test)');
  await ask.getByRole('button', { name: 'Open' }).click();
  await ask.waitFor({ state: 'hidden' });
  await settle(page);
}

/**
 * Loads `path`, checks it with every rule in light, then its colours in dark; `then` acts on the page before each check (opens a
 * popover…). Answers the console's access-reason dialog when it asks.
 */
async function check(page: Page, path: string, opts: { then?: (page: Page) => Promise<void> } = {}) {
  const t0 = Date.now();
  const lap: number[] = [];
  await page.emulateMedia({ colorScheme: 'light' });
  const res = await page.goto(path);
  expect(res?.status(), `${path} answers`).toBeLessThan(500);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  lap.push(Date.now() - t0);
  await settle(page);
  lap.push(Date.now() - t0);
  await answerAccessReason(page, path);
  await opts.then?.(page);
  await transitionsDone(page);
  await axe(page, `${path} (light)`);
  lap.push(Date.now() - t0);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await transitionsDone(page);
  await axe(page, `${path} (dark)`, COLOUR_RULES);
  lap.push(Date.now() - t0);
  if (process.env.A11Y_TIMING) console.log(`${path}: ${lap.join(' ')}`);
}

/** The first link on the page whose address starts with `prefix` (a real id of the demo data; not `…/new`). */
async function firstHref(page: Page, prefix: string): Promise<string> {
  const link = page.locator(`a[href^="${prefix}"]:not([href$="/new"])`).first();
  await expect(link, `a link to ${prefix}… on ${page.url()}`).toBeAttached();
  return (await link.getAttribute('href'))!;
}

/** The id of the first row of a list answered by the API (`{ data: [...] }` or `[...]`). */
async function firstId(url: string, token?: string): Promise<string> {
  const data = await api<{ data?: Array<{ _id: string }> } | Array<{ _id: string }>>('GET', url, undefined, token);
  const rows = Array.isArray(data) ? data : (data.data ?? []);
  expect(rows.length, `${url} lists something`).toBeGreaterThan(0);
  return rows[0]!._id;
}

test('signed out: landing, sign-in and sign-up, public pages, a profile, a post', async ({ browser }) => {
  test.setTimeout(600_000);
  const creatorToken = await login(DEMO_CREATOR);
  const creator = await api<{ _id: string; username: string }>('GET', '/users/me', undefined, creatorToken);
  const postId = await firstId('/performer/feeds?limit=1', creatorToken);
  const { context, page } = await open(browser, 'anonymous');
  await check(page, '/');
  const pagePath = await firstHref(page, '/page/');
  for (const path of [
    '/auth/login',
    '/auth/register',
    '/auth/register/creator',
    '/auth/forgot-password',
    '/auth/reset-password?token=not-a-real-token',
    '/auth/verify-email?token=not-a-real-token',
    '/auth/confirm-email',
    '/auth/twitter/callback',
    '/contact',
    '/legal/takedown',
    pagePath,
    `/${creator.username}`,
    `/post/${postId}`,
    `/live/${creator.username}`,
    '/notifications/unsubscribe?token=not-a-real-token',
    '/no-such-page-here',
  ])
    await check(page, path);
  await context.close();
});

test("a fan: home, search, a creator's profile and content, checkout, messages, notifications", async ({ browser }) => {
  test.setTimeout(600_000);
  const creatorToken = await login(DEMO_CREATOR);
  const creator = await api<{ _id: string; username: string }>('GET', '/users/me', undefined, creatorToken);
  const [postId, videoId, galleryId, productId] = await Promise.all([
    firstId('/performer/feeds?limit=1', creatorToken),
    firstId(`/performer-assets/videos/search?performerId=${creator._id}&limit=1`),
    firstId(`/performer-assets/galleries/search?performerId=${creator._id}&limit=1`),
    firstId(`/performer-assets/products/search?performerId=${creator._id}&limit=1`),
  ]);
  const { context, page } = await open(browser, 'fan');
  for (const path of [
    '/home',
    '/search?q=music',
    `/${creator.username}`,
    `/${creator.username}?tab=about`,
    `/post/${postId}`,
    `/video/${videoId}`,
    `/gallery/${galleryId}`,
    `/product/${productId}`,
    '/checkout',
    '/bookmarks',
    '/following',
    '/messages',
    `/live/${creator.username}`,
  ])
    await check(page, path);
  // The bell's popover over the page.
  await check(page, '/notifications', {
    then: async (p) => {
      await p.getByTestId('notification-bell').click();
      await expect(p.locator('.notification-popover')).toBeVisible();
    },
  });
  await context.close();
});

test("a fan's account: wallet, cards, subscriptions, orders, settings", async ({ browser }) => {
  test.setTimeout(600_000);
  const { context, page } = await open(browser, 'fan');
  await check(page, '/user/orders');
  const order = await firstHref(page, '/user/orders/');
  for (const path of [order, '/user/wallet', '/user/transactions', '/user/cards', '/user/subscriptions', '/user/addresses', '/user/blocked', '/user/account', '/age-verification']) await check(page, path);
  await context.close();
  // A new fan: the empty states (no orders, no subscriptions, nothing followed).
  const fresh = await newFan('a11y');
  const ctx2 = await browser.newContext({ colorScheme: 'light' });
  await signIn(ctx2, fresh.token);
  const page2 = await ctx2.newPage();
  for (const path of ['/home', '/user/orders', '/user/subscriptions', '/messages']) await check(page2, path);
  await ctx2.close();
});

test("a creator's studio: posts, videos, galleries, products, calendar, labels", async ({ browser }) => {
  test.setTimeout(600_000);
  const { context, page } = await open(browser, 'creator');
  await check(page, '/home');
  await check(page, '/creator/feeds');
  const editPost = await firstHref(page, '/creator/feeds/');
  await check(page, editPost);
  await check(page, '/creator/feeds/new');
  await check(page, '/creator/videos');
  const editVideo = await firstHref(page, '/creator/videos/');
  await check(page, editVideo);
  await check(page, '/creator/videos/new');
  await check(page, '/creator/galleries');
  const gallery = await firstHref(page, '/creator/galleries/');
  await check(page, gallery);
  await check(page, '/creator/products');
  const editProduct = await firstHref(page, '/creator/products/');
  await check(page, editProduct);
  for (const path of ['/creator/products/new', '/creator/vault', '/creator/calendar', '/creator/labels', '/creator/tags', '/creator/live']) await check(page, path);
  await context.close();
});

test("a creator's business: earnings, payouts, fans, messages, links, account", async ({ browser }) => {
  test.setTimeout(600_000);
  const { context, page } = await open(browser, 'creator');
  await check(page, '/creator/tracking-links');
  const link = await firstHref(page, '/creator/tracking-links/');
  await check(page, link);
  for (const path of [
    '/creator/earnings',
    '/creator/statistics',
    '/creator/payouts',
    '/creator/banking',
    '/creator/tax-details',
    '/creator/subscribers',
    '/creator/fans',
    '/creator/lists',
    '/creator/orders',
    '/creator/promotions',
    '/creator/referrals',
    '/creator/tip-menu',
    '/creator/auto-messages',
    '/creator/mass-messages',
    '/creator/blocked',
    '/creator/protection',
    '/creator/takedowns',
    '/creator/releases',
    '/creator/account',
    '/creator/account?tab=notifications',
    '/followers',
  ])
    await check(page, path);
  await context.close();
});

test('the operator: dashboard, people, content, moderation', async ({ browser }) => {
  test.setTimeout(600_000);
  const token = await operatorToken();
  const { context, page } = await open(browser, 'operator');
  await check(page, '/admin');
  await check(page, '/admin/users');
  const creator = await api<{ _id: string }>('GET', '/users/me', undefined, await login(DEMO_CREATOR));
  await check(page, `/admin/users/${creator._id}`);
  const conversations = await fetch(`${E2E.api}/admin/users/${creator._id}/conversations?limit=1`, {
    headers: { authorization: `Bearer ${token}`, 'x-access-reason': 'Accessibility check (browser test)' },
  }).then((r) => r.json() as Promise<{ data: { data: Array<{ _id: string }> } }>);
  const conversationId = conversations.data.data[0]?._id;
  expect(conversationId, "the demo creator's conversations").toBeTruthy();
  await check(page, `/admin/conversations/${conversationId}?user=${creator._id}`);
  await check(page, '/admin/content');
  const item = await firstHref(page, '/admin/content/');
  await check(page, item);
  await check(page, '/admin/streams');
  // A stream's console page: only while one is live (the demo's streams are over).
  const live = page.locator('a[href^="/admin/streams/"]');
  if (await live.count()) await check(page, (await live.first().getAttribute('href'))!);
  else test.info().annotations.push({ type: 'not checked', description: '/admin/streams/[id]: no stream is live' });
  for (const path of ['/admin/reports', '/admin/screening', '/admin/verification', '/admin/age-verifications', '/admin/protection', '/admin/takedowns', '/admin/releases', '/admin/contact', '/admin/audit'])
    await check(page, path);
  await context.close();
});

test('the operator: money, site, settings', async ({ browser }) => {
  test.setTimeout(600_000);
  const { context, page } = await open(browser, 'operator');
  await check(page, '/admin/payments');
  const payment = await firstHref(page, '/admin/payments/');
  await check(page, payment);
  await check(page, '/admin/disputes?view=all');
  const dispute = await firstHref(page, '/admin/disputes/');
  await check(page, dispute);
  await check(page, '/admin/reconciliation');
  const run = await firstHref(page, '/admin/reconciliation/');
  await check(page, run);
  await check(page, '/admin/pages');
  const sitePage = await firstHref(page, '/admin/pages/');
  await check(page, sitePage);
  for (const path of [
    '/admin/pages/new',
    '/admin/transactions',
    '/admin/orders',
    '/admin/subscriptions',
    '/admin/coupons',
    '/admin/payouts',
    '/admin/referrals',
    '/admin/tax-rules',
    '/admin/taxes/report',
    '/admin/promos',
    '/admin/legal',
    '/admin/settings',
    '/admin/system',
  ])
    await check(page, path);
  await context.close();
});
