"""Nobody loses anything stored on their device (docs/storage.md): store.js on its own, in the
browser; then every page that reads storage fed corrupted, truncated, wrong-typed and
newer-version records."""

import json

from e2e.conftest import asset_url

ASIDE = "huutopussi.set-aside."

UNIT = """async (module) => {
  const { StoredRecord, SET_ASIDE } = await import(module);
  localStorage.clear();
  const out = {};
  const check = (d) => (Array.isArray(d.items) ? null : "items: not a list");
  const make = () => new StoredRecord("t.rec", { version: 3, check, migrations: {
    1: (d) => ({ ...d, version: 2, items: d.list }),
    2: (d) => ({ ...d, version: 3 }),
  } });
  const asides = () => Object.keys(localStorage).filter((k) => k.startsWith(SET_ASIDE)).sort();

  // empty: writable
  let r = make();
  out.empty = r.read();
  out.emptyWrite = r.write({ version: 3, items: [1] });
  out.afterEmpty = localStorage.getItem("t.rec");

  // clean
  r = make();
  out.clean = r.read();

  // older: migrated in two steps, the old record kept under .v1, the new one written back
  localStorage.clear();
  localStorage.setItem("t.rec", '{"version":1,"list":[7,8]}');
  r = make();
  out.migrated = r.read();
  out.migratedStored = localStorage.getItem("t.rec");
  out.v1 = localStorage.getItem("t.rec.v1");
  // a .v1 that already holds something else is kept; the copy goes beside it
  localStorage.setItem("t.rec", '{"version":1,"list":[9]}');
  r = make();
  out.migrated2 = r.read();
  out.v1After = localStorage.getItem("t.rec.v1");
  out.v1Copy = localStorage.getItem(out.migrated2.backup);

  // newer, damaged (not JSON, truncated, wrong types, no version, no migration, migration throws)
  const cases = {
    newer: '{"version":4,"items":"whatever a later page writes"}',
    notJson: "{not json",
    truncated: '{"version":3,"items":[1,2',
    wrongType: '{"version":3,"items":{"a":1}}',
    noVersion: '{"items":[]}',
    array: "[1,2,3]",
    noMigration: '{"version":0,"items":[]}',
  };
  out.cases = {};
  for (const [name, text] of Object.entries(cases)) {
    localStorage.clear();
    localStorage.setItem("t.rec", text);
    r = make();
    const report = r.read();
    const write = r.write({ version: 3, items: [] });
    const removed = r.remove();
    // a second visit: no second copy
    make().read();
    out.cases[name] = {
      state: report.state, value: report.value, writable: report.writable, aside: report.aside,
      asideText: report.aside && localStorage.getItem(report.aside), write, removed,
      original: localStorage.getItem("t.rec"), asides: asides(),
    };
  }
  localStorage.clear();
  localStorage.setItem("t.rec", '{"version":1,"list":[1]}');
  const throwing = new StoredRecord("t.rec", { version: 2, migrations: { 1: () => { throw new Error("boom"); } } });
  out.throwing = { state: throwing.read().state, original: localStorage.getItem("t.rec") };

  // plain text records
  localStorage.clear();
  const counted = (s) => (/^\\d+$/.test(s) ? null : "not a count");
  const count = () => new StoredRecord("t.count", { parse: (s) => s, serialize: String, check: counted });
  localStorage.setItem("t.count", "12");
  out.count = count().read();
  localStorage.setItem("t.count", "lots");
  out.badCount = count().read();

  // a full storage: reported, not thrown
  localStorage.clear();
  const realSet = Storage.prototype.setItem;
  Storage.prototype.setItem = function () { throw new DOMException("full", "QuotaExceededError"); };
  try {
    r = make();
    r.read();
    out.quota = r.write({ version: 3, items: [] });
    localStorage.removeItem("t.rec");
    realSet.call(localStorage, "t.rec", "{broken");
    out.quotaAside = make().read();
    realSet.call(localStorage, "t.rec", '{"version":1,"list":[]}');
    out.quotaMigrate = make().read();
    out.quotaMigrateOriginal = localStorage.getItem("t.rec");
  } finally {
    Storage.prototype.setItem = realSet;
  }
  localStorage.clear();
  return out;
}"""


def test_store_js_keeps_newer_and_damaged_records_and_migrates_older_ones(visit, base_url, site_dir):
    v = visit()
    page = v.open(base_url + "/en/")
    out = page.evaluate(UNIT, asset_url(site_dir, "store.js"))
    assert out["empty"]["state"] == "empty" and out["empty"]["writable"]
    assert out["emptyWrite"] == {"ok": True, "problem": None}
    assert json.loads(out["afterEmpty"]) == {"version": 3, "items": [1]}
    assert out["clean"]["state"] == "clean" and out["clean"]["value"] == {"version": 3, "items": [1]}

    assert out["migrated"]["state"] == "migrated" and out["migrated"]["from"] == 1
    assert out["migrated"]["value"] == {"version": 3, "list": [7, 8], "items": [7, 8]}
    assert json.loads(out["migratedStored"]) == out["migrated"]["value"]
    assert out["v1"] == '{"version":1,"list":[7,8]}'
    assert out["v1After"] == '{"version":1,"list":[7,8]}'  # the earlier backup is not written over
    assert out["migrated2"]["backup"].startswith("t.rec.v1.") and out["v1Copy"] == '{"version":1,"list":[9]}'

    texts = {
        "newer": '{"version":4,"items":"whatever a later page writes"}',
        "notJson": "{not json",
        "truncated": '{"version":3,"items":[1,2',
        "wrongType": '{"version":3,"items":{"a":1}}',
        "noVersion": '{"items":[]}',
        "array": "[1,2,3]",
        "noMigration": '{"version":0,"items":[]}',
    }
    for name, text in texts.items():
        case = out["cases"][name]
        assert case["state"] == ("newer" if name == "newer" else "damaged"), name
        assert case["value"] is None and case["writable"] is False, name
        assert case["original"] == text, name  # byte for byte, after a write and a remove were refused
        assert case["write"] == {"ok": False, "problem": "kept"}, name
        assert case["removed"] == {"ok": False, "problem": "kept"}, name
        assert case["aside"].startswith(ASIDE + "t.rec@") and case["asideText"] == text, name
        assert case["asides"] == [case["aside"]], name  # one copy, not one per visit
    assert out["throwing"] == {"state": "damaged", "original": '{"version":1,"list":[1]}'}

    assert out["count"]["state"] == "clean" and out["count"]["value"] == "12"
    assert out["badCount"]["state"] == "damaged"

    assert out["quota"] == {"ok": False, "problem": "quota"}
    assert out["quotaAside"]["state"] == "damaged" and out["quotaAside"]["aside"] is None
    assert out["quotaAside"]["problem"] == "quota"
    # an older record whose backup cannot be stored is used, not written over
    assert out["quotaMigrate"]["state"] == "migrated" and out["quotaMigrate"]["writable"] is False
    assert out["quotaMigrateOriginal"] == '{"version":1,"list":[]}'
    assert not v.errors
