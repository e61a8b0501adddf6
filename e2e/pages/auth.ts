import { expect, type Page } from '@playwright/test';
import { CODE_REUSED, freshCode, totpSecretFor } from '../support/totp';

/** Page objects for the auth screens: what a person does there, in their words. */
export class LoginPage {
  constructor(private page: Page) {}
  async open() {
    await this.page.goto('/auth/login');
    await expect(this.page.getByLabel('Username or e-mail')).toBeVisible();
  }
  /**
   * Fills and sends the form. An account with two-factor authentication on (the demo operator, or
   * `totpSecret` given) then gets the code step: it is answered with a fresh code.
   */
  async logIn(username: string, password: string, opts: { remember?: boolean; totpSecret?: string } = {}) {
    await this.page.getByLabel('Username or e-mail').fill(username);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    if (opts.remember) await this.page.getByText('Remember me').click();
    await this.page.getByRole('button', { name: 'Log in' }).click();
    const secret = opts.totpSecret ?? totpSecretFor(username);
    if (secret) await this.enterCode(secret);
  }

  /** The code step: 'Authentication code', then 'Verify'; a code another sign-in used is retried with the next, up to 9 tries (about a minute). */
  async enterCode(secret: string) {
    const field = this.page.getByLabel('Authentication code');
    for (let attempt = 0; ; attempt++) {
      await field.fill(await freshCode(secret));
      await this.page.getByRole('button', { name: 'Verify' }).click();
      const reused = this.page.getByText(CODE_REUSED);
      const done = await Promise.race([
        this.page.waitForURL((u) => !u.pathname.startsWith('/auth/'), { timeout: 15_000 }).then(() => true),
        reused.waitFor({ timeout: 15_000 }).then(() => false),
      ]);
      // Other workers sign the operator in too: the server may have taken a step up to one ahead of
      // the clock from one of them, so this one may need the steps of the next turn (freshCode waits
      // for it) — three workers made a fourth attempt necessary (CI, 2026-11-28).
      if (done || attempt >= 8) return;
    }
  }
}

/** Logs in through the login page (the code step too: the demo operator's secret is known, others pass `totpSecret`) and waits to land outside /auth. */
export async function logInAs(page: Page, username: string, password = 'stagepass-demo', totpSecret?: string) {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(username, password, { totpSecret });
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
    await this.consent();
    await this.page.getByRole('button', { name: /create.*account|sign up|register/i }).click();
  }
  /** Ticks the two sign-up confirmations (the operator's minimum age, the terms and privacy policy). */
  async consent() {
    await this.page.getByRole('checkbox', { name: /^I am \d+ or older$/ }).check();
    // When the form was validated, ticking the first box removes its error line and the second box
    // moves up: wait for that before clicking it (a click during the move missed it in CI).
    await expect(this.page.getByText(/^Confirm that you are \d+ or older$/)).toHaveCount(0);
    await this.page.getByRole('checkbox', { name: /I accept the Terms of Service and the Privacy Policy/ }).check();
  }
}

export async function cookieToken(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === 'token');
}
