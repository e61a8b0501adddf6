import { expect, test, registerVerifiedCreator } from './fixtures/users';
import { api, uniqueName } from './support/api';
import { newFan, signIn } from './support/session';

// Issue 30 §1: subscription tiers, end to end on the sandbox card.
test('a creator sets up a tier; a fan on the lower tier sees a tier-locked post locked, upgrades and sees it', async ({ browser }) => {
  const username = uniqueName('tiers');
  const creator = await registerVerifiedCreator({ firstName: 'Tia', lastName: `Tiers ${username.slice(-5)}`, username, email: `${username}@example.test`, password: 'tier-pass-123' });

  // ── The creator adds a Gold tier on the Subscription tab ──────────────────────────────────────
  const creatorCtx = await browser.newContext();
  await signIn(creatorCtx, creator.token);
  const studio = await creatorCtx.newPage();
  await studio.goto('/creator/account?tab=subscription');
  await studio.getByRole('button', { name: 'Add a tier' }).click();
  const form = studio.getByRole('dialog', { name: 'New tier' });
  await form.getByLabel('Name').fill('Gold');
  await form.getByLabel('Monthly price').fill('19.95');
  await form.getByLabel('What fans get').fill('Everything, first.');
  await form.getByRole('button', { name: 'Add tier' }).click();
  const tiers = studio.getByRole('list', { name: 'Your tiers' });
  await expect(tiers.getByRole('listitem', { name: 'Tier Gold' })).toContainText('$19.95');
  await expect(tiers.getByRole('listitem')).toHaveCount(2);
  await creatorCtx.close();

  // A post for Gold and above (through the API: the composer's select is the same field).
  const mine = await api<Array<{ _id: string; name: string }>>('GET', '/subscription-tiers/mine', undefined, creator.token);
  const gold = mine.find((t) => t.name === 'Gold')!;
  const text = `Gold only ${username}`;
  await api('POST', '/performer/feeds', { text, visibility: 'subscribers', minTierId: gold._id }, creator.token);

  // ── The fan subscribes to the default tier ────────────────────────────────────────────────────
  const fan = await newFan('tierfan');
  await api('POST', '/sandbox/cards', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', holderName: 'Fiona Fan' }, fan.token);
  const fanCtx = await browser.newContext();
  await signIn(fanCtx, fan.token);
  const page = await fanCtx.newPage();
  await page.goto(`/${creator.username}`);
  const post = page.getByRole('article', { name: `Post by ${creator.name}` }).filter({ hasText: text });
  await post.getByRole('button', { name: 'Subscribe to see this post' }).click();
  const dialog = page.getByRole('dialog', { name: `Subscribe to ${creator.name}` });
  await expect(dialog.getByRole('radio', { name: /Gold, \$19\.95 per month/ })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Standard, \$9\.95 per month/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(page.getByText(`You're subscribed to ${creator.name}`)).toBeVisible();
  // Subscribed, but below Gold: still locked, with the way up.
  await page.reload();
  await expect(post.getByRole('link', { name: 'Upgrade your tier to see this post' })).toBeVisible();

  // ── Upgrade in /user/subscriptions: the prorated difference is charged now ────────────────────
  await page.goto('/user/subscriptions');
  const row = page.getByRole('row').filter({ hasText: creator.name });
  await expect(row.getByLabel('Tier: Standard')).toBeVisible();
  await page.getByRole('button', { name: `Change tier of your subscription to ${creator.name}` }).click();
  const change = page.getByRole('dialog', { name: `Change tier — ${creator.name}` });
  await change.getByRole('radio', { name: /Gold/ }).check();
  await expect(change.getByRole('status')).toContainText('Due today: $');
  await change.getByRole('button', { name: /^Upgrade and pay \$/ }).click();
  await expect(page.getByText(/You're on Gold now — \$\d+\.\d\d charged/)).toBeVisible();
  await expect(row.getByLabel('Tier: Gold')).toBeVisible();

  await page.goto(`/${creator.username}`);
  await expect(post).toBeVisible();
  await expect(post.getByRole('link', { name: 'Upgrade your tier to see this post' })).toHaveCount(0);
  await expect(post.getByRole('button', { name: 'Subscribe to see this post' })).toHaveCount(0);
  await fanCtx.close();
});
