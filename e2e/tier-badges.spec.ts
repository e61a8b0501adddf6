import { expect, test, registerVerifiedCreator } from './fixtures/users';
import { api, uniqueName } from './support/api';
import { newFan, signIn } from './support/session';

// Issue 30 §1: the fan's tier shows as a badge beside their name in the creator's view — their
// comment on the creator's post and their conversation — and never in the fan's own view.
test('the creator sees a Gold subscriber\'s tier badge beside their comment and their message; the fan sees none', async ({ browser }) => {
  test.setTimeout(120_000);
  const username = uniqueName('badges');
  const creator = await registerVerifiedCreator({ firstName: 'Bea', lastName: `Badges ${username.slice(-5)}`, username, email: `${username}@example.test`, password: 'badge-pass-123' });
  const gold = await api<{ _id: string }>('POST', '/subscription-tiers', { name: 'Gold', price: 19.95, colour: '#d4b106' }, creator.token);
  const text = `Free for all ${username}`;
  const post = await api<{ _id: string }>('POST', '/performer/feeds', { text, visibility: 'free' }, creator.token);

  // A fan subscribes to Gold, comments on the post and writes to the creator (through the API).
  const fan = await newFan('goldfan');
  await api('POST', '/sandbox/cards', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', holderName: 'Fiona Fan' }, fan.token);
  await api('POST', '/payment/subscribe/performers', { performerId: creator.id, tierId: gold._id }, fan.token);
  await api('POST', '/comments', { objectType: 'feed', objectId: post._id, content: 'Gold fan here!' }, fan.token);
  const conv = await api<{ _id: string }>('POST', '/conversations', { source: 'performer', sourceId: creator.id }, fan.token);
  await api('POST', `/messages/conversations/${conv._id}`, { text: 'Hello from Gold' }, fan.token);

  // ── The creator: the badge beside the fan's comment ──────────────────────────────────────────
  const creatorCtx = await browser.newContext();
  await signIn(creatorCtx, creator.token);
  const page = await creatorCtx.newPage();
  await page.goto(`/${creator.username}`);
  const article = page.getByRole('article', { name: `Post by ${creator.name}` }).filter({ hasText: text });
  await article.getByRole('button', { name: 'Comments' }).click();
  const comment = page.getByRole('listitem', { name: 'Comment by Fiona Fan' }).filter({ hasText: 'Gold fan here!' });
  await expect(comment.getByLabel('Tier: Gold')).toBeVisible();
  await comment.screenshot({ path: test.info().outputPath('badge-comment-1280.png') });

  // ── … and in their messages: the conversation list and the thread's header ───────────────────
  await page.goto('/messages');
  const row = page.getByRole('link', { name: /^Conversation with Fiona Fan/ });
  await expect(row.getByLabel('Tier: Gold')).toBeVisible();
  await row.click();
  await expect(page.getByTestId('message').filter({ hasText: 'Hello from Gold' })).toBeVisible();
  await expect(page.locator('header').getByLabel('Tier: Gold')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('badge-messages-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/messages');
  await expect(page.getByRole('link', { name: /^Conversation with Fiona Fan/ }).getByLabel('Tier: Gold')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('badge-messages-390-dark.png') });
  await creatorCtx.close();

  // ── The fan's own view: no tier beside anyone's name ─────────────────────────────────────────
  const fanCtx = await browser.newContext();
  await signIn(fanCtx, fan.token);
  const fanPage = await fanCtx.newPage();
  await fanPage.goto(`/${creator.username}`);
  const fanArticle = fanPage.getByRole('article', { name: `Post by ${creator.name}` }).filter({ hasText: text });
  await fanArticle.getByRole('button', { name: 'Comments' }).click();
  const own = fanPage.getByRole('listitem', { name: 'Comment by Fiona Fan' }).filter({ hasText: 'Gold fan here!' });
  await expect(own).toBeVisible();
  await expect(own.getByLabel(/^Tier: /)).toHaveCount(0);
  await fanPage.goto('/messages');
  const fanRow = fanPage.getByRole('link', { name: new RegExp(`^Conversation with ${creator.name}`) });
  await expect(fanRow).toBeVisible();
  await expect(fanPage.getByLabel(/^Tier: /)).toHaveCount(0);
  await fanCtx.close();
});
