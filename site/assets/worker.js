// Module Web Worker: Pyodide plus the engine wheel, and one entry point (engine.web.handle).
// Every request is {id, op, ...}; every answer is the engine's JSON, tagged with the same id.
import { loadPyodide } from "./pyodide/pyodide.mjs";

// The build puts the runtime and the engine wheel in folders named by their content hash and
// rewrites these names (sitebuild/fingerprint.py): Pyodide finds its other files next to
// pyodide.mjs, and the wheel next to the lock file.
const indexURL = new URL(".", new URL("./pyodide/pyodide.mjs", import.meta.url)).href;
const lockFileURL = new URL("./pyodide/pyodide-lock.json", import.meta.url).href;

const ready = (async () => {
  if (typeof WebAssembly !== "object") throw new Error("WebAssembly is not available");
  const pyodide = await loadPyodide({
    indexURL,
    lockFileURL,
    packages: ["huutopussi"],
  });
  // loadPackage only logs a missing file, so check that the engine really imports.
  return pyodide.pyimport("engine.web").handle;
})();

ready.then(
  () => postMessage({ type: "ready" }),
  (error) =>
    postMessage({
      type: "failed",
      code: typeof WebAssembly === "object" ? "load-failed" : "no-wasm",
      message: String((error && error.message) || error),
    }),
);

self.onmessage = async (event) => {
  const request = event.data;
  let answer;
  try {
    const handle = await ready;
    answer = JSON.parse(handle(JSON.stringify(request)));
  } catch (error) {
    answer = { ok: false, id: request.id, error: { code: "engine", message: String(error) } };
  }
  postMessage({ type: "answer", id: request.id, answer });
};
