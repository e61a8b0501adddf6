import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ADMIN, expect, test } from './fixtures/users';
import { logInAs } from './pages/auth';
import { E2E } from '../playwright.config';

/**
 * The console's System section (issue 33 §1): the operator sees this API node (with their own
 * socket) and the job queues; a backup fails for real (DATA_DIR/backups is a file, so its folder
 * cannot be made) and shows as a failed job and a failed run; once the cause is gone the operator
 * retries the job from the Queues tab, the backup is written, listed and downloaded.
 */
test('the operator sees nodes and queues, retries a job that failed for real, and runs and downloads a backup', async ({ page }, info) => {
  test.setTimeout(240_000);
  const backups = path.join(E2E.dataDir, 'backups');
  await fs.rm(backups, { recursive: true, force: true });
  await fs.writeFile(backups, 'not a folder: the backup job cannot make its folder');

  await logInAs(page, ADMIN.login, ADMIN.password);
  await page.goto('/admin/system');
  await expect(page.getByRole('heading', { name: 'System', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'System' })).toHaveAttribute('aria-current', 'page');

  // ── Nodes and version: this API node, with at least this page's socket ─────────────────────
  const nodes = page.getByRole('table', { name: 'Nodes' });
  const me = nodes.getByRole('row').filter({ hasText: 'this node' });
  await expect(me).toContainText('API');
  await expect(page.getByText('Newest migration')).toBeVisible();
  await expect(page.getByText(/^\d{4}_[a-z_]+$/).first()).toBeVisible();
  await page.screenshot({ path: info.outputPath('system-nodes-1280.png'), fullPage: true });

  // ── A backup that fails for real ───────────────────────────────────────────────────────────
  await page.getByRole('tab', { name: 'Backups' }).click();
  await expect(page).toHaveURL(/tab=backups/);
  await expect(page.getByText('No backup is kept yet: run one.')).toBeVisible();
  await page.getByRole('button', { name: 'Run a backup' }).click();
  const runs = page.getByRole('table', { name: 'Backup runs' });
  await expect(runs.getByRole('row').filter({ hasText: 'Failed' })).toContainText(/EEXIST|ENOTDIR|exists/, { timeout: 60_000 });

  // ── Queues: the backup queue counts it; the failed job is listed; Retry once the cause is gone ─
  await page.getByRole('tab', { name: 'Queues' }).click();
  const queues = page.getByRole('table', { name: 'Queues' });
  const backupQueue = queues.getByRole('row').filter({ hasText: 'system.backup' });
  await expect(backupQueue).toBeVisible();
  await expect(queues.getByRole('row').filter({ hasText: 'auth.mail' })).toBeVisible();
  await backupQueue.getByRole('button', { name: 'Show the failed jobs of system.backup' }).click();
  // A failed job's row (it has the Retry button; the empty list's row names the queue too).
  const failed = page.getByRole('table', { name: 'Failed jobs' }).getByRole('row').filter({ hasText: 'system.backup' }).filter({ has: page.getByRole('button', { name: /^Retry job / }) });
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText(/EEXIST|ENOTDIR|exists/);
  await expect(failed.getByRole('list', { name: 'Job data' })).toContainText('requestedBy');
  await page.screenshot({ path: info.outputPath('system-queues-1280.png'), fullPage: true });

  await fs.rm(backups, { force: true });
  await failed.getByRole('button', { name: /^Retry job / }).click();
  await expect(page.getByText('Queued again')).toBeVisible();
  await expect(failed).toHaveCount(0);
  await expect(page.getByText('No failed job in system.backup.')).toBeVisible();

  // ── The backup is written, listed and downloaded ───────────────────────────────────────────
  await page.getByRole('tab', { name: 'Backups' }).click();
  const kept = page.getByRole('table', { name: 'Kept backups' }).getByRole('row').filter({ hasText: 'stagepass-backup-' });
  await expect(kept).toHaveCount(1, { timeout: 120_000 });
  const name = (await kept.locator('td').first().innerText()).trim();
  expect(name).toMatch(/^stagepass-backup-.*\.tar\.gz$/);
  await expect(runs).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent('download'), kept.getByRole('button', { name: `Download ${name}` }).click()]);
  expect(download.suggestedFilename()).toBe(name);
  const saved = info.outputPath(name);
  await download.saveAs(saved);
  const entries = execFileSync('tar', ['-tzf', saved], { encoding: 'utf8' });
  expect(entries).toContain('./manifest.json');
  expect(entries).toContain('./db.tar');
  expect((await fs.stat(saved)).size).toBe((await fs.stat(path.join(backups, name))).size);
  await page.screenshot({ path: info.outputPath('system-backups-1280.png'), fullPage: true });

  // ── Storage and mail tabs render; the narrow dark view ─────────────────────────────────────
  await page.getByRole('tab', { name: 'Storage' }).click();
  await expect(page.getByRole('table', { name: 'Stored files' })).toBeVisible();
  await expect(page.getByText('Disk size')).toBeVisible();
  await page.screenshot({ path: info.outputPath('system-storage-1280.png'), fullPage: true });
  await page.getByRole('tab', { name: 'Mail failures' }).click();
  await expect(page.getByRole('table', { name: 'Mail failures' })).toBeVisible();
  await page.getByRole('tab', { name: 'Nodes and version' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(me).toBeVisible();
  // Let the theme's colour transition finish before the picture.
  await page.waitForTimeout(600);
  await page.screenshot({ path: info.outputPath('system-nodes-390-dark.png'), fullPage: true });
  await page.getByRole('tab', { name: 'Queues' }).click();
  await expect(queues).toBeVisible();
  await page.waitForTimeout(600);
  await page.screenshot({ path: info.outputPath('system-queues-390-dark.png'), fullPage: true });
});
