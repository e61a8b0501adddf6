import type { Browser } from '@playwright/test';
import { expect, test, registerOwnCreator } from './fixtures/users';
import { api } from './support/api';
import { goLive, pageFor, stopLive, walletFan } from './support/live';
import { pageShots } from './support/session';

/**
 * Issue 31 §2: the tip menu. A creator builds a menu in the browser; a fan orders from the profile;
 * in the creator's live stream the fan types "!song" in the chat, the item's dialog opens instead
 * of sending, the order shows in the chat and on screen (and in the studio); the creator marks it done.
 */
test('a creator builds a tip menu; a fan orders from the profile and with !song in a live stream; the creator marks it done', async ({ browser }: { browser: Browser }) => {
  test.setTimeout(240_000);
  const creator = await registerOwnCreator('tipmenu');
  const fan = await walletFan('tipfan', 50);

  // ── The creator builds the menu ──────────────────────────────────────────────────────────────
  const studio = await pageFor(browser, creator.token);
  await studio.goto('/creator/tip-menu');
  await expect(studio.getByRole('heading', { name: 'Tip menu', level: 1 })).toBeVisible();
  await expect(studio.getByText('Your tip menu is empty')).toBeVisible();
  for (const item of [{ name: 'Song request', price: '15', keyword: 'song' }, { name: 'Shout-out', price: '10', keyword: '!shout' }]) {
    await studio.getByRole('button', { name: 'Add item' }).first().click();
    const form = studio.getByRole('dialog', { name: 'Add an item' });
    await form.getByLabel('Name').fill(item.name);
    await form.getByLabel('Price').fill(item.price);
    await form.getByLabel('Live chat keyword').fill(item.keyword);
    await form.getByRole('button', { name: 'Add item' }).click();
    await expect(form).toBeHidden();
  }
  const items = studio.getByTestId('tip-menu-item');
  await expect(items).toHaveCount(2);
  await studio.getByRole('button', { name: 'Move Shout-out up' }).click();
  await expect(items.first()).toContainText('Shout-out');
  await expect(items.first()).toContainText('!shout');

  // ── A fan orders from the profile ─────────────────────────────────────────────────────────────
  const page = await pageFor(browser, fan.token);
  await page.goto(`/${creator.username}`);
  const menu = page.getByRole('region', { name: 'Tip menu' });
  await expect(menu.getByText('Shout-out')).toBeVisible();
  await menu.getByRole('button', { name: 'Order Shout-out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Order “Shout-out”' });
  await expect(dialog.getByTestId('tip-menu-balance')).toHaveText('$50.00');
  await expect(dialog.getByTestId('taxed-price')).toContainText('$10.00');
  await dialog.getByLabel('Note').fill('Hi from the browser test');
  await pageShots(page, 'tip-menu-order-dialog', (f) => test.info().outputPath(f));
  await dialog.getByRole('button', { name: 'Order for $10.00' }).click();
  await expect(dialog).toBeHidden();
  await expect(menu.getByRole('list', { name: 'Your tip menu orders' }).getByRole('listitem').filter({ hasText: 'Shout-out' })).toContainText('Pending');
  const mine = await api<{ data: Array<{ itemName: string; status: string }> }>('GET', '/tip-menu/orders/mine', undefined, fan.token);
  expect(mine.data.map((o) => [o.itemName, o.status])).toEqual([['Shout-out', 'pending']]);
  const charges = await api<{ data: Array<{ description: string; amount: number }> }>('GET', '/wallet/charges/search?type=tip', undefined, fan.token);
  expect(charges.data.map((c) => [c.description, c.amount])).toEqual([['Tip menu: Shout-out', 10]]);

  // ── In a live stream: "!song" opens the item's dialog; the order shows in the chat and on screen ──
  await api('POST', `/follows/${creator.id}`, undefined, fan.token);
  await goLive(studio, { type: 'Public', title: `Requests night ${Date.now().toString(36)}` });
  await page.goto(`/live/${creator.username}`);
  const chat = page.getByRole('region', { name: 'Stream chat' });
  await expect(chat.getByLabel('Chat message')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Tip menu' }).getByText('Song request')).toBeVisible();
  await chat.getByLabel('Chat message').fill('!song');
  await chat.getByRole('button', { name: 'Send message' }).click();
  const songDialog = page.getByRole('dialog', { name: 'Order “Song request”' });
  await expect(songDialog).toBeVisible();
  await expect(chat.getByLabel('Chat message')).toHaveValue('');
  await songDialog.getByRole('button', { name: 'Order for $15.00' }).click();
  await expect(songDialog).toBeHidden();
  await expect(chat.locator('[data-testid="stream-message"][data-type="tip"]')).toContainText('Ordered Song request');
  await expect(page.getByTestId('tip-menu-shout')).toContainText(`${fan.name} ordered Song request`);
  await expect(studio.getByTestId('tip-menu-shout')).toContainText('ordered Song request');
  await page.screenshot({ path: test.info().outputPath('tip-menu-live-1280-light.png') });
  await studio.screenshot({ path: test.info().outputPath('tip-menu-studio-1280-light.png') });
  await expect(studio.getByRole('region', { name: 'Stream chat' }).locator('[data-testid="stream-message"][data-type="tip"]')).toContainText('Ordered Song request');
  await stopLive(studio);

  // ── The creator marks it done ─────────────────────────────────────────────────────────────────
  await studio.goto('/creator/tip-menu');
  await expect(studio.getByText('2 orders').first()).toBeVisible();
  await studio.getByRole('button', { name: 'Mark Song request done' }).click();
  await expect(studio.getByText('Song request marked done')).toBeVisible();
  await expect(studio.getByRole('button', { name: 'Mark Song request done' })).toBeHidden();
  await expect(studio.getByRole('button', { name: 'Mark Shout-out done' })).toBeVisible();
  await pageShots(studio, 'tip-menu-creator', (f) => test.info().outputPath(f));
  const after = await api<{ data: Array<{ itemName: string; status: string }> }>('GET', '/tip-menu/orders/mine', undefined, fan.token);
  expect(after.data.find((o) => o.itemName === 'Song request')?.status).toBe('done');
  await page.goto(`/${creator.username}`);
  await expect(page.getByRole('list', { name: 'Your tip menu orders' }).getByRole('listitem').filter({ hasText: 'Song request' })).toContainText('Done');
  await pageShots(page, 'tip-menu-profile', (f) => test.info().outputPath(f));
});

/**
 * Issue 31 §2 "fans buy … from a conversation": in the message thread with the creator, the fan opens
 * the composer's tip menu, orders an item with a note; the order is a tip on the fan's charges, and
 * the creator sees it in the orders queue of their tip menu page.
 */
test('a fan orders a tip-menu item from the conversation with the creator; the creator sees the order', async ({ browser }: { browser: Browser }) => {
  test.setTimeout(150_000);
  const creator = await registerOwnCreator('tipdm');
  await api('POST', '/tip-menu/items', { name: 'Voice note', price: 12.5, description: 'A personal voice message' }, creator.token);
  const fan = await walletFan('tipdm', 30);
  await api('POST', `/follows/${creator.id}`, undefined, fan.token);
  const conv = await api<{ _id: string }>('POST', '/conversations', { source: 'performer', sourceId: creator.id }, fan.token);
  await api('POST', `/messages/conversations/${conv._id}`, { text: 'Hi! Could I get a voice note?' }, fan.token);

  const page = await pageFor(browser, fan.token);
  await page.goto('/messages');
  await page.getByRole('link', { name: new RegExp(`^Conversation with ${creator.name}`) }).click();
  const composer = page.getByRole('form', { name: 'Write a message' });
  await composer.getByRole('button', { name: 'Tip menu' }).click();
  const menu = page.getByRole('dialog', { name: `${creator.name}'s tip menu` });
  await expect(menu.getByText('Voice note')).toBeVisible();
  await menu.getByRole('button', { name: 'Order Voice note' }).click();
  const order = page.getByRole('dialog', { name: 'Order “Voice note”' });
  await expect(order.getByTestId('tip-menu-balance')).toHaveText('$30.00');
  await order.getByLabel('Note').fill('Say hi to my sister Ana');
  await order.getByRole('button', { name: 'Order for $12.50' }).click();
  await expect(order).toBeHidden();
  await expect(menu).toBeHidden();
  const charges = await api<{ data: Array<{ description: string; amount: number }> }>('GET', '/wallet/charges/search?type=tip', undefined, fan.token);
  expect(charges.data.map((c) => [c.description, c.amount])).toEqual([['Tip menu: Voice note', 12.5]]);

  // The creator's queue shows the order (item, note, fan, price), pending.
  const studio = await pageFor(browser, creator.token);
  await studio.goto('/creator/tip-menu');
  const row = studio.getByRole('row').filter({ hasText: 'Voice note' }).filter({ hasText: 'Say hi to my sister Ana' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('$12.50');
  await expect(row).toContainText(fan.name);
  await expect(row.getByRole('button', { name: 'Mark Voice note done' })).toBeVisible();
  await page.context().close();
  await studio.context().close();
});
