"""Nobody loses anything stored on their device (docs/storage.md): store.js on its own, in the
browser; then every page that reads storage fed corrupted, truncated, wrong-typed and
newer-version records."""

import json

import pytest
from e2e.conftest import asset_url

import build
from engine.coach.game import step
from sitebuild.catalogs import fmt

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


# -- every page that reads storage, fed records it cannot use ---------------------------------------
CATALOGS = {lang: build.load_catalog(lang) for lang in ("fi", "en")}


def ui(lang, message, **params):
    return fmt(CATALOGS[lang]["ui"][message], params, CATALOGS[lang])


def seed(v, records):
    """These records in place before any page script runs, once (a reload keeps what the page did)."""
    v.context.add_init_script(
        "if (!sessionStorage.getItem('seeded')) {"
        f" for (const [k, t] of Object.entries({json.dumps(records)})) localStorage.setItem(k, t);"
        " sessionStorage.setItem('seeded', '1'); }"
    )


def everything(page):
    return page.evaluate("Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]))")


def kept(page, key, text):
    """The record is still stored byte for byte, and one copy of it is set aside; the copy's key."""
    stored = everything(page)
    assert stored.get(key) == text, key
    copies = [k for k in stored if k.startswith(f"{ASIDE}{key}@")]
    assert len(copies) == 1, copies
    assert stored[copies[0]] == text
    return copies[0]


def said(page, lang, key, what, state, aside):
    """The page's notice of a kept record, in its language."""
    first = CATALOGS[lang]["ui"].get(f"storage_{what}_{state}") or CATALOGS[lang]["ui"][f"storage_{what}_damaged"]
    expected = f"{first} {ui(lang, 'storage_kept')} {ui(lang, 'storage_copy', key=aside)}"
    node = page.locator(f'.storage-notice[data-key="{key}"]')
    assert node.inner_text() == expected
    assert node.get_attribute("role") == "status"


PROGRESS = "huutopussi.progress"
BAD_PROGRESS = {
    "corrupt": ("fi", "damaged", "{not json"),
    "truncated": ("en", "damaged", '{"version": 2, "puzzles": {"overtake-king": {"solved": tr'),
    "wrong-typed": (
        "fi",
        "damaged",
        '{"version": 2, "puzzles": {"overtake-queen": {"solved": "yes", "firstTry": true, "hints": 0}}}',
    ),
    "newer": ("en", "newer", '{"version": 3, "puzzles": {"overtake-queen": {"stars": 3}}, "streaks": [4]}'),
}


@pytest.mark.parametrize("case", list(BAD_PROGRESS))
def test_a_lesson_keeps_progress_it_cannot_read_and_still_works(visit, base_url, case):
    lang, state, text = BAD_PROGRESS[case]
    v = visit()
    v.context.add_init_script("try { localStorage.setItem('huutopussi.lesson-view', 'page'); } catch {}")
    seed(v, {PROGRESS: text})
    page = v.open(f"{base_url}/{lang}/lessons/overtaking/")
    aside = kept(page, PROGRESS, text)
    said(page, lang, PROGRESS, "progress", state, aside)
    # the lesson works: a right answer counts while the page is open, and nothing is written over
    section = page.locator("#puzzle-overtake-king")
    section.locator('button[data-card="HK"]').click()
    section.locator(".verdict.right").wait_for()
    first_try = {"fi": "Ratkaistu ensimmäisellä yrityksellä ✓", "en": "Solved on the first try ✓"}[lang]
    assert section.locator(".puzzle-progress").inner_text() == first_try
    assert kept(page, PROGRESS, text) == aside
    # a later visit: the same message, no second copy
    page.reload()
    page.wait_for_selector("body[data-ready]", state="attached", timeout=30_000)
    said(page, lang, PROGRESS, "progress", state, aside)
    assert kept(page, PROGRESS, text) == aside
    assert not v.errors


