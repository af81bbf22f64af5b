"""build.py: good lessons build; each kind of bad input fails with a message naming the file."""

import hashlib
import json
import re
import shutil
import zipfile
from pathlib import Path

import pytest

import build
from engine.core.messages import REASON_CODES
from engine.core.rules import OPTION_DOCS

ROOT = Path(__file__).resolve().parent.parent
GOOD_TOML = """
[[puzzle]]
id = "p1"
kind = "legal-card"
difficulty = 1
position = "rules:three-player/hands:.J..7,K.A..,..9./lead:2/trick:H8"
answer = ["H7"]
"""
GOOD_MD = """---
title: {title}
description: A lesson for the tests.
---
Some *text* with <script>alert(1)</script> raw HTML.

::: puzzle p1
prompt: Which card?
hint: Look at the suit.
explanation: The only heart.
:::
"""


def make_lesson(tmp_path, toml=GOOD_TOML, fi=None, en=None, name="01-test"):
    lessons = tmp_path / "lessons"
    folder = lessons / name
    folder.mkdir(parents=True)
    (folder / "lesson.toml").write_text(toml)
    if fi is not False:
        (folder / "fi.md").write_text(fi if fi is not None else GOOD_MD.format(title="Testi"))
    if en is not False:
        (folder / "en.md").write_text(en if en is not None else GOOD_MD.format(title="Test"))
    return lessons


def run_build(tmp_path, lessons):
    return build.build(tmp_path / "out", lessons, with_pyodide=False, compress=False)


def fails(tmp_path, lessons, *fragments):
    with pytest.raises(build.BuildError) as info:
        run_build(tmp_path, lessons)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, message
    return message


def test_good_lesson_builds_every_page(tmp_path):
    lessons = make_lesson(tmp_path)
    run_build(tmp_path, lessons)
    out = tmp_path / "out"
    for lang in ("fi", "en"):
        page = (out / lang / "lessons" / "test" / "index.html").read_text()
        assert f'<html lang="{lang}">' in page
        assert 'hreflang="fi"' in page and 'hreflang="en"' in page
        assert 'id="puzzle-p1"' in page
        assert "Content-Security-Policy" in page
        assert (out / lang / "index.html").exists()
        for preset in ("three-player", "faq-pairs", "ukrainian", "german"):
            assert (out / lang / "rules" / preset / "index.html").exists()
    assert (out / "index.html").exists() and len(list((out / "assets").glob("app.*.js"))) == 1


def test_raw_html_in_lessons_is_escaped(tmp_path):
    run_build(tmp_path, make_lesson(tmp_path))
    page = (tmp_path / "out" / "en" / "lessons" / "test" / "index.html").read_text()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<em>text</em>" in page


ASIDE = "\n::: aside Other <b>tables</b>\nThe *FAQ* gives 20 points for the last trick.\n:::\n"


def test_an_aside_at_the_end_is_a_closed_details_with_its_title_escaped(tmp_path):
    run_build(tmp_path, make_lesson(tmp_path, en=GOOD_MD.format(title="T") + ASIDE))
    page = (tmp_path / "out" / "en" / "lessons" / "test" / "index.html").read_text()
    aside = page.split('<details class="aside">')[1].split("</details>")[0]
    assert "<summary>Other &lt;b&gt;tables&lt;/b&gt;</summary>" in aside
    assert "The <em>FAQ</em> gives 20 points" in aside
    assert '<details class="aside" open' not in page and ":::" not in page.split("<main")[1]


@pytest.mark.parametrize(
    "aside, fragments",
    [
        ("\n::: aside\nText.\n:::\n", ["01-test/en.md:13", "needs a title"]),
        ("\n::: aside T\nText.\n", ["01-test/en.md:13", "not closed"]),
        ("\n::: aside T\n## Heading\n:::\n", ["01-test/en.md:14", "cannot hold a heading"]),
        ("\n::: aside T\nText.\n:::\n\nMore text.\n", ["01-test/en.md:13", "at the end of the lesson"]),
    ],
)
def test_an_aside_must_have_a_title_be_closed_and_come_last(tmp_path, aside, fragments):
    fails(tmp_path, make_lesson(tmp_path, en=GOOD_MD.format(title="T") + aside), *fragments)


