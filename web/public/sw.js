// The console's service worker (issue 15, docs/mobile.md): it keeps the application shell, never data, so an
// operator whose network drops can still open the console and read that the server cannot be reached.
//
// - Navigations (a console address typed, reloaded or opened from the home screen): the network first; the
//   answer, when it is the app's HTML, is kept as the shell. Without a network, the kept shell.
// - The built files under /assets/ (hashed names: a name is one content forever): from the cache, else the
//   network, then kept. At most MAX_ASSETS are kept; the oldest go first.
// - Everything else (the API under /lfscada/, live sockets, pictures, downloads, other origins) is not touched:
//   it goes to the network as if there were no worker, and nothing of it is stored.
const CACHE = 'ironsight-shell-v1';
const SHELL = '/';
const MAX_ASSETS = 400;
const NOT_THE_APP = ['/lfscada/', '/userimg/', '/org/', '/api/'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(SHELL))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (NOT_THE_APP.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (request.mode === 'navigate') {
    event.respondWith(shellFromNetworkFirst(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(assetFromCacheFirst(request));
  }
});

async function shellFromNetworkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok && (answer.headers.get('content-type') || '').startsWith('text/html')) {
      await cache.put(SHELL, answer.clone());
    }
    return answer;
  } catch (error) {
    const kept = await cache.match(SHELL);
    if (kept) return kept;
    throw error;
  }
}

async function assetFromCacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) {
    await cache.put(request, answer.clone());
    await trim(cache);
  }
  return answer;
}

async function trim(cache) {
  const keys = (await cache.keys()).filter((key) => new URL(key.url).pathname.startsWith('/assets/'));
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(key);
}
