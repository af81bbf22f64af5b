// Service worker: after one visit the whole site works offline, and no file is downloaded twice.
// The build (sitebuild/offline.py) fills in VERSION (a hash of every file), FILES (every page,
// asset, the Pyodide runtime and the engine wheel, smallest first), IMMUTABLE (the folder whose
// files are named by their content, so a URL there always means the same bytes) and ENGINE (the
// folder of the engine's files: a browser without WebAssembly could never use them).
const VERSION = "__VERSION__";
const IMMUTABLE = __IMMUTABLE__;
const ENGINE = __ENGINE__;
const FILES = __FILES__.filter((file) => typeof WebAssembly === "object" || !file.startsWith(ENGINE));
const CACHE = `huutopussi-${VERSION}`;
const PARALLEL = 4; // a few at a time: the page the learner is reading keeps most of the connection

// Where each file comes from, so that nothing the browser already has is fetched again:
// - a file named by its content that an earlier version of the site kept: copied from there;
// - a page open in a tab: it was just loaded, and pages are never used without asking the server
//   (no-cache), so the copy in the browser's HTTP cache is current ("force-cache");
// - anything else: a normal request, answered by the HTTP cache for the assets the page fetched
//   (they keep for a year) and by the network for the rest of the offline copy.
async function keep(cache, file, openPages) {
  const url = new URL(file, self.registration.scope).href;
  if (file.startsWith(IMMUTABLE)) {
    const kept = await caches.match(url);
    if (kept) return cache.put(url, kept);
  }
  const response = await fetch(url, { cache: openPages.has(url) ? "force-cache" : "default" });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return cache.put(url, response);
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const openPages = new Set(windows.map((client) => client.url.split("#")[0]));
      const queue = [...FILES];
      const worker = async () => {
        while (queue.length) await keep(cache, queue.shift(), openPages);
      };
      await Promise.all(Array.from({ length: PARALLEL }, worker));
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

// Cache first (the files only change with a new VERSION), the network for anything else. A page
// that is neither kept nor reachable (an address that does not exist, opened offline) gets the
// site's own "page not found" page, which links back to the lessons, instead of the browser's error.
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
      if (hit) return hit;
      try {
        return await fetch(request);
      } catch (error) {
        const missing = request.mode === "navigate" && (await cache.match(new URL("404.html", self.registration.scope).href));
        if (missing) return new Response(missing.body, { status: 404, headers: missing.headers });
        throw error;
      }
    })(),
  );
});
