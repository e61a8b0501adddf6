import fs from 'node:fs';
import { E2E } from '../playwright.config';
import { expect, registerVerifiedCreator, test } from './fixtures/users';
import { api, uniqueName } from './support/api';
import { makePhoto } from './support/media';
import { newFan, pageShots, signIn } from './support/session';

/**
 * Issue 31 §1: a creator sets a paid welcome message with a photo from the vault; a new fan
 * subscribes, the message arrives in their inbox (realtime) and they buy it; the creator sees
 * sent 1 / bought 1.
 */
test('a paid welcome message from the vault reaches a new subscriber, who buys it; the creator sees the figures', async ({ browser }, info) => {
  test.setTimeout(180_000);
  const username = uniqueName('auto');
  const creator = await registerVerifiedCreator({ firstName: 'Wendy', lastName: `Welcome ${username.slice(-5)}`, username, email: `${username}@example.test`, password: 'auto-pass-123' });
  await api('PUT', '/performers/subscription-settings', { monthlyPrice: 9.95, freeSubscriptionEnabled: false }, creator.token);

  // A photo in the creator's vault (uploaded earlier, processed).
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(fs.readFileSync(await makePhoto(info.outputDir, 'welcome.jpg', '#5e35b1')))], { type: 'image/jpeg' }), 'welcome.jpg');
  const up = await fetch(`${E2E.api}/messages/private/file`, { method: 'POST', body: form, headers: { authorization: `Bearer ${creator.token}` } });
  expect(up.status).toBe(200);
  const fileId = ((await up.json()) as { data: { _id: string } }).data._id;
  await expect.poll(async () => (await api<{ status: string }>('GET', `/messages/new/file/${fileId}/status`, undefined, creator.token)).status, { timeout: 60_000 }).toBe('ready');

  // ── The creator writes the welcome message in the browser ──────────────────────────────────────
  const creatorCtx = await browser.newContext();
  await signIn(creatorCtx, creator.token);
  const studio = await creatorCtx.newPage();
  await studio.goto('/creator/auto-messages');
  await expect(studio.getByRole('heading', { name: 'Automatic messages', level: 1 })).toBeVisible();
  const welcome = studio.getByTestId('auto-welcome');
  await expect(welcome.getByText('No welcome message yet')).toBeVisible();
  await pageShots(studio, 'auto-messages-empty', (f) => info.outputPath(f));
  await welcome.getByRole('switch', { name: 'Send the welcome message automatically' }).click();
  await welcome.getByRole('textbox', { name: 'Welcome message text' }).fill('Welcome! A little thank-you photo inside.');
  await welcome.getByRole('button', { name: 'Add media from the vault to the welcome message' }).click();
  const picker = studio.getByRole('dialog');
  await picker.getByRole('list', { name: 'Vault files' }).getByRole('button').first().click();
  await picker.getByRole('button', { name: 'Add selected' }).click();
  await expect(picker).toBeHidden();
  await welcome.getByRole('spinbutton', { name: 'Welcome message price' }).fill('4');
  await welcome.getByRole('button', { name: 'Save' }).click();
  await expect(studio.getByText('Welcome message saved')).toBeVisible();
  await expect(welcome.getByTestId('auto-welcome-sent')).toHaveText('0');

  // ── A new fan subscribes on the profile; the welcome message arrives while they browse ─────────
  const fan = await newFan('autofan');
  await api('POST', '/sandbox/cards', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', holderName: 'Nia New' }, fan.token);
  await api('POST', '/payment/wallet/top-up', { amount: 20 }, fan.token);
  const fanCtx = await browser.newContext();
  await signIn(fanCtx, fan.token);
  const page = await fanCtx.newPage();
  await page.goto(`/${creator.username}`);
  await page.getByRole('button', { name: /^Subscribe · / }).click();
  const dialog = page.getByRole('dialog', { name: `Subscribe to ${creator.name}` });
  await dialog.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(page.getByText(`You're subscribed to ${creator.name}`)).toBeVisible();
  // Realtime: the header's badge rises without a reload.
  await expect(page.getByTestId('messages-button')).toHaveAccessibleName('Messages, 1 unread', { timeout: 20_000 });
  await page.getByTestId('messages-button').click();
  await page.getByRole('link', { name: new RegExp(`^Conversation with ${creator.name}`) }).click();
  const paid = page.getByRole('region', { name: 'Conversation' }).getByTestId('message').filter({ hasText: 'A little thank-you photo inside' });
  await expect(paid.getByRole('group', { name: 'Locked media, $4.00' })).toBeVisible();
  await paid.getByRole('button', { name: 'Unlock for $4.00' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(paid.getByRole('img', { name: 'Photo' })).toBeVisible({ timeout: 15_000 });
  await fanCtx.close();

  // ── The creator sees sent 1, bought 1 ─────────────────────────────────────────────────────────
  await studio.reload();
  await expect(welcome.getByTestId('auto-welcome-sent')).toHaveText('1');
  await expect(welcome.getByTestId('auto-welcome-read')).toHaveText('1');
  await expect(welcome.getByTestId('auto-welcome-bought')).toHaveText('1');
  await expect(welcome.getByTestId('auto-welcome-revenue')).toHaveText('$4.00');
  await pageShots(studio, 'auto-messages', (f) => info.outputPath(f));
  await creatorCtx.close();
});
