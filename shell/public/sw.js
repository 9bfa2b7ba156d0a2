/* global self, caches, VERSION, PRECACHE, ROLE_FILES */
// The portal's service worker. The API serves it at /sw.js with three constants put in front of this text:
//   VERSION    - changes with every deploy of the shell or a remote (so the browser installs the new worker),
//   PRECACHE   - the files everyone keeps: the shell's built files (each build writes precache-manifest.json), and
//   ROLE_FILES - per role, its remotes' built files: kept once the page says who signed in ({ type: 'role' }), so a
//                student's browser never downloads the admin's code.
// A second visit then starts from the cache, with or without the network. API calls and the socket are never handled
// here: they always go to the network, so an answer is never served stale.

const CACHE = `portal-${VERSION}`;
// Content-hashed files never change under their name: the cache answers. Everything else asks the network first.
const HASHED = /\.[0-9a-f]{8,}\.(js|css)$/;
const NEVER_CACHED = /^\/(api|socket\.io)(\/|$)/;
// Which role's remotes the cache holds (a cache entry, so a new deploy's worker keeps the same role's code).
const ROLE_KEY = '/__portal-role';
const ROLE_PATHS = new Set(Object.values(ROLE_FILES).flat());

self.addEventListener('install', (event) => {
  // A new deploy's worker takes over at once (see activate): the pages load their code lazily, so an open page keeps
  // working with the files it already has, and its next navigation gets the new version. The role the previous
  // worker kept code for keeps it in this version too.
  event.waitUntil(
    (async () => {
      const previous = await caches.match(ROLE_KEY).then((r) => (r ? r.text() : null));
      const cache = await caches.open(CACHE);
      await cache.addAll(PRECACHE);
      if (previous) await keepRole(previous);
      await self.skipWaiting();
    })(),
  );
});

// The page says who signed in (a role) or that nobody is (null): that role's remotes are kept, any other role's
// dropped (a family phone changes hands).
self.addEventListener('message', (event) => {
  if (event.data?.type === 'role') event.waitUntil(keepRole(event.data.role));
});

/** Keeps `role`'s remote files in this version's cache (null: none), and drops those of every other role. */
async function keepRole(role) {
  const cache = await caches.open(CACHE);
  const wanted = new Set((role && ROLE_FILES[role]) || []);
  const held = await cache.keys();
  await Promise.all(
    held
      .map((request) => new URL(request.url).pathname)
      .filter((path) => ROLE_PATHS.has(path) && !wanted.has(path) && !PRECACHE.includes(path))
      .map((path) => cache.delete(path)),
  );
  if (!wanted.size) return cache.delete(ROLE_KEY);
  await cache.put(ROLE_KEY, new Response(role));
  // One file at a time and failures skipped: a file missing now (a remote redeployed meanwhile) is fetched when used.
  for (const path of wanted) if (!(await cache.match(path))) await cache.add(path).catch(() => undefined);
}

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
  } else if (PRECACHE.includes(url.pathname) || ROLE_PATHS.has(url.pathname)) {
    event.respondWith(
      HASHED.test(url.pathname)
        ? caches.match(url.pathname).then((r) => r || fetch(request))
        : networkFirst(request, url.pathname).then((r) => r || Response.error()),
    );
  }
});

/**
 * The network's answer (kept in the cache when it is one everyone keeps, or already kept for the signed-in role), or
 * the cached copy when the network fails.
 */
async function networkFirst(request, key) {
  try {
    const response = await fetch(request);
    if (response.ok && (PRECACHE.includes(key) || (ROLE_PATHS.has(key) && (await caches.match(key))))) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(key, copy));
    }
    return response;
  } catch {
    return caches.match(key);
  }
}
