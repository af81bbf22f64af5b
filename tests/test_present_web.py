"""The worker's entry point (present/web.py): the engine's answers, with every drill and shared
position drawn by the one renderer (present/puzzle.py, the lessons' layout) as a tree of plain
data in the page's language; a drill kept on the device drawn anew (op ``render``); the build's
drill bank carries the same trees."""

import json

import pytest

from engine.web import handle as engine_handle
from present.puzzle import puzzle_tree
from present.tree import to_dict
from present.web import LANGS, catalog, handle
from sitebuild import openings

POSITION = "rules:three-player/hands:AK.Q..,T9.K..,J.A../lead:2/trick:SQ"  # you (seat 0) follow spades


def ask(**request):
    return json.loads(handle(json.dumps(request)))


def find(tree, test):
    """Every node of a ``to_dict`` tree that passes ``test``."""
    if isinstance(tree, str):
        return []
    found = [tree] if test(tree) else []
    for child in tree.get("children", []):
        found += find(child, test)
    return found


def parts(section: dict) -> list:
    """The children of a puzzle section by role (as tests/test_present.py reads a lesson's)."""
    out = []
    for child in section.get("children", []):
        if isinstance(child, str):
            continue
        attrs = child.get("attrs", {})
        if "data-table-area" in attrs:
            out.append("table")
        elif "data-answer-area" in attrs:
            out.append("answer")
        else:
            out.append(child.get("class") or child["tag"])
    return out


def text(tree) -> str:
    if isinstance(tree, str):
        return tree
    return "".join(text(c) for c in tree.get("children", []))


def cards_first(tree: dict, pid: str) -> None:
    """section#puzzle-<pid>: head, prompt, then one table area and one answer area; every control
    that answers inside the answer area (or a card of the trick on the table)."""
    assert tree["tag"] == "section" and tree["attrs"]["id"] == f"puzzle-{pid}"
    got = parts(tree)
    assert got[:4] == ["puzzle-head", "prompt", "table", "answer"], got
    assert got.count("table") == 1 and got.count("answer") == 1
    answer = next(c for c in tree["children"] if "data-answer-area" in c.get("attrs", {}))
    table = next(c for c in tree["children"] if "data-table-area" in c.get("attrs", {}))
    controls = find(tree, lambda n: n["tag"] in ("input", "button") and "data-card" in n.get("attrs", {}))
    controls += find(tree, lambda n: set(n.get("class", "").split()) & {"choice", "check", "number"})
    assert controls
    inside = {id(n) for n in find(answer, lambda n: True) + find(table, lambda n: "trick" in n.get("class", ""))}
    inside |= {id(n) for t in find(table, lambda n: n.get("class") == "trick") for n in find(t, lambda n: True)}
    assert all(id(c) in inside for c in controls)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("theme", ["follow-suit", "trick-winner", "scoring"])
def test_a_drill_answer_carries_its_tree_cards_first_in_the_page_language(theme, lang):
    answer = ask(op="drill", theme=theme, seed=5, lang=lang)
    assert answer["ok"] and answer["lang"] == lang
    same = json.loads(engine_handle(json.dumps({"op": "drill", "theme": theme, "seed": 5})))
    assert {k: answer[k] for k in same} == same  # the engine's answer, unchanged
    tree = answer["tree"]
    cards_first(tree, "drill")
    assert json.loads(tree["attrs"]["data-answers"]) == answer["table"]
    assert json.loads(tree["attrs"]["data-puzzle"]) == answer["puzzle"]
    cat = catalog(lang)
    words = text(tree)
    assert cat["ui"]["puzzle"] in words and cat["ui"]["solution"] in words
    # the kind's own sentence once (it is the prompt), and the drill's hint in the catalog's words
    prompt = text(next(c for c in tree["children"] if c.get("class") == "prompt"))
    assert prompt in (cat["kinds"][answer["puzzle"]["kind"]], cat["ui"]["score_bidder_prompt"])
    assert not find(tree, lambda n: n.get("class") == "kind-help")
    hint = find(tree, lambda n: n.get("class") == "hint-text")
    assert len(hint) == 1 and text(hint[0])
    # no link to a page a drill does not have
    assert not find(tree, lambda n: n["tag"] == "a" or "copy-link" in n.get("class", ""))


@pytest.mark.parametrize("lang", LANGS)
def test_a_shared_position_answer_carries_its_tree_in_the_page_language(lang):
    spec = {"kind": "legal-card", "position": POSITION, "show": []}
    answer = ask(op="puzzle", puzzle=spec, lang=lang)
    assert answer["ok"], answer
    tree = answer["tree"]
    cards_first(tree, "shared")
    cat = catalog(lang)
    buttons = find(tree, lambda n: n["tag"] == "button" and "data-card" in n.get("attrs", {}))
    assert sorted(b["attrs"]["data-card"] for b in buttons) == ["CQ", "SA", "SK"]  # your hand, to answer with
    labels = {b["attrs"]["data-card"]: b["attrs"]["aria-label"] for b in buttons}
    assert labels["SA"] == cat["cards"]["spoken"].format(suit=cat["suits"]["S"]["nom"], rank=cat["ranks"]["A"]["nom"])
    # the other seats' cards are hidden: no card of theirs is drawn
    drawn = {u["attrs"]["href"] for u in find(tree, lambda n: n["tag"] == "use")}
    assert drawn == {"#c-SA", "#c-SK", "#c-CQ", "#c-SQ"}
    assert json.loads(tree["attrs"]["data-puzzle"]) == spec


