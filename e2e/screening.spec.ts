import { ADMIN, expect, test } from './fixtures/users';
import { logInAs } from './pages/auth';
import { blockedPicture } from './support/screening';

/**
 * Upload screening (issue 28 §4): the operator imports a blocklist file with the hash of a picture;
 * a creator uploads a re-encoded, resized copy of it in a post through the composer: the upload is
 * blocked by screening and the post cannot go out; the operator finds it in the quarantine with
 * its match, and an open report on the creator's account.
 */
test('a blocklisted picture is quarantined at upload even after re-encoding; the post is stopped; the operator sees the quarantine and the report', async ({ browser, creator: me }, info) => {
  test.setTimeout(240_000); // the photo's screening job can wait behind other tests' videos in the site's one media worker
  const stamp = Date.now().toString(36);
  const label = `E2E known picture ${stamp}`;
  const seed = 10_000 + Math.floor(Math.random() * 1_000_000);
  const picture = await blockedPicture(info.outputDir, seed, label);

  // ── The operator imports the list ──────────────────────────────────────────────────────────
  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await logInAs(admin, ADMIN.login, ADMIN.password);
  await admin.goto('/admin/screening');
  await expect(admin.getByRole('heading', { name: 'Screening', level: 1 })).toBeVisible();
  // The demo's entry is there from the seed.
  await expect(admin.getByRole('row').filter({ hasText: 'Demo: a known pattern (never shown on the site)' })).toBeVisible();
  await admin.locator('input[type="file"]').setInputFiles(picture.list);
  await expect(admin.getByText('1 added')).toBeVisible();
  await admin.getByRole('searchbox', { name: 'Search labels' }).fill(label);
  await admin.getByRole('searchbox', { name: 'Search labels' }).press('Enter');
  const entry = admin.getByRole('row').filter({ hasText: label });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(picture.hash);
  await expect(entry).toContainText('Imported');

  // ── The creator posts a re-encoded, resized copy ──────────────────────────────────────────
  const creatorCtx = await browser.newContext();
  const creator = await creatorCtx.newPage();
  await logInAs(creator, me.username, me.password);
  await creator.goto('/creator/feeds/new');
  await creator.getByLabel('Post text').fill(`Holiday snaps ${stamp}`);
  await creator.getByLabel('Add photos').setInputFiles(picture.copy);
  await expect(creator.getByRole('status').filter({ hasText: 'This upload was blocked by screening' })).toBeVisible({ timeout: 120_000 });
  await creator.getByRole('radio', { name: 'Free' }).check();
  await creator.getByRole('button', { name: 'Publish' }).click();
  await expect(creator.getByRole('alert').filter({ hasText: 'This upload was blocked by screening: remove it to publish the post.' })).toBeVisible();
  expect(creator.url()).toContain('/creator/feeds/new');
  // Nothing about the match reaches the creator.
  await expect(creator.getByText(label)).toHaveCount(0);
  await creator.screenshot({ path: info.outputPath('creator-blocked-1280.png'), fullPage: true });
  await creator.setViewportSize({ width: 390, height: 844 });
  await creator.emulateMedia({ colorScheme: 'dark' });
  await creator.waitForTimeout(600);
  await creator.screenshot({ path: info.outputPath('creator-blocked-390-dark.png'), fullPage: true });
  await creatorCtx.close();

  // ── The operator: the quarantine with its match, and the report ───────────────────────────
  await admin.reload();
  const held = admin.getByRole('row').filter({ hasText: `@${me.username}` }).filter({ hasText: label });
  await expect(held).toBeVisible({ timeout: 30_000 });
  await expect(held.getByTestId('quarantine-match')).toHaveText(new RegExp(`^${label} · \\d bits apart$`));
  await expect(held.getByRole('img', { name: `Quarantined upload of ${me.username}` })).toBeVisible();
  await expect(held.getByRole('button', { name: 'Release' })).toBeVisible();
  await expect(held.getByRole('button', { name: 'Confirm and block' })).toBeVisible();
  await admin.screenshot({ path: info.outputPath('admin-screening-1280.png'), fullPage: true });
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.emulateMedia({ colorScheme: 'dark' });
  // Let the theme's colour transition finish before the picture.
  await admin.waitForTimeout(600);
  await admin.screenshot({ path: info.outputPath('admin-screening-390-dark.png'), fullPage: true });
  await admin.setViewportSize({ width: 1280, height: 720 });
  await admin.emulateMedia({ colorScheme: 'light' });

  await admin.goto('/admin/reports');
  const report = admin.getByRole('listitem').or(admin.getByRole('row')).filter({ hasText: me.username }).filter({ hasText: /illegal/i });
  await expect(report.first()).toBeVisible();
  await admin.screenshot({ path: info.outputPath('admin-reports-1280.png'), fullPage: true });

  // Confirmed: blocked for good (its own hash joins the list), no longer waiting for a decision.
  await admin.goto('/admin/screening');
  await held.getByRole('button', { name: 'Confirm and block' }).click();
  await expect(admin.getByText('Confirmed: blocked, and its hashes are on the blocklist')).toBeVisible();
  await expect(held).toHaveCount(0);
  await admin.locator('.ant-segmented-item').filter({ hasText: 'Confirmed' }).click();
  await expect(admin.getByRole('row').filter({ hasText: `@${me.username}` }).filter({ hasText: label })).toBeVisible();
  await adminCtx.close();
});
