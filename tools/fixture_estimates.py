"""The sampled estimates of the test fixture's decision puzzles (``tests/fixtures/kinds``: bid, raise,
discard, give, lead) and of the variants of them the tests value (``VARIANTS``), kept as data in
``tests/fixtures/kinds/estimates.json`` so that a test run does not play their sampled deals out
again (minutes on a busy machine). tests/conftest.py puts them into the session's build cache;
``tests/test_kinds.py`` replays the first sampled deal of each against the engine (a quick check
that fails when the engine's answer changes), and with ``--runslow`` (``make test-slow``)
recomputes them all.

After a change of the engine that changes an estimate (the quick check says which), regenerate
and review the diff:

    .venv/bin/python tools/fixture_estimates.py            # writes the file
    .venv/bin/python tools/fixture_estimates.py --check    # only says whether it is up to date
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

FIXTURE = ROOT / "tests" / "fixtures" / "kinds"
DATA = FIXTURE / "estimates.json"


def fixture_specs() -> list[dict]:
    return tomllib.loads((FIXTURE / "01-kinds" / "lesson.toml").read_text("utf-8"))["puzzle"]


# Variants of the fixture's puzzles that tests/test_kinds.py values too (it takes them from here):
# a discard under the house rule that forbids putting away aces and tens, and the opener's bid
# (the first bidder may not pass).
VARIANTS = {
    "fx-discard-no-aces-tens": (
        "fx-discard",
        {
            "position": "rules:three-player+no_discard_aces_tens/dealer:0/seed:17/actions:40,p,p",
            "candidates": ["S6.S7.D6", "HA.S6.S7"],
        },
    ),
    "fx-bid-opener": ("fx-bid", {"position": "rules:three-player/dealer:0/seed:3"}),
}


def variant(name: str) -> dict:
    """The fixture's puzzle ``VARIANTS[name]`` names, with its changes (a new dict each time)."""
    base, changes = VARIANTS[name]
    (spec,) = [dict(s) for s in fixture_specs() if s["id"] == base]
    return {**spec, **changes, "id": name}


class _Recorder:
    """A memo store that remembers every estimate computed and answers nothing from before."""

    def __init__(self):
        self.entries: dict[str, dict] = {}

    def get(self, payload):
        return None

    def put(self, payload, value):
        if str(payload.get("what", "")).startswith("decision-"):
            self.entries[json.dumps(payload, sort_keys=True)] = {"payload": payload, "value": value}


def compute() -> list[dict]:
    """Every estimate the fixture's puzzles ask for, computed afresh, in a stable order."""
    from engine import puzzles
    from engine.search import memo

    saved = memo.settings()
    recorder = _Recorder()
    memo._memo.clear()
    memo.use_store(recorder)
    memo.build_mode(True)
    try:
        for spec in fixture_specs():
            puzzles.check(spec)
        for name in VARIANTS:
            puzzles.answer_table(variant(name))  # a variant states no answer to check
    finally:
        memo.restore(saved)
        memo._memo.clear()
    return [recorder.entries[key] for key in sorted(recorder.entries)]


def load() -> list[dict]:
    return json.loads(DATA.read_text("utf-8"))["estimates"]


def text_of(entries: list[dict]) -> str:
    head = "written by tools/fixture_estimates.py: the engine's sampled estimates of tests/fixtures/kinds"
    return json.dumps({"about": head, "estimates": entries}, indent=1, sort_keys=True) + "\n"


def main(argv: list[str]) -> int:
    if argv not in ([], ["--check"]):
        print("usage: fixture_estimates.py [--check]", file=sys.stderr)
        return 2
    entries = compute()
    if argv == ["--check"]:
        same = DATA.is_file() and load() == entries
        print(f"{DATA.relative_to(ROOT)}: {'up to date' if same else 'differs from the engine: regenerate it'}")
        return 0 if same else 1
    DATA.write_text(text_of(entries), encoding="utf-8")
    print(f"wrote {len(entries)} estimates to {DATA.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
