import type { Browser, Page } from '@playwright/test';
import { expect, test, type Account } from './fixtures/users';
import { api } from './support/api';
import { makePhoto } from './support/media';
import { newFan, signIn } from './support/session';

/**
 * Issue 12: private messages with paid media, deletion seen at once, mass messages, and a block
 * that closes the profile and the conversation. Each test makes its own fan (a block is for good).
 */

/** A fresh fan with $100 in the wallet who follows `creator`, and their id. */
async function followingFan(creator: Account, prefix: string) {
  const fan = await newFan(prefix);
  // A name of its own: conversation rows are named after the other member.
  const me = await api<{ _id: string; name: string }>('PUT', '/users', { name: `Fiona ${fan.username}` }, fan.token);
  await api('POST', '/sandbox/cards', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', holderName: 'Fiona Fan' }, fan.token);
  await api('POST', '/payment/wallet/top-up', { amount: 100 }, fan.token);
  await api('POST', `/follows/${creator.id}`, undefined, fan.token);
  return { ...fan, id: me._id, name: me.name };
}

async function pageFor(browser: Browser, token: string, width = 1280): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  await signIn(ctx, token);
  return ctx.newPage();
}

/** Resolves once the page's socket.io connection is open. */
function socketOpen(page: Page) {
  return page
    .waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'))
    .then((ws) => ws.waitForEvent('framereceived', (f) => typeof f.payload === 'string' && f.payload.startsWith('40')));
}

const thread = (page: Page) => page.getByRole('region', { name: 'Conversation' });
const composer = (page: Page) => page.getByRole('form', { name: 'Write a message' });

test('a fan writes; the creator answers with a paid photo; the fan unlocks it from the wallet; a deletion shows at once', async ({ browser, creator }, info) => {
  test.setTimeout(150_000);
  const fan = await followingFan(creator, 'dm');

  // The fan opens a chat from the creator's page and writes.
  const fanPage = await pageFor(browser, fan.token);
  await fanPage.goto(`/${creator.username}`);
  await fanPage.getByRole('link', { name: 'Message', exact: true }).click();
  await expect(fanPage).toHaveURL(/\/messages/);
  await composer(fanPage).getByRole('textbox', { name: 'Message' }).fill('Hi! Loved the last set.');
  await composer(fanPage).getByRole('button', { name: 'Send' }).click();
  await expect(thread(fanPage).getByTestId('message').filter({ hasText: 'Hi! Loved the last set.' })).toBeVisible();

  // The fan goes elsewhere and keeps the page open: the header's badge must rise without a reload.
  const connected = socketOpen(fanPage);
  await fanPage.goto('/home');
  await connected;
  await expect(fanPage.getByTestId('messages-button')).toHaveAccessibleName('Messages');

  // The creator sees the conversation as unread and answers with a paid photo.
  const creatorPage = await pageFor(browser, creator.token);
  await creatorPage.goto('/messages');
  const row = creatorPage.getByRole('link', { name: new RegExp(`^Conversation with ${fan.name}, 1 unread`) });
  await expect(row).toBeVisible();
  await row.click();
  await expect(thread(creatorPage).getByTestId('message').filter({ hasText: 'Loved the last set' })).toBeVisible();
  await composer(creatorPage).locator('input[type=file][aria-label="Attach media"]').setInputFiles(await makePhoto(info.outputDir, 'outtake.jpg', '#8e24aa'));
  await expect(composer(creatorPage).getByText('Ready')).toBeVisible({ timeout: 60_000 });
  await composer(creatorPage).getByRole('spinbutton', { name: 'Price' }).fill('3');
  await composer(creatorPage).getByRole('textbox', { name: 'Message' }).fill('An outtake, just for you');
  await composer(creatorPage).getByRole('button', { name: 'Send' }).click();
  await expect(thread(creatorPage).getByTestId('message').filter({ hasText: 'An outtake, just for you' }).getByText('Not bought yet · $3.00')).toBeVisible();

  await expect(fanPage.getByTestId('messages-button')).toHaveAccessibleName('Messages, 1 unread', { timeout: 15_000 });

  // The fan opens it: locked, with a price; unlocks it from the wallet and sees the photo.
  await fanPage.getByTestId('messages-button').click();
  await fanPage.getByRole('link', { name: new RegExp(`^Conversation with ${creator.name}`) }).click();
  const paid = thread(fanPage).getByTestId('message').filter({ hasText: 'An outtake, just for you' });
  await expect(paid.getByRole('group', { name: 'Locked media, $3.00' })).toBeVisible();
  await expect(paid.getByRole('img', { name: 'Photo' })).toHaveCount(0);
  await paid.getByRole('button', { name: 'Unlock for $3.00' }).click();
  await fanPage.getByRole('dialog').getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(paid.getByRole('img', { name: 'Photo' })).toBeVisible({ timeout: 15_000 });
  await expect(paid.getByText('Purchased · $3.00')).toBeVisible();
  // Its sender sees it bought once the thread is read again (issue 26 §4.3).
  await creatorPage.reload();
  await expect(thread(creatorPage).getByTestId('message').filter({ hasText: 'An outtake, just for you' }).getByText('Bought · $3.00')).toBeVisible();
  const balance = await api<{ balance: number }>('GET', '/users/me', undefined, fan.token);
  expect(balance.balance).toBe(97);

  // The creator sends a text and deletes it: the fan's open thread says so at once.
  await composer(creatorPage).getByRole('textbox', { name: 'Message' }).fill('Oops, wrong chat');
  await composer(creatorPage).getByRole('button', { name: 'Send' }).click();
  await expect(thread(fanPage).getByTestId('message').filter({ hasText: 'Oops, wrong chat' })).toBeVisible({ timeout: 15_000 });
  const mine = thread(creatorPage).getByTestId('message').filter({ hasText: 'Oops, wrong chat' });
  await mine.getByRole('button', { name: 'Message options' }).click();
  await creatorPage.getByRole('menuitem', { name: 'Delete' }).click();
  await creatorPage.getByRole('dialog', { name: 'Delete this message?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(thread(fanPage).getByTestId('message').filter({ hasText: 'Message deleted!' })).toHaveCount(1, { timeout: 15_000 });
  await expect(thread(fanPage).getByText('Oops, wrong chat')).toHaveCount(0);
  await fanPage.context().close();
  await creatorPage.context().close();
});

test('the creator sends a mass message to subscribers: each gets it, the history counts them', async ({ browser, creator }) => {
  test.setTimeout(120_000);
  const a = await followingFan(creator, 'massa');
  const b = await followingFan(creator, 'massb');
  const outsider = await followingFan(creator, 'massc');
  for (const f of [a, b]) await api('POST', '/payment/subscribe/performers', { performerId: creator.id, type: 'free' }, f.token);
  const stamp = Date.now().toString(36);

  const page = await pageFor(browser, creator.token);
  await page.goto('/creator/mass-messages');
  // All subscribers is the composer's default audience.
  await expect(page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Audience' }) })).toContainText('All subscribers');
  await page.getByRole('textbox', { name: 'Message text' }).fill(`Weekend show ${stamp}`);
  await page.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText('Mass message on its way')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`Mass message Weekend show ${stamp}`) });
  await expect(row).toBeVisible();
  // The history follows the delivery (it refreshes while a row is sending): two recipients.
  await expect(row.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await api<{ data: Array<{ text: string; status: string; recipients: number }> }>('GET', '/messages/broadcast-message', undefined, creator.token)).data.find((m) => m.text.includes(stamp)), { timeout: 30_000 }).toMatchObject({ status: 'sent', recipients: 2 });

  for (const f of [a, b]) {
    const convs = await api<{ data: Array<{ _id: string; lastMessage: string }> }>('GET', '/conversations', undefined, f.token);
    expect(convs.data.some((c) => c.lastMessage.includes(stamp))).toBe(true);
  }
  const none = await api<{ data: Array<{ lastMessage: string }> }>('GET', '/conversations', undefined, outsider.token);
  expect(none.data.some((c) => c.lastMessage.includes(stamp))).toBe(false);
  // A subscriber sees it in their messages.
  const fanPage = await pageFor(browser, a.token);
  await fanPage.goto('/messages');
  await fanPage.getByRole('link', { name: new RegExp(`^Conversation with ${creator.name}`) }).click();
  await expect(thread(fanPage).getByTestId('message').filter({ hasText: `Weekend show ${stamp}` })).toBeVisible();
  await page.context().close();
  await fanPage.context().close();
});

