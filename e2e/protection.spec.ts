import fs from 'node:fs';
import sharp from 'sharp';
import type { Page, TestInfo } from '@playwright/test';
import { ADMIN, expect, registerVerifiedCreator, test } from './fixtures/users';
import { E2E } from '../playwright.config';
import { api, uniqueName } from './support/api';
import { logInAs } from './pages/auth';
import { newFan, pageShots, signIn } from './support/session';
import { leakOfStream, makeLongVideo, makeVideo } from './support/media';

/**
 * Issue 32 §2–§3 for images: a creator chooses where the visible watermark goes on /creator/protection;
 * a subscriber's copy of the creator's paid photo carries it there (and the clean copy does not); the
 * operator uploads a leaked, re-compressed copy of the fan's picture to the console's leak tracer,
 * which names the fan.
 */

/** A photo with texture (the forensic mark hides in texture, like in real photos). */
async function texturedPhoto(): Promise<Buffer> {
  const w = 1200, h = 800;
  const noise = Buffer.alloc(w * h * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = Math.floor(Math.random() * 256);
  const grain = await sharp(noise, { raw: { width: w, height: h, channels: 3 } }).blur(1.2).png().toBuffer();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="#345"/><circle cx="300" cy="300" r="220" fill="#e96"/><rect x="620" y="260" width="420" height="380" fill="#6ac"/></svg>`;
  return sharp(Buffer.from(svg)).composite([{ input: grain, blend: 'overlay' }]).jpeg({ quality: 92 }).toBuffer();
}

/** Mean absolute difference of two same-size pictures over a box (fractions of width/height). */
async function boxDiff(a: Buffer, b: Buffer, box: { x: number; y: number; w: number; h: number }): Promise<number> {
  const meta = await sharp(a).metadata();
  const region = { left: Math.round(meta.width! * box.x), top: Math.round(meta.height! * box.y), width: Math.round(meta.width! * box.w), height: Math.round(meta.height! * box.h) };
  const [x, y] = await Promise.all([sharp(a).extract(region).removeAlpha().raw().toBuffer(), sharp(b).resize(meta.width, meta.height).extract(region).removeAlpha().raw().toBuffer()]);
  let d = 0;
  for (let i = 0; i < x.length; i++) d += Math.abs(x[i]! - y[i]!);
  return d / x.length;
}

test("the creator's watermark shows on the fan's copy where chosen; the operator's tracer names the fan from a leaked copy", async ({ browser }, info) => {
  test.setTimeout(240_000);
  const username = uniqueName('marks');
  const creator = await registerVerifiedCreator({ firstName: 'Mara', lastName: `Marks ${username.slice(-5)}`, username, email: `${username}@example.test`, password: 'marks-pass-123' });
  const tier = await api<{ _id: string }>('POST', '/subscription-tiers', { name: 'Fans', price: 9.95, colour: '#1677ff' }, creator.token);

  // A subscribers-only photo post (set up through the API; processing waited for).
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await texturedPhoto())], { type: 'image/jpeg' }), 'rooftop.jpg');
  const up = await fetch(`${E2E.api}/performer/feeds/photo/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${creator.token}` } });
  expect(up.status).toBe(200);
  const fileId = ((await up.json()) as { data: { _id: string } }).data._id;
  await expect.poll(async () => (await api<{ status: string }>('GET', `/files/${fileId}/status`, undefined, creator.token)).status, { timeout: 90_000 }).toBe('ready');
  const text = `Rooftop at dusk ${username}`;
  const postId = (await api<{ _id: string }>('POST', '/performer/feeds', { text, visibility: 'subscribers', fileIds: [fileId] }, creator.token))._id;

  const fan = await newFan('markfan');
  await api('POST', '/sandbox/cards', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', holderName: 'Fiona Fan' }, fan.token);
  await api('POST', '/payment/subscribe/performers', { performerId: creator.id, tierId: tier._id }, fan.token);

  // ── The creator puts the mark top left, more opaque ─────────────────────────────────────────
  const creatorCtx = await browser.newContext();
  await signIn(creatorCtx, creator.token);
  const cp = await creatorCtx.newPage();
  await cp.goto('/creator/protection');
  await expect(cp.getByRole('heading', { name: 'Content protection', level: 1 })).toBeVisible();
  await expect(cp.getByText(`/${creator.username}`).first()).toBeVisible();
  await cp.getByRole('radio', { name: 'Top left' }).check();
  await cp.getByRole('slider', { name: 'Opacity' }).focus();
  for (let i = 0; i < 6; i++) await cp.keyboard.press('ArrowRight');
  await cp.getByRole('button', { name: 'Save' }).click();
  await expect(cp.getByText('Watermark settings saved')).toBeVisible();
  await expect(cp.getByTestId('watermark-preview')).toHaveAttribute('aria-label', /top left, 70 % opacity/);
  await pageShots(cp, 'creator-protection', (f) => info.outputPath(f));

  // The creator's own view: the stored picture, no mark.
  await cp.goto(`/${creator.username}`);
  const ownImg = cp.getByRole('article').filter({ hasText: text }).locator('img[src*="/files/private/"]').first();
  await expect(ownImg).toBeVisible();

  // ── The fan sees their own marked copy ───────────────────────────────────────────────────────
  const fanCtx = await browser.newContext();
  await signIn(fanCtx, fan.token);
  const fp = await fanCtx.newPage();
  await fp.goto(`/${creator.username}`);
  const img = fp.getByRole('article').filter({ hasText: text }).locator('img[src*="/files/marked/"]').first();
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  const src = (await img.getAttribute('src'))!;
  expect(src).toContain(`v=`);
  await fp.screenshot({ path: info.outputPath('fan-marked-post-1280.png'), fullPage: true });
  // What the fan's page shows against what the creator's page shows: the mark is top left only.
  const fanShown = await (await fp.request.get(src)).body();
  const ownShown = await (await cp.request.get((await ownImg.getAttribute('src'))!)).body();
  expect(await boxDiff(fanShown, ownShown, { x: 0, y: 0, w: 0.3, h: 0.12 })).toBeGreaterThan(8);
  expect(await boxDiff(fanShown, ownShown, { x: 0.6, y: 0.8, w: 0.4, h: 0.2 })).toBeLessThan(4);
  // The full-size copy the fan is served (the post's `url`), as a leaker would save it.
  const post = await api<{ files: Array<{ url: string }> }>('GET', `/user/feeds/${postId}`, undefined, fan.token);
  expect(post.files[0]!.url).toContain('/files/marked/');
  const served = await fp.request.get(post.files[0]!.url);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/jpeg');
  const marked = await served.body();
  await creatorCtx.close();
  await fanCtx.close();

  // ── The leak: saved, scaled and re-compressed elsewhere; the operator traces it ─────────────
  const leakPath = info.outputPath('leaked-copy.jpg');
  await sharp(marked).resize(900).jpeg({ quality: 70 }).toFile(leakPath);
  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await logInAs(admin, ADMIN.login, ADMIN.password);
  await admin.goto('/admin/protection');
  await expect(admin.getByRole('heading', { name: 'Leak tracer', level: 1 })).toBeVisible();
  await admin.locator('input[type="file"]').setInputFiles(leakPath);
  const result = admin.getByTestId('trace-result').first();
  await expect(result).toContainText('Fan identified', { timeout: 60_000 });
  await expect(result.getByTestId('trace-viewer')).toContainText(`@${fan.username}`);
  await expect(result).toContainText(`A picture of @${creator.username}`);
  await expect(result.getByRole('button', { name: `Suspend @${fan.username}` })).toBeVisible();
  await expect(result.getByRole('button', { name: 'Open a report' })).toBeVisible();
  await result.getByRole('button', { name: 'Start a takedown notice' }).click();
  await expect(admin.getByRole('textbox', { name: 'Takedown notice' })).toHaveValue(new RegExp(creator.username));
  await admin.keyboard.press('Escape');
  await pageShots(admin, 'admin-leak-tracer', (f) => info.outputPath(f));
  await adminCtx.close();
});

test("a fan's player shows the creator's address and their username over a paid video; the console's tracer names the fan from a leaked clip", async ({ browser }, info) => {
  test.setTimeout(600_000);
  const username = uniqueName('vmarks');
  const creator = await registerVerifiedCreator({ firstName: 'Vera', lastName: `Video ${username.slice(-5)}`, username, email: `${username}@example.test`, password: 'marks-pass-123' });
  const tier = await api<{ _id: string }>('POST', '/subscription-tiers', { name: 'Fans', price: 9.95, colour: '#1677ff' }, creator.token);
  // A subscribers-only video post of ~3½ minutes (a video's forensic mark needs ~3¼): packaged with A/B variants.
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(fs.readFileSync(makeLongVideo(info.outputDir)))], { type: 'video/mp4' }), 'rooftop.mp4');
  const up = await fetch(`${E2E.api}/performer/feeds/video/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${creator.token}` } });
  expect(up.status).toBe(200);
  const fileId = ((await up.json()) as { data: { _id: string } }).data._id;
  await expect.poll(async () => (await api<{ status: string }>('GET', `/files/${fileId}/status`, undefined, creator.token)).status, { timeout: 300_000, intervals: [2000] }).toBe('ready');
  const text = `Rooftop session ${username}`;
  const postId = (await api<{ _id: string }>('POST', '/performer/feeds', { text, visibility: 'subscribers', fileIds: [fileId] }, creator.token))._id;
  const fan = await newFan('vmarkfan');
  await api('POST', '/sandbox/cards', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', holderName: 'Vic Fan' }, fan.token);
  await api('POST', '/payment/subscribe/performers', { performerId: creator.id, tierId: tier._id }, fan.token);

  // ── The fan's player: the creator's address and @fan over the picture (the creator's defaults: bottom right, 40 %) ──
  const fanCtx = await browser.newContext();
  await signIn(fanCtx, fan.token);
  const fp = await fanCtx.newPage();
  await fp.goto(`/${creator.username}`);
  const post = fp.getByRole('article').filter({ hasText: text });
  await expect(post.locator('video')).toHaveAttribute('data-engine', 'hls.js', { timeout: 30_000 });
  const mark = post.getByTestId('video-mark');
  await expect(mark).toBeVisible({ timeout: 30_000 });
  await expect(mark).toContainText(`/${creator.username}`);
  await expect(mark).toContainText(`@${fan.username}`);
  await expect(mark).toHaveAttribute('data-position', 'bottom-right');
  await pageShots(fp, 'fan-video-mark', (f) => info.outputPath(f));
  await fanCtx.close();

  // ── The leak: the fan's stream saved and re-encoded smaller; the operator traces it ──────────
  const view = await api<{ files: Array<{ hls?: string }> }>('GET', `/user/feeds/${postId}`, undefined, fan.token);
  const leakPath = await leakOfStream(view.files[0]!.hls!, info.outputDir, 'leaked-clip.mp4');
  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await logInAs(admin, ADMIN.login, ADMIN.password);
  await admin.goto('/admin/protection');
  await expect(admin.getByRole('heading', { name: 'Leak tracer', level: 1 })).toBeVisible();
  await admin.locator('input[type="file"]').setInputFiles(leakPath);
  // The new trace's card (earlier traces of the console are listed below it).
  const result = admin.getByTestId('trace-result').filter({ hasText: `A video of @${creator.username}` }).first();
  await expect(result).toContainText('Fan identified', { timeout: 180_000 });
  await expect(result.getByTestId('trace-viewer')).toContainText(`@${fan.username}`);
  await expect(result.getByTestId('trace-segments')).toContainText('48 of the 48 parts');
  await expect(result.getByRole('button', { name: `Suspend @${fan.username}` })).toBeVisible();
  await pageShots(admin, 'admin-video-tracer', (f) => info.outputPath(f));
  await adminCtx.close();
});

/**
 * The item's switch, shown: on and following the creator's settings; turned off, it says so and is
 * saved on the server at once (no "Save changes" needed).
 */
async function turnMarkOff(page: Page, fileId: string, token: string, shot: string, info: TestInfo) {
  const mark = page.getByRole('switch', { name: 'Forensic mark' });
  await expect(mark).toBeChecked();
  await expect(page.getByTestId('forensic-switch')).toContainText('Follows your protection settings');
  await mark.click();
  await expect(mark).not.toBeChecked();
  await expect(page.getByTestId('forensic-switch')).toContainText('Set for this item');
  await pageShots(page, shot, (f) => info.outputPath(f));
  expect(await api('GET', `/performer/protection/files/${fileId}`, undefined, token)).toEqual({ fileId, forensic: false, usesDefault: false });
}

test("a creator turns the forensic mark off for one paid video in its editor, and it stays off", async ({ browser }, info) => {
  const username = uniqueName('vswitch');
  const creator = await registerVerifiedCreator({ firstName: 'Vic', lastName: `Switch ${username.slice(-5)}`, username, email: `${username}@example.test`, password: 'marks-pass-123' });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(fs.readFileSync(makeVideo(info.outputDir, 'switch.mp4', 2)))], { type: 'video/mp4' }), 'switch.mp4');
  const up = await fetch(`${E2E.api}/performer/performer-assets/videos/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${creator.token}` } });
  expect(up.status).toBe(200);
  const fileId = ((await up.json()) as { data: { _id: string } }).data._id;
  await expect.poll(async () => (await api<{ status: string }>('GET', `/files/${fileId}/status`, undefined, creator.token)).status, { timeout: 180_000, intervals: [1000] }).toBe('ready');
  const title = `Switch test ${username}`;
  const video = await api<{ _id: string }>('POST', '/performer/performer-assets/videos/create', { title, status: 'active', access: 'sale', price: 4.99, fileId }, creator.token);

  const ctx = await browser.newContext();
  await signIn(ctx, creator.token);
  const page = await ctx.newPage();
  await page.goto(`/creator/videos/${video._id}/edit`);
  await turnMarkOff(page, fileId, creator.token, 'video-forensic-switch', info);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Forensic mark' })).not.toBeChecked();
  // A free video has nothing to protect: no switch.
  await page.getByRole('radio', { name: 'Free' }).check();
  await expect(page.getByTestId('forensic-switch')).toHaveCount(0);
  await ctx.close();
});

test("a creator turns the forensic mark off for one photo of a subscribers' gallery, and for a photo of a subscribers' post", async ({ browser }, info) => {
  const username = uniqueName('pswitch');
  const creator = await registerVerifiedCreator({ firstName: 'Pia', lastName: `Switch ${username.slice(-5)}`, username, email: `${username}@example.test`, password: 'marks-pass-123' });
  const gallery = await api<{ _id: string }>('POST', '/performer/performer-assets/galleries', { title: `Switch gallery ${username}`, status: 'active', access: 'subscribers' }, creator.token);
  const form = new FormData();
  form.append('galleryId', gallery._id);
  form.append('photo', new Blob([new Uint8Array(await texturedPhoto())], { type: 'image/jpeg' }), 'balcony.jpg');
  const up = await fetch(`${E2E.api}/performer/performer-assets/photos/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${creator.token}` } });
  expect(up.status).toBe(200);
  const fileId = ((await up.json()) as { data: { file: { _id: string } } }).data.file._id;
  await expect.poll(async () => (await api<{ status: string }>('GET', `/files/${fileId}/status`, undefined, creator.token)).status, { timeout: 90_000 }).toBe('ready');

  const ctx = await browser.newContext();
  await signIn(ctx, creator.token);
  const page = await ctx.newPage();
  await page.goto(`/creator/galleries/${gallery._id}`);
  // The setting is fetched when the popover opens; until the creator chooses, it follows their settings.
  await page.getByRole('button', { name: 'Forensic mark of Photo 1' }).click();
  await turnMarkOff(page, fileId, creator.token, 'photo-forensic-switch', info);
  await page.reload();
  await page.getByRole('button', { name: 'Forensic mark of Photo 1' }).click();
  await expect(page.getByRole('switch', { name: 'Forensic mark' })).not.toBeChecked();

  // In the composer: a photo attached to a subscribers' post has the button; a free post's has none.
  await page.goto('/creator/feeds/new');
  await page.getByLabel('Add photos', { exact: true }).setInputFiles({ name: 'terrace.jpg', mimeType: 'image/jpeg', buffer: await texturedPhoto() });
  const tile = page.getByRole('group', { name: /terrace\.jpg/ });
  await expect(tile.getByRole('status')).toContainText('Ready', { timeout: 90_000 });
  await expect(tile.getByRole('button', { name: /^Forensic mark of/ })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Subscribers' }).check();
  await tile.getByRole('button', { name: /^Forensic mark of/ }).click();
  await page.getByRole('switch', { name: 'Forensic mark' }).click();
  await expect(page.getByTestId('forensic-switch')).toContainText('Set for this item');
  await ctx.close();
});
