import { expect, test } from './fixtures/ready';
import { demoCreator, newFan, signIn } from './support/session';

/**
 * Issue 34 §5: what a screen reader is given on the main journeys — Playwright's accessibility tree
 * (aria snapshots: roles, names, states, landmarks, headings). Templates match partially: each
 * lists what must be there, in order, and leaves out the rest.
 */

test('signed out: the landing page and the sign-in form, its errors announced', async ({ page }) => {
  await page.goto('/');
  // The skip link first, then the landmarks: banner (with the main navigation and the search), main, footer.
  await expect(page.locator('body')).toMatchAriaSnapshot(`
    - link "Skip to main content"
    - banner:
      - link "Stagepass home"
      - navigation "Main":
        - link "Explore"
      - search:
        - searchbox "Search"
      - button /^Theme/
      - link "Log in"
      - link "Sign up"
    - main:
      - heading [level=1]
      - link "Join as a fan"
      - link "Become a creator"
    - contentinfo:
      - navigation "Footer":
        - link "Contact"
  `);

  await page.goto('/auth/login');
  await expect(page.getByRole('main')).toMatchAriaSnapshot(`
    - main:
      - heading "Welcome back" [level=1]
      - textbox "Username or e-mail"
      - textbox "Password"
      - button "Show"
      - checkbox "Remember me"
      - link "Forgot password?"
      - button "Log in"
      - paragraph:
        - link "Create a fan account"
        - link "Become a creator"
  `);
  // Sent empty: both fields are marked invalid and say why.
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('main')).toMatchAriaSnapshot(`
    - textbox "Username or e-mail" [invalid]
    - textbox "Password" [invalid]
  `);
  await expect(page.getByRole('textbox', { name: 'Username or e-mail' })).toHaveAccessibleDescription(/\S/);
  // A wrong password: the server's answer is announced (role=alert).
  await page.getByLabel('Username or e-mail').fill('nobody-here');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('main')).toMatchAriaSnapshot(`
    - heading "Welcome back" [level=1]
    - alert
    - textbox "Username or e-mail"
  `);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(/\w+/);
});

test("a fan: the home feed, a creator's profile, the subscribe dialog, messages", async ({ browser }) => {
  const fan = await newFan('sr');
  const creator = await demoCreator();
  const context = await browser.newContext();
  await signIn(context, fan.token);
  const page = await context.newPage();

  await page.goto('/home');
  // Signed in: the account's controls in the banner, the navigation named and its links named by
  // their words alone (the icons are hidden), the feed in main.
  await expect(page.locator('body')).toMatchAriaSnapshot(`
    - link "Skip to main content"
    - banner:
      - link "Stagepass home"
      - search:
        - searchbox "Search"
      - link "Messages"
      - button /^Notifications/
      - button "Cart"
      - link /^Wallet balance \\$/
      - button "Fiona Fan"
    - complementary "Navigation":
      - navigation "Signed-in navigation":
        - link "Home"
        - link "Explore"
        - link "Notifications"
        - link "Messages"
    - main:
      - heading /Welcome to .*, Fiona/ [level=1]
  `);

  // A creator's profile: h1 the name, the actions as named buttons, the tabs with the chosen one.
  await page.goto(`/${creator.username}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main).toMatchAriaSnapshot(`
    - main:
      - heading "Luna Rivers" [level=1]
      - button "Share"
      - button "Bookmark"
      - button "Follow"
      - button "Send tip"
      - link "Message"
      - button /^(Free for \\d+ days?|Subscribe)/
      - button "More actions"
      - tablist:
        - tab /^Posts/ [selected]
        - tab /^Videos/
        - tab /^Galleries/
        - tab /^Shop/
        - tab "About"
      - tabpanel /^Posts/
  `);
  // Pressed Follow: the button's name says the new state.
  await main.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(main.getByRole('button', { name: 'Following', exact: true })).toBeVisible();

  // The subscribe dialog: named by its title, its plans a named radio group with the choice, the price and the action.
  await main.getByRole('button', { name: /^(Subscribe ·|Free for \d+ days?$)/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to Luna Rivers' });
  await expect(dialog.getByRole('button', { name: 'Subscribe', exact: true })).toBeVisible();
  await expect(dialog).toMatchAriaSnapshot(`
    - dialog "Subscribe to Luna Rivers":
      - button "Close"
      - group "Plan":
        - radiogroup:
          - radio "Monthly"
      - button "Subscribe"
  `);
  await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Messages: the two regions named, the conversation's log and the composer's field named.
  await main.getByRole('link', { name: 'Message', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/messages' && u.searchParams.has('c'));
  await expect(page.getByRole('main')).toMatchAriaSnapshot(`
    - main:
      - heading "Messages" [level=1]
      - region "Conversations"
      - region "Conversation"
  `);
  const list = page.getByRole('region', { name: 'Conversations' });
  await expect(list.getByRole('searchbox', { name: 'Search conversations' })).toBeVisible();
  await expect(list.getByRole('list', { name: 'Conversation list' }).getByRole('link', { name: /^Conversation with Luna Rivers/ })).toHaveAttribute('aria-current', 'page');
  const thread = page.getByRole('region', { name: 'Conversation' });
  await expect(thread.getByRole('log', { name: 'Messages' })).toBeVisible();
  await expect(thread.getByRole('textbox', { name: 'Message', exact: true })).toBeVisible();
  await expect(thread.getByRole('button', { name: 'Send' })).toBeVisible();
  await context.close();
});