def test_an_answer_that_shows_no_puzzle_or_an_error_carries_no_tree():
    assert "tree" not in ask(op="legal", position=POSITION, lang="fi")
    refused = ask(op="puzzle", puzzle={"kind": "legal-card", "position": "rules:nope"}, lang="fi")
    assert not refused["ok"] and "tree" not in refused
    # the engine's answer, with its sentence in the request's language (present/text.py: error_text)
    said = refused["error"].pop("text")
    assert said == catalog("fi")["errors"]["unknown_rules"].replace("{name}", "nope")
    assert refused == json.loads(
        engine_handle(json.dumps({"op": "puzzle", "puzzle": {"kind": "legal-card", "position": "rules:nope"}}))
    )


def test_a_language_the_site_does_not_have_is_refused_by_name():
    answer = ask(op="drill", theme="overtake", seed=1, lang="sv", id=7)
    assert not answer["ok"] and answer["id"] == 7
    assert answer["error"]["code"] == "bad_lang" and "'sv'" in answer["error"]["message"]
    assert ask(op="drill", theme="overtake", seed=1)["error"]["code"] == "bad_lang"  # no language given


@pytest.mark.parametrize("lang", LANGS)
def test_a_kept_drill_is_drawn_anew_in_the_page_language(lang):
    drill = ask(op="drill", theme="overtake", seed=2, lang="fi" if lang == "en" else "en")
    kept = {k: drill[k] for k in ("puzzle", "view", "solution", "table")}
    drawn = ask(op="render", drill=kept, lang=lang, id=3)
    assert drawn["ok"] and drawn["id"] == 3 and drawn["lang"] == lang
    assert drawn["tree"] == ask(op="drill", theme="overtake", seed=2, lang=lang)["tree"]


@pytest.mark.parametrize(
    "drill",
    [None, "x", {"puzzle": {}}, {"puzzle": {}, "view": {}, "solution": {}, "table": {}}],
)
def test_a_kept_drill_that_cannot_be_drawn_is_refused_not_raised(drill):
    answer = ask(op="render", drill=drill, lang="fi")
    assert not answer["ok"] and answer["error"]["code"] == "bad_drill"


def test_text_in_a_tree_stays_text():
    """A tree carries text as strings, never markup: what mount.js mounts with text nodes."""
    drill = ask(op="drill", theme="overtake", seed=2, lang="en")
    kept = {k: drill[k] for k in ("puzzle", "view", "solution", "table")}
    kept["view"] = {**kept["view"], "rules_title": "<img src=x onerror=alert(1)>", "rules": "<b>"}
    tree = ask(op="render", drill=kept, lang="en")["tree"]
    assert "<img src=x onerror=alert(1)>" in text(tree)
    assert not find(tree, lambda n: n["tag"] in ("img", "b", "script"))


@pytest.mark.parametrize("lang", LANGS)
def test_the_drill_bank_carries_the_workers_trees(lang):
    answer = json.loads(engine_handle(json.dumps({"op": "drill", "theme": "must-trump", "seed": 4})))
    bank = {"must-trump": [{"seed": 4, **{k: v for k, v in answer.items() if k not in ("ok", "id")}}]}
    drawn = openings.drawn(bank, lang)["must-trump"][0]
    assert drawn["lang"] == lang
    assert drawn["tree"] == ask(op="drill", theme="must-trump", seed=4, lang=lang)["tree"]


@pytest.mark.parametrize("lang", LANGS)
def test_drills_and_shared_positions_have_the_lesson_puzzles_structure(lang, lessons):
    """The same renderer: a drill's section has the parts, in order, of a lesson puzzle of its
    kind (the lesson's own words aside: its hint, its page link and its kind's line)."""
    cat = catalog(lang)
    lesson_parts = {}
    for lesson in lessons:
        for spec in lesson.puzzles:
            checked = lesson.checked[spec["id"]]
            if checked["view"]["form"]["shape"] == "steps":
                continue
            seg = {"id": spec["id"], "number": 1, "spec": spec, **checked, "prompt": ["?"], "share": None}
            lesson_parts.setdefault(spec["kind"], parts(to_dict(puzzle_tree(seg, cat))))
    shown = [ask(op="drill", theme=t, seed=3, lang=lang) for t in ("follow-suit", "best-card", "scoring")]
    shown.append(ask(op="puzzle", puzzle={"kind": "all-legal", "position": POSITION, "show": []}, lang=lang))
    for answer in shown:
        kind = answer["view"]["kind"]
        got = [p for p in parts(answer["tree"]) if p != "hint-text"]
        assert got == lesson_parts[kind], kind
