// Service worker: after one visit the whole site works offline. build.py fills in VERSION (a hash
// of every file) and FILES (every page, asset, the Pyodide runtime and the engine wheel).
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = `huutopussi-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const base = self.registration.scope;
      // "no-cache" revalidates with the server: files the page just loaded come back as 304s.
      await cache.addAll(FILES.map((file) => new Request(new URL(file, base), { cache: "no-cache" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith("huutopussi-") && key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

// Cache first (the files only change with a new VERSION), the network for anything else.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      url.hash = "";
      let hit = await cache.match(url.href, { ignoreSearch: true });
      if (!hit && url.pathname.endsWith("/")) hit = await cache.match(new URL("index.html", url).href);
      return hit || fetch(request);
    })(),
  );
});