CARD_ROW_MD = GOOD_MD.replace("raw HTML.\n", "raw HTML.\n\nThe ace and the ten:\n::: cards SA HT\n\nAfter the row.\n")


def test_a_card_row_draws_each_card_with_its_spoken_name_in_the_pages_language(tmp_path):
    fi = CARD_ROW_MD.format(title="Testi")
    run_build(tmp_path, make_lesson(tmp_path, fi=fi, en=CARD_ROW_MD.format(title="Test")))
    names = {"en": ("ace of spades", "ten of hearts"), "fi": ("pata ässä", "hertta kymppi")}
    for lang in ("en", "fi"):
        page = (tmp_path / "out" / lang / "lessons" / "test" / "index.html").read_text()
        main = page.split("<main")[1]
        row = main.split('<p class="card-row">')[1].split("</p>")[0]
        spade, heart = names[lang]
        assert re.findall(r'<span class="card( red)?" role="img" aria-label="([^"]+)">', row) == [
            ("", spade),
            (" red", heart),
        ]
        assert '<use href="#c-SA"/>' in row and '<use href="#c-HT"/>' in row
        assert ":::" not in main and "<p>After the row.</p>" in main
        assert 'id="c-SA"' in page  # the sprite the faces use is on the page


@pytest.mark.parametrize(
    "row, fragments",
    [
        ("::: cards", ["01-test/en.md:7", "needs at least one card"]),
        ("::: cards   ", ["01-test/en.md:7", "needs at least one card"]),
        ("::: cards SA S5 SK", ["01-test/en.md:7", "'S5' in the card row is not a card"]),
        ("::: cards SA ace", ["01-test/en.md:7", "'ace' in the card row is not a card"]),
        ("::: cards sa", ["01-test/en.md:7", "'sa' in the card row is not a card"]),
        ("::: cards SA ST SA", ["01-test/en.md:7", "SA is twice in the card row"]),
        (":::cards", ["01-test/en.md:7", "needs at least one card"]),
    ],
)
def test_a_malformed_card_row_fails_the_build_at_its_line(tmp_path, row, fragments):
    en = GOOD_MD.format(title="T").replace("raw HTML.\n", f"raw HTML.\n\n{row}\n")
    fails(tmp_path, make_lesson(tmp_path, en=en), *fragments)


def test_catalog_json_cannot_close_its_script_tag(tmp_path):
    run_build(tmp_path, make_lesson(tmp_path))
    page = (tmp_path / "out" / "fi" / "lessons" / "test" / "index.html").read_text()
    body = page.split('<script type="application/json" id="catalog">')[1].split("</script>")[0]
    assert "<" not in body
    json.loads(body)


def test_solution_comes_from_the_engine(tmp_path):
    run_build(tmp_path, make_lesson(tmp_path))
    page = (tmp_path / "out" / "fi" / "lessons" / "test" / "index.html").read_text()
    assert "Ratkaisu: herttaseiska." in page


def test_missing_language_text(tmp_path):
    fails(tmp_path, make_lesson(tmp_path, en=False), "01-test/en.md", "missing")


def test_missing_title(tmp_path):
    md = GOOD_MD.format(title="").replace("title: \n", "")
    fails(tmp_path, make_lesson(tmp_path, fi=md), "01-test/fi.md:3", "no title")


def test_unclosed_puzzle_block(tmp_path):
    md = GOOD_MD.format(title="T").rstrip().removesuffix(":::")
    fails(tmp_path, make_lesson(tmp_path, fi=md), "01-test/fi.md:7", "not closed")


def test_puzzle_missing_hint(tmp_path):
    md = GOOD_MD.format(title="T").replace("hint: Look at the suit.\n", "")
    fails(tmp_path, make_lesson(tmp_path, en=md), "01-test/en.md:7", "has no hint")


