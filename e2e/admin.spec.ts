import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E } from '../playwright.config';
import { ADMIN, expect, test } from './fixtures/users';
import { logInAs } from './pages/auth';
import { api, mailTo, operatorToken, setSetting, uniqueName } from './support/api';
import { makePhoto } from './support/media';
import { giveAccessReason, newFan, signIn } from './support/session';

/** A creator who just registered with their two identity pictures: waiting for verification. */
async function pendingCreator(): Promise<{ id: string; name: string; username: string }> {
  const username = uniqueName('kyc');
  const p = { firstName: 'Vera', lastName: `Pending ${username.slice(-5)}`, username, email: `${username}@example.test`, password: 'creator-pass-42', gender: 'female', dateOfBirth: '1993-03-03', ageConfirmed: 'true', acceptTerms: 'true' };
  const form = new FormData();
  for (const [k, v] of Object.entries(p)) form.append(k, v);
  const picture = async (background: string) => new Blob([new Uint8Array(await sharp({ create: { width: 64, height: 64, channels: 3, background } }).png().toBuffer())], { type: 'image/png' });
  form.append('documentVerification', await picture('#ddd'), 'id.png');
  form.append('idVerification', await picture('#c96'), 'selfie.png');
  const res = await fetch(`${E2E.api}/auth/performers/register`, { method: 'POST', body: form });
  expect(res.status).toBe(201);
  const json = (await res.json()) as { data: { user: { _id: string } } };
  return { id: json.data.user._id, name: `${p.firstName} ${p.lastName}`, username };
}

async function pageFor(browser: Browser, token?: string): Promise<Page> {
  const ctx = await browser.newContext();
  if (token) await signIn(ctx, token);
  return ctx.newPage();
}

/** A toast (antd message) with this text. */
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true });

