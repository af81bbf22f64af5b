"""The build cache's key covers exactly the engine code that puzzle results can depend on."""

from __future__ import annotations

import json
import shutil

import pytest

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


# -- the committed results (sitebuild/engine-results.jsonl) ------------------------------------------------
def _committed_file(tmp_path, entries):
    path = tmp_path / "results.jsonl"
    path.write_text("".join(json.dumps({"key": k, "value": v}) + "\n" for k, v in entries.items()), "utf-8")
    return path


def test_a_result_missing_from_the_folder_is_read_from_the_committed_file(tmp_path):
    payload = {"what": "decision-bid", "spec": {"id": "x"}, "samples": 3}
    committed = _committed_file(tmp_path, {cache.result_key(payload): {"made": [1, 2]}})
    store = cache.DiskStore(tmp_path / "folder", committed=committed)
    assert store.get(payload) == {"made": [1, 2]}
    assert cache.DiskStore(tmp_path / "folder", committed=None).get(payload) is None
    # the folder wins over the file (a result computed here since)
    store.put(payload, {"made": [3]})
    assert store.get(payload) == {"made": [3]}


def test_a_committed_result_is_never_read_for_another_question_or_other_code(tmp_path, monkeypatch):
    payload = {"what": "decision-bid", "spec": {"id": "x"}, "samples": 3}
    committed = _committed_file(tmp_path, {cache.result_key(payload): {"made": [1, 2]}})
    store = cache.DiskStore(tmp_path / "folder", committed=committed)
    assert store.get({**payload, "samples": 4}) is None
    monkeypatch.setattr(cache, "engine_digest", lambda start="engine.puzzles": "another engine")
    assert store.get(payload) is None


def test_a_broken_committed_file_names_its_line(tmp_path):
    path = tmp_path / "results.jsonl"
    path.write_text('{"key": "a", "value": 1}\nnot json\n', "utf-8")
    with pytest.raises(ValueError, match=r"results.jsonl:2: not a result line"):
        cache.committed_results.__wrapped__(path)


RECOMPUTED = 3  # committed solver lines recomputed in make test, the ones of fewest cards (all: make test-slow)


def _lesson_specs(lessons):
    return [(f"{lesson.path.name}/{spec['id']}", spec) for lesson in lessons for spec in lesson.puzzles]


def _ask_every_puzzle(specs, store):
    from engine import puzzles
    from engine.puzzles import position
    from engine.search import memo

    saved = memo.settings()
    try:
        memo._memo.clear()
        position.solve_position.cache_clear()  # their own caches in front of the memo
        position.line_from.cache_clear()
        memo.use_store(store)
        memo.build_mode(True)
        for name, spec in specs:
            store.name = name
            puzzles.everything(spec)
    finally:
        memo.restore(saved)
        memo._memo.clear()
        position.solve_position.cache_clear()
        position.line_from.cache_clear()


class NotCommitted(Exception):
    pass


class _Committed:
    """A memo store that answers from the committed file, computes afresh the keys in ``fresh`` and
    keeps what it computed, and stops at the first question the file cannot answer."""

    def __init__(self, fresh=()):
        self.committed = cache.committed_results()
        self.fresh, self.computed, self.asked = set(fresh), {}, {}
        self.name = ""

    def get(self, payload):
        key = cache.result_key(payload)
        self.asked.setdefault(key, (self.name, payload))
        if key in self.fresh:
            return None
        if key not in self.committed:  # stop at once rather than compute it (minutes)
            raise NotCommitted(f"{self.name} ({payload.get('what')})")
        return self.committed[key]

    def put(self, payload, value):
        key = cache.result_key(payload)
        if key in self.fresh:
            self.computed[key] = json.loads(json.dumps(value))


def test_every_costly_result_of_the_lessons_is_committed(lessons):
    """A clean clone builds without computing them (else: run make engine-results and commit the file)."""
    _every_result_committed(lessons)


def test_every_costly_result_of_the_tests_lesson_of_every_kind_is_committed():
    """The lesson of every puzzle kind that test_kinds and e2e/test_kind_pages build (minutes of
    sampled estimates and searches each, else): its results are committed too."""
    from sitebuild.lessons import load_lessons

    _every_result_committed(load_lessons(ROOT / "tests" / "fixtures" / "kinds"))


def _every_result_committed(lessons):
    try:
        _ask_every_puzzle(_lesson_specs(lessons), _Committed())
    except NotCommitted as missing:
        pytest.fail(
            f"{missing}: a costly result is not in sitebuild/engine-results.jsonl: "
            "run make engine-results and commit the file"
        )


@pytest.mark.parametrize("deep", [pytest.param(True, marks=pytest.mark.slow), False], ids=["every", "three"])
def test_the_committed_results_are_what_the_engine_computes(lessons, deep):
    """Recomputed, a committed result is the same: three solver lines here, every result with --runslow."""
    specs = _lesson_specs(lessons)
    survey = _Committed()
    _ask_every_puzzle(specs, survey)
    committed = [key for key in survey.asked if key in survey.committed]
    if not deep:
        lines = [key for key in committed if survey.asked[key][1].get("what") == "solve-line"]
        committed = sorted(lines, key=lambda key: len(survey.asked[key][1]["position"]))[:RECOMPUTED]
        assert len(committed) == RECOMPUTED
    names = {survey.asked[key][0] for key in committed}
    store = _Committed(fresh=committed)
    _ask_every_puzzle([(name, spec) for name, spec in specs if name in names], store)
    assert store.computed.keys() == set(committed)
    for key in committed:  # as text: the order of a value's keys is part of it (a decision's options)
        assert json.dumps(store.computed[key]) == json.dumps(survey.committed[key]), (
            f"{survey.asked[key][0]}: the committed result {key[:12]} is not what the engine computes now"
        )
