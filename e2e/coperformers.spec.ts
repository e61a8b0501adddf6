import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { E2E } from '../playwright.config';
import { ADMIN, expect, registerVerifiedCreator, test, type Account } from './fixtures/users';
import { logInAs } from './pages/auth';
import { api, uniqueName } from './support/api';
import { giveAccessReason } from './support/session';

/**
 * Co-performer consent records (issue 28 §2): a post with an unreleased co-performer cannot be
 * published. The creator adds a release through /creator/releases (files, progress), names it on a
 * new post and tries to publish → the blocked message, nothing published; the operator opens the
 * record in the console (audited: the reason dialog), looks at the ID and approves; the creator
 * publishes the same post → a fan sees it. Then a tag: the creator names a second verified creator,
 * is blocked until that creator accepts on their tag requests tab, then publishes.
 */

/** A second verified creator (the fixture's registration, through the API). */
async function verifiedCreator(): Promise<Account> {
  const username = uniqueName('cotag');
  return registerVerifiedCreator({ firstName: 'Tess', lastName: `Tagged ${username.slice(-5)}`, username, email: `${username}@example.test`, password: 'cotag-pass-42' }, '1992-03-04');
}

/** Clicks an option of the open antd Select (its visible list, not the screen reader's copy). */
async function choose(page: Page, text: RegExp) {
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

async function files(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  const front = path.join(dir, 'id-front.png');
  const back = path.join(dir, 'id-back.jpg');
  const consent = path.join(dir, 'consent.pdf');
  await sharp({ create: { width: 480, height: 300, channels: 3, background: '#7ab' } }).png().toFile(front);
  await sharp({ create: { width: 480, height: 300, channels: 3, background: '#b97' } }).jpeg().toFile(back);
  const pdf = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n');
  fs.writeFileSync(consent, pdf);
  return { front, back, consent };
}

async function shots(page: Page, name: string, ready: () => Promise<void>) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => window.localStorage.setItem('theme', 'light'));
  await page.reload();
  await ready();
  await page.waitForTimeout(400);
  await page.screenshot({ path: test.info().outputPath(`${name}-1280-light.png`), fullPage: true });
  await page.evaluate(() => window.localStorage.setItem('theme', 'dark'));
  await page.context().addCookies([{ name: 'theme', value: 'dark', url: E2E.web }]);
  await page.reload();
  await ready();
  await page.waitForTimeout(400);
  await page.screenshot({ path: test.info().outputPath(`${name}-1280-dark.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await ready();
  await page.waitForTimeout(400);
  await page.screenshot({ path: test.info().outputPath(`${name}-390-dark.png`), fullPage: true });
  await page.evaluate(() => window.localStorage.setItem('theme', 'light'));
  await page.context().addCookies([{ name: 'theme', value: 'light', url: E2E.web }]);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a post with an unreleased co-performer cannot be published until the release is approved; a tagged creator accepts', async ({ browser, page, creator, fan }) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const stage = `Mia Rose ${stamp}`;
  const legal = `Maria Rossi ${stamp}`;
  const text = `Beach day with ${stage}`;
  const f = await files(test.info().outputPath('files'));
  const other = await verifiedCreator();

  // ── The creator adds a release through the screen ───────────────────────────────────────────
  await logInAs(page, creator.username, creator.password);
  await page.goto('/creator/releases');
  await expect(page.getByRole('heading', { name: 'Releases', level: 1 })).toBeVisible();
  await expect(page.getByText('No releases yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add a release' }).click();
  await page.getByLabel('Legal name').fill(legal);
  await page.getByLabel('Stage name').fill(stage);
  await page.getByLabel('Date of birth').fill('1999-05-17');
  await page.getByLabel('Date signed').fill('2026-01-10');
  // Nothing attached: the required files say so.
  await page.getByRole('button', { name: 'Send for review' }).click();
  await expect(page.getByText('Upload the front of the ID')).toBeVisible();
  await expect(page.getByText('Upload the signed consent')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('release-form-errors-1280.png'), fullPage: true });
  await page.locator('.ant-form-item').filter({ hasText: 'ID front' }).locator('input[type=file]').setInputFiles(f.front);
  await page.locator('.ant-form-item').filter({ hasText: 'ID back' }).locator('input[type=file]').setInputFiles(f.back);
  await page.locator('.ant-form-item').filter({ hasText: 'Signed consent' }).locator('input[type=file]').setInputFiles(f.consent);
  await page.getByRole('button', { name: 'Send for review' }).click();
  await expect(page.getByText('Release sent for review')).toBeVisible();
  const card = page.getByRole('listitem', { name: `Release of ${stage}` });
  await expect(card.getByText('Pending review')).toBeVisible();
  await expect(card.getByText('ID front, ID back, signed consent')).toBeVisible();
  await shots(page, 'creator-releases', () => expect(page.getByRole('listitem', { name: `Release of ${stage}` })).toBeVisible());

  // ── It is named on a new post: publishing is refused, nothing is published ─────────────────
  await page.goto('/creator/feeds/new');
  await page.getByLabel('Post text').fill(text);
  await page.getByRole('button', { name: 'People in this content' }).click();
  await page.getByLabel('Name a release on record').click();
  await choose(page, new RegExp(stage));
  const people = page.getByRole('list', { name: 'People in this content' });
  await expect(people.getByRole('listitem', { name: new RegExp(stage) }).getByText('Pending review')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  const blocked = page.getByRole('alert').filter({ hasText: 'Everyone in this content needs an accepted tag or an approved release before it can be published' });
  await expect(blocked).toBeVisible();
  await expect(blocked).toContainText(stage);
  await page.screenshot({ path: test.info().outputPath('post-blocked-1280.png'), fullPage: true });
  const mine = await api<{ data: Array<{ _id: string; text: string }> }>('GET', `/performer/feeds?q=${encodeURIComponent(stamp)}`, undefined, creator.token);
  expect(mine.data.filter((p) => p.text.includes(stamp))).toHaveLength(0);

  // ── The operator reviews the record in the console and approves it ─────────────────────────
  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await logInAs(admin, ADMIN.login, ADMIN.password);
  await admin.goto('/admin/releases');
  await expect(admin.getByRole('heading', { name: 'Co-performer releases', level: 1 })).toBeVisible();
  await expect(admin.getByText(legal)).toHaveCount(0); // the queue holds no personal fields
  await admin.getByRole('button', { name: `Review ${stage}` }).click();
  await giveAccessReason(admin, `Reviewing the release of ${stage}`, { ifAsked: true });
  const drawer = admin.getByRole('dialog', { name: `Release: ${stage}` });
  await expect(drawer.getByText(legal)).toBeVisible();
  await drawer.getByRole('button', { name: 'Show ID front' }).click();
  await giveAccessReason(admin, `Checking the ID of ${stage}`, { ifAsked: true });
  await expect(drawer.getByRole('img', { name: `ID front of ${legal}` })).toBeVisible();
  await drawer.getByRole('button', { name: 'Show signed consent' }).click();
  await giveAccessReason(admin, `Checking the consent of ${stage}`, { ifAsked: true });
  await expect(drawer.getByRole('link', { name: /Open signed consent of .* \(PDF\)/ })).toBeVisible();
  await admin.screenshot({ path: test.info().outputPath('admin-release-drawer-1280.png') });
  await drawer.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText(`Release of ${stage} approved`)).toBeVisible();
  await admin.keyboard.press('Escape');
  await shots(admin, 'admin-releases', () => expect(admin.getByRole('heading', { name: 'Co-performer releases', level: 1 })).toBeVisible());
  // Export for the custodian of records.
  await admin.getByRole('button', { name: 'Export records' }).click();
  const exp = admin.getByRole('dialog', { name: 'Export records' });
  await exp.getByRole('button', { name: 'Prepare export' }).click();
  await giveAccessReason(admin, 'Custodian of records: monthly copy', { ifAsked: true });
  await expect(exp.getByRole('link', { name: 'Download the ZIP' })).toBeVisible();
  await adminCtx.close();

  // ── The creator publishes the same post: it is live for a fan ──────────────────────────────
  await page.bringToFront();
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.waitForURL('**/creator/feeds');
  const published = await api<{ data: Array<{ _id: string; text: string }> }>('GET', `/performer/feeds?q=${encodeURIComponent(stamp)}`, undefined, creator.token);
  const post = published.data.find((p) => p.text.includes(text));
  expect(post, 'the post is published').toBeTruthy();
  const fanCtx = await browser.newContext();
  const fanPage = await fanCtx.newPage();
  await logInAs(fanPage, fan.username, fan.password);
  await fanPage.goto(`/post/${post!._id}`);
  await expect(fanPage.getByText(text).first()).toBeVisible();
  await fanCtx.close();

  // ── A tag on a gallery: refused while active, saved as a draft (the request goes out), the ──
  // ── tagged creator accepts on their tag requests, then the gallery is published ─────────────
  const galleryTitle = `Duet with ${other.name} ${stamp}`;
  await page.goto('/creator/galleries?new=1');
  const form = page.getByRole('dialog', { name: 'New gallery' });
  await form.getByLabel('Title').fill(galleryTitle);
  await form.getByLabel('Tag a verified creator').click();
  await page.keyboard.type(other.username);
  await choose(page, new RegExp(other.username));
  const galleryPeople = form.getByRole('list', { name: 'People in this content' });
  await expect(galleryPeople.getByRole('listitem', { name: new RegExp(other.name) }).getByText('Not asked yet')).toBeVisible();
  await form.getByRole('button', { name: 'Create gallery' }).click();
  await expect(form.getByRole('alert').filter({ hasText: 'Everyone in this content needs an accepted tag' })).toBeVisible();
  await form.getByLabel('Status').click();
  await choose(page, /^Draft \(only you see it\)$/);
  await form.getByRole('button', { name: 'Create gallery' }).click();
  await expect(page.getByText('Gallery created')).toBeVisible();
  await page.waitForURL(/\/creator\/galleries\/[^/?]+$/);

  const otherCtx = await browser.newContext();
  const otherPage = await otherCtx.newPage();
  await logInAs(otherPage, other.username, other.password);
  await otherPage.goto('/creator/tags');
  await expect(otherPage.getByRole('tab', { name: 'Tag requests', selected: true })).toBeVisible();
  const request = otherPage.getByRole('listitem', { name: `Tag by ${creator.name} on ${galleryTitle}` });
  await expect(request.getByText('Waiting for your answer')).toBeVisible();
  await otherPage.screenshot({ path: test.info().outputPath('tag-requests-1280.png'), fullPage: true });
  await request.getByRole('button', { name: `Accept the tag on ${galleryTitle}` }).click();
  await expect(otherPage.getByText('Tag accepted')).toBeVisible();
  await otherCtx.close();

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit gallery' });
  await expect(edit.getByRole('list', { name: 'People in this content' }).getByRole('listitem', { name: new RegExp(other.name) }).getByText('Accepted')).toBeVisible();
  await edit.getByLabel('Status').click();
  await choose(page, /^Active$/);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Gallery saved')).toBeVisible();
});