/** `datetime-local` value of an instant in the browser's time zone. */
const localInput = (page: Page, at: number) => page.evaluate((t) => {
  const d = new Date(t);
  return new Date(t - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}, at);

test('@site-settings the operator signs in with TOTP, verifies a creator, hides a reported post, edits the site, adds a page and a promo, answers a contact message', async ({ browser, creator: star }, info) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const postText = `Reported post ${stamp}`;
  const siteName = `Stagepass ${stamp}`;
  const pageTitle = `House rules ${stamp}`;
  const promoTitle = `Summer festival ${stamp}`;
  const contactName = `Curious ${stamp}`;
  const contactEmail = `curious-${stamp}@example.test`;
  const before = await api<{ siteName: string; maximumTipPrice: number }>('GET', '/settings/public');

  // ── Set-up: a creator waiting for verification, a post a fan reports, a contact message ─────
  const pending = await pendingCreator();
  const post = await api<{ _id: string }>('POST', '/performer/feeds', { text: postText, visibility: 'free' }, star.token);
  const fanAccount = await newFan('moderated');
  await api('POST', `/follows/${star.id}`, undefined, fanAccount.token);
  await api('POST', '/reports', { target: 'feed', targetId: post._id, reason: 'abuse', description: 'Insults in the caption' }, fanAccount.token);

  const visitor = await pageFor(browser);
  await visitor.goto('/contact');
  await visitor.getByLabel('Your name').fill(contactName);
  await visitor.getByLabel('Your e-mail').fill(contactEmail);
  await visitor.getByLabel('Message').fill('Do you ship posters to Canada?');
  await visitor.getByRole('button', { name: 'Send message' }).click();
  await expect(visitor.getByRole('heading', { name: 'Message sent' })).toBeVisible();

  // ── The operator signs in: password, then the authenticator code ────────────────────────────
  const admin = await pageFor(browser);
  await logInAs(admin, ADMIN.login, ADMIN.password, ADMIN.totpSecret);
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  try {
    // Verification: the pending creator is approved.
    // A click on the console menu while the dashboard is still hydrating was seen to be lost (2 runs
    // of 3 on 2026-11-28, the page staying on the dashboard; like the title below): click again if so.
    await expect(async () => {
      await admin.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Verification' }).click();
      await expect(admin.getByRole('heading', { name: 'Creator verification', level: 1 })).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    // The queue carries ID pictures: the console asks why first (issue 28 §6).
    await giveAccessReason(admin);
    await admin.getByRole('button', { name: `Review ${pending.name}` }).click();
    const review = admin.getByRole('dialog', { name: `Review ${pending.name}` });
    await expect(review.getByRole('img', { name: `ID document of ${pending.name}` })).toBeVisible();
    await review.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(admin, `${pending.name} is verified`).first()).toBeVisible();
    const verified = await api<{ verified: boolean }>('GET', `/users/view/${pending.username}`);
    expect(verified.verified).toBe(true);

    // Reports: the post is hidden; the fan no longer sees it anywhere.
    await admin.goto('/admin/reports');
    await admin.getByRole('button', { name: new RegExp(`Review reports on ${postText}`) }).click();
    const drawer = admin.getByRole('dialog', { name: 'Reports on this post' });
    await expect(drawer).toContainText('Insults in the caption');
    await drawer.getByLabel('Reason for hiding').fill('Abusive language');
    await drawer.getByRole('button', { name: 'Hide content' }).click();
    await expect(toast(admin, 'Content hidden').first()).toBeVisible();
    const fan = await pageFor(browser, fanAccount.token);
    await fan.goto(`/${star.username}`);
    await expect(fan.getByRole('heading', { name: star.name })).toBeVisible();
    await expect(fan.getByText(postText)).toHaveCount(0);
    await expect(fan.request.get(`${E2E.api}/user/feeds/${post._id}`, { headers: { authorization: `Bearer ${fanAccount.token}` } }).then((r) => r.status())).resolves.toBe(404);

    // Settings: the site's name and the largest tip, visible on the site at once.
    await admin.goto('/admin/settings');
    await admin.getByLabel('Site name').fill(siteName);
    await admin.getByRole('button', { name: 'Save general' }).click();
    await expect(toast(admin, 'Changes saved').first()).toBeVisible();
    await admin.getByRole('tab', { name: 'Money' }).click();
    await admin.getByLabel('Maximum tip').fill('321');
    await admin.getByRole('button', { name: 'Save money' }).click();
    await expect(toast(admin, 'Changes saved').first()).toBeVisible();
    await fan.reload();
    await expect(fan.getByText(`${siteName}. Made for creators and their fans.`)).toBeVisible();
    await fan.getByRole('button', { name: 'Send tip' }).click();
    await expect(fan.getByRole('dialog', { name: `Send a tip to ${star.name}` })).toContainText('and $321.00.');
    await fan.keyboard.press('Escape');

    // A static page in the footer.
    await admin.goto('/admin/pages/new');
    // The content editor loads on demand once the page has hydrated: a title typed before that is
    // reset by hydration (seen: the page then never saved), so wait for it first.
    const content = admin.getByRole('textbox', { name: 'Content' });
    await content.waitFor();
    await admin.getByLabel('Title').fill(pageTitle);
    await content.click();
    await admin.keyboard.type('Be kind to each other. Creators set their own prices.');
    await admin.locator('label.ant-radio-button-wrapper').filter({ hasText: /^Published$/ }).click();
    await admin.getByRole('switch', { name: 'Show in footer' }).click();
    await admin.getByRole('button', { name: 'Create page' }).click();
    await expect(admin).toHaveURL(/\/admin\/pages\/[0-9a-f-]{36}$/); // saved: the editor of the new page
    await fan.reload();
    await fan.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: pageTitle }).click();
    await expect(fan.getByRole('article', { name: pageTitle })).toContainText('Be kind to each other.');

    // A promo on the home page, running from now.
    await admin.goto('/admin/promos');
    const promoForm = admin.getByRole('dialog');
    // A click before the list has hydrated is lost (as with the menu above): click until the form opens.
    await expect(async () => {
      await admin.getByRole('button', { name: 'New promo' }).click();
      await expect(promoForm).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    const [chooser] = await Promise.all([admin.waitForEvent('filechooser'), promoForm.getByRole('button', { name: 'Upload promo picture' }).click()]);
    await chooser.setFiles(await makePhoto(info.outputDir, 'promo.jpg', '#ff5722'));
    await expect(promoForm.getByRole('button', { name: 'Upload promo picture' })).toContainText('Replace picture', { timeout: 30_000 });
    await promoForm.getByLabel('Title').fill(promoTitle);
    await promoForm.getByLabel('Link').fill('/search');
    await promoForm.getByRole('radio', { name: 'Home, top banner' }).check();
    await promoForm.getByLabel('Starts').fill(await localInput(admin, Date.now() - 60 * 60_000));
    await promoForm.getByRole('button', { name: 'Create promo' }).click();
    await expect(admin.getByRole('row', { name: new RegExp(`Promo ${promoTitle}`) })).toBeVisible();
    await fan.goto('/home');
    await expect(fan.getByRole('region', { name: 'Promotions' }).getByRole('link', { name: promoTitle }).first()).toBeVisible();

    // The contact message is answered by e-mail.
    await admin.goto('/admin/contact');
    await admin.getByRole('button', { name: `Open message from ${contactName}` }).click();
    const message = admin.getByRole('dialog', { name: 'Message' });
    await expect(message).toContainText('Do you ship posters to Canada?');
    await message.getByLabel('Answer').fill('Yes, shipping to Canada takes about a week.');
    await message.getByRole('button', { name: 'Send answer' }).click();
    await expect(toast(admin, `Answer sent to ${contactEmail}`).first()).toBeVisible();
    const mail = await mailTo(contactEmail, /./);
    expect(mail.text).toContain('shipping to Canada takes about a week');

    // Every action is in the audit log.
    const adminToken = await operatorToken();
    const audit = await api<{ data: Array<{ action: string }> }>('GET', '/admin/audit-log?limit=50', undefined, adminToken);
    const actions = audit.data.map((e) => e.action);
    for (const a of ['kyc.approve', 'content.hide', 'setting.update']) expect(actions).toContain(a);
    await fan.context().close();
  } finally {
    await setSetting('siteName', before.siteName);
    await setSetting('maximumTipPrice', before.maximumTipPrice);
    await admin.context().close();
    await visitor.context().close();
  }
});
