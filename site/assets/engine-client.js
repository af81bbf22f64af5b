// The page's side of the worker protocol: start the worker, send {op, ...}, get the answer.
import { ui } from "./messages.js";

function failure(code, detail) {
  return Object.assign(new Error(detail), { code });
}

export function startEngine() {
  let worker;
  const waiting = new Map();
  let nextId = 1;
  const ready = new Promise((resolve, reject) => {
    if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
      reject(failure("no-wasm", "no WebAssembly or no Worker in this browser"));
      return;
    }
    try {
      worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    } catch (error) {
      reject(failure("load-failed", String(error)));
      return;
    }
    worker.onerror = (event) => {
      event.preventDefault();
      reject(failure("load-failed", event.message || "the worker could not be loaded"));
    };
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.type === "ready") {
        // how the worker started: "snapshot" (the build's memory snapshot) or "normal"; a snapshot
        // that could not be used is a fact for the developer, not a failure (the engine runs)
        document.documentElement.dataset.engineStart = message.start;
        if (message.note) console.info("The game engine:", message.note);
        resolve();
      }
      else if (message.type === "failed") reject(failure(message.code, message.message));
      else if (message.type === "answer" && waiting.has(message.id)) {
        waiting.get(message.id)(message.answer);
        waiting.delete(message.id);
      }
    };
  });
  function request(op, fields) {
    return ready.then(
      () =>
        new Promise((resolve) => {
          const id = nextId++;
          waiting.set(id, resolve);
          // the page's language: a puzzle in the answer is drawn in it (present/web.py)
          worker.postMessage({ id, op, lang: document.documentElement.lang, ...fields });
        }),
    );
  }
  // Stop the worker at once (a long computation is abandoned); waiting requests answer "cancelled".
  function terminate() {
    if (worker) worker.terminate();
    for (const resolve of waiting.values()) resolve({ ok: false, error: { code: "cancelled", message: "cancelled" } });
    waiting.clear();
  }
  // start-engine.js starts the worker before the page's script has attached its own handler: a
  // failure in between is handled (each page says it in its own words), not an unhandled rejection
  ready.catch(() => {});
  return { ready, request, terminate };
}

let shared = null;

// One worker per page, started on first use.
export function engine() {
  if (shared === null) shared = startEngine();
  return shared;
}

// Whether this page started the engine (the offline copy then keeps it: app.js).
export function engineStarted() {
  return shared !== null;
}

// Resolves once the engine this page started is ready or has failed; at once if it started none.
export function engineSettled() {
  const settled = () => {};
  return shared === null ? Promise.resolve() : shared.ready.then(settled, settled);
}

// What a page that needs the engine says when it cannot start, in the page's language: this
// browser cannot run it, or its files could not be loaded. The developer's detail goes to the console.
export function engineUnavailable(error) {
  console.warn("The game engine is unavailable:", error);
  return error && error.code === "no-wasm" ? ui("engine_no_wasm") : ui("engine_failed") + offlineNote();
}

// Offline (the browser says so) and the engine not kept on this device: what works without a
// connection and what needs one online visit, after the page's own words. Empty when online.
export function offlineNote() {
  return navigator.onLine === false ? ` ${ui("engine_offline")}` : "";
}
