import { expect, test } from './fixtures/ready';
import type { Browser } from '@playwright/test';
import { LoginPage, cookieToken } from './pages/auth';
import { api, linkIn, mailTo, uniqueName } from './support/api';

/** A fan of this test's own, registered through the API. */
async function newFan(prefix: string) {
  const username = uniqueName(prefix);
  const email = `${username}@example.test`;
  const password = 'e2e-secret-42';
  await api('POST', '/auth/users/register', { firstName: 'Sam', lastName: 'Secure', username, email, password, ageConfirmed: true, acceptTerms: true });
  return { username, email, password };
}

async function signedInPage(browser: Browser, who: { username: string; password: string }, remember: boolean) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(who.username, who.password, { remember });
  await page.waitForURL((u) => !u.pathname.startsWith('/auth/'));
  return { ctx, page };
}

for (const remember of [false, true]) {
  test(`changing the password keeps the user signed in with the new token (${remember ? 'remembered' : 'not remembered'})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const fan = await newFan(remember ? 'pwr' : 'pws');
    const { ctx, page } = await signedInPage(browser, fan, remember);
    const before = await cookieToken(page);
    expect(before).toBeTruthy();

    await page.goto('/user/account');
    await page.getByLabel('Current password').fill(fan.password);
    await page.getByLabel('New password').fill('brand-new-secret-7');
    await page.getByLabel('Repeat password').fill('brand-new-secret-7');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Changes saved').first()).toBeVisible();

    // The cookie holds the fresh token, with the same lifetime as before.
    const after = await cookieToken(page);
    expect(after?.value).toBeTruthy();
    expect(after!.value).not.toBe(before!.value);
    if (remember) expect(after!.expires * 1000 - Date.now()).toBeGreaterThan(300 * 86_400_000);
    else expect(after!.expires * 1000 - Date.now()).toBeLessThan(2 * 86_400_000);

    // The next navigation is still signed in (it used to land on /auth/login).
    await page.goto('/home');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/user/account');
    await expect(page).toHaveURL(/\/user\/account$/);
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
    const me = await api<{ username: string }>('GET', '/users/me', undefined, after!.value);
    expect(me.username).toBe(fan.username);
    await ctx.close();
  });
}

test('changing the e-mail asks for the current password and waits for the link sent to the new address', async ({ browser }) => {
  test.setTimeout(120_000);
  const fan = await newFan('mail');
  const { ctx, page } = await signedInPage(browser, fan, false);
  const next = `${uniqueName('moved')}@example.test`;

  await page.goto('/user/account');
  await expect(page.getByLabel('Current password')).toHaveCount(1); // only the password form's
  await page.getByLabel('E-mail', { exact: true }).fill(next);
  const profile = page.locator('form[id="profile"]');
  await expect(profile.getByLabel('Current password')).toBeVisible();
  await profile.getByLabel('Current password').fill(fan.password);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Check your new address').first()).toBeVisible();
  // Still the old address until the link is followed.
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(fan.email);

  const mail = await mailTo(next, /Confirm your new e-mail/);
  await page.goto(linkIn(mail, '/auth/confirm-email').replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByText('E-mail address changed')).toBeVisible();
  await mailTo(fan.email, /e-mail address was changed/);

  await page.goto('/user/account');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(next);
  await expect(page.getByText('Check your new address')).toHaveCount(0);
  await ctx.close();
});
