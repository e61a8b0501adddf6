import { expect, test } from './fixtures/users';
import path from 'node:path';
import fs from 'node:fs';
import sharp from 'sharp';
import { LoginPage, RegisterPage, cookieToken } from './pages/auth';
import { api, linkIn, login, mailTo, setSetting, uniqueName } from './support/api';

// Switches e-mail verification on for the whole site: runs in the site-settings project, alone.
test('a fan registers, verifies the e-mail, logs in, edits the profile and avatar, logs out', { tag: '@site-settings' }, async ({ page }, info) => {
  // Registration, verification, two sign-ins, the avatar's processing and the menu's animation: over a minute beside CI's other tests.
  test.setTimeout(120_000);
  await setSetting('requireEmailVerification', true);
  try {
    const username = uniqueName('fan');
    const email = `${username}@example.test`;
    const password = 'e2e-secret-42';
    await new RegisterPage(page).registerFan({ firstName: 'Edie', lastName: 'Tester', username, email, password });
    await expect(page.getByText(/check your (e-mail|inbox)|we sent you an e-mail/i).first()).toBeVisible();

    // Unverified: login is refused with the server's message.
    const loginPage = new LoginPage(page);
    await loginPage.open();
    await loginPage.logIn(username, password);
    await expect(page.getByText(/verify your e-mail/i).first()).toBeVisible();

    const mail = await mailTo(email, /Verify your e-mail/);
    const link = linkIn(mail, '/auth/verify-email');
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByText(/verified/i).first()).toBeVisible();
    // The same link opened again: "already verified" with a way to log in, not "invalid" (issue 26 §4.18).
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByText('E-mail already verified')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' }).last()).toBeVisible();
    await expect(page.getByText(/invalid or has expired/)).toHaveCount(0);

    await loginPage.open();
    await loginPage.logIn(email, password);
    await page.waitForURL('**/home');
    await expect(page.getByRole('button', { name: /Edie Tester/ })).toBeVisible();

    // Edit the profile and the avatar.
    await page.goto('/user/account');
    await page.getByLabel('First name').fill('Edith');
    await page.getByRole('button', { name: 'Save changes' }).first().click();
    await expect(page.getByText('Changes saved').first()).toBeVisible();
    const avatarPath = path.join(info.outputDir, 'avatar.png');
    fs.mkdirSync(info.outputDir, { recursive: true });
    await sharp({ create: { width: 300, height: 300, channels: 3, background: '#36c' } }).png().toFile(avatarPath);
    // The profile save's toast may still be up: wait for it to go before judging the upload.
    await expect(page.getByText('Changes saved')).toHaveCount(0, { timeout: 10_000 });
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Upload new avatar' }).click()]);
    await chooser.setFiles(avatarPath);
    await expect(page.getByText('Changes saved').first()).toBeVisible();
    const token = await login(username, password);
    let me = { firstName: '', avatar: '' };
    await expect
      .poll(async () => (me = await api<{ firstName: string; avatar: string }>('GET', '/users/me', undefined, token)).avatar)
      .toMatch(/\/files\/public\/avatars\/.+\/medium\.webp$/);
    expect(me.firstName).toBe('Edith');
    await expect(page.locator(`img[src="${me.avatar}"]`).first()).toBeVisible();

    // Log out: token gone, back to the login page.
    // The user menu animates open; a click that lands mid-animation is retried.
    const logOut = page.getByRole('menuitem', { name: 'Log out' });
    await expect(async () => {
      if (!(await logOut.isVisible())) await page.getByRole('button', { name: /Edith Tester/ }).click();
      await logOut.click({ timeout: 2000 });
      await page.waitForURL('**/auth/login', { timeout: 5000 });
    }).toPass({ timeout: 30_000 });
    expect(await cookieToken(page)).toBeUndefined();
    await page.goto('/home');
    await page.waitForURL('**/auth/login');
  } finally {
    await setSetting('requireEmailVerification', false);
  }
});

test('wrong password shows the server message and stays on the login page', async ({ page, fan }) => {
  const loginPage = new LoginPage(page);
  await loginPage.open();
  await loginPage.logIn(fan.username, 'not-the-password-1');
  await expect(page.getByRole('alert').filter({ hasText: /Incorrect/ })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('remember me keeps the token cookie 365 days, otherwise 1 day', async ({ page, fan }) => {
  const loginPage = new LoginPage(page);
  for (const [remember, days] of [[false, 1], [true, 365]] as const) {
    // Leave the signed-in page first: with its cookie gone, its own redirect to /auth/login would
    // race (and abort) the navigation below.
    await page.goto('about:blank');
    await page.context().clearCookies();
    await loginPage.open();
    await loginPage.logIn(fan.username, fan.password, { remember });
    await page.waitForURL('**/home');
    const token = await cookieToken(page);
    expect(token, 'token cookie').toBeDefined();
    const lifetimeDays = (token!.expires * 1000 - Date.now()) / 864e5;
    expect(lifetimeDays).toBeGreaterThan(days - 0.05);
    expect(lifetimeDays).toBeLessThanOrEqual(days + 0.01);
  }
});

test('a creator logs in and lands on their page; a fan opening a creator page goes to login', async ({ page, fan, creator }) => {
  const loginPage = new LoginPage(page);
  await loginPage.open();
  await loginPage.logIn(creator.username, creator.password);
  await page.waitForURL(`**/${creator.username}`);
  await expect(page.getByRole('heading', { name: creator.name })).toBeVisible();

  await page.goto('about:blank');
  await page.context().clearCookies();
  await loginPage.open();
  await loginPage.logIn(fan.username, fan.password);
  await page.waitForURL('**/home');
  await page.goto('/creator/account');
  await page.waitForURL('**/auth/login');
});

test('an unknown profile shows the 404 page; anonymous visitors on /home go to login', async ({ page }) => {
  const res = await page.goto('/no-such-creator-xyz');
  expect(res?.status()).toBe(404);
  await expect(page.getByText(/not found|doesn.t exist|couldn.t find/i).first()).toBeVisible();
  await page.goto('/home');
  await page.waitForURL('**/auth/login');
});
