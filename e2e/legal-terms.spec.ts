import { ADMIN, expect, test } from './fixtures/users';
import { RegisterPage, cookieToken, logInAs } from './pages/auth';
import { api, login, uniqueName } from './support/api';

/** What the account still has to accept (GET /legal/documents), accepted through the API. */
async function acceptCurrentTerms(token: string) {
  const docs = await api<{ documents: Array<{ kind: string; version: number }>; pending: { kinds: string[]; age: boolean } | null }>('GET', '/legal/documents', undefined, token);
  for (const d of docs.documents.filter((x) => docs.pending?.kinds.includes(x.kind))) {
    await api('POST', '/legal/accept', { kind: d.kind, version: d.version, ...(docs.pending?.age ? { ageConfirmed: true } : {}) }, token);
  }
}

// Publishes a new version of the site's terms (every signed-in account must accept it): runs in
// the site-settings project, alone; the accounts later tests reuse accept it at the end.
test('a fan confirms age and terms at sign-up; after the operator publishes new terms, the fan accepts them before going on', { tag: '@site-settings' }, async ({ page, browser, fan, creator }) => {
  try {
    // Sign-up: both confirmations are required.
    const username = uniqueName('terms');
    const register = new RegisterPage(page);
    await page.goto('/auth/register');
    await page.getByLabel('First name').fill('Tess');
    await page.getByLabel('Last name').fill('Terms');
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('E-mail').fill(`${username}@example.test`);
    await page.getByLabel('Password', { exact: true }).fill('terms-pass-42');
    await page.getByLabel('Confirm password').fill('terms-pass-42');
    const age = page.getByRole('checkbox', { name: 'I am 18 or older' });
    const terms = page.getByRole('checkbox', { name: /I accept the Terms of Service and the Privacy Policy/ });
    await expect(age).toBeVisible();
    // The documents are links to their pages.
    await expect(page.getByRole('link', { name: 'Terms of Service', exact: true })).toHaveAttribute('href', /^\/page\//);
    await expect(page.getByRole('link', { name: 'Privacy Policy', exact: true })).toHaveAttribute('href', /^\/page\//);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Confirm that you are 18 or older')).toBeVisible();
    await expect(page.getByText('Accept the Terms of Service and the Privacy Policy', { exact: true })).toBeVisible();
    expect(page.url()).toContain('/auth/register');
    await page.screenshot({ path: test.info().outputPath('register-errors.png'), fullPage: true });
    await register.consent();
    await expect(age).toBeChecked();
    await expect(terms).toBeChecked();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/home');
    const token = (await cookieToken(page))!.value;
    const before = await api<{ documents: Array<{ kind: string; version: number }>; pending: { kinds: string[] } }>('GET', '/legal/documents', undefined, token);
    expect(before.pending.kinds).toEqual([]);
    const termsVersion = before.documents.find((d) => d.kind === 'terms')?.version ?? 0;

    // The operator publishes a new version of the terms from the console.
    const adminCtx = await browser.newContext();
    const admin = await adminCtx.newPage();
    await logInAs(admin, ADMIN.login, ADMIN.password);
    await admin.goto('/admin/legal');
    const option = (text: RegExp) => admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first();
    await admin.getByLabel('Document', { exact: true }).click();
    await option(/^Terms of Service$/).click();
    await admin.getByLabel('Page', { exact: true }).click();
    await option(/\/page\/terms-of-service\)$/).click();
    await admin.getByRole('button', { name: 'Publish' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await expect(admin.getByText(`Terms of Service: version ${termsVersion + 1} published`)).toBeVisible();
    const currentTerms = admin.getByRole('row').filter({ hasText: 'Current' }).filter({ hasText: /^Terms of Service/ });
    await expect(currentTerms.getByRole('cell').nth(1)).toHaveText(new RegExp(`^${termsVersion + 1}\\s*Current$`));
    await admin.screenshot({ path: test.info().outputPath('admin-legal.png'), fullPage: true });
    await adminCtx.close();

    // The fan is asked to accept before going on: the screen, its link, the keyboard.
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: "We've updated our terms" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Terms of Service', exact: true })).toHaveAttribute('href', '/page/terms-of-service');
    await expect(page.getByRole('link', { name: 'Privacy Policy', exact: true })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('terms-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: test.info().outputPath('terms-390-dark.png') });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.emulateMedia({ colorScheme: 'light' });
    const accept = page.getByRole('button', { name: 'Accept and continue' });
    await accept.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: "We've updated our terms" })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Tess Terms/ })).toBeVisible();
    const after = await api<{ pending: { kinds: string[] } }>('GET', '/legal/documents', undefined, token);
    expect(after.pending.kinds).toEqual([]);
  } finally {
    // The accounts later tests reuse accept the new version.
    for (const token of [fan.token, creator.token, await login('fan@example.com'), await login('creator@example.com')]) await acceptCurrentTerms(token);
  }
});
