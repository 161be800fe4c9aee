// The playground's service worker: after one visit the app opens offline.
//
// The page itself (index.html, registered below in index.html) puts every
// same-origin file it loaded into the cache once the worker is active: Trunk's
// hashed wasm, JS and CSS, the icons. So what is cached is exactly what this
// build requested, and nothing is listed here by name.
//
// index.html is fetched network first (a new build's hashes reach the user as
// soon as they are online), with the cached copy as fallback; every other file
// is cache first, since a hashed name never changes its content.
const CACHE = "dsplay-shell-v1";

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

const isPage = (request, url) =>
  request.mode === "navigate" || url.pathname === "/" || url.pathname.endsWith("/index.html");

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (isPage(request, url)) {
    // The query (?embed=1) does not change the page's bytes: one entry per path.
    const shell = url.origin + url.pathname;
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(shell, copy));
          }
          return response;
        })
        .catch(() => caches.match(shell).then((cached) => cached ?? Response.error())),
    );
    return;
  }
  event.respondWith(
    caches.match(request).then(
      (cached) =>
        cached ??
        fetch(request).then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        }),
    ),
  );
});

// The page sends the files it loaded: cache them, and drop files of older builds.
self.addEventListener("message", (event) => {
  if (event.origin !== self.location.origin || event.data?.type !== "dsplay:cache-shell") return;
  const urls = (event.data.urls ?? []).filter((u) => typeof u === "string" && new URL(u).origin === self.location.origin);
  const shell = typeof event.data.page === "string" ? event.data.page : new URL("./", self.registration.scope).href;
  event.waitUntil(
    caches.open(CACHE).then(async (cache) => {
      await Promise.all(
        urls.map((u) => cache.match(u).then((hit) => hit ?? cache.add(u).catch(() => undefined))),
      );
      await cache.add(shell).catch(() => undefined);
      const keep = new Set([...urls, shell]);
      for (const request of await cache.keys()) {
        if (!keep.has(request.url)) await cache.delete(request);
      }
      event.source?.postMessage({ type: "dsplay:shell-cached", count: keep.size });
    }),
  );
});
