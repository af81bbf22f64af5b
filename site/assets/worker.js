// Module Web Worker: Pyodide plus the engine wheel, and one entry point (present.web.handle: the
// engine's answers, engine.web.handle, with the puzzle drawn by the one renderer where one is shown).
// Every request is {id, op, ...}; every answer is the engine's JSON, tagged with the same id.
import { loadPyodide } from "./pyodide/pyodide.mjs";

// The build puts the runtime and the engine wheel in folders named by their content hash and
// rewrites these names (sitebuild/fingerprint.py): Pyodide finds its other files next to
// pyodide.mjs; the lock file names the wheel, next to it, and its hash.
const indexURL = new URL(".", new URL("./pyodide/pyodide.mjs", import.meta.url)).href;
const lockFileURL = new URL("./pyodide/pyodide-lock.json", import.meta.url).href;
// The memory snapshot made at build time (sitebuild/snapshot.py): Pyodide with the engine imported.
const snapshotInfoURL = new URL("./pyodide/snapshot.json", import.meta.url).href;

async function download(url, options) {
  const response = await fetch(url, options);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response;
}

// A sha256 in hex (as the lock file and snapshot.json give it) as fetch's integrity wants it.
function integrity(hex) {
  return `sha256-${btoa(String.fromCharCode(...hex.match(/../g).map((byte) => parseInt(byte, 16))))}`;
}

// The wheel is fetched while the runtime starts (loadPackage would ask for it only afterwards)
// and unpacked as it is (loadPackage takes several times longer to install it), checked
// against the hash in the lock file.
const lock = download(lockFileURL).then((response) => response.json());
const wheel = lock.then(async (contents) => {
  const entry = contents.packages.huutopussi;
  const response = await download(new URL(entry.file_name, lockFileURL), { integrity: integrity(entry.sha256) });
  return new Uint8Array(await response.arrayBuffer());
});
wheel.catch(() => {}); // reported through `ready`

// The snapshot is fetched at the same time, checked against the hash its description gives. A
// missing or damaged one only means the normal start (slower): said to the page, never an error.
// Checked with crypto.subtle once it is all here rather than with fetch's integrity: on its 31 MB
// the integrity check took 200-400 ms more than the download from the HTTP cache, the digest about
// 100-200 ms (docs/speed.md).
const snapshot = download(snapshotInfoURL)
  .then((response) => response.json())
  .then(async (info) => {
    if (!info.file) throw new Error(`the build made none: ${info.reason}`);
    const response = await download(new URL(info.file, snapshotInfoURL));
    const bytes = new Uint8Array(await response.arrayBuffer());
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
    if (hex !== info.sha256) throw new Error(`${info.file}: its sha256 is not the one snapshot.json gives`);
    return bytes;
  });
snapshot.catch(() => {}); // reported through `ready`

async function start() {
  if (typeof WebAssembly !== "object") throw new Error("WebAssembly is not available");
  let pyodide = null;
  let note = "";
  try {
    pyodide = await loadPyodide({ indexURL, lockFileContents: lock, _loadSnapshot: snapshot });
  } catch (error) {
    note = `no memory snapshot (${String((error && error.message) || error)}): the normal start`;
  }
  const how = pyodide ? "snapshot" : "normal";
  if (!pyodide) pyodide = await loadPyodide({ indexURL, lockFileContents: lock });
  // the engine's files again (the snapshot holds the imported modules, not the file system): the
  // catalogs and any module imported later are read from them
  pyodide.unpackArchive(await wheel, "wheel");
  // the snapshot's random generator was seeded once at build time: every visitor would draw alike
  if (how === "snapshot") pyodide.runPython("import random; random.seed()");
  return { handle: pyodide.pyimport("present.web").handle, how, note };
}

const ready = start();

ready.then(
  ({ how, note }) => postMessage({ type: "ready", start: how, note }),
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
    const { handle } = await ready;
    answer = JSON.parse(handle(JSON.stringify(request)));
  } catch (error) {
    answer = { ok: false, id: request.id, error: { code: "engine", message: String(error) } };
  }
  postMessage({ type: "answer", id: request.id, answer });
};
