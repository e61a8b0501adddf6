import { expect, type Browser, type Page } from '@playwright/test';
import { api } from './api';
import { newFan, signIn } from './session';

/** Live-video steps shared by the live specs (Chromium's fake camera, the built-in Janus). */

/** A new fan with a sandbox card and `amount` in the wallet. */
export async function walletFan(prefix: string, amount: number) {
  const fan = await newFan(prefix);
  const me = await api<{ _id: string; name: string }>('PUT', '/users', { name: `Fiona ${fan.username}` }, fan.token);
  await api('POST', '/sandbox/cards', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', holderName: 'Fiona Fan' }, fan.token);
  await api('POST', '/payment/wallet/top-up', { amount }, fan.token);
  return { ...fan, id: me._id, name: me.name };
}

/** A signed-in page of its own browser context. */
export async function pageFor(browser: Browser, token: string, width = 1280): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  await signIn(ctx, token);
  return ctx.newPage();
}

/** The live video is playing: frames decoded and time moving. */
export async function expectPlaying(page: Page) {
  const video = page.getByTestId('live-video');
  await expect(video).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
  const t0 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(t0);
}

/** From the studio: the go-live form filled and sent; waits until the studio shows the stream. */
export async function goLive(studio: Page, o: { type: 'Group (ticketed)' | 'Public'; title: string; price?: string; record?: boolean }) {
  await studio.goto('/creator/live');
  await expect(studio.getByLabel('Camera preview')).toBeVisible({ timeout: 30_000 });
  const form = studio.getByRole('form', { name: 'Go live' });
  await form.getByText(o.type, { exact: true }).click();
  if (o.price) await form.getByLabel('Ticket price').fill(o.price);
  await form.getByLabel('Title').fill(o.title);
  if (o.record) await form.getByRole('checkbox', { name: 'Record a replay' }).check();
  await form.getByRole('button', { name: 'Start live stream' }).click();
  await expect(studio.getByRole('button', { name: 'Stop live stream' })).toBeVisible({ timeout: 30_000 });
}

export async function stopLive(studio: Page) {
  await studio.getByRole('button', { name: 'Stop live stream' }).click();
  await studio.getByRole('button', { name: 'End stream' }).click();
  await expect(studio.getByRole('button', { name: 'Start live stream' })).toBeVisible({ timeout: 30_000 });
}

/** The live player watches over `path` (its video's data-path: 'webrtc' or 'hls') and the video plays. */
export async function expectPlayingOver(page: Page, path: 'webrtc' | 'hls') {
  await expect(page.getByTestId('live-video')).toHaveAttribute('data-path', path, { timeout: 60_000 });
  await expectPlaying(page);
}
