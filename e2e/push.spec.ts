import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import config, { E2E } from '../playwright.config';
import { expect, test } from './fixtures/users';
import { api } from './support/api';
import { newFan, settle, signIn, useTheme } from './support/session';

/**
 * Issue 34 §1–§2: the installable app and Web Push in Chromium.
 *
 * Chromium's own push service (FCM) cannot be reached offline, so `PushManager.subscribe` is
 * replaced in the page by one that answers a subscription the test made (its endpoint on a port
 * nothing listens on: the API's sends to it fail and are retried — the API's delivery through the
 * real library is tested against a stand-in in apps/api/test/notifications-webpush.test.ts). The
 * push itself is delivered to the real service worker through the DevTools protocol
 * (ServiceWorker.deliverPushMessage), with the payload the API would send for a real notification.
 */

/**
 * The full Chromium (Debian's `chromium`), not the headless shell the other specs use: the shell
 * has no notifications (permission is always denied) and never offers installing.
 */
const FULL_CHROMIUM = process.env.CHROMIUM_FULL_PATH ?? '/usr/bin/chromium';
test.use({ launchOptions: { ...config.use?.launchOptions, ...(fs.existsSync(FULL_CHROMIUM) ? { executablePath: FULL_CHROMIUM } : {}) } });

/**
 * A browser profile on disk: Playwright's contexts are incognito, where Chromium never offers to
 * install a site ("in-incognito"), so the install tests run in a persistent one.
 */
async function profileContext(playwright: PlaywrightWorkerArgs['playwright']): Promise<BrowserContext> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-pwa-'));
  const context = await playwright.chromium.launchPersistentContext(dir, {
    ...config.use?.launchOptions,
    ...(fs.existsSync(FULL_CHROMIUM) ? { executablePath: FULL_CHROMIUM } : {}),
    baseURL: E2E.web,
  });
  context.on('close', () => fs.rmSync(dir, { recursive: true, force: true }));
  return context;
}

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (b: Buffer) => ({ width: b.readUInt32BE(16), height: b.readUInt32BE(20) });

async function swReady(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    return reg.active!.scriptURL;
  });
}

test('installable: the manifest meets the install criteria, its icons load, the service worker caches only the shell and serves the offline page', async ({ playwright }) => {
  const context = await profileContext(playwright);
  const page = await context.newPage();
  await page.goto('/');
  expect(await swReady(page)).toBe(`${E2E.web}/sw.js`);

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const res = await page.request.get(new URL(href!, E2E.web).href);
  expect(res.status()).toBe(200);
  const manifest = (await res.json()) as { name: string; short_name: string; display: string; start_url: string; scope: string; theme_color: string; icons: Array<{ src: string; sizes: string; type: string; purpose: string }> };
  const settings = await api<{ siteName: string }>('GET', '/settings/public');
  expect(manifest).toMatchObject({ name: settings.siteName, display: 'standalone', start_url: '/', scope: '/' });
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  for (const size of [192, 512]) expect(manifest.icons.some((i) => i.sizes === `${size}x${size}` && i.type === 'image/png' && i.purpose === 'any')).toBe(true);
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const r = await page.request.get(new URL(icon.src, E2E.web).href);
    expect(r.status(), icon.src).toBe(200);
    expect(r.headers()['content-type']).toBe('image/png');
    const [w, h] = icon.sizes.split('x').map(Number);
    expect(pngSize(await r.body())).toEqual({ width: w, height: h });
  }
  // Chromium's own verdict on the install criteria.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
  expect(installabilityErrors).toEqual([]);

  // What the worker keeps: the shell and hashed assets only — no page, no API answer, no media.
  await page.goto('/explore');
  await settle(page);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(req.url);
    return urls;
  });
  expect(cached).toContain(`${E2E.web}/offline.html`);
  expect(cached.some((u) => u.includes('/_next/static/'))).toBe(true);
  for (const u of cached) expect(u, u).toMatch(new RegExp(`^${E2E.web}/(offline\\.html|icons/|_next/static/)`));

  // Offline: a page shows the offline page.
  await context.setOffline(true);
  await page.goto('/explore').catch(() => undefined);
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeHidden();
  await context.close();
});

test('the Install offer waits for the second visit and its first interaction, and "Not now" is remembered', async ({ playwright }) => {
  const context = await profileContext(playwright);
  // Records the browser's beforeinstallprompt (the site takes it and decides when to offer).
  await context.addInitScript(() => {
    window.addEventListener('beforeinstallprompt', () => ((window as unknown as { __bip: boolean }).__bip = true));
  });
  const offer = (p: Page) => p.getByRole('region', { name: 'Install the app' });
  const prompted = (p: Page) => p.waitForFunction(() => (window as unknown as { __bip?: boolean }).__bip === true, undefined, { timeout: 20_000 });

  const first = await context.newPage();
  await first.goto('/');
  await swReady(first);
  await first.reload();
  await prompted(first);
  await expect(offer(first)).toHaveCount(0);
  await first.close();

  // A new tab is a new visit: the second one.
  const second = await context.newPage();
  await second.goto('/');
  await prompted(second);
  // Not while the page loads: at the visitor's first interaction (here a scroll of the wheel).
  await expect(offer(second)).toHaveCount(0);
  await second.mouse.move(200, 300);
  await second.mouse.wheel(0, 120);
  await expect(offer(second)).toBeVisible();
  await offer(second).getByRole('button', { name: 'Not now' }).click();
  await expect(offer(second)).toHaveCount(0);
  await second.close();

  const third = await context.newPage();
  await third.goto('/');
  await prompted(third);
  await third.mouse.wheel(0, 120);
  await expect(offer(third)).toHaveCount(0);
  await context.close();
});

