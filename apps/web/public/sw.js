/* The site's service worker (issue 34 §1–§2; apps/web/README.md "Installable app").
 *
 * Caches only what holds nobody's data: the offline page, the app icons and Next.js's hashed
 * static assets (/_next/static/, immutable). Everything else goes to the network untouched —
 * pages (server-rendered for the signed-in user), the API (another origin), signed media URLs,
 * /files/ and /media/ are NEVER cached. A page that cannot load offline shows the offline page.
 *
 * Web Push: a push shows its notification (tag = the notification's id, so a repeated delivery
 * replaces it) and tells the open pages; a tap opens the notification's page on this site.
 */
const VERSION = 'v1';
const SHELL_CACHE = `shell-${VERSION}`;
const STATIC_CACHE = `static-${VERSION}`;
const OFFLINE_URL = '/offline.html';
const SHELL = [OFFLINE_URL, '/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png'];
/** Hashed assets kept at most (older builds' files are dropped first). */
const STATIC_MAX = 400;
/** Never from a cache, whatever else changes below: private or signed answers. */
const NETWORK_ONLY = /^\/(files|media|api)\//;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.addAll(SHELL.map((u) => new Request(u, { cache: 'reload' })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([SHELL_CACHE, STATIC_CACHE]);
      for (const name of await caches.keys()) if (!keep.has(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

async function trim(cache) {
  const keys = await cache.keys();
  for (let i = 0; i < keys.length - STATIC_MAX; i++) await cache.delete(keys[i]);
}

async function cacheFirst(request, cacheName) {
  const cache = await caches.open(cacheName);
  const hit = await cache.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  // Only whole, plain successes of our own origin (no opaque or partial answers).
  if (res.ok && res.status === 200 && res.type === 'basic') {
    await cache.put(request, res.clone());
    if (cacheName === STATIC_CACHE) await trim(cache);
  }
  return res;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Another origin (the API, a media CDN, signed URLs): the browser's own network path.
  if (url.origin !== self.location.origin) return;
  if (NETWORK_ONLY.test(url.pathname)) return;
  if (url.pathname.startsWith('/_next/static/')) {
    event.respondWith(cacheFirst(request, STATIC_CACHE));
    return;
  }
  if (SHELL.includes(url.pathname)) {
    event.respondWith(cacheFirst(request, SHELL_CACHE));
    return;
  }
  if (request.mode === 'navigate') {
    // Pages are never stored: the network, or the offline page when there is none.
    event.respondWith(
      fetch(request).catch(async () => (await caches.match(OFFLINE_URL)) || new Response('You are offline.', { status: 503, headers: { 'Content-Type': 'text/plain' } })),
    );
  }
  // Anything else: not handled here, so the network as usual.
});

/** A site path, else the notifications page (a push never sends the browser elsewhere). */
function sitePath(p) {
  return typeof p === 'string' && p.startsWith('/') && !p.startsWith('//') ? p : '/notifications';
}

self.addEventListener('push', (event) => {
  let p = null;
  try {
    p = event.data ? event.data.json() : null;
  } catch {
    p = null;
  }
  const payload = {
    id: p && typeof p.id === 'string' ? p.id : undefined,
    type: p && typeof p.type === 'string' ? p.type : undefined,
    title: p && typeof p.title === 'string' && p.title ? p.title : 'New notification',
    body: p && typeof p.body === 'string' ? p.body : '',
    url: sitePath(p && p.url),
  };
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.id,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: payload.url, id: payload.id },
      });
      // Open pages hear of it too (the bell may refresh; the e2e test observes this).
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const w of windows) w.postMessage({ type: 'push', payload });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(sitePath(event.notification.data && event.notification.data.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const w of windows) {
        if (new URL(w.url).origin === self.location.origin && 'focus' in w) {
          await w.focus();
          return w.navigate(target);
        }
      }
      return self.clients.openWindow(target);
    })(),
  );
});
