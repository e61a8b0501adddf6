import { expect, test } from './fixtures/users';
import { logInAs as logIn } from './pages/auth';
import { makePhoto, makeVideo } from './support/media';
import { api, uniqueName } from './support/api';

test('a creator posts a free photo feed with a poll and a pay-per-view video; a fan finds, follows, likes, bookmarks, comments and votes', async ({ browser, creator: me }, info) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const photoText = `Acoustic session photo ${stamp}`;
  const videoText = `Studio video, pay-per-view ${stamp}`;

  // ── The creator posts ────────────────────────────────────────────────────────────────────
  const creatorCtx = await browser.newContext();
  const creator = await creatorCtx.newPage();
  // Processing status arrives on the socket ('media/status' frames), not by polling the status route.
  const socketFrames: string[] = [];
  creator.on('websocket', (ws) => {
    if (ws.url().includes('/socket.io/')) ws.on('framereceived', (f) => void (typeof f.payload === 'string' && socketFrames.push(f.payload)));
  });
  const statusReads: string[] = [];
  creator.on('request', (r) => void (/\/file\/[^/]+\/status/.test(r.url()) && statusReads.push(r.url())));
  await logIn(creator, me.username, me.password);

  await creator.goto('/creator/feeds/new');
  await creator.getByLabel('Post text').fill(photoText);
  await creator.getByLabel('Add photos').setInputFiles(await makePhoto(info.outputDir));
  await expect(creator.getByRole('status').filter({ hasText: 'Ready' })).toBeVisible({ timeout: 60_000 });
  await creator.getByRole('button', { name: 'Add poll' }).click();
  await creator.getByLabel('Poll question').fill('Next cover?');
  await creator.getByLabel('Poll option 1').fill('Jolene');
  await creator.getByLabel('Poll option 2').fill('Landslide');
  await creator.getByRole('radio', { name: 'Free' }).check();
  await creator.getByRole('button', { name: 'Publish' }).click();
  // Published: the creator's "My posts" list shows it.
  await creator.waitForURL('**/creator/feeds');
  await expect(creator.getByText(photoText)).toBeVisible();

  await creator.goto('/creator/feeds/new');
  await creator.getByLabel('Post text').fill(videoText);
  statusReads.length = 0;
  await creator.getByLabel('Add videos').setInputFiles(makeVideo(info.outputDir));
  // Upload progress, then server-side processing (ffmpeg through the job queue), then ready.
  await expect(creator.getByRole('status').filter({ hasText: 'Ready' })).toBeVisible({ timeout: 90_000 });
  // Told by the socket: the ready event came as a frame, and the status route was read at most
  // twice (once when waiting starts, once for the file's view when it settles), never polled.
  expect(socketFrames.some((f) => f.includes('"media/status"') && f.includes('"ready"'))).toBe(true);
  expect(statusReads.length).toBeLessThanOrEqual(2);
  await creator.getByRole('radio', { name: 'Pay-per-view' }).check();
  await creator.getByLabel('Price').fill('4.99');
  await creator.getByRole('button', { name: 'Publish' }).click();
  await creator.waitForURL('**/creator/feeds');
  await expect(creator.getByText(videoText)).toBeVisible();
  await creator.goto(`/${me.username}`);
  const ownVideoPost = creator.getByRole('article', { name: `Post by ${me.name}` }).filter({ hasText: videoText });
  await expect(ownVideoPost).toBeVisible();
  // The owner sees the processed video itself, streamed as encrypted HLS (hls.js) like every viewer.
  await expect(ownVideoPost.locator('video')).toHaveAttribute('data-engine', 'hls.js', { timeout: 30_000 });
  await expect.poll(() => ownVideoPost.locator('video').evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  await creatorCtx.close();

  // ── A fan finds the creator, follows, and reacts ─────────────────────────────────────────
  // A fan of its own, so the test does not depend on what other runs did with the demo fan.
  const fanName = uniqueName('fiona');
  await api('POST', '/auth/users/register', { firstName: 'Fiona', lastName: 'Fan', username: fanName, email: `${fanName}@example.test`, password: 'fan-pass-123', ageConfirmed: true, acceptTerms: true });
  const fanCtx = await browser.newContext();
  const fan = await fanCtx.newPage();
  await logIn(fan, fanName, 'fan-pass-123');
  await fan.getByLabel('Search', { exact: true }).fill(me.name);
  await fan.getByLabel('Search', { exact: true }).press('Enter');
  await fan.waitForURL(/\/search\?q=Cleo/);
  // The results list the creator (other creators may be suggested beside them): open their page.
  await expect(fan.getByText('1 creator')).toBeVisible();
  await fan.getByRole('link', { name: me.name }).first().click();
  await fan.waitForURL(`**/${me.username}`);
  await expect(fan.getByRole('heading', { name: me.name })).toBeVisible();
  const follow = fan.getByRole('button', { name: 'Follow', exact: true });
  // The button flips at once (optimistic); wait for the server to record the follow.
  await Promise.all([fan.waitForResponse((r) => /\/follows\//.test(r.url()) && r.request().method() === 'POST' && r.ok()), follow.click()]);
  await expect(fan.getByRole('button', { name: 'Following', exact: true })).toBeVisible();

  await fan.goto('/home');
  const freePost = fan.getByRole('article', { name: `Post by ${me.name}` }).filter({ hasText: photoText });
  const lockedPost = fan.getByRole('article', { name: `Post by ${me.name}` }).filter({ hasText: videoText });
  await expect(freePost).toBeVisible();
  await expect(freePost.getByRole('img', { name: /Photo/ }).first()).toBeVisible();
  // Locked: price shown, no playable media.
  await expect(lockedPost.getByRole('button', { name: 'Unlock for $4.99' })).toBeVisible();
  await expect(lockedPost.locator('video')).toHaveCount(0);

  await freePost.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(freePost.getByRole('button', { name: 'Unlike', exact: true })).toBeVisible();
  await freePost.getByRole('button', { name: 'Bookmark', exact: true }).click();
  await expect(freePost.getByRole('button', { name: 'Remove bookmark', exact: true })).toBeVisible();

  await freePost.getByRole('button', { name: 'Jolene' }).click();
  await expect(freePost.getByText('You voted')).toBeVisible();

  await freePost.getByRole('button', { name: 'Comments' }).click();
  await fan.getByLabel('Write a comment').fill('Loved this session!');
  await fan.getByRole('button', { name: 'Post comment' }).click();
  await expect(fan.getByRole('listitem', { name: 'Comment by Fiona Fan' }).filter({ hasText: 'Loved this session!' })).toBeVisible();
  await fan.getByRole('button', { name: 'Close comments' }).click();

  // State survives a reload (it comes from the server).
  await fan.reload();
  await expect(freePost.getByRole('button', { name: 'Unlike', exact: true })).toBeVisible();

  await fan.goto('/bookmarks');
  await expect(fan.getByRole('article', { name: `Post by ${me.name}` }).filter({ hasText: photoText })).toBeVisible();
  await fanCtx.close();
});
