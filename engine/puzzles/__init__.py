"""Puzzles: checked by the site build and judged in the browser by the same code.

A puzzle is plain data (from a lesson file, a drill, or a shared link)::

    {"id": "overtake-1", "kind": "legal-card", "position": "rules:.../hands:.../lead:0/trick:H8-HJ",
     "answer": ["HQ"], "show": [0, 1, 2], "then": "DK-SA", "side": 0}

Each kind lives in one module of this package and is registered by name (``base.register``):

* ``position``   legal-card, all-legal, trick-winner, best-card, declare (trick play at a position);
* ``numbers``    score, count (a number to type, with the mistakes it recognises);
* ``auction``    auction (who becomes the bidder);
* ``decisions``  bid, raise, discard, give, lead (hidden cards, valued by a sampled estimate when
                 the site is built);
* ``declaration`` declaration (hidden cards: declare trump now, which suit, or lead; valued so too);
* ``guided``     deal (a guided complete deal, step by step).

``load(spec)`` reads a spec once into its kind's object; the functions below are the same calls
on a spec. Nothing outside this package compares kind names: it asks the kind object, and the
page renders by the ``form`` the view and the table carry (docs/adding-a-puzzle-kind.md).
"""

from __future__ import annotations

from . import auction, decisions, declaration, guided, numbers, position  # noqa: F401  (each registers its kinds)
from .base import (
    REGISTRY,
    Kind,
    PuzzleError,
    is_record,
    judge_with_table,
    kind_class,
    kind_names,
    read_number,
    register,
    unregister,
)
from .numbers import COUNT_QUESTIONS, count_at
from .position import MAX_SOLVER_TRICKS, declaration_choices
from .table import record_log, seat_places, table_view

# the kinds valued by a sampled estimate when the site is built (decisions.py)
DECISION_KINDS = tuple(name for name, cls in REGISTRY.items() if issubclass(cls, decisions.DecisionKind))


def load(spec) -> Kind:
    """The spec read by its kind (``PuzzleError`` when it cannot be used)."""
    return kind_class(spec)(spec)


def solution(spec) -> dict:
    """What the engine says the answer is (used for "show the solution" and for checking)."""
    return load(spec).solution()


def check(spec) -> dict:
    """The engine's solution; raises ``PuzzleError`` if a stated ``answer`` disagrees with it."""
    return load(spec).check()


def answers(spec) -> list[str]:
    """Every single answer a learner can give, as the strings ``judge`` takes."""
    return load(spec).answers()


def answer_table(spec) -> dict:
    """The engine's verdict on every answer of a puzzle, computed once: the build ships it with
    each lesson puzzle and the worker sends it with drills and shared positions, so that a page
    judges a click by looking it up (``judge_with_table``, mirrored in site/assets/answers.js)."""
    return load(spec).answer_table()


def view(spec) -> dict:
    """What a puzzle shows: seats, hands (only those shown), the trick, trump and declarations."""
    return load(spec).view()


def judge(spec, answer) -> dict:
    """The verdict on one answer: ``correct``, ``legal-not-best`` (with ``loss``), ``illegal``
    (with ``reason``), ``wrong`` (with details) or ``not-a-number``, plus the solution. It is the
    answer table's verdict, so a page that looks the answer up in the table says the same."""
    return load(spec).judge(answer)


def everything(spec) -> dict:
    """The view, the checked solution and the answer table of one puzzle, read once (the build
    and the worker's ``puzzle`` op)."""
    puzzle = load(spec)
    solution = puzzle.check()
    return {"view": puzzle.view(), "solution": solution, "table": puzzle.answer_table()}


KINDS = kind_names()
# the kinds a lesson may ask (the rest only the readiness test asks: ``Kind.in_lessons``)
LESSON_KINDS = tuple(name for name in KINDS if REGISTRY[name].in_lessons)

__all__ = [
    "COUNT_QUESTIONS",
    "DECISION_KINDS",
    "KINDS",
    "LESSON_KINDS",
    "MAX_SOLVER_TRICKS",
    "REGISTRY",
    "Kind",
    "PuzzleError",
    "answer_table",
    "answers",
    "check",
    "count_at",
    "declaration_choices",
    "everything",
    "is_record",
    "judge",
    "judge_with_table",
    "kind_class",
    "kind_names",
    "load",
    "read_number",
    "record_log",
    "register",
    "seat_places",
    "solution",
    "table_view",
    "unregister",
    "view",
]