def test_old_progress_still_loads_without_loss(visit, base_url):
    old = {"version": 1, "puzzles": {"overtaking/overtake-king": {"solved": True, "firstTry": True, "hints": 0}}}
    v = visit()
    v.context.add_init_script("try { localStorage.setItem('huutopussi.lesson-view', 'page'); } catch {}")
    seed(v, {PROGRESS: json.dumps(old)})
    page = v.open(f"{base_url}/en/lessons/overtaking/")
    badge = page.locator("#puzzle-overtake-king .puzzle-progress")
    assert badge.inner_text() == "Solved on the first try ✓"
    assert json.loads(page.evaluate(f"localStorage.getItem('{PROGRESS}.v1')")) == old
    now = json.loads(page.evaluate(f"localStorage.getItem('{PROGRESS}')"))
    assert now == {"version": 2, "puzzles": {"overtake-king": {"solved": True, "firstTry": True, "hints": 0}}}
    assert page.locator(".storage-notice").count() == 0
    assert not v.errors


def test_a_lesson_keeps_a_view_it_cannot_read_and_plays_in_steps(visit, base_url):
    text = '{"view": "page"}'
    v = visit()
    seed(v, {"huutopussi.lesson-view": text, "huutopussi.last-lesson": "<b>bidding</b>"})
    page = v.open(f"{base_url}/fi/lessons/overtaking/")
    aside = kept(page, "huutopussi.lesson-view", text)
    said(page, "fi", "huutopussi.lesson-view", "lesson_view", "damaged", aside)
    said(
        page,
        "fi",
        "huutopussi.last-lesson",
        "last_lesson",
        "damaged",
        kept(page, "huutopussi.last-lesson", "<b>bidding</b>"),
    )
    assert page.locator(".storage-notice b").count() == 0  # text, never HTML
    assert page.locator("article.lesson > .lesson-step:visible").count() == 1  # the lesson in steps
    assert not v.errors


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_the_front_page_keeps_what_it_cannot_read_and_still_continues(visit, base_url, lang):
    progress_text = '{"version": 2, "puzzles": []}'
    last = "../../evil"
    v = visit()
    seed(v, {PROGRESS: progress_text, "huutopussi.last-lesson": last})
    page = v.open(f"{base_url}/{lang}/")
    said(page, lang, PROGRESS, "progress", "damaged", kept(page, PROGRESS, progress_text))
    said(page, lang, "huutopussi.last-lesson", "last_lesson", "damaged", kept(page, "huutopussi.last-lesson", last))
    button = page.locator("#continue")
    assert button.is_visible() and button.get_attribute("href").startswith("lessons/")
    assert not v.errors


PLAY = "huutopussi.play"
BAD_PLAY = {
    "corrupt": ("fi", "damaged", '{"version": 2, "settings": '),
    "truncated": ("en", "damaged", '{"version": 2, "recent": [1, 2'),
    "wrong-typed": (
        "fi",
        "damaged",
        json.dumps({"version": 2, "recent": [], "game": {"rules": "three-player", "seed": 5, "history": "all of it"}}),
    ),
    "newer": ("en", "newer", json.dumps({"version": 3, "recent": [], "game": {"replay": "abc"}})),
}


@pytest.mark.parametrize("case", list(BAD_PLAY))
def test_the_play_page_keeps_a_record_it_cannot_read_and_still_deals(visit, base_url, case):
    lang, state, text = BAD_PLAY[case]
    v = visit()
    seed(v, {PLAY: text})
    page = v.open(f"{base_url}/{lang}/play/")
    page.locator("#actions button[data-action]").first.wait_for(timeout=30_000)  # a new game, at once
    aside = kept(page, PLAY, text)  # after the page's first save, which it did not write
    said(page, lang, PLAY, "play", state, aside)
    assert page.locator("#hand .card").count() == 11
    assert not v.errors


