// The console's service worker (issue 15, docs/mobile.md): it keeps the application shell, never data, so an
// operator whose network drops can still open the console and read that the server cannot be reached.
//
// - Navigations (a console address typed, reloaded or opened from the home screen): the network first; the
//   answer, when it is the app's HTML, is kept as the shell, and the built files it names (its entry script and
//   styles under /assets/) are kept beside it, the previous ones dropped. Without a network, the kept shell.
// - The built files under /assets/: the network (the browser's own cache keeps them for a year: their names
//   are their content), and only when that fails the kept copy. Nothing is written per request, so a first
//   visit costs no more than without the worker.
// - Everything else (the API under /lfscada/, live sockets, pictures, downloads, other origins) is not touched:
//   it goes to the network as if there were no worker, and nothing of it is stored.
const CACHE = 'ironsight-shell-v1';
const SHELL = '/';
const NOT_THE_APP = ['/lfscada/', '/userimg/', '/org/', '/api/'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then(async (cache) => {
        const answer = await fetch(SHELL);
        if (answer.ok) await keepShell(cache, answer);
      })
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
    event.respondWith(shellFromNetworkFirst(event));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(assetFromNetwork(request));
  }
});

async function shellFromNetworkFirst(event) {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(event.request);
    if (answer.ok && (answer.headers.get('content-type') || '').startsWith('text/html')) {
      const kept = answer.clone();
      event.waitUntil(keepShell(cache, kept));
    }
    return answer;
  } catch (error) {
    const kept = await cache.match(SHELL);
    if (kept) return kept;
    throw error;
  }
}

/** Keeps the shell and the built files it names; drops the files an older shell named. */
async function keepShell(cache, answer) {
  const html = await answer.clone().text();
  const named = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]));
  await cache.put(SHELL, answer);
  const kept = await cache.keys();
  for (const key of kept) {
    const path = new URL(key.url).pathname;
    if (path.startsWith('/assets/') && !named.has(path)) await cache.delete(key);
  }
  const missing = [...named].filter((path) => !kept.some((key) => new URL(key.url).pathname === path));
  await cache.addAll(missing).catch(() => undefined);
}

async function assetFromNetwork(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await caches.match(request);
    if (kept) return kept;
    throw error;
  }
}
