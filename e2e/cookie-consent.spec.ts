import { expect, test } from './fixtures/users';
import { setSetting } from './support/api';

const GA_ID = 'G-E2ETEST1';

// Turns Google Analytics on for the whole site: runs in the site-settings project, alone, and
// switches it off again at the end.
test('with gaCode set, the cookie banner shows; decline loads nothing, accept loads gtag.js; without gaCode neither', { tag: '@site-settings' }, async ({ browser }) => {
  try {
    // Off: no banner, no script, no analytics origin in the CSP.
    const off = await browser.newPage();
    const offRes = await off.goto('/');
    await expect(off.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
    await expect(off.getByRole('button', { name: 'Cookie settings' })).toHaveCount(0);
    expect(offRes?.headers()['content-security-policy'] ?? '').not.toContain('googletagmanager');
    await off.close();

    await setSetting('gaCode', GA_ID);
    // The CSP's settings are cached up to 30 s in the web proxy.
    await expect.poll(async () => {
      const p = await browser.newPage();
      const r = await p.goto('/');
      const csp = r?.headers()['content-security-policy'] ?? '';
      await p.close();
      return csp.includes('https://www.googletagmanager.com');
    }, { timeout: 45_000, intervals: [2_000] }).toBe(true);

    // Decline: the banner goes, gtag.js is never requested, even after a reload.
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const requested: string[] = [];
    await page.route('https://www.googletagmanager.com/**', async (route) => {
      requested.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'application/javascript', body: '/* gtag stub */' });
    });
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('cookie-banner-1280.png') });
    await banner.getByRole('button', { name: 'Decline' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
    await page.waitForTimeout(500);
    expect(requested).toEqual([]);
    await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);

    // Changed from the footer: accept → the script tag is in the page and was requested.
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(300);
    await page.screenshot({ path: test.info().outputPath('cookie-banner-390-dark.png') });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept' }).click();
    await expect(page.locator(`script[src*="googletagmanager.com/gtag/js?id=${GA_ID}"]`)).toHaveCount(1);
    await expect.poll(() => requested.length).toBeGreaterThan(0);
    expect(requested[0]).toContain(`id=${GA_ID}`);
    await ctx.close();
  } finally {
    await setSetting('gaCode', '');
  }
});
