// Tengen's service worker: the whole site kept for offline play, one cache per build.
// web/build.sh writes the build's id (a hash of its files) and the list of its files in place of
// the two markers below, so a new build is a new worker: it fills its own cache while the old
// build goes on serving, and takes over on the next visit, when no page of the old one is open
// (no skipWaiting), so a page never gets one build's game and another's search worker.
const BUILD = '%BUILD%';
const FILES = %FILES%;
const CACHE = `tengen-${BUILD}`;

self.addEventListener('install', (event) => {
  // 'no-cache' asks the server (a 304 costs nothing) rather than trusting a stale HTTP cache.
  const requests = FILES.map((file) => new Request(file, { cache: 'no-cache' }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith('tengen-') && key !== CACHE) await caches.delete(key);
    }
    // The first visit's page is served by this build already: let it go offline too.
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Start flags (?mode=ai&level=…) ride on the page's address: the same page.
    const hit = (await cache.match(request, { ignoreSearch: true }))
      ?? (request.mode === 'navigate' ? await cache.match('./') : undefined);
    return hit ?? fetch(request);
  })());
});
