import type { Browser, Page } from '@playwright/test';
import { expect, test, type Account } from './fixtures/users';
import { api, setSetting } from './support/api';
import { expectPlayingOver, goLive, pageFor, stopLive, walletFan } from './support/live';

/**
 * Issue 27 §3: an audience larger than the WebRTC servers carry watches over HLS. The operator's
 * `liveWebrtcViewersPerServer` is set to 1 (site-wide, hence @site-settings; put back at the end):
 * the first fan watches over WebRTC, the second is sent to HLS and Chromium plays it with hls.js —
 * the same page around it: the second fan chats and tips, the creator sees both; the studio counts
 * one viewer on each path. Screenshots of the studio and the HLS player (1280 light and dark, 390
 * light and dark) go to the test's output directory.
 */

async function shots(pages: Array<[string, Page]>, info: { outputPath: (n: string) => string }, suffix: string) {
  for (const [name, page] of pages) await page.screenshot({ path: info.outputPath(`${name}-${suffix}.png`), fullPage: true });
}

test('@site-settings past the WebRTC limit a fan watches over HLS, chats and tips; the studio counts each path', async ({ browser, creator }: { browser: Browser; creator: Account }, info) => {
  test.setTimeout(240_000);
  await setSetting('liveWebrtcViewersPerServer', 1);
  try {
    const first = await walletFan('webrtcfan', 10);
    const second = await walletFan('hlsfan', 50);
    for (const f of [first, second]) await api('POST', `/follows/${creator.id}`, undefined, f.token);
    const title = `Rooftop session ${Date.now().toString(36)}`;
    const studio = await pageFor(browser, creator.token);
    await goLive(studio, { type: 'Public', title });

    // The first fan fills the one WebRTC place.
    const webrtc = await pageFor(browser, first.token);
    await webrtc.goto(`/live/${creator.username}`);
    await expectPlayingOver(webrtc, 'webrtc');
    await expect(studio.getByTestId('viewer-count')).toHaveText('1', { timeout: 30_000 });

    // The second is sent to HLS: hls.js plays the signed playlist (frames decoded, time moving).
    const hls = await pageFor(browser, second.token);
    await hls.goto(`/live/${creator.username}`);
    await expectPlayingOver(hls, 'hls');
    await expect(hls.getByTestId('hls-badge')).toBeVisible();
    await expect(hls.getByTestId('viewer-count')).toHaveText(/2 watching/, { timeout: 30_000 });

    // The studio counts one viewer on each path, and shows the upload's figures.
    await expect(studio.getByTestId('viewer-count')).toHaveText('2', { timeout: 30_000 });
    await expect(studio.getByTestId('audience-paths')).toHaveText('1 WebRTC · 1 HLS', { timeout: 30_000 });
    await expect(studio.getByTestId('upload-bitrate')).toHaveText(/^[\d,]+ kbit\/s$/, { timeout: 15_000 });

    // The HLS viewer chats and tips; the creator sees both.
    const chat = hls.getByRole('region', { name: 'Stream chat' });
    await chat.getByLabel('Chat message').fill('Hello from the back of the hall!');
    await chat.getByRole('button', { name: 'Send message' }).click();
    const studioChat = studio.getByRole('region', { name: 'Stream chat' });
    await expect(studioChat.getByText('Hello from the back of the hall!')).toBeVisible({ timeout: 15_000 });
    await hls.getByRole('button', { name: 'Send tip' }).click();
    const tipDialog = hls.getByRole('dialog', { name: `Send a tip to ${creator.name}` });
    await tipDialog.getByLabel('Amount').fill('10');
    await tipDialog.getByLabel('Message').fill('Worth the wait');
    await tipDialog.getByRole('button', { name: 'Send tip' }).click();
    await expect(studio.getByTestId('tip-alert')).toBeVisible({ timeout: 15_000 });
    await expect(studioChat.locator('[data-testid="stream-message"][data-type="tip"]')).toContainText('Worth the wait');
    await expect(studio.getByTestId('tips-total')).toContainText('$10.00');

    // Still playing after all that (the playlist keeps being fetched and signed).
    await expectPlayingOver(hls, 'hls');
    const pages: Array<[string, Page]> = [['studio', studio], ['hls-player', hls]];
    await shots(pages, info, '1280-light');
    for (const [, p] of pages) await p.emulateMedia({ colorScheme: 'dark' });
    await expect(hls.locator('html')).toHaveAttribute('data-theme', 'dark');
    await shots(pages, info, '1280-dark');
    for (const [, p] of pages) await p.setViewportSize({ width: 390, height: 844 });
    await shots(pages, info, '390-dark');
    for (const [, p] of pages) await p.emulateMedia({ colorScheme: 'light' });
    await expect(hls.locator('html')).toHaveAttribute('data-theme', 'light');
    await shots(pages, info, '390-light');

    await stopLive(studio);
    await expect(hls.getByTestId('player-status')).toHaveText('The stream has ended', { timeout: 15_000 });
    await expect(hls.getByRole('button', { name: 'Send tip' })).toHaveCount(0);
    for (const p of [studio, webrtc, hls]) await p.context().close();
  } finally {
    await setSetting('liveWebrtcViewersPerServer', 200);
  }
});
