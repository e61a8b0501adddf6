import type { Browser } from '@playwright/test';
import { expect, test, type Account } from './fixtures/users';
import { api } from './support/api';
import { goLive, pageFor, stopLive } from './support/live';

/**
 * Issue 27 §2: a recorded stream becomes a replay. The creator goes live with "Record a replay"
 * (Chromium's fake camera into the built-in Janus), streams a few seconds and stops; Janus's
 * recording is converted into a draft video "Replay of …" in the vault and the creator is told.
 * From the notification the creator publishes it for sale in one step; a fan finds it on the
 * creator's Videos tab, for sale.
 */
test('a recorded stream becomes a replay in the vault, published for sale in one step', async ({ browser, creator, fan }: { browser: Browser; creator: Account; fan: Account }) => {
  test.setTimeout(240_000);
  const title = `Rooftop set ${Date.now().toString(36)}`;
  const studio = await pageFor(browser, creator.token);
  await goLive(studio, { type: 'Public', title, record: true });
  await expect(studio.getByRole('status').filter({ hasText: 'On air' })).toBeVisible({ timeout: 30_000 });
  // A few seconds on air (the studio's clock), so the recording holds a picture.
  await expect(studio.getByLabel('Time live')).toHaveText(/^0:(0[5-9]|[1-5]\d)$/, { timeout: 30_000 });
  await stopLive(studio);
  await expect(studio.getByText('Your stream has ended — its replay will be in your vault in a few minutes')).toBeVisible();

  // The creator is told when the replay is ready; the notification opens the draft video.
  const ready = `Your replay of ${title} is ready`;
  await expect
    .poll(async () => (await api<{ data: Array<{ text: string }> }>('GET', '/notification?limit=20', undefined, creator.token)).data.map((n) => n.text), { timeout: 120_000, intervals: [1000] })
    .toContain(ready);
  await studio.goto('/notifications');
  await studio.getByRole('link', { name: new RegExp(ready) }).first().click();
  await expect(studio).toHaveURL(/\/creator\/videos\/[^/]+\/edit/);
  await expect(studio.getByLabel('Title')).toHaveValue(new RegExp(`^Replay of ${title} \\(`));

  // One step: published, for sale.
  await studio.getByRole('combobox', { name: 'Status' }).click();
  await studio.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^Active$/ }).click();
  await studio.getByRole('radio', { name: 'For sale' }).check();
  await studio.getByLabel('Price').fill('3.50');
  await studio.getByRole('button', { name: 'Save changes' }).click();
  await expect(studio).toHaveURL(/\/creator\/videos$/);
  const row = studio.getByRole('row').filter({ hasText: `Replay of ${title}` });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('$3.50');

  // A fan finds it on the creator's Videos tab, for sale.
  const watch = await pageFor(browser, fan.token);
  await watch.goto(`/${creator.username}`);
  await watch.getByRole('tab', { name: /^Videos/ }).click();
  await watch.getByRole('link', { name: new RegExp(`Replay of ${title}`) }).click();
  await expect(watch.getByRole('button', { name: 'Unlock for $3.50' })).toBeVisible();
  for (const p of [studio, watch]) await p.context().close();
});
