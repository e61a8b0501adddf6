import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E } from '../playwright.config';
import { ADMIN, expect, test } from './fixtures/users';
import { logInAs } from './pages/auth';
import { api, uniqueName } from './support/api';
import { giveAccessReason } from './support/session';

/**
 * Issue 28 §6: an operator opening someone's private data says why. The verification queue hands
 * out a creator's ID pictures: the console asks "Why are you opening this?" before it shows them,
 * and the audit log shows the read with the reason and whose data it was. Locked media and private
 * conversations open only in the console, the same way.
 */

/** A creator who just registered with their two identity pictures: waiting for verification. */
async function pendingCreator(): Promise<{ id: string; name: string; username: string }> {
  const username = uniqueName('reads');
  const p = { firstName: 'Rita', lastName: `Private ${username.slice(-5)}`, username, email: `${username}@example.test`, password: 'creator-pass-42', gender: 'female', dateOfBirth: '1991-04-04', ageConfirmed: 'true', acceptTerms: 'true' };
  const form = new FormData();
  for (const [k, v] of Object.entries(p)) form.append(k, v);
  const picture = async (background: string) => new Blob([new Uint8Array(await sharp({ create: { width: 64, height: 64, channels: 3, background } }).png().toBuffer())], { type: 'image/png' });
  form.append('documentVerification', await picture('#ccd'), 'id.png');
  form.append('idVerification', await picture('#b85'), 'selfie.png');
  const res = await fetch(`${E2E.api}/auth/performers/register`, { method: 'POST', body: form });
  expect(res.status).toBe(201);
  const json = (await res.json()) as { data: { user: { _id: string } } };
  return { id: json.data.user._id, name: `${p.firstName} ${p.lastName}`, username };
}

