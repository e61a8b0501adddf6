import { expect, test } from './fixtures/ready';
import type { Page } from '@playwright/test';
import { E2E } from '../playwright.config';
import { LoginPage } from './pages/auth';
import { api } from './support/api';
import { demoCreator, newFan, settle, signIn } from './support/session';

/** The web app's shell: one layout for signed-in pages, one 404, only real entry points, phones, CSP and the token cookie. */
let fan: { username: string; token: string };
let creator: { username: string; token: string };
test.beforeAll(async () => {
  fan = await newFan('shell');
  creator = await demoCreator();
  // At least one row in the creator's "My posts" list (the cards at 390 px).
  await api('POST', '/performer/feeds', { text: `Shell check ${Date.now()}`, visibility: 'free' }, creator.token);
});

const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Signed-in navigation' });

test('every signed-in page has the same left navigation, money and settings pages included', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signIn(context, fan.token);
  const page = await context.newPage();
  for (const path of ['/home', '/user/wallet', '/user/transactions', '/user/account', '/following', `/${creator.username}`]) {
    await page.goto(path);
    await expect(sideNav(page), path).toBeVisible();
    await expect(sideNav(page).getByRole('link', { name: 'Wallet' }), path).toBeVisible();
    await expect(sideNav(page).getByRole('link', { name: 'Account settings' }), path).toBeVisible();
  }
  await expect(sideNav(page).getByRole('link', { name: 'Wallet' })).not.toHaveAttribute('aria-current', 'page');
  await page.goto('/user/wallet');
  await expect(sideNav(page).getByRole('link', { name: 'Wallet' })).toHaveAttribute('aria-current', 'page');
  await context.close();

  const cctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signIn(cctx, creator.token);
  const cpage = await cctx.newPage();
  for (const path of ['/creator/earnings', '/creator/account', '/creator/feeds']) {
    await cpage.goto(path);
    await expect(sideNav(cpage), path).toBeVisible();
    await expect(sideNav(cpage).getByRole('link', { name: 'Earnings' }), path).toBeVisible();
  }
  await cctx.close();
});

test('an unknown route and an unknown creator show the same 404, inside the shell', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signIn(context, fan.token);
  const page = await context.newPage();
  const designs: string[] = [];
  for (const path of ['/no/such/page', '/nobody-by-this-name-xyz']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: "This page isn't here" })).toBeVisible();
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByRole('banner'), path).toBeVisible();
    await expect(sideNav(page), path).toBeVisible();
    designs.push(await page.getByTestId('not-found').evaluate((el) => el.className));
  }
  expect(designs[0]).toBe(designs[1]);
  await context.close();
});

// Issue 26 §4.17: an unknown post answered HTTP 200 with "This post isn't here". Every unknown
// item page answers 404 with the one 404 view, signed in or not.
test('unknown posts, videos, galleries, products and profiles answer 404', async ({ browser }) => {
  const missing = '01900000-0000-7000-8000-000000000000';
  for (const signedIn of [true, false]) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    if (signedIn) await signIn(context, fan.token);
    const page = await context.newPage();
    for (const path of [`/post/${missing}`, `/video/${missing}`, `/gallery/${missing}`, `/product/${missing}`, '/post/not-an-id', '/nobody-by-this-name-xyz']) {
      const res = await page.goto(path);
      expect(res?.status(), `${path} signed in: ${signedIn}`).toBe(404);
      await expect(page.getByRole('heading', { name: "This page isn't here" }), path).toBeVisible();
    }
    await context.close();
  }
});

test('the landing and login pages and the menus offer only what exists', async ({ browser }) => {
  const anon = await browser.newPage();
  for (const path of ['/', '/auth/login']) {
    await anon.goto(path);
    await expect(anon.locator('#main')).toBeVisible();
    const text = (await anon.locator('body').innerText()).toLowerCase();
    expect(text, path).not.toMatch(/messag|live stream|livestream/);
  }
  await anon.close();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signIn(context, fan.token);
  const page = await context.newPage();
  await page.goto('/home');
  await expect(sideNav(page)).toBeVisible();
  await expect(page.getByText(/^soon$/i)).toHaveCount(0);
  await expect(page.locator('[aria-disabled="true"]').filter({ hasText: /messages|notifications/i })).toHaveCount(0);
  await context.close();
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  const noSideways = async (page: Page, path: string) => {
    await page.goto(path);
    await expect(page.locator('#main')).toBeVisible();
    await settle(page);
    const { scroll, inner } = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, inner: window.innerWidth }));
    expect(scroll, `${path} scrolls sideways (${scroll} > ${inner})`).toBeLessThanOrEqual(inner);
  };

  test('fan list pages do not scroll sideways, filters stack, the tab bar navigates', async ({ browser }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signIn(context, fan.token);
    const page = await context.newPage();
    for (const path of ['/user/transactions', '/user/wallet', '/user/subscriptions', '/following', '/user/cards', '/user/account', '/home', '/search']) await noSideways(page, path);

    // Filters stack: each one as wide as the filter bar.
    await page.goto('/user/transactions');
    const bar = page.getByRole('search', { name: 'Filter transactions' });
    const barBox = (await bar.boundingBox())!;
    const filters = bar.locator(':scope > *');
    await expect(filters).toHaveCount(4);
    for (let i = 0; i < 4; i++) {
      const box = (await filters.nth(i).boundingBox())!;
      expect(Math.abs(box.x - barBox.x), `filter ${i} starts at the bar's left edge`).toBeLessThanOrEqual(1);
      expect(Math.abs(box.width - barBox.width), `filter ${i} is as wide as the bar`).toBeLessThanOrEqual(1);
      // …and so is its control (select or date input).
      const control = (await filters.nth(i).locator('.ant-select, input[type=date]').first().boundingBox())!;
      expect(Math.abs(control.width - barBox.width), `control ${i}`).toBeLessThanOrEqual(2);
    }

    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    await expect(tabs).toBeVisible();
    await expect(sideNav(page)).toBeHidden();
    await tabs.getByRole('link', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search/);
    await expect(tabs.getByRole('link', { name: 'Search' })).toHaveAttribute('aria-current', 'page');
    await tabs.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/user\/account/);
    await tabs.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(tabs.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    // The tab bar never covers the end of the page.
    const pad = await page.locator('.app-shell').evaluate((el) => parseFloat(getComputedStyle(el).paddingBottom));
    expect(pad).toBeGreaterThanOrEqual(56);
    await context.close();
  });

  test('creator list pages become cards and do not scroll sideways', async ({ browser }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signIn(context, creator.token);
    const page = await context.newPage();
    for (const path of ['/creator/earnings', '/creator/payouts', '/creator/subscribers', '/creator/feeds', '/followers', '/creator/banking', '/creator/account']) await noSideways(page, path);
    await page.goto('/creator/feeds');
    const list = page.getByRole('list', { name: 'My posts list' });
    await expect(list).toBeVisible();
    await expect(list.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(new RegExp(`/${creator.username}$`));
    await context.close();
  });

  test('the operator payout list does not scroll sideways', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const { login } = await import('./support/api');
    await signIn(context, await login('admin@example.com'));
    const page = await context.newPage();
    await noSideways(page, '/admin/payouts');
    await context.close();
  });
});

