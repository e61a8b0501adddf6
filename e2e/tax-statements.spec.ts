import fs from 'node:fs';
import { ADMIN, expect, registerOwnCreator, test } from './fixtures/users';
import { logInAs } from './pages/auth';
import { api, disable2fa, enable2fa, login, operatorToken, setSetting } from './support/api';
import { giveAccessReason, pageShots, settle } from './support/session';

/**
 * Issue 29 §4: a creator gives their tax details (the W-9 here) before their first payout — the
 * payouts page says so and links to the form, the API's field errors show under the fields, the
 * saved TIN comes back masked — then requests a payout and downloads this year's statement (CSV
 * and PDF, content checked). The operator opens the creator's tax details and statement through
 * the console's reason dialog.
 */
test('a creator fills in tax details, requests a payout and downloads a statement; the operator reads them through the reason dialog', async ({ browser, fan }) => {
  test.setTimeout(240_000);
  // Its own creator: the statement's figures are this test's tip alone (the worker's creator has other specs' sales).
  const creator = await registerOwnCreator('tcreator');
  const year = String(new Date().getUTCFullYear());
  const adminToken = await operatorToken();
  await setSetting('minimumPayoutAmount', 10);
  // A pending request left by an earlier attempt (or another spec of this worker) would hide the form.
  const pending = await api<{ data: Array<{ _id: string; performerId: string }> }>('GET', `/admin/payout-requests?status=pending&performerId=${creator.id}`, undefined, adminToken);
  for (const r of pending.data) await api('PUT', `/admin/payout-requests/${r._id}/status`, { status: 'rejected', adminNote: 'Left over from an earlier run' }, adminToken);
  // Money to withdraw: the worker's fan tips the creator $60 from a topped-up wallet.
  await api('POST', '/sandbox/cards', { number: '4242424242424242', expMonth: 12, expYear: Number(year) + 3, cvc: '123', holderName: 'Fran Fan' }, fan.token).catch(() => undefined);
  await api('POST', '/payment/wallet/top-up', { amount: 60 }, fan.token);
  await api('POST', `/wallet/charges/tip/${creator.id}`, { price: 60, message: 'For the statement test' }, fan.token);

  const secret = await enable2fa(creator.token);
  const ctx = await browser.newContext({ acceptDownloads: true });
  const page = await ctx.newPage();
  try {
    await logInAs(page, creator.username, creator.password, secret);
    const token = await login(creator.username, creator.password, secret);
    // Tax details of an earlier run are removed by nothing: start from none only when there are none.
    const before = await api<unknown>('GET', '/performers/tax-details', undefined, token);

    // ── The payouts page asks for tax details first ─────────────────────────────────────────────
    await page.goto('/creator/payouts');
    await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();
    if (before === null) {
      await expect(page.getByRole('heading', { name: 'Tax details are required before your first payout' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Request payout' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Add your tax details' }).click();
    } else {
      await page.goto('/creator/tax-details');
    }
    await page.waitForURL(/\/creator\/tax-details$/);
    await expect(page.getByRole('heading', { name: 'Tax details', level: 1 })).toBeVisible();

    // ── The W-9: a wrong SSN comes back from the API under its field, then a right one ──────────
    await page.getByRole('radio', { name: 'US citizen or resident (W-9)' }).check();
    await page.getByRole('radio', { name: 'Individual', exact: true }).check();
    await page.getByLabel('Legal name', { exact: true }).fill(creator.name);
    await page.getByLabel('Federal tax classification').fill('Individual');
    await page.keyboard.press('Enter');
    await page.getByRole('radio', { name: 'SSN' }).check();
    await page.getByLabel('Taxpayer identification number', { exact: true }).fill('000-12-3456');
    await page.getByLabel('Street address').fill('1 Market Street');
    await page.getByLabel('City').fill('San Francisco');
    await page.getByLabel('State', { exact: true }).fill('California');
    await page.keyboard.press('Enter');
    await page.getByLabel('ZIP code').fill('94105');
    await page.getByRole('checkbox', { name: 'I certify that the information above is true, correct and complete' }).check();
    await page.getByLabel('Signature (type your full legal name)').fill(creator.name);
    await page.getByRole('button', { name: 'Save tax details' }).click();
    await expect(page.getByText('Enter a valid social security number (9 digits, e.g. 123-45-6789)').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('tax-form-errors-1280.png'), fullPage: true });
    await page.getByLabel('Taxpayer identification number', { exact: true }).fill('123-45-6789');
    await page.getByRole('button', { name: 'Save tax details' }).click();
    await expect(page.getByText('Tax details saved')).toBeVisible();
    const onFile = page.getByLabel('Saved tax details');
    await expect(onFile).toContainText('•••• 6789');
    await expect(onFile).toContainText('W-9 (US person)');
    await expect(page.getByText('123-45-6789')).toHaveCount(0);
    await expect(page.getByLabel('Taxpayer identification number', { exact: true })).toHaveValue('•••• 6789');
    await pageShots(page, 'tax-details', (f) => test.info().outputPath(f));

    // ── The payout request ──────────────────────────────────────────────────────────────────────
    await page.goto('/creator/payouts');
    await page.getByLabel('Amount', { exact: true }).fill('20');
    await page.getByRole('button', { name: 'Request payout' }).click();
    await expect(page.getByText('Payout requested')).toBeVisible();
    await expect(page.getByText('A payout request is pending review')).toBeVisible();

    // ── This year's statement: figures, then the CSV and the PDF ────────────────────────────────
    await page.goto('/creator/earnings');
    const statements = page.locator('[aria-labelledby="statements-title"]');
    await expect(page.getByRole('heading', { name: 'Statements', exact: true })).toBeVisible();
    await expect(page.getByLabel('Statement year')).toBeVisible();
    const want = await api<{ closingBalance: number; totals: { gross: number } }>('GET', `/earnings/statements?period=${year}`, undefined, token);
    await expect(page.getByTestId('stat-statement-closing')).toContainText(`$${want.closingBalance.toFixed(2)}`);
    const [csvFile] = await Promise.all([page.waitForEvent('download'), statements.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(csvFile.suggestedFilename()).toBe(`statement-${creator.username}-${year}.csv`);
    const csv = fs.readFileSync(await csvFile.path(), 'utf8');
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('section,date,kind,type,reference,description,count,gross,commission,net,balance');
    expect(csv).toContain('For the statement test');
    expect(lines.find((l) => l.startsWith('summary,') && l.includes(',sale,tip,'))).toContain('60.00');
    expect(lines.find((l) => l.includes(',closing,'))).toContain(want.closingBalance.toFixed(2));
    expect(lines.at(-1)!.split(',').at(-1)).toBe(want.closingBalance.toFixed(2));
    const [pdfFile] = await Promise.all([page.waitForEvent('download'), statements.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(pdfFile.suggestedFilename()).toBe(`statement-${creator.username}-${year}.pdf`);
    const pdf = fs.readFileSync(await pdfFile.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);
    await page.getByRole('heading', { name: 'Statements', exact: true }).scrollIntoViewIfNeeded();
    await pageShots(page, 'earnings-statements', (f) => test.info().outputPath(f));
  } finally {
    await disable2fa(creator.token, secret).catch(() => undefined);
    await ctx.close();
  }

  // ── The operator: the creator's tax details and statement, each behind the reason dialog ─────
  const adminCtx = await browser.newContext({ acceptDownloads: true });
  const admin = await adminCtx.newPage();
  await logInAs(admin, ADMIN.login, ADMIN.password);
  await admin.goto(`/admin/users/${creator.id}`);
  await expect(admin.getByRole('heading', { name: creator.name, level: 1 })).toBeVisible();
  await admin.getByRole('button', { name: 'Show tax details' }).click();
  await giveAccessReason(admin, 'Year-end tax check (browser test)');
  const facts = admin.getByLabel(`Tax details of ${creator.name}`);
  await expect(facts).toContainText('•••• 6789');
  await expect(facts).not.toContainText('123-45');
  const [adminCsv] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Download CSV' }).click(), giveAccessReason(admin, 'Year-end tax check (browser test)', { ifAsked: true })]);
  expect(fs.readFileSync(await adminCsv.path(), 'utf8').split('\n')[0]).toBe('section,date,kind,type,reference,description,count,gross,commission,net,balance');
  await settle(admin);
  await admin.screenshot({ path: test.info().outputPath('admin-creator-tax-1280.png'), fullPage: true });
  const audit = await api<{ data: Array<{ action: string; reason: string | null }> }>('GET', `/admin/audit-log?subject=${creator.id}&limit=20`, undefined, adminToken);
  expect(audit.data.map((e) => e.action)).toEqual(expect.arrayContaining(['tax_details.read', 'statement.read']));
  // Leave nothing pending for the worker's other specs.
  const mine = await api<{ data: Array<{ _id: string }> }>('GET', `/admin/payout-requests?status=pending&performerId=${creator.id}`, undefined, adminToken);
  for (const r of mine.data) await api('PUT', `/admin/payout-requests/${r._id}/status`, { status: 'rejected', adminNote: 'Browser test' }, adminToken);
  await adminCtx.close();
});