def test_puzzle_block_missing_in_one_language(tmp_path):
    md = GOOD_MD.format(title="T").split("::: puzzle")[0]
    fails(tmp_path, make_lesson(tmp_path, fi=md), "01-test/fi.md", "puzzle 'p1' has no '::: puzzle p1' block")


def test_unknown_puzzle_in_text(tmp_path):
    md = GOOD_MD.format(title="T").replace("::: puzzle p1", "::: puzzle p2")
    fails(tmp_path, make_lesson(tmp_path, en=md), "01-test/en.md")


def test_wrong_answer_names_file_line_and_puzzle(tmp_path):
    toml = GOOD_TOML.replace('answer = ["H7"]', 'answer = ["CJ"]')
    message = fails(tmp_path, make_lesson(tmp_path, toml=toml), "01-test/lesson.toml:3", "puzzle 'p1'")
    assert "not legal" in message


def test_malformed_position(tmp_path):
    toml = GOOD_TOML.replace("K.A..", "K.A.")
    fails(tmp_path, make_lesson(tmp_path, toml=toml), "01-test/lesson.toml:3", "hand of seat 1")


def test_best_card_with_several_optimal_cards_must_list_them(tmp_path):
    toml = """
[[puzzle]]
id = "p1"
kind = "best-card"
difficulty = 2
position = "rules:three-player/hands:...76,K.A..,..98./lead:0"
"""
    fails(tmp_path, make_lesson(tmp_path, toml=toml), "lesson.toml:3", "several cards are optimal")


def test_unknown_key_and_duplicate_id(tmp_path):
    fails(tmp_path, make_lesson(tmp_path, toml=GOOD_TOML + 'colour = "red"\n'), "lesson.toml", "unknown keys colour")
    other = tmp_path / "b"
    other.mkdir()
    fails(other, make_lesson(other, toml=GOOD_TOML + GOOD_TOML), "lesson.toml", "used twice")


def test_bad_toml_and_folder_name(tmp_path):
    fails(tmp_path, make_lesson(tmp_path, toml="[[puzzle]\n"), "01-test/lesson.toml")
    other = tmp_path / "b"
    other.mkdir()
    fails(other, make_lesson(other, name="test"), "lessons/test", "NN-slug")


def test_catalogs_cover_every_reason_and_option_in_both_languages():
    catalogs = {lang: build.load_catalog(lang) for lang in build.LANGS}
    build.check_catalogs(catalogs)  # raises if keys differ or codes are missing
    placeholder = re.compile(r"\{(\w+)(?:\.(\w+))?\}")
    for lang, cat in catalogs.items():
        assert set(REASON_CODES) <= set(cat["reasons"])
        assert set(OPTION_DOCS) - {"name"} <= set(cat["options"])
        for code, entry in cat["reasons"].items():
            for text in entry.values() if isinstance(entry, dict) else [entry]:
                for _name, case in placeholder.findall(text):
                    assert not case or case in cat["suits"]["H"], (lang, code, case)


def test_finnish_case_forms_in_sentences():
    cat = build.load_catalog("fi")
    must = build.fmt(cat["reasons"]["must_overtake"], {"suit": "H", "beat": "HJ"}, cat)
    assert must == "Ylimenopakko: sinulla on herttasotilasta suurempi hertta, joten sinun on pelattava sellainen."
    follow = build.fmt(cat["reasons"]["must_follow_suit"][""], {"suit": "H"}, cat)
    assert "pelaa herttaa" in follow
    assert build.fmt(cat["reasons"]["needs_king_and_queen"], {"suit": "D"}, cat).startswith(
        "Valtin ilmoittamiseen tarvitaan ruudun kuningas"
    )
    assert build.card_label("HK", cat) == "hertta kuningas"
    assert build.card_label("HK", build.load_catalog("en")) == "king of hearts"


def test_the_real_lessons_build(built_site, lessons):
    assert len(lessons) >= 2 and sum(len(x.puzzles) for x in lessons) >= 10
    for lesson in lessons:
        for lang in build.LANGS:
            assert (built_site / lang / "lessons" / lesson.slug / "index.html").is_file(), (lang, lesson.slug)


