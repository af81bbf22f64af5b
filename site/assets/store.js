// Versioned records in localStorage, read so that nothing stored on the device is ever lost
// (docs/storage.md lists every key and its format).
//
//   const record = new StoredRecord("huutopussi.x", { version: 2, migrations: { 1: (v1) => v2 }, check });
//   const report = record.read();   // {state, value, writable, aside, problem, detail}
//   record.write(value);            // {ok, problem}: never throws
//
// States of a read:
// - "empty": nothing stored (or storage disabled: problem "unavailable"); writable.
// - "clean": the record of this version, its content checked; writable.
// - "migrated": an older version, migrated step by step (migrations[n] turns version n into n + 1).
//   The record as it was is first copied to KEY.v<n> (kept if that key already holds something
//   else: then KEY.v<n>.<time>), and only when that copy is stored is the migrated record written
//   back; if the copy cannot be stored, the record is used but not writable.
// - "newer": written by a later version of the site; "damaged": not JSON, truncated, wrong types,
//   no version, a missing or failing migration. Either way the original stays under KEY exactly as
//   it is and is never written over (writable false), and a copy is set aside under
//   huutopussi.set-aside.KEY@<milliseconds since 1970> (one copy per content: a later visit finds
//   it and stores no second one; outside every page's own keys, so that no page that walks its
//   keys by prefix reads a copy as a record). The page says so in its language (notice()).
// The value handed out for "newer" and "damaged" is null: the page starts afresh without saving.
export const SET_ASIDE = "huutopussi.set-aside.";

export function storage() {
  try {
    const store = window.localStorage;
    return store || null;
  } catch {
    return null; // storage disabled (a privacy setting): the page works without it
  }
}

// "quota" (the storage is full) or "unavailable" (disabled, or refused for another reason).
function problemOf(error) {
  if (!error) return "unavailable";
  return error.name === "QuotaExceededError" || error.code === 22 || error.code === 1014 ? "quota" : "unavailable";
}

function setItem(store, key, text) {
  try {
    store.setItem(key, text);
    return null;
  } catch (error) {
    return problemOf(error);
  }
}

// Keys that start with prefix, read once (the storage may change while it is walked).
export function keysWith(prefix, store = storage()) {
  const keys = [];
  if (!store) return keys;
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key !== null && key.startsWith(prefix)) keys.push(key);
  }
  return keys;
}

export class StoredRecord {
  // version: the version this page writes (null: an unversioned value, e.g. a plain string);
  // versionOf(data): a parsed record's version (an integer, else the record is damaged);
  // check(data): null when the content is right, else what is wrong (for the console);
  // parse / serialize: text <-> value (JSON by default).
  constructor(key, options = {}) {
    this.key = key;
    this.version = options.version ?? null;
    this.versionOf = options.versionOf || ((data) => data.version);
    this.migrations = options.migrations || {};
    this.check = options.check || (() => null);
    this.parse = options.parse || JSON.parse;
    this.serialize = options.serialize || JSON.stringify;
    this.report = null;
  }

  read() {
    const store = storage();
    let raw = null;
    try {
      raw = store ? store.getItem(this.key) : null;
    } catch {
      raw = null;
    }
    if (!store) return this.#done({ state: "empty", value: null, writable: false, problem: "unavailable" });
    if (raw === null) return this.#done({ state: "empty", value: null, writable: true });
    let data;
    try {
      data = this.parse(raw);
    } catch (error) {
      return this.#keep(store, raw, "damaged", `not readable: ${error.message}`);
    }
    let from = null;
    if (this.version !== null) {
      const version = data !== null && typeof data === "object" && !Array.isArray(data) ? this.versionOf(data) : undefined;
      if (!Number.isInteger(version)) return this.#keep(store, raw, "damaged", "no version");
      if (version > this.version) return this.#keep(store, raw, "newer", `version ${version}, this page reads up to ${this.version}`);
      if (version < this.version) {
        from = version;
        try {
          for (let v = version; v < this.version; v += 1) {
            if (typeof this.migrations[v] !== "function") return this.#keep(store, raw, "damaged", `no migration from version ${v}`);
            data = this.migrations[v](data);
          }
        } catch (error) {
          return this.#keep(store, raw, "damaged", `migration from version ${from} failed: ${error.message}`);
        }
      }
    }
    let wrong;
    try {
      wrong = this.check(data);
    } catch (error) {
      wrong = error.message;
    }
    if (wrong) return this.#keep(store, raw, "damaged", wrong);
    if (from === null) return this.#done({ state: "clean", value: data, writable: true });
    // migrated: the record as it was first, then the new one in its place
    const backup = this.#backupKey(store, `${this.key}.v${from}`, raw);
    const problem = backup.stored ? setItem(store, this.key, this.serialize(data)) : backup.problem;
    return this.#done({ state: "migrated", value: data, writable: problem === null, problem, backup: backup.key, from });
  }

