// Module Web Worker: Pyodide plus the engine wheel, and one entry point (present.web.handle: the
// engine's answers, engine.web.handle, with the puzzle drawn by the one renderer where one is shown).
// Every request is {id, op, ...}; every answer is the engine's JSON, tagged with the same id.
import { loadPyodide } from "./pyodide/pyodide.mjs";

// The build puts the runtime and the engine wheel in folders named by their content hash and
// rewrites these names (sitebuild/fingerprint.py): Pyodide finds its other files next to
// pyodide.mjs; the lock file names the wheel, next to it, and its hash.
const indexURL = new URL(".", new URL("./pyodide/pyodide.mjs", import.meta.url)).href;
const lockFileURL = new URL("./pyodide/pyodide-lock.json", import.meta.url).href;

async function download(url, options) {
  const response = await fetch(url, options);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response;
}

// The wheel is fetched while the runtime starts (loadPackage would ask for it only afterwards)
// and unpacked as it is (loadPackage takes several times longer to install it), checked
// against the hash in the lock file.
const lock = download(lockFileURL).then((response) => response.json());
const wheel = lock.then(async (contents) => {
  const entry = contents.packages.huutopussi;
  const digest = btoa(String.fromCharCode(...entry.sha256.match(/../g).map((byte) => parseInt(byte, 16))));
  const response = await download(new URL(entry.file_name, lockFileURL), { integrity: `sha256-${digest}` });
  return new Uint8Array(await response.arrayBuffer());
});
wheel.catch(() => {}); // reported through `ready`

const ready = (async () => {
  if (typeof WebAssembly !== "object") throw new Error("WebAssembly is not available");
  const pyodide = await loadPyodide({ indexURL, lockFileContents: lock });
  pyodide.unpackArchive(await wheel, "wheel");
  return pyodide.pyimport("present.web").handle;
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
