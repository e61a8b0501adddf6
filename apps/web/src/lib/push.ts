'use client';
/**
 * Web Push on this device (issue 34 §2; apps/web/README.md "Push notifications"): subscribe the
 * browser with the site's VAPID key and register it with the API, or the reverse. The device's id
 * at the API is kept in localStorage so this browser can turn its own push off (and does, on
 * sign-out).
 */
import { routes } from '@stagepass/shared/routes';
import { call } from './api';
import { swSupported } from './pwa';

const DEVICE_KEY = 'push-device';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export function pushSupported(): boolean {
  return swSupported() && 'PushManager' in window && 'Notification' in window;
}

function storedDevice(): string | null {
  try {
    return localStorage.getItem(DEVICE_KEY);
  } catch {
    return null;
  }
}
function storeDevice(id: string | null): void {
  try {
    if (id) localStorage.setItem(DEVICE_KEY, id);
    else localStorage.removeItem(DEVICE_KEY);
  } catch {
    /* storage disabled */
  }
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return (await navigator.serviceWorker.getRegistration('/')) ?? navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(() => navigator.serviceWorker.ready);
}

/** Whether this browser pushes to the signed-in user now. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = reg ? await reg.pushManager.getSubscription() : null;
  return sub && storedDevice() ? 'on' : 'off';
}

/** Asks for permission, subscribes with the site's key and registers the device. Throws with a readable message. */
export async function turnPushOn(): Promise<void> {
  if (!pushSupported()) throw new Error('This browser cannot receive push notifications.');
  const key = await call(routes.notifications.pushKey);
  if (!key.enabled || !key.publicKey) throw new Error('This site does not send push notifications.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Notifications are blocked for this site in your browser settings.');
  const reg = await registration();
  let sub = await reg.pushManager.getSubscription();
  const wanted = Uint8Array.from(atob(key.publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  // A subscription made with another key (the site's keys changed) cannot be used: make a new one.
  if (sub && sub.options.applicationServerKey && !sameBytes(new Uint8Array(sub.options.applicationServerKey), wanted)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: wanted });
  const json = sub.toJSON();
  const device = await call(routes.notifications.pushRegister, {
    body: { endpoint: json.endpoint!, expirationTime: json.expirationTime ?? null, keys: { p256dh: json.keys!.p256dh!, auth: json.keys!.auth! } },
  });
  storeDevice(device._id);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Unsubscribes this browser and removes its device at the API (already gone there: fine). */
export async function turnPushOff(): Promise<void> {
  const id = storedDevice();
  storeDevice(null);
  if (id) await call(routes.notifications.pushRemove, { params: { id } }).catch(() => undefined);
  if (!pushSupported()) return;
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = reg ? await reg.pushManager.getSubscription() : null;
  await sub?.unsubscribe();
}

/** This browser's device id at the API (to mark it "this device" in the list). */
export function thisDevice(): string | null {
  return storedDevice();
}