/** The dialog at 390 px, light then dark. */
async function dialogShots(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: test.info().outputPath(`${name}-390-light.png`) });
  await page.emulateMedia({ colorScheme: 'dark' });
  // The theme follows the system: wait for the switch and its colour transitions (not the endless
  // animations, such as a spinner) to finish.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
  await page.screenshot({ path: test.info().outputPath(`${name}-390-dark.png`) });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('the operator says why before opening ID documents, and the audit log shows the read with the reason', async ({ browser }) => {
  test.setTimeout(180_000);
  const pending = await pendingCreator();
  const reason = `Verification case ${pending.username.slice(-5)}: ID matches the selfie?`;

  const ctx = await browser.newContext();
  const admin = await ctx.newPage();
  await logInAs(admin, ADMIN.login, ADMIN.password, ADMIN.totpSecret);
  await admin.goto('/admin/verification');

  // The queue carries the pictures: the console asks first.
  const ask = admin.getByRole('dialog', { name: 'Why are you opening this?' });
  await expect(ask).toBeVisible();
  await expect(admin.getByRole('button', { name: `Review ${pending.name}` })).toHaveCount(0);
  // A reason is required.
  await ask.getByRole('button', { name: 'Open' }).click();
  await expect(ask.getByText('Say why you are opening this')).toBeVisible();
  await ask.getByLabel('Reason').fill(reason);
  await dialogShots(admin, 'operator-reason-dialog');
  await ask.getByRole('button', { name: 'Open' }).click();
  await expect(ask).toBeHidden();

  // The content shows.
  await admin.getByRole('button', { name: `Review ${pending.name}` }).click();
  const review = admin.getByRole('dialog', { name: `Review ${pending.name}` });
  await expect(review.getByRole('img', { name: `ID document of ${pending.name}` })).toBeVisible();
  await admin.keyboard.press('Escape');

  // The audit log: the read, marked as one, with the reason and whose data it was.
  await admin.goto('/admin/audit');
  await admin.getByLabel('Whose data (user id)').fill(pending.id);
  await admin.getByLabel('Whose data (user id)').press('Enter');
  const row = admin.getByRole('row', { name: /Audit entry: kyc\.read/ }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('Read');
  await expect(row).toContainText(`Reason: ${reason}`);
  await expect(row).toContainText(`@${pending.username}`);
  await admin.screenshot({ path: test.info().outputPath('operator-read-audit-1280.png'), fullPage: true });
  await ctx.close();
});

/** A picture the creator uploads for a post (the media pipeline makes its renditions); answers the file's id. */
async function uploadPostPhoto(token: string, color: string): Promise<string> {
  const form = new FormData();
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: color } }).png().toBuffer();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'set.png');
  const res = await fetch(`${E2E.api}/performer/feeds/photo/upload`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

/** The page at 1280 px light, then 390 px dark (the console's narrow layout and dark theme). */
async function pageShots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: test.info().outputPath(`${name}-1280-light.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
  await page.screenshot({ path: test.info().outputPath(`${name}-390-dark.png`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('the operator opens a paid post and a private conversation from the console, says why, and the audit log lists both reads with the reasons', async ({ browser, creator, fan }) => {
  test.setTimeout(240_000);
  const stamp = uniqueName('x').slice(-6);
  // The creator's pay-per-view post with a photo (ready once the pipeline has made its renditions).
  const fileId = await uploadPostPhoto(creator.token, '#7a3');
  const post = await api<{ _id: string }>('POST', '/performer/feeds', { text: `Paid set ${stamp}`, visibility: 'ppv', price: 4.99, fileIds: [fileId] }, creator.token);
  await expect.poll(async () => (await api<{ files: Array<{ status: string }> }>('GET', `/performer/feeds/${post._id}`, undefined, creator.token)).files[0]?.status, { timeout: 60_000 }).toBe('ready');
  // A private conversation between the worker's fan and creator.
  await api('POST', `/follows/${creator.id}`, undefined, fan.token).catch(() => undefined);
  const conv = await api<{ _id: string }>('POST', '/conversations', { source: 'performer', sourceId: creator.id }, fan.token);
  await api('POST', `/messages/conversations/${conv._id}`, { text: `Private hello ${stamp}` }, fan.token);
  await api('POST', `/messages/conversations/${conv._id}`, { text: `Private answer ${stamp}` }, creator.token);

  const mediaReason = `Copyright claim ${stamp}: comparing the photo`;
  const chatReason = `Harassment report ${stamp}`;
  const ctx = await browser.newContext();
  const admin = await ctx.newPage();
  await logInAs(admin, ADMIN.login, ADMIN.password, ADMIN.totpSecret);

  // The Content list names the post with its blurred picture; "Open with media" opens it — after the reason.
  await admin.goto(`/admin/content?performerId=${creator.id}`);
  const open = admin.getByRole('link', { name: new RegExp(`Open .*Paid set ${stamp}.* with its media`) });
  await expect(open).toBeVisible();
  await open.click();
  await giveAccessReason(admin, mediaReason);
  await expect(admin.getByRole('heading', { level: 1, name: new RegExp(`Paid set ${stamp}`) })).toBeVisible();
  await expect(admin.getByText('Opened with your reason')).toBeVisible();
  const photo = admin.getByRole('img', { name: 'Photo of the post' });
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute('src', /\/files\/private\//);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await pageShots(admin, 'operator-opens-paid-post');

  // The user page lists the fan's conversations only when asked (a read too: a new page load asks again).
  await admin.goto(`/admin/users/${fan.id}`);
  await admin.getByRole('button', { name: 'Show conversations' }).click();
  await giveAccessReason(admin, chatReason);
  const list = admin.getByRole('list', { name: `Conversations of ${fan.name}` });
  await expect(list).toContainText(creator.name);
  await expect(list).not.toContainText(`Private hello ${stamp}`);
  await admin.getByRole('link', { name: `Open the conversation with ${creator.name}` }).click();
  // Within the same page the reason is remembered: the conversation opens without asking again.
  await expect(admin.getByRole('heading', { level: 1, name: /Conversation between/ })).toBeVisible();
  const messages = admin.getByRole('list', { name: 'Messages' });
  await expect(messages.getByRole('listitem', { name: `Message from ${fan.name}` })).toContainText(`Private hello ${stamp}`);
  await expect(messages.getByRole('listitem', { name: `Message from ${creator.name}` })).toContainText(`Private answer ${stamp}`);
  await pageShots(admin, 'operator-opens-conversation');

  // The audit log: both reads, with their reasons, about the creator.
  await admin.goto('/admin/audit');
  await admin.getByLabel('Whose data (user id)').fill(creator.id);
  await admin.getByLabel('Whose data (user id)').press('Enter');
  const mediaRow = admin.getByRole('row', { name: /Audit entry: media\.read/ }).first();
  await expect(mediaRow).toBeVisible();
  await expect(mediaRow).toContainText(`Reason: ${mediaReason}`);
  const chatRow = admin.getByRole('row', { name: /Audit entry: conversation\.read/ }).first();
  await expect(chatRow).toBeVisible();
  await expect(chatRow).toContainText(`Reason: ${chatReason}`);
  await expect(admin.getByRole('row', { name: /Audit entry: conversations\.read/ }).first()).toContainText(`Reason: ${chatReason}`);
  await admin.screenshot({ path: test.info().outputPath('operator-reads-audit-1280.png'), fullPage: true });
  await ctx.close();
});
