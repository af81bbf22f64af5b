// The table's talk to the engine: every request waits for the worker (started in the background
// by start-engine.js) and, while it waits, the table says so with progress; an engine that cannot
// start is named plainly, and what needs it is said. The opening deals prepared at build time
// (sitebuild/openings.py, the engine's own answers) let the first decision appear before it runs.
import { engine, engineUnavailable, offlineNote } from "./engine-client.js";
import { ui } from "./messages.js";
import { $, table } from "./play-words.js";

let engineState = "starting"; // "starting", "ready" or "failed"
let failure = null;
const started = performance.now();
let ticker = null;
let waiting = 0; // requests waiting for the engine to start

function showProgress() {
  const text = $("engine-text");
  const bar = $("engine-progress");
  const box = $("engine-status");
  if (engineState === "failed") {
    bar.hidden = true;
    box.classList.add("failed");
    text.textContent = failure;
    return;
  }
  const show = engineState === "starting" && waiting > 0;
  bar.hidden = !show;
  box.classList.toggle("waiting", show);
  const seconds = Math.round((performance.now() - started) / 1000);
  text.textContent = show ? `${ui("engine_starting", { seconds })} ${ui("engine_waiting_move")}` : "";
}

function tick(on) {
  if (on && ticker === null) ticker = setInterval(showProgress, 500);
  if (!on && ticker !== null) {
    clearInterval(ticker);
    ticker = null;
  }
  showProgress();
}

// Watches the engine start: a failure is said once, in the table's status line.
export function watchEngine() {
  engine().ready.then(
    () => {
      engineState = "ready";
      tick(false);
      if (table.state) table.hooks.actions(); // the hint button, now that the engine can answer
    },
    (error) => {
      engineState = "failed";
      engineUnavailable(error); // the developer's detail to the console
      failure = error && error.code === "no-wasm" ? ui("engine_no_wasm") : ui("engine_blocked_play") + offlineNote();
      tick(false);
    },
  );
}

export const engineFailed = () => engineState === "failed";
export const engineRunning = () => engineState === "ready";

// One request to the engine; while the engine starts, the table shows its progress.
export async function engineRequest(op, fields) {
  if (engineState === "failed") throw new Error("engine unavailable");
  if (engineState === "starting") {
    waiting += 1;
    tick(true);
    try {
      await engine().ready;
    } finally {
      waiting -= 1;
      tick(waiting > 0);
    }
  }
  return engine().request(op, fields);
}

export function request(extra = {}) {
  const { game, state } = table;
  return { rules: game.rules, seed: game.seed, computers: game.computers, history: state ? state.history : [[]], ...extra };
}

// The prepared openings: {preset: {levels: [{seed, state}]}}; one not played lately, if any.
const openings = JSON.parse($("play-openings").textContent);

export function preparedOpening(preset, computers, recent = []) {
  const list = (openings[preset] || {})[computers.join(".")] || [];
  if (!list.length) return null;
  const fresh = list.filter((o) => !recent.includes(o.seed));
  const choices = fresh.length ? fresh : list;
  return choices[Math.floor(Math.random() * choices.length)];
}
