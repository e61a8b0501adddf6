import { ADMIN, expect, test } from './fixtures/users';
import { LoginPage } from './pages/auth';
import { setSetting } from './support/api';

// Both tests switch site-wide settings: they run in the site-settings project, alone.
test('maintenance mode shows the maintenance view to visitors and fans, not to admins', { tag: '@site-settings' }, async ({ page, browser, creator }) => {
  await setSetting('maintenanceMode', true);
  try {
    // Every page but the login page (kept open so an operator can sign in) shows the view.
    for (const path of ['/', `/${creator.username}`]) {
      await page.goto(path);
      await expect(page.getByText(/down for scheduled maintenance/i)).toBeVisible();
      await expect(page.getByRole('heading', { name: creator.name })).toHaveCount(0);
    }

    // An admin (already signed in) still gets the site.
    const adminCtx = await browser.newContext();
    const admin = await adminCtx.newPage();
    await setSetting('maintenanceMode', false);
    const login = new LoginPage(admin);
    await login.open();
    await login.logIn(ADMIN.login, ADMIN.password);
    // Operators land on the console after login.
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
    await setSetting('maintenanceMode', true);
    await admin.goto('/home');
    await expect(admin.getByText(/maintenance/i)).toHaveCount(0);
    await expect(admin.getByRole('button', { name: ADMIN.name })).toBeVisible();
    await adminCtx.close();
  } finally {
    await setSetting('maintenanceMode', false);
  }
  await page.goto(`/${creator.username}`);
  await expect(page.getByRole('heading', { name: creator.name })).toBeVisible();
});

test('a visitor from a blocked country gets the geo-blocked view', { tag: '@site-settings' }, async ({ browser }) => {
  // 81.2.69.142 is a GB address in the bundled DB-IP database; the web server forwards it to the API.
  const ctx = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '81.2.69.142' } });
  const page = await ctx.newPage();
  await page.goto('/auth/login');
  await expect(page.getByLabel('Username or e-mail')).toBeVisible();
  await setSetting('blockedCountries', ['GB']);
  try {
    await page.goto('/auth/login');
    await expect(page.getByText('Not available in your region')).toBeVisible();
    await expect(page.getByLabel('Username or e-mail')).toHaveCount(0);
    // Someone elsewhere still gets the site.
    const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '8.8.8.8' } });
    const p2 = await other.newPage();
    await p2.goto('/auth/login');
    await expect(p2.getByLabel('Username or e-mail')).toBeVisible();
    await other.close();
  } finally {
    await setSetting('blockedCountries', []);
    await ctx.close();
  }
});