@pytest.mark.skipif(not (ROOT / "node_modules" / "pyodide").exists(), reason="needs npm ci")
def test_wheel_and_lock_file(tmp_path):
    out = tmp_path / "site"
    out.mkdir()
    published = build.copy_pyodide(out).paths
    lock_path = out / published["assets/pyodide/pyodide-lock.json"]
    entry = json.loads(lock_path.read_text())["packages"]["huutopussi"]
    wheel = lock_path.parent / entry["file_name"]  # Pyodide looks for it next to the lock file
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
    assert "engine/web.py" in names and any(n.endswith("RECORD") for n in names)
    # the worker's entry point and the catalogs it draws puzzles with (present/web.py)
    assert {"present/web.py", "present/messages/fi.json", "present/messages/en.json"} <= set(names)
    runtime = {(out / published[f"assets/pyodide/{name}"]).parent for name in build.PYODIDE_FILES}
    assert len(runtime) == 1 and runtime.pop().name.startswith("runtime-")  # Pyodide finds them by name
    assert lock_path.parent.name.startswith("engine-")
    shutil.rmtree(out)


def test_unknown_glossary_term_names_file_and_line(tmp_path):
    md = GOOD_MD.format(title="T").replace("Some *text*", "Some [trick](glossary:nope)")
    lessons = make_lesson(tmp_path, fi=md)
    (lessons / "glossary.toml").write_text(
        '[[term]]\nid = "trick"\nfi = "tikki"\nen = "trick"\nfi_text = "x"\nen_text = "y"\n'
    )
    fails(tmp_path, lessons, "01-test/fi.md:5", "unknown glossary term 'nope'")


def test_glossary_page_and_comparison_table(built_site):
    glossary = (built_site / "fi" / "glossary" / "index.html").read_text()
    assert 'id="overtake"' in glossary and "ylimenopakko" in glossary
    lesson = (built_site / "fi" / "lessons" / "overtaking" / "index.html").read_text()
    assert 'href="../../glossary/#overtake"' in lesson
    compare = (built_site / "en" / "rules" / "index.html").read_text()
    assert "Ukrainian partnership game" in compare and "The highest allowed bid" in compare


def test_every_relative_link_and_asset_resolves(built_site):
    out = built_site
    link = re.compile(r'(?:href|src)="([^"#:]+)(?:#[^"]*)?"')
    checked = 0
    for page in out.rglob("*.html"):
        for target in link.findall(page.read_text()):
            # the 404 page is served at any depth, so its links start at the site's root
            path = (out / target.lstrip("/") if target.startswith("/") else page.parent / target).resolve()
            if path.is_dir():
                path = path / "index.html"
            assert path.exists(), f"{page.relative_to(out)} links to {target}"
            checked += 1
    assert checked > 500


DECLARE_TOML = """
[[puzzle]]
id = "between-tricks"
kind = "declare"
difficulty = 1
position = "rules:three-player/hands:KQ...KQ,AT.A.A.,.KQ.KQ./lead:0/tricks:3,2,2"
answer = ["trump:H"]

[[puzzle]]
id = "in-a-trick"
kind = "declare"
difficulty = 1
position = "rules:three-player/hands:AQ...KQ,K.K.Q.6,.A.AT./lead:2/trick:S9"
answer = ["none"]
"""
DECLARE_MD = """---
title: {title}
description: A lesson for the tests.
---
::: puzzle between-tricks
prompt: Declare?
hint: Hint.
explanation: Hearts, or {{loss:none}} less.
:::

::: puzzle in-a-trick
prompt: Declare?
hint: Hint.
explanation: Not now.
:::
"""


