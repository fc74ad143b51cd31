// The site's service worker. It keeps the whole site and the Python runtime in a cache named
// after their content, so the second visit works offline; and it serves every same-origin
// response with the headers that make a page cross-origin isolated, for hosts that cannot.
// Requests to the sync service (SYNC_URL, if the site has one) are never its business: they go to
// the network, and fail offline, so the page can say so. build.py fills in VERSION, PRECACHE and SYNC_URL.

const VERSION = "__VERSION__";
const PRECACHE = [/* __PRECACHE__ */];
const SYNC_URL = "__SYNC_URL__";
const CACHE = `gradlab-${VERSION}`;
const ISOLATION_HEADERS = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
  "Cross-Origin-Resource-Policy": "same-origin",
};
const root = new URL("./", self.location.href);
const precached = new Set(PRECACHE.map((path) => new URL(path, root).href));
const syncBase = SYNC_URL && `${new URL(SYNC_URL, root).href.replace(/\/$/, "")}/`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...precached])).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("gradlab-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (syncBase && `${url.origin}${url.pathname}/`.startsWith(syncBase)) return; // never cached nor answered here
  if (request.headers.get("Accept") === "text/event-stream") return; // a live stream is never cached
  url.search = "";
  event.respondWith(respond(request, url.href).then(withIsolationHeaders));
});

// Pages: the network first, so a learner online sees the newest lesson; the cache when offline.
// Everything else has a content-versioned name or lives in this cache's version: cache first.
async function respond(request, key) {
  const cache = await caches.open(CACHE);
  if (request.mode === "navigate") {
    try {
      return await fetch(request);
    } catch (offline) {
      const page = await cache.match(key) || await cache.match(key.endsWith("/") ? `${key}index.html` : key);
      if (page) return page;
      throw offline;
    }
  }
  return (precached.has(key) && await cache.match(key)) || fetch(request);
}

function withIsolationHeaders(response) {
  if (response.status === 0 || response.headers.get("Cross-Origin-Embedder-Policy")) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION_HEADERS)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
