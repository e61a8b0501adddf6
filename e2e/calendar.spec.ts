import { expect, registerOwnCreator, test } from './fixtures/users';
import { api } from './support/api';
import { pageShots, settle, signIn } from './support/session';

/** Local `YYYY-MM-DD` (the calendar's slot keys) and the `<input type=datetime-local>` value of a date. */
const dayKey = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const localInput = (d: Date) => `${dayKey(d)}T${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
/** Wednesday of next week at `hour`:`minute` local time (always ahead, and Mon–Sun of one week with its neighbours). */
function nextWeek(weekday: number, hour: number, minute = 0): Date {
  const now = new Date();
  const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7) + 7);
  return new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + weekday, hour, minute);
}

/**
 * Issue 31 §3: the creator's calendar. A scheduled post shows in the week view; dragged to another
 * day and hour its publication time changes (the API says so, and the page after a reload); the
 * "Move…" form moves it again (the keyboard way); a planned stream made from the calendar shows on
 * the creator's profile as "Live on …". Its own creator, so no other spec's items show.
 */
test('a creator drags a scheduled post to another day and plans a stream from the calendar', async ({ browser }, info) => {
  test.setTimeout(120_000);
  const creator = await registerOwnCreator('cal');
  const wednesday = nextWeek(2, 10);
  const post = await api<{ _id: string }>('POST', '/performer/feeds', { text: 'Calendar test post', visibility: 'free', scheduleAt: wednesday.toISOString() }, creator.token);

  const ctx = await browser.newContext();
  await signIn(ctx, creator.token);
  const page = await ctx.newPage();
  await page.goto('/creator/calendar');
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Next week' }).click();
  const chip = page.getByRole('table', { name: 'Week' }).getByTestId(`calendar-item-${post._id}`);
  await expect(page.locator(`[data-slot="${dayKey(wednesday)}T10"]`).getByTestId(`calendar-item-${post._id}`)).toBeVisible();
  await expect(chip).toContainText('Calendar test post');
  await pageShots(page, 'calendar-week', (f) => info.outputPath(f));
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.locator('html[data-theme="dark"]').waitFor();
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
  await page.screenshot({ path: info.outputPath('calendar-week-1280-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });

  // ── Drag it to Thursday 14:00 ────────────────────────────────────────────────────────────────
  const thursday = nextWeek(3, 14);
  const moved = page.waitForResponse((r) => r.url().includes(`/calendar/post/${post._id}/move`) && r.request().method() === 'POST');
  await chip.dragTo(page.locator(`[data-slot="${dayKey(thursday)}T14"]`));
  expect((await moved).status()).toBe(200);
  await expect(page.locator(`[data-slot="${dayKey(thursday)}T14"]`).getByTestId(`calendar-item-${post._id}`)).toBeVisible();
  const cal = await api<{ items: Array<{ id: string; at: string; status: string }> }>(
    'GET',
    `/calendar?from=${encodeURIComponent(nextWeek(0, 0).toISOString())}&to=${encodeURIComponent(nextWeek(7, 0).toISOString())}`,
    undefined,
    creator.token,
  );
  expect(cal.items.find((i) => i.id === post._id)).toMatchObject({ at: thursday.toISOString(), status: 'scheduled' });
  await page.reload();
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.locator(`[data-slot="${dayKey(thursday)}T14"]`).getByTestId(`calendar-item-${post._id}`)).toBeVisible();

  // ── The keyboard way: "Move…" to Friday 09:30 ────────────────────────────────────────────────
  const friday = nextWeek(4, 9, 30);
  await page.getByRole('button', { name: 'Move post “Calendar test post”' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move post' });
  await dialog.getByLabel('New date and time').fill(localInput(friday));
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator(`[data-slot="${dayKey(friday)}T09"]`).getByTestId(`calendar-item-${post._id}`)).toBeVisible();

  // ── Month view shows it too ──────────────────────────────────────────────────────────────────
  await page.getByText('Month', { exact: true }).click();
  await page.getByRole('button', { name: 'Today' }).click();
  if (friday.getMonth() !== new Date().getMonth()) await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.locator(`[data-slot="${dayKey(friday)}"]`).getByTestId(`calendar-item-${post._id}`)).toBeVisible();
  await pageShots(page, 'calendar-month', (f) => info.outputPath(f));

  // ── A planned stream from the calendar, shown on the profile ─────────────────────────────────
  await page.getByRole('button', { name: /New/ }).click();
  await page.getByRole('menuitem', { name: 'Planned stream' }).click();
  const plan = page.getByRole('dialog', { name: 'Plan a stream' });
  await plan.getByLabel('Title').fill('Saturday Q&A');
  const saturday = nextWeek(5, 20);
  await plan.getByLabel('Starts at').fill(localInput(saturday));
  await plan.getByRole('button', { name: 'Plan stream' }).click();
  await expect(plan).toBeHidden();
  await expect(page.getByText('Stream planned — fans see it on your profile')).toBeVisible();
  await expect(page.locator(`[data-slot="${dayKey(saturday)}"]`).getByText('Saturday Q&A')).toBeVisible();

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/${creator.username}`);
  const planned = visitor.getByRole('list', { name: 'Planned streams' });
  await expect(planned).toContainText('Saturday Q&A');
  await expect(planned).toContainText('Live on');
  await settle(visitor);
  await visitor.screenshot({ path: info.outputPath('profile-planned.png') });
});
