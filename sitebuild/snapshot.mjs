// Makes the engine's Pyodide memory snapshot at build time (sitebuild/snapshot.py runs it):
//   node sitebuild/snapshot.mjs PYODIDE_DIR WHEEL LOCK_FILE OUT
// Pyodide starts as the site's worker starts it (site/assets/worker.js: the same runtime files,
// the same lock file, the wheel unpacked, present.web imported), then its whole memory is
// written to OUT. The snapshot is then loaded in this same process and must answer a request,
// or the script fails (exit status 1, the reason on stderr) and the build does without one.
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import path from "node:path";
import console from "node:console";
import nodeCrypto from "node:crypto";
import process from "node:process";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheelPath, lockPath, outPath] = process.argv.slice(2);
// The runtime keeps the program's name in its memory (sys.executable's neighbour, the environment's
// `_`): a plain name, not this machine's folders, goes into the published snapshot.
process.argv[1] = "snapshot.mjs";
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const indexURL = path.resolve(pyodideDir) + path.sep; // in Node a folder, not a URL
const lockFileContents = fs.readFileSync(lockPath, "utf8");
// Pyodide's Python cannot take Node's Buffer: a plain Uint8Array
const wheel = new Uint8Array(fs.readFileSync(wheelPath));
// The same inputs give the same snapshot, byte for byte (so its name, and the worker's and the
// pages' names after it, change only with the runtime or the engine, not with every clean build):
// the randomness Python draws at its start (the hash secret, `random`, tempfile's names) and the
// clocks it reads come from fixed sources while the snapshot is made. The worker seeds `random`
// again from the browser's randomness.
let state = 0x9e3779b9;
nodeCrypto.randomFillSync = (view) => {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  return view;
};
const started = Date.UTC(2026, 0, 1);
Date.now = () => started;
let ticks = 0;
performance.now = () => (ticks += 1);
const quiet = { stdout: () => {}, stderr: (line) => console.error(line) };

const maker = await loadPyodide({ indexURL, lockFileContents, _makeSnapshot: true, ...quiet });
maker.unpackArchive(wheel, "wheel");
maker.pyimport("present.web");
maker.runPython("import gc; gc.collect()");
const snapshot = maker.makeMemorySnapshot();

const loaded = await loadPyodide({ indexURL, lockFileContents, _loadSnapshot: snapshot, ...quiet });
loaded.unpackArchive(wheel, "wheel");
const answer = JSON.parse(loaded.pyimport("present.web").handle(JSON.stringify({ id: 1, op: "presets", lang: "en" })));
if (!answer.ok || !Array.isArray(answer.presets) || answer.presets.length === 0) {
  console.error(`the snapshot loads but the engine does not answer: ${JSON.stringify(answer).slice(0, 200)}`);
  process.exit(1);
}
fs.writeFileSync(outPath, snapshot);
process.exit(0); // Pyodide leaves timers behind: do not wait for them
