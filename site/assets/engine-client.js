// The page's side of the worker protocol: start the worker, send {op, ...}, get the answer.
export function startEngine() {
  let worker;
  const waiting = new Map();
  let nextId = 1;
  const ready = new Promise((resolve, reject) => {
    if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
      reject(new Error("no WebAssembly"));
      return;
    }
    try {
      worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    } catch (error) {
      reject(error);
      return;
    }
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new Error(event.message || "the engine files could not be loaded"));
    };
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.type === "ready") resolve();
      else if (message.type === "failed") reject(new Error(message.message));
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
          worker.postMessage({ id, op, ...fields });
        }),
    );
  }
  // Stop the worker at once (a long computation is abandoned); waiting requests answer "cancelled".
  function terminate() {
    if (worker) worker.terminate();
    for (const resolve of waiting.values()) resolve({ ok: false, error: { code: "cancelled", message: "cancelled" } });
    waiting.clear();
  }
  return { ready, request, terminate };
}

let shared = null;

// One worker per page, started on first use.
export function engine() {
  if (shared === null) shared = startEngine();
  return shared;
}
