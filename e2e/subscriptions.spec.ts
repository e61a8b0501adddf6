import { expect, test } from './fixtures/users';
import { api } from './support/api';
import { newFan, signIn } from './support/session';

// Issue 26 §4.2: /user/subscriptions offered "Subscribe again" for a creator the fan had blocked
// (the dialog then said "Creator not found"). The row now says so instead.
test('a subscription to a creator the fan blocked says so instead of offering "Subscribe again"', async ({ browser, creator }) => {
  const fan = await newFan('subblk');
  await api('POST', '/sandbox/cards', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', holderName: 'Fiona Fan' }, fan.token);
  await api('POST', '/payment/subscribe/performers', { performerId: creator.id, type: 'free' }, fan.token);
  // The block ends the subscription's renewal: the row becomes a cancelled one.
  await api('POST', '/block/users', { targetId: creator.id }, fan.token);
  const ctx = await browser.newContext();
  await signIn(ctx, fan.token);
  const page = await ctx.newPage();
  await page.goto('/user/subscriptions');
  const row = page.getByRole('row').filter({ hasText: creator.name });
  await expect(row).toContainText('You blocked this creator');
  await expect(page.getByRole('button', { name: `Subscribe again to ${creator.name}` })).toHaveCount(0);

  // Unblocked: the offer is back.
  await api('DELETE', `/block/users/${creator.id}`, undefined, fan.token);
  await page.reload();
  await expect(page.getByRole('button', { name: `Subscribe again to ${creator.name}` })).toBeVisible();
  await ctx.close();
});
