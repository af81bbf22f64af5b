"""No page code decides by a puzzle kind's name: the answer table says how answers are given and
the one renderer (present/) lays a kind out, so a new kind needs no JavaScript."""

import re
from pathlib import Path

from engine.puzzles.base import REGISTRY

ROOT = Path(__file__).resolve().parent.parent


def not_puzzles(name: str) -> bool:
    """The play page's modules (play.js, play-*.js): their events and decisions are the game's own
    (engine/coach/game.py, review.py), which share a few names with puzzle kinds; no puzzle goes
    through them."""
    return name == "play.js" or name.startswith("play-")


def kind_comparisons(text: str) -> list[str]:
    names = "|".join(re.escape(k) for k in REGISTRY)
    literal = rf"""["'`](?:{names})["'`]"""
    pattern = re.compile(rf"kind\s*(?:===|!==|==|!=)\s*{literal}|{literal}\s*(?:===|!==|==|!=)\s*[\w.]*kind\b", re.I)
    return [m.group(0) for m in pattern.finditer(text)]


def test_the_finder_finds_a_comparison():
    assert kind_comparisons('if (section.dataset.kind === "deal") x();') == ['kind === "deal"']
    assert kind_comparisons("'score' !== spec.kind") == ["'score' !== spec.kind"]
    assert kind_comparisons('if (option.kind === "bool") x();') == []


def test_no_page_code_compares_a_kind_name():
    found = {}
    for path in sorted((ROOT / "site" / "assets").glob("*.js")):
        if not_puzzles(path.name):
            continue
        hits = kind_comparisons(path.read_text(encoding="utf-8"))
        if hits:
            found[path.name] = hits
    assert found == {}
