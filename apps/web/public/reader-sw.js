/*
 * The reader's service worker (scope /reader): the app shell works offline; API answers are never
 * cached, but for Wi-Fi welcome pages (/reader/w/{code} and its content), which a guest opens over
 * mobile data before joining the network and keeps after: network first, the last copy offline. The page is fetched from the network first (it may have been rebuilt) and kept as the
 * offline copy; hashed files under /assets/ never change, so they are served from the cache once
 * there. On install it stores the page and every file the page names. The offline copy of a page
 * may predate the guest's use of its coupon: the reader remembers uses on the device
 * (reader/welcome/used-coupons.ts) and shows the coupon used whatever the copy says.
 */
const CACHE = 'qrqr-reader-v2';
/* The tags of the messages this device was shown a notification for (see the push handler). */
const SHOWN = 'qrqr-reader-shown';
const SHOWN_KEEP = 200;
const SHELL = '/reader';
const WELCOME = /^\/(reader\/w\/|api\/reader\/welcomepage\/[^/]+$)/;
const STATIC = /^\/(assets\/|reader-icon-|reader\.webmanifest$|favicon\.svg$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const page = await fetch(SHELL, { credentials: 'same-origin', headers: { accept: 'text/html' } });
      if (!page.ok) return;
      const html = await page.clone().text();
      await cache.put(SHELL, page);
      const named = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]);
      await cache.addAll([...new Set(named)].filter((p) => STATIC.test(p)));
    })(),
  );
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE && key !== SHOWN) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (WELCOME.test(url.pathname)) {
    event.respondWith(networkFirst(request, url.pathname));
    return;
  }
  if (url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate' && url.pathname === SHELL) {
    event.respondWith(networkFirst(request, SHELL));
  } else if (STATIC.test(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const fresh = await fetch(request);
    if (fresh.ok) await cache.put(key, fresh.clone());
    return fresh;
  } catch {
    return (await cache.match(key)) ?? Response.error();
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const fresh = await fetch(request);
  if (fresh.ok) await cache.put(request, fresh.clone());
  return fresh;
}

/*
 * Web Push: the payload (pushPayloadSchema: title, body, url, tag…) is shown as it comes; a test
 * push is already marked テスト配信 / Test by the server in the page's language. The tag is the
 * message's, so a second copy of one push (sent again after a server crashed mid-send) replaces
 * the first instead of stacking, and once the visitor has closed or opened it, the device
 * remembers the tag and shows the copy no more. A test push shows every time.
 */
self.addEventListener('push', (event) => {
  let payload = null;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    payload = null;
  }
  if (!payload || typeof payload.title !== 'string') return;
  const tag = typeof payload.tag === 'string' ? payload.tag : undefined;
  const remember = tag !== undefined && payload.test !== true;
  event.waitUntil(
    (async () => {
      if (remember && (await shownBefore(tag))) {
        const open = await self.registration.getNotifications({ tag });
        if (open.length === 0) return;
      }
      await self.registration.showNotification(payload.title, {
        body: typeof payload.body === 'string' ? payload.body : '',
        tag,
        icon: '/reader-icon-192.png',
        data: { url: typeof payload.url === 'string' ? payload.url : SHELL },
      });
      if (remember) await rememberShown(tag);
    })().catch((error) => {
      // A failed waitUntil is reported nowhere: the worker's console is where one would look.
      console.error(`push ${tag ?? ''} not shown: ${error}`);
      throw error;
    }),
  );
});

function shownKey(tag) {
  return new Request(`${self.location.origin}/reader/shown/${encodeURIComponent(tag)}`);
}

async function shownBefore(tag) {
  const cache = await caches.open(SHOWN);
  return (await cache.match(shownKey(tag))) !== undefined;
}

/** Keeps the last SHOWN_KEEP tags (Cache keys list in insertion order). */
async function rememberShown(tag) {
  const cache = await caches.open(SHOWN);
  await cache.put(shownKey(tag), new Response(''));
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - SHOWN_KEEP))) await cache.delete(old);
}

/*
 * A tap opens the message: its URL carries ?via=push (counted as opened via push). A reader window
 * already on that address is focused; otherwise the address opens in a new one. Only our origin.
 */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const wanted = new URL(event.notification.data?.url ?? SHELL, self.location.origin);
  if (wanted.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((c) => c.url === wanted.href);
      if (same && 'focus' in same) return same.focus();
      return self.clients.openWindow(wanted.href);
    })(),
  );
});