def test_the_play_page_stores_the_game_record_not_the_engines_answers(visit, base_url):
    """Under wikibooks-2p+six_card_widow, seed 1, an easy computer: you open at 40 and win the
    auction; the discard step had listed all 54,264 discards (1.57 MB; the engine now lists at most
    200 and says how many to pick). The page stores only the game's record and settings, never the
    engine's answers (it stored 1.52 MB)."""
    rules = "wikibooks-2p+six_card_widow"
    first = step({"rules": rules, "seed": 1, "computers": ["easy"]})
    assert first["legal"] == ["40"]
    after = step({"rules": rules, "seed": 1, "computers": ["easy"], "history": first["history"], "action": "40"})
    assert after["phase"] == "discard" and after["to_move"] == 0
    v = visit()
    page = v.open(f"{base_url}/en/play/#rules={rules}&seed=1")
    page.locator("#play-sheet:not([hidden])").wait_for(timeout=30_000)
    for _ in range(1800):  # the engine reads the link's rules
        if page.locator("#play-rules").input_value() == "wikibooks-2p" and page.locator("#play-level-1").count():
            break
        page.wait_for_timeout(100)
    page.select_option("#play-level-1", "easy")
    page.locator("#play-start").click()
    page.locator('#actions button[data-action="40"]').wait_for(timeout=180_000)
    page.locator('#actions button[data-action="40"]').click()
    page.locator('#game[data-phase="discard"][aria-busy="false"]').wait_for(state="attached", timeout=180_000)
    text = page.evaluate(f"localStorage.getItem('{PLAY}')")
    saved = json.loads(text)
    assert set(saved) <= {"version", "settings", "game", "recent"}
    assert set(saved["game"]) == {"rules", "preset", "seed", "computers", "hints", "moves", "history"}
    assert saved["game"]["rules"] == rules and saved["game"]["history"] == after["history"]
    assert len(text) < 2000, len(text)
    assert not v.errors


BEST = "huutopussi.best-streak"


@pytest.mark.parametrize("lang, text", [("fi", "lots"), ("en", "-3"), ("fi", '{"best": 4}')])
def test_practice_keeps_a_best_streak_it_cannot_read_and_counts_on(visit, base_url, lang, text):
    v = visit()
    seed(v, {BEST: text})
    page = v.open(f"{base_url}/{lang}/practice/")
    drill = page.locator("#drill section.puzzle")
    drill.wait_for(timeout=30_000)
    aside = kept(page, BEST, text)
    said(page, lang, BEST, "streak", "damaged", aside)
    table = json.loads(drill.get_attribute("data-answers"))
    right = next(card for card, entry in table["answers"].items() if entry["verdict"] == "correct")
    drill.locator(f'.hand button[data-card="{right}"]').click()
    assert page.locator("#streak").inner_text() == f"{ui(lang, 'streak', n=1)} {ui(lang, 'best_streak', n=1)}"
    assert kept(page, BEST, text) == aside
    assert not v.errors


def test_the_score_sheet_keeps_games_it_cannot_read_and_gets_ready(visit, base_url):
    from test_score import say, wait_engine

    sheet = {"format": "huutopussi-score-sheet", "version": 1, "rules": "faq", "players": ["A", "B", "C"]}
    records = {
        "huutopussi.score.game.nodeals": json.dumps({"store": 1, "sheet": {**sheet, "deals": "none"}}),
        "huutopussi.score.game.truncated": '{"store": 1, "sheet": {"format": "huutopussi-sco',
        "huutopussi.score.game.newer": json.dumps({"store": 2, "sheet": {**sheet, "deals": {"1": {}}}}),
        "huutopussi.score.game.notasheet": json.dumps({"store": 1, "sheet": [1, 2]}),
    }
    v = visit()
    seed(v, records)
    page = v.open(f"{base_url}/en/score/")
    text = page.locator("#score-game-list").inner_text()
    for key, raw in records.items():
        aside = kept(page, key, raw)
        game = key.removeprefix("huutopussi.score.game.")
        assert f"{say('en', 'bad_saved', key=game)} {ui('en', 'storage_copy', key=aside)}" in text
    assert page.locator("#score-setup").is_visible()  # a new game can be started
    wait_engine(page)  # the status does not stay at "getting ready"
    assert not v.errors
