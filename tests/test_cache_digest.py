"""The build cache's key covers exactly the engine code that puzzle results can depend on."""

from __future__ import annotations

import shutil

from sitebuild import ROOT, cache


def _copy_engine(tmp_path):
    shutil.copytree(ROOT / "engine", tmp_path / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


def _names(root):
    return {p.relative_to(root).as_posix() for p in cache.dependency_files(root)}


def test_the_puzzle_code_and_what_it_imports_are_covered(tmp_path):
    names = _names(_copy_engine(tmp_path))
    assert {
        "engine/puzzles/decisions.py",
        "engine/search/solver.py",
        "engine/search/estimate.py",
        "engine/core/rules.py",
    } <= names
    assert not names & {"engine/coach/review.py", "engine/players/normal.py", "engine/web.py", "engine/__main__.py"}


def test_each_result_is_keyed_by_the_code_that_computes_it(tmp_path):
    root = _copy_engine(tmp_path)
    search = {p.relative_to(root).as_posix() for p in cache.dependency_files(root, cache.ROOTS["solve"])}
    assert "engine/search/solver.py" in search and "engine/puzzles/numbers.py" not in search
    estimate = {p.relative_to(root).as_posix() for p in cache.dependency_files(root, cache.DECISIONS)}
    assert {"engine/search/estimate.py", "engine/puzzles/decisions.py", "engine/search/solver.py"} <= estimate
    assert "engine/puzzles/guided.py" not in estimate
    assert cache.root_of({"what": "decision-bid"}) == cache.DECISIONS
    assert cache.root_of({"what": "solve-line"}) == "engine.search.solver"
    # the play page's openings come from the game step and the computer players
    assert cache.root_of({"site_opening": {"op": "game"}}) == cache.ENTRY
    reached = {p.relative_to(root).as_posix() for p in cache.dependency_files(root, cache.ENTRY)}
    assert {
        "engine/coach/game.py",
        "engine/players/normal.py",
        "engine/players/easy.py",
        "engine/puzzles/base.py",
    } <= reached


def test_a_new_import_is_followed(tmp_path):
    root = _copy_engine(tmp_path)
    (root / "engine" / "extra_rule.py").write_text("X = 1\n")
    base = root / "engine" / "puzzles" / "base.py"
    base.write_text(base.read_text() + "\n\ndef _late():\n    from ..extra_rule import X\n\n    return X\n")
    assert "engine/extra_rule.py" in _names(root)