test.describe('Content-Security-Policy and the session cookie', () => {
  test('every page is sent with a nonce-based CSP its own scripts carry, and the main pages run without a violation', async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext();
    await context.addInitScript(() => {
      (window as unknown as { __csp: string[] }).__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await signIn(context, fan.token);
    const page = await context.newPage();
    const consoleCsp: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) consoleCsp.push(m.text());
    });
    const nonces = new Set<string>();
    for (const path of ['/home', `/${creator.username}`, '/user/wallet', '/user/cards', '/user/account', '/search', '/bookmarks']) {
      const res = await page.goto(path);
      const csp = res!.headers()['content-security-policy'] ?? '';
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, `${path}: ${csp}`).toBeTruthy();
      nonces.add(nonce!);
      expect(csp).toContain("'strict-dynamic'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain(`connect-src 'self' ${E2E.api}`);
      // The sandbox gateway is active in the e2e site: Stripe is not allowed.
      expect(csp).not.toContain('stripe.com');
      await expect(page.locator('#main')).toBeVisible();
      await settle(page);
      const inline = await page.evaluate(() => [...document.scripts].filter((s) => !s.src).map((s) => s.nonce));
      expect(inline.length).toBeGreaterThan(0);
      for (const n of inline) expect(n, `${path}: an inline script without the nonce`).toBe(nonce);
      expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp), path).toEqual([]);
    }
    expect(nonces.size, 'a fresh nonce for every page').toBe(7);
    expect(consoleCsp).toEqual([]);
    // The page still works under the policy: client navigation and API calls.
    await page.goto('/home');
    await sideNav(page).getByRole('link', { name: 'Wallet' }).click();
    await expect(page.getByTestId('wallet-balance')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    await context.close();
  });

  test('a page script is refused without the nonce', async ({ page }) => {
    await page.goto('/auth/login');
    const ran = await page.evaluate(async () => {
      (window as unknown as { __injected?: boolean }).__injected = false;
      const div = document.createElement('div');
      div.innerHTML = '<img src="x" onerror="window.__injected = true">';
      document.body.appendChild(div);
      await new Promise((r) => setTimeout(r, 300));
      return (window as unknown as { __injected?: boolean }).__injected;
    });
    expect(ran).toBe(false);
  });

  test('the token cookie is SameSite=Lax (and Secure only over https)', async ({ page }) => {
    const me = await newFan('cookie');
    const login = new LoginPage(page);
    await login.open();
    await login.logIn(me.username, 'fan-pass-123');
    await page.waitForURL((u) => !u.pathname.startsWith('/auth/'));
    const cookie = (await page.context().cookies()).find((c) => c.name === 'token');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.secure).toBe(false); // the e2e site is served over http
    expect(cookie?.path).toBe('/');
  });
});

test("a first visit in a dark system theme is dark before the app's scripts run (the head's boot script)", async ({ browser }) => {
  // No cookie yet: the server renders light; the inline boot script must switch to dark before
  // the first paint. The app's own scripts are refused here, so React never hydrates and only
  // the boot script can have set the theme and its cookies.
  const context = await browser.newContext({ colorScheme: 'dark' });
  await context.route(/\/_next\/static\/.*\.js(\?|$)/, (route) => route.abort());
  const page = await context.newPage();
  // 'commit': the ready fixture's wait for hydration would wait for ever here.
  await page.goto('/auth/login', { waitUntil: 'commit' });
  await page.waitForLoadState('domcontentloaded');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');
  const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
  expect(cookies).toMatchObject({ theme: 'system', 'theme-resolved': 'dark' });
  await context.close();
});