  // Write a value; only over a record that was read cleanly, migrated, or empty.
  write(value) {
    if (this.report === null) this.read();
    if (!this.report.writable) return { ok: false, problem: this.report.problem || "kept" };
    const store = storage();
    if (!store) return { ok: false, problem: "unavailable" };
    const problem = setItem(store, this.key, this.serialize(value));
    return problem === null ? { ok: true, problem: null } : { ok: false, problem };
  }

  // Remove the record; only one this page may write.
  remove() {
    if (this.report === null) this.read();
    if (!this.report.writable) return { ok: false, problem: "kept" };
    try {
      storage()?.removeItem(this.key);
      return { ok: true, problem: null };
    } catch (error) {
      return { ok: false, problem: problemOf(error) };
    }
  }

  #done(report) {
    this.report = { key: this.key, aside: null, problem: null, detail: null, ...report };
    return this.report;
  }

  // A newer or damaged record: left as it is, a copy set aside (once per content).
  #keep(store, raw, state, detail) {
    const prefix = `${SET_ASIDE}${this.key}@`;
    const copies = keysWith(prefix, store).filter((key) => /^\d+_*$/.test(key.slice(prefix.length)));
    let aside = copies.find((key) => store.getItem(key) === raw) || null;
    let problem = null;
    if (aside === null) {
      let key = prefix + Date.now();
      while (store.getItem(key) !== null) key += "_";
      problem = setItem(store, key, raw);
      if (problem === null) aside = key;
    }
    console.warn(`${this.key}: ${state} record kept as it is (${detail})`);
    return this.#done({ state, value: null, writable: false, aside, problem, detail });
  }

  // Copy raw to key unless key already holds it; a key holding something else is kept, and the
  // copy goes to key.<time>.
  #backupKey(store, key, raw) {
    const there = store.getItem(key);
    if (there === raw) return { stored: true, key, problem: null };
    if (there !== null) {
      key = `${key}.${Date.now()}`;
      while (store.getItem(key) !== null) key += "_";
    }
    const problem = setItem(store, key, raw);
    return { stored: problem === null, key, problem };
  }
}

// Say on the page, once per record, that something stored was kept aside: a status line at the
// top of the main content (text is set as text, never as HTML).
export function notice(report, text) {
  const main = document.getElementById("main") || document.body;
  const id = `storage-notice-${report.key.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  let node = document.getElementById(id);
  if (!node) {
    node = document.createElement("p");
    node.id = id;
    node.className = "storage-notice";
    node.setAttribute("role", "status");
    node.dataset.key = report.key;
    main.prepend(node);
  }
  node.dataset.state = report.state;
  node.textContent = text;
  return node;
}

// Whether a read needs saying on the page: a record kept aside, or a migration that could not be
// stored.
export function needsNotice(report) {
  return report.state === "newer" || report.state === "damaged";
}

// The best practice streak (docs/storage.md): a whole number as plain text, written by practice.js
// and shown by the front page; defined once here so that both read it the same way.
export const bestStreak = new StoredRecord("huutopussi.best-streak", {
  parse: (text) => text,
  serialize: String,
  check: (text) => (/^\d{1,9}$/.test(text) ? null : "not a whole number"),
});
