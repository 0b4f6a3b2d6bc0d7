/* global self, caches, fetch, URL */
/**
 * The service worker: keeps the whole app (built files, icons, manifest) so it starts and plays offline.
 * The build fills in PRECACHE and VERSION; a new build is a new cache, and old caches are dropped.
 */
const PRECACHE = ['__PRECACHE__'];
const VERSION = '__VERSION__';
const CACHE = `hearts-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('hearts-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The game server's API (and its event streams) goes straight to the network: nothing of it is kept, and a
  // request through the worker would only add a hop (and, for a stream, tie it to the worker's life).
  if (url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    // The app is one page: any navigation is answered with it, from the network when possible.
    event.respondWith(
      fetch(request).catch(() =>
        caches.match('./index.html', { ignoreSearch: true }).then((r) => r ?? caches.match('./')),
      ),
    );
    return;
  }
  event.respondWith(caches.match(request, { ignoreSearch: true }).then((hit) => hit ?? fetch(request)));
});
