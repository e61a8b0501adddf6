import { expect, type Page } from '@playwright/test';

/** Page objects for the auth screens: what a person does there, in their words. */
export class LoginPage {
  constructor(private page: Page) {}
  async open() {
    await this.page.goto('/auth/login');
    await expect(this.page.getByLabel('Username or e-mail')).toBeVisible();
  }
  async logIn(username: string, password: string, opts: { remember?: boolean } = {}) {
    await this.page.getByLabel('Username or e-mail').fill(username);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    if (opts.remember) await this.page.getByText('Remember me').click();
    await this.page.getByRole('button', { name: 'Log in' }).click();
  }
}

/** Logs in through the login page and waits to land outside /auth. */
export async function logInAs(page: Page, username: string, password = 'stagepass-demo') {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(username, password);
  await page.waitForURL((u) => !u.pathname.startsWith('/auth/'));
}

export class RegisterPage {
  constructor(private page: Page) {}
  async registerFan(p: { firstName: string; lastName: string; username: string; email: string; password: string }) {
    await this.page.goto('/auth/register');
    await this.page.getByLabel('First name').fill(p.firstName);
    await this.page.getByLabel('Last name').fill(p.lastName);
    await this.page.getByLabel('Username', { exact: true }).fill(p.username);
    await this.page.getByLabel('E-mail').fill(p.email);
    await this.page.getByLabel('Password', { exact: true }).fill(p.password);
    await this.page.getByLabel('Confirm password').fill(p.password);
    await this.page.getByRole('button', { name: /create.*account|sign up|register/i }).click();
  }
}

export async function cookieToken(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === 'token');
}
