// Service worker: the offline copy. A first visit keeps the lessons (their pages, with the answer
// tables in them, and the assets they use), the front pages, the glossary and the rules; every
// page and asset the learner then opens is kept as it arrives. The engine (ENGINE: the Pyodide
// runtime and the wheel, about ENGINE_BYTES on the wire) is kept only when a page needs it or when
// the learner asks ("keep-engine" from app.js), never on a connection that asks to save data.
// No file is downloaded twice. The build (sitebuild/offline.py) fills in VERSION (a hash of every
// file), FILES (every file the copy may hold, smallest first), FIRST (the first visit's files),
// IMMUTABLE (the folder whose files are named by their content, so a URL there always means the
// same bytes) and ENGINE.
const VERSION = "__VERSION__";
const IMMUTABLE = __IMMUTABLE__;
const ENGINE = __ENGINE__;
const ENGINE_BYTES = __ENGINE_BYTES__;
const FILES = __FILES__.filter((file) => typeof WebAssembly === "object" || !file.startsWith(ENGINE));
const FIRST = __FIRST__;
const CACHE = `huutopussi-${VERSION}`;
const PARALLEL = 4; // a few at a time: the page the learner is reading keeps most of the connection
const known = new Set(FILES);

const saveData = () => Boolean(self.navigator.connection && self.navigator.connection.saveData);

// A URL of this site as FILES names it ("fi/lessons/x/", "assets/app.HASH.js"), or null.
function siteFile(url) {
  const scope = new URL(self.registration.scope);
  const u = new URL(url, scope);
  if (u.origin !== scope.origin || !u.pathname.startsWith(scope.pathname)) return null;
  let name = u.pathname.slice(scope.pathname.length);
  if (name.endsWith("index.html")) name = name.slice(0, -"index.html".length);
  name ||= "./";
  return known.has(name) ? name : null;
}

// Where each file comes from, so that nothing the browser already has is fetched again:
// - a file named by its content that an earlier version of the site kept: copied from there;
// - a page open in a tab, or a file the page itself used: it was just loaded, and pages are never
//   used without asking the server (no-cache), so the browser's HTTP cache has it current
//   ("force-cache");
// - anything else: a normal request, answered by the HTTP cache for the assets the page fetched
//   (they keep for a year) and by the network for the rest of the offline copy.
async function keep(cache, file, fromBrowser) {
  const url = new URL(file, self.registration.scope).href;
  if (await cache.match(url)) return;
  if (file.startsWith(IMMUTABLE)) {
    const kept = await caches.match(url);
    if (kept) return cache.put(url, kept);
  }
  const response = await fetch(url, { cache: fromBrowser.has(url) ? "force-cache" : "default" });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return cache.put(url, response);
}

async function keepAll(files, fromBrowser = new Set()) {
  const cache = await caches.open(CACHE);
  const queue = [...files];
  const worker = async () => {
    while (queue.length) await keep(cache, queue.shift(), fromBrowser);
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

// What an earlier version kept beyond the first visit's files (pages opened, the engine): kept
// again, so that an update never takes away what worked offline. Files named by their content
// are copied from the old copy; other pages are fetched afresh.
async function keptBefore() {
  const names = new Set();
  for (const key of await caches.keys()) {
    if (!key.startsWith("huutopussi-") || key === CACHE) continue;
    for (const request of await (await caches.open(key)).keys()) {
      const name = siteFile(request.url);
      if (name) names.add(name);
    }
  }
  return names;
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const openPages = new Set(windows.map((client) => client.url.split("#")[0]));
      const before = await keptBefore();
      const open = [...openPages].map(siteFile).filter(Boolean);
      const files = FILES.filter((f) => FIRST.includes(f) || before.has(f) || open.includes(f));
      await keepAll(files, openPages);
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

async function status() {
  const cache = await caches.open(CACHE);
  const engine = FILES.filter((f) => f.startsWith(ENGINE));
  let engineKept = engine.length > 0;
  for (const file of engine) {
    if (!(await cache.match(new URL(file, self.registration.scope).href))) {
      engineKept = false;
      break;
    }
  }
  return { lessons: true, engine: engineKept, engineFiles: engine.length, engineBytes: ENGINE_BYTES, saveData: saveData() };
}

// Messages from the pages (app.js), each answered on its port:
// - "status": what is kept ({lessons, engine, engineBytes, saveData});
// - "used": the files the page loaded before this worker controlled it (kept from the HTTP cache),
//   and with engine: true the engine's files, which the page's worker loaded;
// - "keep-engine": the learner asked for the engine offline: the runtime, the wheel and every page.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  const reply = (value) => event.ports[0]?.postMessage(value);
  const work = (async () => {
    try {
      if (data.type === "used") {
        const urls = (data.urls || []).map((u) => String(u).split("#")[0]);
        let files = urls.map(siteFile).filter(Boolean);
        const fromBrowser = new Set(urls);
        if (data.engine) {
          // the page started the engine: its worker fetched the engine's files (not in the
          // page's own list), so they are in the browser's cache
          const engine = FILES.filter((f) => f.startsWith(ENGINE));
          files.push(...engine);
          for (const f of engine) fromBrowser.add(new URL(f, self.registration.scope).href);
        }
        if (saveData()) files = files.filter((f) => !f.startsWith(ENGINE));
        await keepAll([...new Set(files)], fromBrowser);
      } else if (data.type === "keep-engine") {
        if (saveData()) return reply({ ...(await status()), refused: "save-data" });
        await keepAll(FILES);
      }
      reply(await status());
    } catch (error) {
      reply({ ...(await status()), failed: String(error) });
    }
  })();
  event.waitUntil(work);
});

// Cache first (the files only change with a new VERSION), then the network; a file of the site
// that arrives from the network is kept (the engine too, when a page needs it, unless the
// connection asks to save data). A page that is neither kept nor reachable (an address that does
// not exist, opened offline) gets the site's own "page not found" page, which links back to the
// lessons, instead of the browser's error.
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
        const response = await fetch(request);
        const name = siteFile(url.href);
        if (name && response.ok && response.status === 200 && !(name.startsWith(ENGINE) && saveData())) {
          const key = new URL(name, self.registration.scope).href;
          event.waitUntil(cache.put(key, response.clone()).catch(() => {}));
        }
        return response;
      } catch (error) {
        const missing = request.mode === "navigate" && (await cache.match(new URL("404.html", self.registration.scope).href));
        if (missing) return new Response(missing.body, { status: 404, headers: missing.headers });
        throw error;
      }
    })(),
  );
});
