/* global self, caches, VERSION, PRECACHE */
// The portal's service worker. The API serves it at /sw.js with two constants put in front of this text:
//   VERSION  - changes with every deploy of the shell or a remote (so the browser installs the new worker), and
//   PRECACHE - the files to keep: the shell's and each remote's built files (each build writes precache-manifest.json).
// A second visit then starts from the cache, with or without the network. API calls and the socket are never handled
// here: they always go to the network, so an answer is never served stale.

const CACHE = `portal-${VERSION}`;
// Content-hashed files never change under their name: the cache answers. Everything else asks the network first.
const HASHED = /\.[0-9a-f]{8,}\.(js|css)$/;
const NEVER_CACHED = /^\/(api|socket\.io)(\/|$)/;

self.addEventListener('install', (event) => {
  // A new deploy's worker takes over at once (see activate): the pages load their code lazily, so an open page keeps
  // working with the files it already has, and its next navigation gets the new version.
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
        Promise.all(keys.filter((k) => k.startsWith('portal-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || NEVER_CACHED.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    // Every page address is the shell's index.html; offline and without it, the offline page.
    event.respondWith(networkFirst(request, '/index.html').then((r) => r || caches.match('/offline.html')));
  } else if (PRECACHE.includes(url.pathname)) {
    event.respondWith(
      HASHED.test(url.pathname)
        ? caches.match(url.pathname).then((r) => r || fetch(request))
        : networkFirst(request, url.pathname).then((r) => r || Response.error()),
    );
  }
});

/** The network's answer (kept in the cache when it is one of ours), or the cached copy when the network fails. */
async function networkFirst(request, key) {
  try {
    const response = await fetch(request);
    if (response.ok && PRECACHE.includes(key)) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(key, copy));
    }
    return response;
  } catch {
    return caches.match(key);
  }
}
