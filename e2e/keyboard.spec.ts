import { expect, test } from './fixtures/ready';
import type { Locator, Page } from '@playwright/test';
import { registerOwnCreator } from './fixtures/users';
import { newFan, signIn } from './support/session';

/**
 * Issue 34 §5: the main journeys with the keyboard alone — Tab, Shift+Tab, Enter, Space, Escape,
 * the arrow keys and typing; never a click. A creator writes a post; a fan signs in, finds the
 * creator, follows, subscribes (the free trial, with the sandbox's test card typed in), opens
 * the post and likes it, sends a message and signs out. Every control reached shows where the focus is.
 */

/** The focused element shows it: an outline or a box shadow (antd's focus ring), not nothing. */
async function expectFocusShown(target: Locator) {
  const ring = await target.evaluate((el) => {
    const shown = (s: CSSStyleDeclaration) => (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
    // An input inside antd's wrapper (affix, password, textarea with count) draws the ring on the wrapper.
    for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) if (shown(getComputedStyle(e))) return true;
    return false;
  });
  expect(ring, `a visible focus indicator on ${target}`).toBe(true);
}

/**
 * Presses Tab until `target` has the focus — Shift+Tab when the focus is after it in the page —
 * and fails when it never gets there.
 */
async function tabTo(page: Page, target: Locator, opts: { max?: number } = {}) {
  await expect(target).toBeVisible();
  const back = await target.evaluate((el) => {
    const active = document.activeElement;
    return Boolean(active && active !== document.body && el.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  for (let i = 0; i <= (opts.max ?? 60); i++) {
    if (await target.evaluate((el) => el === document.activeElement)) {
      await expectFocusShown(target);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target} cannot be reached with ${back ? 'Shift+Tab' : 'Tab'}`);
}

test('keyboard only: a creator posts; a fan signs in, follows, opens the post, subscribes, writes and signs out', async ({ browser }) => {
  test.setTimeout(120_000);
  const star = await registerOwnCreator('kbd');
  const fan = await newFan('kbd');
  const text = `Played with the keyboard alone ${Date.now().toString(36)}`;

  // ── The creator writes a post ─────────────────────────────────────────────────────────────
  const creatorCtx = await browser.newContext();
  await signIn(creatorCtx, star.token);
  const studio = await creatorCtx.newPage();
  await studio.goto('/creator/feeds/new');
  // The skip link is the first stop and takes the focus past the header to the page's content.
  await studio.keyboard.press('Tab');
  const skip = studio.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await studio.keyboard.press('Enter');
  await expect(studio.locator('#main')).toBeFocused();
  const postText = studio.getByLabel('Post text');
  await tabTo(studio, postText);
  await studio.keyboard.type(text);
  // Visibility: Free is chosen; the arrow keys move within the radio group.
  const free = studio.getByRole('radio', { name: 'Free' });
  await tabTo(studio, free);
  await expect(free).toBeChecked();
  const publish = studio.getByRole('button', { name: 'Publish' });
  await tabTo(studio, publish);
  await studio.keyboard.press('Enter');
  await expect(studio.getByText('Post published')).toBeVisible();
  await creatorCtx.close();

  // ── The fan signs in ──────────────────────────────────────────────────────────────────────
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto('/auth/login');
  const username = page.getByLabel('Username or e-mail');
  await tabTo(page, username);
  await page.keyboard.type(fan.username);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type('fan-pass-123');
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname === '/home');

  // ── finds the creator with the header's search ────────────────────────────────────────────
  const search = page.getByRole('banner').getByRole('searchbox', { name: 'Search' });
  await tabTo(page, search);
  await page.keyboard.type(star.username);
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname === '/search');
  const profileLink = page.getByRole('main').getByRole('link', { name: new RegExp(star.name) }).first();
  await tabTo(page, profileLink);
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname === `/${star.username}`);
  await expect(page.getByRole('heading', { name: star.name })).toBeVisible();

  // ── follows (Space on a button) ────────────────────────────────────────────────────────────
  const follow = page.getByRole('main').getByRole('button', { name: 'Follow', exact: true });
  await tabTo(page, follow);
  await page.keyboard.press('Space');
  await expect(page.getByRole('main').getByRole('button', { name: 'Following', exact: true })).toBeVisible();

  // ── subscribes: the dialog opens, Escape closes it and gives the focus back; then the free trial ─
  const trial = page.getByRole('button', { name: /^Free for \d+ days?$/ });
  await tabTo(page, trial);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Subscribe to ${star.name}` });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trial).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const trialRadio = dialog.getByRole('radio', { name: 'Free trial' });
  await tabTo(page, trialRadio);
  await expect(trialRadio).toBeChecked();
  // A trial still asks for a card (the sandbox's test card), typed into the dialog's own form.
  for (const [name, value] of [['Card number', '4242424242424242'], ['Expiry month', '12'], ['Expiry year', '2030'], ['CVC', '123'], ['Name on card', 'Fiona Fan']] as const) {
    await tabTo(page, dialog.getByRole('textbox', { name }));
    await page.keyboard.type(value);
  }
  await tabTo(page, dialog.getByRole('button', { name: 'Save card' }));
  await page.keyboard.press('Enter');
  const subscribe = dialog.getByRole('button', { name: 'Subscribe', exact: true });
  await expect(subscribe).toBeEnabled();
  await tabTo(page, subscribe);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Your free trial with ${star.name} has started`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // ── opens the post ────────────────────────────────────────────────────────────────────────
  const post = page.getByRole('article', { name: `Post by ${star.name}` }).filter({ hasText: text });
  const postLink = post.locator('a[href^="/post/"]').first();
  await tabTo(page, postLink);
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname.startsWith('/post/'));
  await expect(page.getByRole('article', { name: `Post by ${star.name}` })).toContainText(text);
  // Likes it (Enter on a button).
  const like = page.getByRole('button', { name: 'Like', exact: true });
  await tabTo(page, like);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Unlike', exact: true })).toBeVisible();

  // ── writes to the creator: back to the profile (the browser's Back, Alt+Left), the Message link ─
  await page.goBack();
  await page.waitForURL((u) => u.pathname === `/${star.username}`);
  const message = page.getByRole('main').getByRole('link', { name: 'Message', exact: true });
  await tabTo(page, message);
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname === '/messages' && u.searchParams.has('c'));
  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  await tabTo(page, composer);
  await page.keyboard.type('Hello from the keyboard');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('log', { name: 'Messages' }).getByTestId('message').filter({ hasText: 'Hello from the keyboard' })).toBeVisible();

  // ── signs out: the account menu opens with Enter, the arrow keys walk it ───────────────────
  const menuButton = page.getByRole('banner').getByRole('button', { name: 'Fiona Fan' });
  await tabTo(page, menuButton, { max: 80 });
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const logOut = menu.getByRole('menuitem', { name: 'Log out' });
  for (let i = 0; i < 20 && !(await logOut.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))); i++) await page.keyboard.press('ArrowDown');
  await expect(logOut).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname === '/auth/login' || u.pathname === '/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Fiona Fan' })).toHaveCount(0);
  await ctx.close();
});
