import { expect, test, registerVerifiedCreator } from './fixtures/users';
import { api, uniqueName } from './support/api';
import { LoginPage } from './pages/auth';
import { newFan, pageShots, signIn } from './support/session';

// Issue 30 §3: promotions and free-trial links, end to end on the sandbox card.
test('a creator runs "50 % off for 3 months" and a trial link; a fan subscribes at the promoted price, another claims the link; the creator sees the claims', async ({ browser }) => {
  const username = uniqueName('promo');
  const creator = await registerVerifiedCreator({ firstName: 'Pia', lastName: `Promo ${username.slice(-5)}`, username, email: `${username}@example.test`, password: 'promo-pass-123' });

  // ── The creator starts a promotion and makes a trial link on the Promotions page ──────────────
  const creatorCtx = await browser.newContext();
  await signIn(creatorCtx, creator.token);
  const studio = await creatorCtx.newPage();
  await studio.goto('/creator/promotions');
  await expect(studio.getByRole('heading', { name: 'Promotions', level: 1 })).toBeVisible();
  await expect(studio.getByText('No promotions yet')).toBeVisible();
  await studio.getByRole('button', { name: 'New promotion' }).click();
  let form = studio.getByRole('dialog', { name: 'New promotion' });
  await form.getByLabel('Percent off').fill('50');
  await form.getByLabel('For how many months').fill('3');
  await form.getByLabel('How many claims').fill('12');
  await form.getByRole('button', { name: 'Start promotion' }).click();
  await expect(form).toBeHidden();
  await expect(studio.getByLabel('Promotion: 50 % off for 3 months').first()).toBeVisible();

  await studio.getByRole('button', { name: 'New promotion' }).click();
  form = studio.getByRole('dialog', { name: 'New promotion' });
  await form.getByText('Trial link', { exact: true }).click();
  await form.getByLabel('Free days').fill('7');
  await form.getByLabel('How many fans').fill('5');
  await form.getByRole('button', { name: 'Make link' }).click();
  await expect(form).toBeHidden();
  const copyLink = studio.getByRole('button', { name: /^Copy trial link [A-Z2-9]{10}$/ }).first();
  await expect(copyLink).toBeVisible();
  const code = (await copyLink.getAttribute('aria-label'))!.replace('Copy trial link ', '');

  // ── A fan sees the promotion on the profile and subscribes at the promoted price ──────────────
  const fan = await newFan('promofan');
  await api('POST', '/sandbox/cards', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', holderName: 'Fiona Fan' }, fan.token);
  const fanCtx = await browser.newContext();
  await signIn(fanCtx, fan.token);
  const page = await fanCtx.newPage();
  await page.goto(`/${creator.username}`);
  await expect(page.getByLabel('Promotions').getByLabel('Promotion: 50 % off for 3 months — 12 left')).toBeVisible();
  await page.getByRole('button', { name: /^Subscribe · / }).click();
  const dialog = page.getByRole('dialog', { name: `Subscribe to ${creator.name}` });
  await expect(dialog.getByText('$4.97 for 3 months, then $9.95').first()).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: 'Due today' })).toContainText('$4.97');
  await dialog.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(page.getByText(`You're subscribed to ${creator.name}`)).toBeVisible();
  const paid = await api<{ data: Array<{ amount: number; status: string }> }>('GET', '/payment/transactions/user/search', undefined, fan.token);
  expect(paid.data.map((p) => [p.status, p.amount])).toEqual([['succeeded', 4.97]]);
  await page.reload();
  await expect(page.getByLabel('Promotions').getByLabel('Promotion: 50 % off for 3 months — 11 left')).toBeVisible();
  await pageShots(page, 'promotion-profile', (f) => test.info().outputPath(f));
  await fanCtx.close();

  // ── Another fan claims the trial link ─────────────────────────────────────────────────────────
  const other = await newFan('trialfan');
  await api('POST', '/sandbox/cards', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', holderName: 'Tara Trial' }, other.token);
  // They open the link signed out: the dialog asks them to log in, and the login brings them back
  // to the profile with the link's offer (`?next=`).
  const otherCtx = await browser.newContext();
  const op = await otherCtx.newPage();
  await op.goto(`/${creator.username}?trial=${code}`);
  await expect(op.getByText('Free for 7 days with this trial link')).toBeVisible();
  await op.getByRole('button', { name: 'Start free trial' }).click();
  await op.getByRole('dialog', { name: `Subscribe to ${creator.name}` }).getByRole('button', { name: 'Log in' }).click();
  await op.waitForURL(/\/auth\/login\?next=/);
  await new LoginPage(op).logIn(other.username, 'fan-pass-123');
  await op.waitForURL((u) => u.pathname === `/${creator.username}` && u.searchParams.get('trial') === code);
  await expect(op.getByText('Free for 7 days with this trial link')).toBeVisible();
  await op.getByRole('button', { name: 'Start free trial' }).click();
  const trial = op.getByRole('dialog', { name: `Subscribe to ${creator.name}` });
  await expect(trial.getByRole('radio', { name: 'Free trial' })).toBeChecked();
  await expect(trial.getByText('7 days free')).toBeVisible();
  await trial.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(op.getByText(`Your free trial with ${creator.name} has started`)).toBeVisible();
  await otherCtx.close();

  // ── The creator sees the claims ───────────────────────────────────────────────────────────────
  await studio.reload();
  await expect(studio.getByLabel('1 of 12 claimed').first()).toBeVisible();
  await expect(studio.getByLabel('1 of 5 claimed').first()).toBeVisible();
  await expect(studio.getByTestId('stat-revenue')).toContainText('$4.97');
  await pageShots(studio, 'promotions', (f) => test.info().outputPath(f));
  await creatorCtx.close();
});