def test_no_declaration_is_worded_as_leading_between_tricks_and_as_playing_a_card_in_a_trick(tmp_path):
    """The "none" choice of a declare puzzle: between tricks the mover leads without declaring;
    in the middle of a trick (the engine refuses a declaration there) it plays a card. The words
    follow the puzzle view's mover_leads, on the button and in the solution, in both languages."""
    from sitebuild.catalogs import load_catalog

    lessons = make_lesson(tmp_path, DECLARE_TOML, DECLARE_MD.format(title="Testi"), DECLARE_MD.format(title="Test"))
    run_build(tmp_path, lessons)
    for lang in ("fi", "en"):
        ui = load_catalog(lang)["ui"]
        assert ui["declare_none"] != ui["declare_none_in_trick"]
        page = (tmp_path / "out" / lang / "lessons" / "test" / "index.html").read_text()
        between = page.split('id="puzzle-between-tricks"')[1].split("</section>")[0]
        in_trick = page.split('id="puzzle-in-a-trick"')[1].split("</section>")[0]
        assert f'data-choice="none" disabled>{ui["declare_none"]}</button>' in between
        assert ui["declare_none_in_trick"] not in between
        assert f'data-choice="none" disabled>{ui["declare_none_in_trick"]}</button>' in in_trick
        assert ui["declare_none"] not in in_trick
        # the solution names the same choice as the button (lower-cased mid-sentence)
        label = ui["declare_none_in_trick"]
        assert label[:1].lower() + label[1:] in in_trick.split('class="solution-answer"')[1]


SCORE_TOML = """
[[puzzle]]
id = "porvoo"
difficulty = 1
kind = "score"
position = "rules:faq/hands:8...,7...,6.../lead:0/bidder:0/bid:60/contract:80/points:70,50,0/tricks:6,4,0"
then = "S8-S7-S6"
side = 2
answer = -60

[[puzzle]]
id = "porvoo-bidder"
difficulty = 1
kind = "score"
position = "rules:faq+bidder_porvoo=seat_bid/hands:6...,7...,8.../lead:0/bidder:0/bid:60/points:0,60,60/tricks:0,5,5"
then = "S6-S7-S8"
side = 0
answer = -120

[[puzzle]]
id = "two-declarations"
difficulty = 1
kind = "score"
position = "rules:three-player/hands:6...,7...,8.../lead:0/decl:S1,C2/bidder:0/bid:40/points:45,25,50/tricks:4,3,3"
then = "S6-S7-S8"
side = 0
answer = 40
"""
SCORE_MD = """---
title: {title}
description: Score puzzles for the tests.
---
::: puzzle porvoo
prompt: How many?
hint: Porvoo.
explanation: {{score}}.
:::

::: puzzle porvoo-bidder
prompt: How many?
hint: Twice.
explanation: {{score}}.
:::

::: puzzle two-declarations
prompt: How many?
hint: Add.
explanation: {{score}}.
:::
"""


def test_score_and_state_words_follow_the_style_sheet(tmp_path):
    """The built score table and puzzle state, in both languages: a result is signed with the
    minus sign (U+2212), never a hyphen; a Porvoo row shows its penalty once (the signed result),
    not again in the words before it; a list of declarations after its label starts with a
    capital and goes on in lower case ("Pata (vasemmalla), risti (oikealla)"); and the rule set
    after "Säännöt:" / "Rules:" is in lower case unless it starts with a name."""
    from sitebuild.catalogs import load_catalog

    lessons = make_lesson(tmp_path, SCORE_TOML, SCORE_MD.format(title="Testi"), SCORE_MD.format(title="Test"))
    run_build(tmp_path, lessons)
    for lang in ("fi", "en"):
        cat = load_catalog(lang)
        page = (tmp_path / "out" / lang / "lessons" / "test" / "index.html").read_text()
        cells = re.findall(r"<td>([^<]*)<strong>([^<]*)</strong></td>", page)
        assert cells, "no result cells in the score table"
        for _words, result in cells:
            assert re.fullmatch(r"[+\u2212]\d+|0", result), f"{lang}: result {result!r} is not signed with + or −"
        porvoo = [(words, result) for words, result in cells if "Porvoo" in words]
        assert len(porvoo) >= 2, porvoo
        for words, result in porvoo:
            assert result.lstrip("+\u2212") not in re.findall(r"\d+", words.split("×")[-1]), (
                f"{lang}: the Porvoo row shows its number twice: {words}{result}"
            )
        assert "<td>Porvoo <strong>\u221260</strong></td>" in page
        assert re.search(r"2 × 60 <strong>\u2212120</strong>", page)
        seats = {key: name.lower() for key, name in cat["seats"].items()}
        spades, clubs = cat["suits"]["S"]["nom"], cat["suits"]["C"]["nom"]
        listed = f"{spades[:1].upper()}{spades[1:]} ({seats['left']}), {clubs} ({seats['right']})"
        assert f"<dd>{listed}</dd>" in page
        label = cat["ui"]["rules_used"]
        titles = re.findall(rf"{label}: <a [^>]*>([^<]*)</a>", page)
        assert len(titles) == 3
        three = cat["presets"]["three-player"]
        assert three[:1].islower() and f'{label}: <a href="../../rules/three-player/">{three}</a>' in page
        rules_page = (tmp_path / "out" / lang / "rules" / "three-player" / "index.html").read_text()
        assert f"<h1>{three[:1].upper()}{three[1:]}</h1>" in rules_page
        # the score table has a column for the last trick only where the rules give points for it
        last = f'<th scope="col">{cat["ui"]["bd_last"]}</th>'
        sections = dict(re.findall(r'<section[^>]*id="puzzle-([a-z-]+)"(.*?)</section>', page, re.S))
        assert last in sections["porvoo"] and last in sections["porvoo-bidder"]
        assert 'class="breakdown"' in sections["two-declarations"] and last not in sections["two-declarations"]