/** A browser subscription the test owns (keys like PushManager's), answered by a replaced PushManager. */
async function fakePushManager(context: BrowserContext) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const sub = { endpoint: `https://127.0.0.1:9/e2e-push/${crypto.randomUUID()}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') } };
  await context.addInitScript((s) => {
    const KEY = 'e2e-fake-push';
    const make = (serverKey: ArrayBuffer | null) => ({
      endpoint: s.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: serverKey },
      toJSON: () => ({ endpoint: s.endpoint, expirationTime: null, keys: s.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    const stored = () => {
      const k = localStorage.getItem(KEY);
      return k === null ? null : make(Uint8Array.from(atob(k), (c) => c.charCodeAt(0)).buffer);
    };
    PushManager.prototype.getSubscription = async function () {
      return stored() as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = new Uint8Array(options!.applicationServerKey as Uint8Array);
      localStorage.setItem(KEY, btoa(String.fromCharCode(...key)));
      return stored() as unknown as PushSubscription;
    };
  }, sub);
  return sub;
}

test('push: turned on for this device and per type in the notification settings; a push reaches the service worker and shows its notification', async ({ browser }, testInfo) => {
  const fan = await newFan('push');
  const context = await browser.newContext();
  await context.grantPermissions(['notifications'], { origin: E2E.web });
  await signIn(context, fan.token);
  await useTheme(context, 'light');
  await fakePushManager(context);
  const page = await context.newPage();
  await page.goto('/user/account#notifications');
  await swReady(page);
  const section = page.locator('#notifications');
  const toggle = section.getByRole('switch', { name: 'Push notifications on this device' });
  await expect(toggle).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await expect(section.getByRole('columnheader', { name: 'Push' })).toBeVisible();

  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(page.getByText('Push notifications are on for this device')).toBeVisible();
  // The browser subscribed with the site's key, and the API knows the device.
  const key = await api<{ enabled: boolean; publicKey: string }>('GET', '/notification/push/key', undefined, fan.token);
  const usedKey = await page.evaluate(() => localStorage.getItem('e2e-fake-push'));
  expect(Buffer.from(usedKey!, 'base64').toString('base64url')).toBe(key.publicKey);
  const devices = await api<Array<{ _id: string; label: string }>>('GET', '/notification/push/devices', undefined, fan.token);
  expect(devices).toHaveLength(1);
  expect(devices[0]!.label).toMatch(/^Chrome on \w+/);

  // A type's push switch.
  const tipPush = section.getByRole('switch', { name: 'New posts from creators you subscribe to: push' });
  await expect(tipPush).toBeChecked();
  await tipPush.click();
  await expect(tipPush).not.toBeChecked();
  await expect.poll(async () => (await api<Array<{ type: string; push: boolean }>>('GET', '/notification/preferences', undefined, fan.token)).find((p) => p.type === 'new_post')!.push).toBe(false);
  await tipPush.click();
  await expect(tipPush).toBeChecked();

  // Screens: the device switch and the Push column, light and dark, and 390 px wide.
  await settle(page);
  await section.screenshot({ path: testInfo.outputPath('push-settings-1280-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await useTheme(context, 'dark');
  await page.reload();
  await page.locator('html[data-theme="dark"]').waitFor();
  await expect(toggle).toBeChecked();
  await settle(page);
  await section.screenshot({ path: testInfo.outputPath('push-settings-1280-dark.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  await section.screenshot({ path: testInfo.outputPath('push-settings-390-dark.png') });
  await useTheme(context, 'light');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await expect(toggle).toBeChecked();
  await settle(page);
  await section.screenshot({ path: testInfo.outputPath('push-settings-390-light.png') });
  await page.setViewportSize({ width: 1280, height: 720 });

  // A push with what the API sends for the fan's welcome notification, delivered to the worker.
  const [welcome] = (await api<{ data: Array<{ _id: string; type: string; text: string; link: string | null }> }>('GET', '/notification?type=welcome', undefined, fan.token)).data;
  expect(welcome).toBeTruthy();
  const payload = { id: welcome!._id, type: welcome!.type, title: 'Stagepass', body: welcome!.text, url: welcome!.link ?? '/notifications' };
  const cdp = await context.newCDPSession(page);
  const registrations: Array<{ registrationId: string; scopeURL: string }> = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: Array<{ registrationId: string; scopeURL: string }> }) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.find((r) => r.scopeURL === `${E2E.web}/`)?.registrationId).toBeTruthy();
  const heard = page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        navigator.serviceWorker.addEventListener('message', (e) => {
          if ((e.data as { type?: string })?.type === 'push') resolve((e.data as { payload: unknown }).payload);
        });
      }),
  );
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: E2E.web, registrationId: registrations.find((r) => r.scopeURL === `${E2E.web}/`)!.registrationId, data: JSON.stringify(payload) });
  expect(await heard).toEqual(payload);
  const shown = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown })));
  expect(shown).toEqual([{ title: 'Stagepass', body: welcome!.text, tag: welcome!._id, data: { url: payload.url, id: payload.id } }]);

  // Off again: the device is gone at the API.
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect.poll(async () => (await api<unknown[]>('GET', '/notification/push/devices', undefined, fan.token)).length).toBe(0);
  await context.close();
});
