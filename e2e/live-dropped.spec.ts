import type { Browser } from '@playwright/test';
import { expect, test, type Account } from './fixtures/users';
import { api, setSetting } from './support/api';
import { expectPlaying, goLive, pageFor } from './support/live';

/**
 * Issue 27 §1: a stream ends when its creator is gone. The creator closes the studio without
 * ending the stream: the fan sees at once that the connection dropped; the creator reopens the
 * studio within the grace and sends the camera again — the same stream goes on and the fan watches
 * again; then the creator's browser goes away for good: after the grace the fan sees the end, with
 * no "Send tip" left, and the creator is no longer in "Live now". The grace is the operator's
 * setting, shortened here (site-wide, hence @site-settings).
 */
const DROPPED = "The creator's connection dropped — waiting…";

test('@site-settings the creator closes the studio: the fan sees the drop, the creator resumes, then is gone for good and the stream ends', async ({ browser, creator, fan }: { browser: Browser; creator: Account; fan: Account }) => {
  test.setTimeout(180_000);
  await setSetting('liveReconnectGraceSeconds', 15);
  try {
    await api('POST', `/follows/${creator.id}`, undefined, fan.token).catch(() => undefined);
    const title = `Porch session ${Date.now().toString(36)}`;
    const studio = await pageFor(browser, creator.token);
    await goLive(studio, { type: 'Public', title });

    const watch = await pageFor(browser, fan.token);
    await watch.goto(`/live/${creator.username}`);
    await expectPlaying(watch);
    const status = watch.getByTestId('player-status');

    // The studio tab is closed (no "end stream"): the fan hears of it at once, the stream stays live.
    await studio.close({ runBeforeUnload: false });
    await expect(status).toHaveText(DROPPED, { timeout: 10_000 });
    await expect(watch.getByRole('button', { name: 'Send tip' })).toBeVisible();

    // Back within the grace: the studio says how long the stream waits and sends the camera again.
    const again = await studio.context().newPage();
    await again.goto('/creator/live');
    const waiting = again.getByTestId('studio-reconnect');
    await expect(waiting).toContainText('Your viewers are waiting for you', { timeout: 30_000 });
    await expect(again.getByLabel('Camera preview')).toBeVisible({ timeout: 30_000 });
    await waiting.getByRole('button', { name: 'Send camera' }).click();
    await expect(waiting).toBeHidden({ timeout: 30_000 });
    await expect(status).toBeHidden({ timeout: 30_000 });
    await expectPlaying(watch);

    // Gone for good (the whole browser context closes): the drop, then the end for everyone.
    await again.context().close();
    await expect(status).toHaveText(DROPPED, { timeout: 10_000 });
    await expect(status).toHaveText('The stream has ended', { timeout: 40_000 });
    await expect(watch.getByRole('button', { name: 'Send tip' })).toHaveCount(0);
    const live = await api<{ data: Array<{ performerId: string }> }>('GET', `/streaming/user/search?performerId=${creator.id}`, undefined, fan.token);
    expect(live.data).toEqual([]);
    await watch.goto('/home');
    await expect(watch.getByRole('link', { name: `${creator.name} is live: ${title}` })).toHaveCount(0);
    await watch.context().close();
  } finally {
    await setSetting('liveReconnectGraceSeconds', 60);
  }
});