def test_the_build_says_each_step_and_its_time_and_is_quiet_when_asked(tmp_path, capsys):
    lessons = make_lesson(tmp_path)
    assert build.main(["--out", str(tmp_path / "out"), "--lessons", str(lessons), "--no-pyodide"]) == 0
    err = capsys.readouterr().err
    assert "lessons: reading and checking every puzzle with the engine …" in err
    assert re.search(r"pages, link pictures and answer tables: done in \d+\.\d s", err)
    assert re.search(r"puzzles: 1 of 1 checked at once \(cheap, or from .*\), 0 to compute", err)
    assert build.main(["--out", str(tmp_path / "out2"), "--lessons", str(lessons), "--no-pyodide", "--quiet"]) == 0
    quiet = capsys.readouterr().err  # warnings stay (an unset HUUTOPUSSI_SITE_URL); the steps go
    assert "done in" not in quiet and "checking puzzles" not in quiet and " …" not in quiet
    build.quiet(False)


def test_the_shared_site_is_reused_only_when_it_is_a_fresh_full_build(tmp_path, monkeypatch):
    """tests/conftest.py ``built_site``: HUUTOPUSSI_SITE is used only while no source is newer."""
    import time

    import testrun

    site = tmp_path / "site"
    assert "is not a built site" in testrun.stale_reason(site)
    (site / "fi").mkdir(parents=True)
    (site / "fi" / "index.html").write_text("<!doctype html>")
    assert "without the Pyodide runtime" in testrun.stale_reason(site)
    (site / "assets" / "pyodide").mkdir(parents=True)
    (site / "assets" / "pyodide" / "pyodide.mjs").write_text("")
    monkeypatch.setattr(testrun, "_newest_source", lambda: time.time() - 60)
    assert testrun.stale_reason(site) is None
    monkeypatch.setattr(testrun, "_newest_source", lambda: time.time() + 60)
    assert "older than a source file" in testrun.stale_reason(site)