test('the creator blocks the fan from the conversation: the fan can no longer open the profile or write', async ({ browser, creator }) => {
  test.setTimeout(120_000);
  const fan = await followingFan(creator, 'blk');
  const conv = await api<{ _id: string }>('POST', '/conversations', { source: 'performer', sourceId: creator.id }, fan.token);
  await api('POST', `/messages/conversations/${conv._id}`, { text: 'Hello there' }, fan.token);

  const creatorPage = await pageFor(browser, creator.token);
  await creatorPage.goto('/messages');
  await creatorPage.getByRole('link', { name: new RegExp(`^Conversation with ${fan.name}`) }).click();
  await thread(creatorPage).getByRole('button', { name: 'Conversation options' }).click();
  await creatorPage.getByRole('menuitem', { name: `Block ${fan.name}` }).click();
  await creatorPage.getByRole('dialog').getByRole('button', { name: 'Block', exact: true }).click();
  await expect(creatorPage.getByText(`${fan.name} is blocked`)).toBeVisible();

  const fanPage = await pageFor(browser, fan.token);
  await fanPage.goto(`/${creator.username}`);
  await expect(fanPage.getByTestId('not-found')).toBeVisible();
  await fanPage.goto('/messages');
  await fanPage.getByRole('link', { name: new RegExp(`^Conversation with ${creator.name}`) }).click();
  await expect(thread(fanPage).getByRole('status').filter({ hasText: /You can.t reply to this conversation/ })).toBeVisible();
  await expect(composer(fanPage)).toHaveCount(0);
  // And the API refuses the message whatever the page shows.
  await expect(api('POST', `/messages/conversations/${conv._id}`, { text: 'Still there?' }, fan.token)).rejects.toThrow(/403/);

  // The creator's blocked page lists the fan.
  await creatorPage.goto('/creator/blocked');
  await expect(creatorPage.getByRole('button', { name: `Unblock ${fan.name}` })).toBeVisible();
  await creatorPage.context().close();
  await fanPage.context().close();
});
