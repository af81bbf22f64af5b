"""The presentation layer (present/): the neutral tree, its HTML (everything escaped) and its
data for the worker (the SVG namespace carried), and the cards-first layout of every puzzle of
every lesson: the table in one ``data-table-area``, the answers in one ``data-answer-area``,
nothing but the head and the prompt before them."""

import json

import pytest

from present.puzzle import face, puzzle_tree
from present.tree import Node, TreeError, h, to_dict, to_html
from sitebuild import LANGS
from sitebuild.catalogs import load_catalog


def test_text_and_attributes_are_escaped():
    node = h("p", "prompt", {"data-x": '"><script>'}, "<b>&</b>")
    assert to_html(node) == '<p class="prompt" data-x="&quot;&gt;&lt;script&gt;">&lt;b&gt;&amp;&lt;/b&gt;</p>'


def test_boolean_and_void_attributes():
    assert (
        to_html(h("input", "number", {"disabled": True, "hidden": False, "id": "n"}))
        == '<input class="number" disabled id="n">'
    )
    with pytest.raises(TreeError, match="takes no children"):
        to_html(h("input", "", None, "x"))


def test_bad_names_and_values_are_refused():
    with pytest.raises(TreeError, match="onclick"):
        to_html(h("button", "", {"onclick": "x()"}))
    with pytest.raises(TreeError, match="must be text"):
        to_html(h("p", "", {"data-x": {"a": 1}}))
    with pytest.raises(TreeError, match="not allowed"):
        to_html(Node("p><script"))
    with pytest.raises(TreeError, match="a node or text"):
        h("p", "", None, 3)


def test_a_card_face_carries_the_svg_namespace_in_html_and_in_data():
    assert to_html(face("HK")) == (
        '<svg class="face" viewBox="0 0 60 84" aria-hidden="true" focusable="false"><use href="#c-HK"/></svg>'
    )
    data = to_dict(face("HK"))
    assert data["ns"] == "svg" and data["children"][0] == {"tag": "use", "attrs": {"href": "#c-HK"}, "ns": "svg"}
    assert data["class"] == "face"  # given as an attribute of the SVG, kept in the data as in the HTML
    json.dumps(data)  # plain data


def _parts(tree):
    """The children of a puzzle section by role: the order of head, prompt, table and answer area."""
    out = []
    for child in tree.children:
        if isinstance(child, str):
            continue
        if "data-table-area" in child.attrs:
            out.append("table")
        elif "data-answer-area" in child.attrs:
            out.append("answer")
        else:
            out.append(child.cls or child.tag)
    return out


def _find(tree, test):
    if isinstance(tree, str):
        return []
    found = [tree] if test(tree) else []
    for c in tree.children:
        found += _find(c, test)
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_puzzle_is_laid_out_cards_first(lang, lessons):
    cat = load_catalog(lang)
    for lesson in lessons:
        for spec in lesson.puzzles:
            pid = spec["id"]
            checked = lesson.checked[pid]
            seg = {"id": pid, "number": 1, "spec": spec, **checked, "prompt": ["?"], "hint": ["h"], "share": "./"}
            seg["explanation"] = ["e"]
            tree = puzzle_tree(seg, cat)
            where = f"{lesson.slug}/{pid}"
            assert tree.attrs["id"] == f"puzzle-{pid}", where
            if checked["view"]["form"]["shape"] == "steps":  # the guided deal: each step cards first
                steps = _find(tree, lambda n: n.cls == "deal-step")
                assert steps, where
                for step in steps:
                    assert _parts(step)[1:3] == ["table", "answer"], where
                continue
            parts = _parts(tree)
            assert parts[:4] == ["puzzle-head", "prompt", "table", "answer"], where
            assert parts.count("table") == 1 and parts.count("answer") == 1, where
            answer = next(c for c in tree.children if not isinstance(c, str) and "data-answer-area" in c.attrs)
            # every control that answers is inside the answer area (or a card of the table's trick)
            controls = _find(tree, lambda n: n.tag == "input" or "choice" in n.cls.split() or "check" in n.cls.split())
            inside = _find(answer, lambda n: True)
            assert all(any(c is n for n in inside) for c in controls), where
            hand_buttons = _find(tree, lambda n: n.tag == "button" and "data-card" in n.attrs)
            trick = _find(tree, lambda n: n.cls == "trick")
            in_trick = _find(trick[0], lambda n: True) if trick else []
            for b in hand_buttons:
                assert any(b is n for n in inside) or any(b is n for n in in_trick), where
            html = to_html(tree)
            assert "<script" not in html


@pytest.mark.parametrize("lang", LANGS)
def test_a_record_of_tricks_folds_under_a_summary_closed_when_the_puzzle_opens(lang, lessons):
    """Cards first (issue 33): a lesson puzzle whose table holds the record of a deal's tricks
    (count, lead with the story so far, score a whole deal) shows it one tap away, in a closed
    ``details`` whose summary says how many tricks it holds; the record itself is all there."""
    cat = load_catalog(lang)
    folded = 0
    for lesson in lessons:
        for spec in lesson.puzzles:
            pid = spec["id"]
            checked = lesson.checked[pid]
            view = checked["view"]
            if view["form"]["shape"] == "steps":
                continue
            seg = {"id": pid, "number": 1, "spec": spec, **checked, "prompt": ["?"], "hint": ["h"], "share": "./"}
            seg["explanation"] = ["e"]
            tree = puzzle_tree(seg, cat)
            folds = _find(tree, lambda n: n.tag == "details")
            tables = _find(tree, lambda n: n.tag == "table" and n.cls == "tricks")
            tricks = (view.get("log") or {}).get("tricks") or []
            if not tables:
                assert not folds, f"{lesson.slug}/{pid}: a fold with no record of tricks in it"
                continue
            folded += 1
            assert len(folds) == 1 and folds[0].cls == "record-fold", pid
            fold = folds[0]
            assert "open" not in fold.attrs, f"{pid}: the record is open when the puzzle opens"
            assert any(t is n for t in tables for n in _find(fold, lambda n: True)), pid
            rows = _find(tables[0], lambda n: n.tag == "tr" and n.cls != "calls")
            assert len(rows) - 1 == len(tricks) > 0, pid  # the head row and one row per trick
            summary = fold.children[0]
            assert summary.tag == "summary", pid
            key = "fold_one" if len(tricks) == 1 else "fold"
            assert summary.children == [cat["log"][key].replace("{count}", str(len(tricks)))], pid
            table_area = next(c for c in tree.children if not isinstance(c, str) and "data-table-area" in c.attrs)
            assert any(fold is n for n in _find(table_area, lambda n: True)), pid
    assert folded >= 2  # a count and a score puzzle with a whole record (2026-12-07)