@pytest.mark.skipif(not (ROOT / "node_modules" / "pyodide").exists(), reason="needs npm ci")
def test_memory_snapshot_is_made_named_in_the_worker_and_cached_by_its_key(tmp_path, monkeypatch):
    """The snapshot is made once here (Node, seconds): the assets are published with the session's
    build cache (tests/conftest.py), which holds the snapshot ``make build`` made when the engine is
    unchanged; the one made afresh into an empty cache, as in a clean clone, must be it byte for byte."""
    import subprocess

    from sitebuild import snapshot
    from sitebuild.fingerprint import publish_assets

    out = tmp_path / "site"
    out.mkdir()
    published = publish_assets(ROOT / "site" / "assets", out, build.copy_pyodide(out))
    info_path = out / published.paths["assets/pyodide/snapshot.json"]
    assert info_path.parent.name.startswith("snapshot-")
    info = json.loads(info_path.read_text())
    data = (info_path.parent / info["file"]).read_bytes()
    assert info["sha256"] == hashlib.sha256(data).hexdigest() and info["bytes"] == len(data) > 1_000_000
    assert str(ROOT).encode() not in data  # published: it names none of the build machine's folders
    assert info["pyodide"] == json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())["version"]
    # the worker asks for this very description (its folder is named by the snapshot's content)
    worker = (out / published.paths["assets/worker.js"]).read_text()
    assert f'"./pyodide/{info_path.parent.name}/snapshot.json"' in worker
    lock = out / published.paths["assets/pyodide/pyodide-lock.json"]
    wheel = lock.parent / json.loads(lock.read_text())["packages"]["huutopussi"]["file_name"]
    runtime = ROOT / "node_modules" / "pyodide"
    # made afresh (an empty cache, as in a clean clone), it is the same, byte for byte: the same name
    monkeypatch.setenv("HUUTOPUSSI_BUILD_CACHE", str(tmp_path / "cache"))
    fresh = snapshot.make_snapshot(runtime, build.PYODIDE_FILES, wheel, lock)
    assert not fresh.cached and fresh.data == data
    # kept in the cache under its key: the next build takes it from there, byte for byte
    (entry,) = (tmp_path / "cache" / "snapshot").glob("*.bin")
    assert entry.read_bytes() == data
    again = snapshot.make_snapshot(runtime, build.PYODIDE_FILES, wheel, lock)
    assert again.cached and again.data == data and entry.name == f"{again.key}.bin" and again.key == fresh.key
    # with the cache off it is made again (Node is asked; here it fails, which the build survives)
    run, asked = subprocess.run, []

    def node_fails(command, **options):
        if snapshot.SCRIPT.name in " ".join(map(str, command)):
            asked.append(command)
            return subprocess.CompletedProcess(command, 1, "", "made to fail by the test")
        return run(command, **options)

    monkeypatch.setattr(snapshot.subprocess, "run", node_fails)
    monkeypatch.setenv("HUUTOPUSSI_BUILD_CACHE", "off")
    off = snapshot.make_snapshot(runtime, build.PYODIDE_FILES, wheel, lock)
    assert asked and not off.cached and off.data is None and "made to fail by the test" in off.reason
    # the key changes with the wheel (a new engine): a snapshot is never taken for another engine
    other = tmp_path / wheel.name
    other.write_bytes(wheel.read_bytes() + b"\0")
    node = snapshot.node_version()
    assert snapshot.snapshot_key(runtime, build.PYODIDE_FILES, other, lock, node) != again.key
    assert snapshot.snapshot_key(runtime, build.PYODIDE_FILES, wheel, lock, node + "x") != again.key
    shutil.rmtree(out)


def test_without_node_the_build_says_why_there_is_no_snapshot(tmp_path, monkeypatch):
    from sitebuild import snapshot

    monkeypatch.setattr(snapshot, "node_version", lambda: None)
    made = snapshot.make_snapshot(tmp_path, (), tmp_path / "x.whl", tmp_path / "lock.json")
    assert made.data is None and "Node" in made.reason
    snapshot.write_snapshot(tmp_path / "out", made, "314.0.7")
    assert not (tmp_path / "out" / snapshot.FILE_NAME).exists()
    assert json.loads((tmp_path / "out" / snapshot.INFO_NAME).read_text()) == {"file": None, "reason": made.reason}


def test_a_lesson_that_asks_a_readiness_only_kind_fails_naming_file_and_line(tmp_path):
    """A declaration decision is the readiness test's alone (``Kind.in_lessons``): a lesson asking
    one fails the build with the file, the line and the kinds a lesson may ask."""
    toml = GOOD_TOML.replace('kind = "legal-card"', 'kind = "declaration"')
    fails(
        tmp_path,
        make_lesson(tmp_path, toml=toml),
        "lesson.toml:",
        "'declaration' is asked only in the readiness test",
        "legal-card",
    )
