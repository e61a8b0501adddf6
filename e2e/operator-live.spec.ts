import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { ADMIN, expect, registerOwnCreator, test } from './fixtures/users';
import { logInAs } from './pages/auth';
import { api, operatorToken, uniqueName } from './support/api';
import { expectPlaying, goLive, pageFor, stopLive } from './support/live';
import { giveAccessReason, pageShots } from './support/session';

/** Every text of the page reaches 4.5:1 (axe-core's color-contrast rule), light and dark. */
async function expectContrast(page: Page) {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
    const result = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
    expect(result.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`)), `contrast (${theme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * Issue 28 §6, live streams (streaming README "Operators watching"): an operator gets into a
 * ticketed stream only through the console's audited watch. A creator goes live with a ticketed
 * show (Chromium's fake camera, the built-in Janus); the operator finds it in Live streams, is
 * refused a credential without the watch, presses "Watch (audited)", says why, and watches the
 * video with the chat; the audit log shows the read with the reason and whose stream it was.
 */
test('an operator watches a ticketed live stream only after saying why, and the audit log shows it', async ({ browser }) => {
  test.setTimeout(240_000);
  const creator = await registerOwnCreator('oplive');
  const stamp = uniqueName('x').slice(-6);
  const title = `Late show ${stamp}`;
  const reason = `Report #${stamp}: checking the show is live`;

  const studio = await pageFor(browser, creator.token);
  await goLive(studio, { type: 'Group (ticketed)', title, price: '3' });
  const [live] = (await api<{ data: Array<{ _id: string }> }>('GET', `/streaming/user/search?performerId=${creator.id}`)).data;
  expect(live).toBeTruthy();

  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await ctx.newPage();
  await logInAs(admin, ADMIN.login, ADMIN.password, ADMIN.totpSecret);

  // Without the watch the operator is like any fan without a ticket: no credential.
  const op = await operatorToken();
  expect(await api('GET', `/streaming/join/${live!._id}`, undefined, op)).toMatchObject({ entitled: false, credential: null, need: 'ticket' });
  // The console lists the stream: its creator, its kind, its viewers and start.
  await admin.goto('/admin/streams');
  await expect(admin.getByRole('heading', { name: 'Live streams', level: 1 })).toBeVisible();
  const row = admin.getByRole('row', { name: `Live stream of ${creator.name}: ${title}` });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('Ticket');
  await expect(row).toContainText('$3.00 ticket');
  await expect(row).toContainText(creator.name);
  await expectContrast(admin);
  await pageShots(admin, 'operator-live-list', (f) => test.info().outputPath(f), { narrowReady: () => admin.getByRole('list', { name: 'Live streams list' }).waitFor() });

  // The filters: nothing private of this creator is live.
  await admin.goto(`/admin/streams?kind=private&q=${encodeURIComponent(creator.username)}`);
  await expect(admin.getByText('No live stream matches')).toBeVisible();

  // Watch (audited): the console asks why first, then plays the stream with its chat.
  await admin.goto('/admin/streams');
  await admin.getByRole('link', { name: `Watch ${creator.name}'s stream (audited)` }).click();
  await giveAccessReason(admin, reason);
  await expect(admin.getByText(/Watching with your reason/)).toBeVisible();
  await expect(admin.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectPlaying(admin);
  await expect(admin.getByRole('region', { name: 'Stream chat' })).toBeVisible();
  await expect(studio.getByTestId('viewer-count')).toHaveText('1', { timeout: 30_000 });
  await expectContrast(admin);
  await pageShots(admin, 'operator-live-watch', (f) => test.info().outputPath(f));

  // The audit log: the read, with the reason and the creator as whose data it was.
  await admin.goto('/admin/audit');
  await admin.getByLabel('Whose data (user id)').fill(creator.id);
  await admin.getByLabel('Whose data (user id)').press('Enter');
  const entry = admin.getByRole('row', { name: /Audit entry: stream\.read/ }).first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Read');
  await expect(entry).toContainText(`Reason: ${reason}`);
  await expect(entry).toContainText(`@${creator.username}`);
  // The grant names the operator (not a session): until the stream ends, join lets them in anywhere.
  expect(await api('GET', `/streaming/join/${live!._id}`, undefined, op)).toMatchObject({ entitled: true, credential: { role: 'subscriber' } });

  await stopLive(studio);
  await ctx.close();
  await studio.context().close();
});
