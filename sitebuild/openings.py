"""What the play and practice pages show before the engine has started in the browser, computed
by the engine at build time through the same JSON ops the page's worker calls (``engine.web.handle``):

* ``play_openings()``: for every preset (and so every seat count) and every mix of computer
  levels, opening deals of a new game: the engine's answer to the page's first ``game`` request
  (the computers' actions up to the learner's first turn), exactly what the worker would send.
  The page shows one at once and sends its history to the engine for every later step.
  ``worded`` adds to each the words the worker sends with a game's answer (``present.web``:
  ``present.play.table_words``), in the page's language: each language's page carries its own.
* ``drill_bank()``: the first drills of every practice theme, each with its view, solution and
  answer table (op ``drill``), as the lessons ship theirs. Every one is in the theme's game
  (``GAME_FOR``: the three-player game), whatever the engine's drill generator does. ``drawn``
  adds to each the tree the worker sends with a drill (``present.web``: the one renderer), in
  the page's language.

Each answer is cached by its request and the engine's source (``engine.search.memo`` with the build's
disk store, ``sitebuild/cache.py``; outside the build's deep-search mode, so the engine
answers as it does in the browser), so a warm build takes them from ``.cache/build``.
"""

from __future__ import annotations

import itertools
import json

from engine.coach.drills import GAME_FOR, THEMES
from engine.core.rules import PRESETS
from engine.players import PLAYERS
from engine.search import memo
from engine.web import handle
from present.play import table_words
from present.web import catalog, drill_tree

from . import BuildError, cache

OPENING_SEEDS = (7301, 11027, 40213, 91807)  # per preset, when every computer has the same level
MIXED_SEEDS = (52711,)  # per preset and mix of levels
LEVELS = ("normal", "easy")  # the levels whose openings are prepared (an expert's first deal waits for the engine)
DEFAULT_LEVEL = "normal"  # the play page's level for a computer seat until the learner picks another
DRILLS_PER_THEME = 4


def _ask(request: dict) -> dict:
    """The engine's answer to one request, cached by the request."""

    def compute():
        answer = json.loads(handle(json.dumps(request)))
        if not answer.get("ok"):
            raise BuildError(f"sitebuild/openings.py: the engine refused {request}: {answer.get('error')}")
        answer.pop("id", None)
        answer.pop("ok", None)
        return answer

    return memo.cached({"site_opening": request}, compute)


def offered_levels() -> list[str]:
    """The computer levels the play page offers, weakest first: the engine's player types."""
    return list(PLAYERS)


def level_key(levels) -> str:
    """How play.js names a mix of computer levels: the levels of seats 1, 2, ... joined by dots."""
    return ".".join(levels)


def play_openings() -> dict:
    """{preset: {levels: [state, ...]}}: the engine's first answer for each opening deal."""
    out: dict = {}
    with cache.installed():
        memo.build_mode(False)  # the computers play as they do in the browser
        for name, rules in PRESETS.items():
            mixes = {}
            for levels in itertools.product(LEVELS, repeat=rules.players - 1):
                seeds = OPENING_SEEDS if len(set(levels)) == 1 else MIXED_SEEDS
                states = []
                for seed in seeds:
                    state = _ask({"op": "game", "rules": name, "seed": seed, "computers": list(levels)})
                    if state["to_move"] != 0 or state["phase"] == "done":
                        continue  # not a decision of the learner's (cannot happen at the start)
                    states.append({"seed": seed, "state": state})
                mixes[level_key(levels)] = states
            out[name] = mixes
    return out


def worded(table: dict, lang: str) -> dict:
    """The openings with each state's ``words`` in ``lang`` (and ``lang``), as the worker answers
    op ``game`` (``present.web.handle``)."""
    cat = catalog(lang)

    def worded_state(state: dict) -> dict:
        return {**state, "words": table_words(state, cat), "lang": lang}

    return {
        name: {levels: [{**o, "state": worded_state(o["state"])} for o in states] for levels, states in mixes.items()}
        for name, mixes in table.items()
    }


def drill_bank() -> dict:
    """{theme: [drill, ...]}: the engine's ``drill`` answers for the first drills of each theme."""
    out: dict = {}
    with cache.installed():
        memo.build_mode(False)  # the drills the browser's engine would generate from these seeds
        for theme in THEMES:
            drills = []
            for seed in range(1, 400):
                answer = _ask({"op": "drill", "theme": theme, "seed": seed})
                if answer["view"]["rules"] != GAME_FOR[theme]:
                    continue  # a drill of the bank is in the theme's game
                if any(d["puzzle"]["position"] == answer["puzzle"]["position"] for d in drills):
                    continue
                drills.append({"seed": seed, **answer})
                if len(drills) == DRILLS_PER_THEME:
                    break
            if len(drills) < DRILLS_PER_THEME:
                raise BuildError(f"sitebuild/openings.py: only {len(drills)} {theme} drills found")
            out[theme] = drills
    return out


def drawn(bank: dict, lang: str) -> dict:
    """The bank with each drill's ``tree`` in ``lang`` (and ``lang``), as the worker answers op
    ``drill`` (``present.web.handle``)."""
    return {theme: [{**d, "tree": drill_tree(d, lang), "lang": lang} for d in drills] for theme, drills in bank.items()}
