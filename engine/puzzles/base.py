"""What every puzzle kind has in common: the error, the registry, and the ``Kind`` base class.

A kind is a subclass of ``Kind`` registered under its name (``@register``). Its constructor
reads the spec once (``read``: every check of the spec's fields, raising ``PuzzleError``), and
everything else is computed from what it read, each at most once per puzzle:

* ``solution()``  what the engine says the answer is;
* ``check()``     the solution, after comparing a stated ``answer`` with it;
* ``answers()``   every single answer a learner can give, as the strings ``verdict`` takes;
* ``verdict(a)``  the engine's verdict on one of them, with why it is wrong;
* ``answer_table()``  every verdict at once (what the page looks answers up in);
* ``view()``      what the page shows.

The page renders a puzzle by its ``form`` (in the view and the table), never by its name: the
``shape`` (a hand to choose from, a trick to finish, a set of choices, a number to type, a deal
to step through), how the answer is given (``answer``), and the catalog keys of its verdicts
(``words``). A new kind with an existing shape needs no JavaScript (docs/adding-a-puzzle-kind.md).
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from typing import ClassVar

from ..core.cards import Card, NotationError

SHAPES = ("hand", "trick", "choices", "number", "steps")
# how an answer is given: one card, a set of cards, one choice (a key), a typed number, or
# {"step", "answer"} in a deal played step by step
ANSWERS = ("card", "cards", "choice", "number", "steps")


# the catalog key (site/messages: verdicts) of each verdict, where a kind does not name its own
DEFAULT_WORDS = {"correct": "correct", "illegal": "illegal", "legal-not-best": "legal_not_best", "wrong": "wrong"}


class PuzzleError(NotationError):
    """A puzzle that cannot be used; the message says what is wrong."""


REGISTRY: dict[str, type[Kind]] = {}


def register(cls: type[Kind]) -> type[Kind]:
    """Class decorator: the kind is known by ``cls.name`` from now on."""
    if cls.name in REGISTRY and REGISTRY[cls.name] is not cls:
        raise ValueError(f"puzzle kind {cls.name!r} is registered twice")
    if cls.shape not in SHAPES or cls.answer not in ANSWERS:
        raise ValueError(f"puzzle kind {cls.name!r}: shape must be one of {SHAPES}, answer one of {ANSWERS}")
    if cls.__abstractmethods__:
        raise ValueError(f"puzzle kind {cls.name!r} lacks {', '.join(sorted(cls.__abstractmethods__))}")
    REGISTRY[cls.name] = cls
    return cls


def unregister(name: str) -> None:
    """Forget a kind (for tests that register a toy kind)."""
    REGISTRY.pop(name, None)


def kind_names() -> tuple[str, ...]:
    return tuple(REGISTRY)


def kind_class(spec) -> type[Kind]:
    """The class of a spec's kind; ``PuzzleError`` for anything that is not a puzzle."""
    if not isinstance(spec, dict):
        raise PuzzleError("a puzzle must be an object with kind and position")
    kind = spec.get("kind")
    if not isinstance(kind, str) or kind not in REGISTRY:
        raise PuzzleError(
            f"unknown puzzle kind {str(kind)[:40]!r}; kinds: {', '.join(REGISTRY)}", "unknown_kind", kind=str(kind)[:40]
        )
    if not isinstance(spec.get("position"), str):
        raise PuzzleError("the puzzle has no position")
    return REGISTRY[kind]


def is_record(text: str) -> bool:
    """Is this the text of a record (a deal from its start) rather than a position?"""
    keys = {part.partition(":")[0].strip() for part in text.split("/")}
    return bool(keys & {"dealer", "seed", "widow", "actions", "scores"})


def reason_of(deal, action) -> dict | None:
    """Why the rules forbid ``action`` here (the engine's reason as data), or None."""
    reason = deal.why_illegal(action)
    return reason.to_dict() if reason else None


def _plain_answer(value) -> bool:
    return (isinstance(value, str) and len(value) <= 40) or (type(value) is int and abs(value) < 10**6)


class Kind(ABC):
    """One puzzle kind. Subclasses set the class attributes and override ``read``,
    ``compute_solution``, ``answers``, ``verdict`` and ``view`` (and ``verify`` where a stated
    ``answer`` is compared with the engine's). ``compute_solution`` and ``view`` are abstract: a
    kind that lacks one cannot be made (``TypeError`` names the missing methods)."""

    name: ClassVar[str]
    shape: ClassVar[str]
    answer: ClassVar[str]
    words: ClassVar[dict] = {}  # verdict -> catalog key (site/messages: verdicts), where not the default
    # the learner's hand: "answer" (its cards are the answers), "marks" (cards to mark), "looking"
    # (only to look at, dimmed: the cards that matter are on the table) or "shown"
    hand: ClassVar[str] = "shown"
    # what the page lays out: "table" (seats round a trick), "record" (what happened so far,
    # then the choices) or "auction" (the bids); and the answer controls: "calls" (declare or
    # lead), "options" (the choices a view lists), "seats", "number", "check" (marked cards) or none
    layout: ClassVar[str] = "table"
    controls: ClassVar[str | None] = None
    keys: ClassVar[frozenset] = frozenset({"kind", "position", "answer"})  # the spec's fields it reads
    # what the build's check of a lesson's words (sitebuild/words.py) asks of an explanation:
    # "score" (the answer stated as {score}), "cost" (what a tempting answer gives away) or
    # "estimate" (the estimate's figures); or nothing
    explanation_cites: ClassVar[str | None] = None
    # valued by a sampled estimate of the whole deal: its figures move with the samples, so a
    # sentence states them only through placeholders ({samples}, {spread:p25}, {made:55})
    estimated: ClassVar[bool] = False
    # a lesson may ask it (False: the readiness test alone asks it; the kind says why)
    in_lessons: ClassVar[bool] = True
    # answers that are sets of cards (``discard:S6.S7.D6``, written ``{value:S6+S7+D6}`` in words)
    # whose value is an average of each sampled deal's total rounded down to the bid step
    card_sets: ClassVar[bool] = False
    # offered by the position editor: a position is all it needs, answered live in the worker
    editable: ClassVar[bool] = False
    editor_default: ClassVar[bool] = False  # the editor's kind when a link names none
    # how costly checking one puzzle is, to start the dearest first when the build checks many
    # (a rank: 0 for most; 1-5 the sampled estimates, by how many deals they play; 6 a guided deal)
    cost: ClassVar[int] = 0

    def __init__(self, spec: dict):
        self.spec = spec
        self.position: str = spec["position"]
        self._solution: dict | None = None
        answer = spec.get("answer")
        if not (
            answer is None
            or _plain_answer(answer)
            or (isinstance(answer, list) and len(answer) <= 60 and all(map(_plain_answer, answer)))
        ):
            raise PuzzleError("answer: a card, a choice, a number or a list of them", "puzzle_field", field="answer")
        self.read()

    def stated(self) -> list[str] | None:
        """The spec's ``answer`` as a list of texts (one answer or several), or None."""
        answer = self.spec.get("answer")
        if answer is None:
            return None
        return [str(a) for a in (answer if isinstance(answer, list) else [answer])]

    # -- reading the spec once ------------------------------------------------------------------
    def read(self) -> None:  # noqa: B027  (an optional hook: a kind that reads no more fields)
        """Check the spec's fields and keep what the other methods need."""

    # -- what the engine says -------------------------------------------------------------------
    @abstractmethod
    def compute_solution(self) -> dict:
        """What the engine says the answer is (computed once: ``solution``)."""

    def solution(self) -> dict:
        if self._solution is None:
            self._solution = self.compute_solution()
        return self._solution

    def verify(self, sol: dict) -> None:  # noqa: B027  (an optional hook: no stated answer to compare)
        """Raise ``PuzzleError`` when the spec's stated ``answer`` disagrees with ``sol``."""

    def check(self) -> dict:
        sol = self.solution()
        self.verify(sol)
        return sol

    def answers(self) -> list[str]:
        return []

    def verdict(self, answer: str) -> dict:
        raise PuzzleError(f"{self.name}: no single answers")

    def form(self) -> dict:
        """How the page renders and words this kind (no name needed)."""
        return {
            "shape": self.shape,
            "answer": self.answer,
            "hand": self.hand,
            "layout": self.layout,
            "controls": self.controls,
            "words": {**DEFAULT_WORDS, **self.words},
        }

    def judging(self) -> dict:
        """What an answer table says of the kind: how answers are given and the verdicts' words."""
        form = self.form()
        return {"answer": form["answer"], "words": form["words"]}

    def answer_table(self) -> dict:
        """The engine's verdict on every answer, computed once (see ``judge_with_table``)."""
        return {"kind": self.name, **self.judging(), "answers": {a: self.verdict(a) for a in self.answers()}}

    @abstractmethod
    def view(self) -> dict:
        """What the page shows."""

    def judge(self, answer) -> dict:
        return {"kind": self.name, "solution": self.solution(), **judge_with_table(self.answer_table(), answer)}


# -- judging from a table: the steps answers.js mirrors ------------------------------------------------
MAX_NUMBER_DIGITS = 6
_NUMBER = re.compile(rf"-?[0-9]{{1,{MAX_NUMBER_DIGITS}}}")


def read_number(text) -> int | None:
    """A typed number answer: optional minus (also the typographic −), at most six ASCII digits,
    spaces around it allowed; anything else is None."""
    text = str(text).strip().replace("\u2212", "-")
    return int(text) if _NUMBER.fullmatch(text) else None


def judge_with_table(table: dict, answer) -> dict:
    """The verdict on an answer from a puzzle's answer table, by how the table says answers are
    given (``answer``): a lookup for one card or choice, the marked set against the legal cards
    for a set of cards, the typed number against the right one (and the mistakes the table
    recognises), and in a deal played step by step ``{"step": i, "answer": a}`` by step i's table.
    site/assets/answers.js does exactly this, and a test keeps the two equal."""
    kind = table["kind"]
    how = table.get("answer")
    if how == "steps":
        if not isinstance(answer, dict) or not isinstance(answer.get("step"), int):
            raise PuzzleError(f"{kind}: the answer is {{step, answer}}")
        if not 0 <= answer["step"] < len(table["steps"]):
            raise PuzzleError(f"{kind}: there is no step {answer['step']}")
        return judge_with_table(table["steps"][answer["step"]], answer.get("answer"))
    entries = table["answers"]
    if how == "number":
        number = read_number(answer)
        if number is None:
            return {"verdict": "not-a-number"}
        if number == table["number"]:
            return {"verdict": "correct", "number": number}
        out = {"verdict": "wrong", "number": number}
        mistake = next((m for m in table.get("mistakes", []) if m["number"] == number), None)
        if mistake is not None:
            out["mistake"] = mistake
        return out
    if how == "cards":
        if not isinstance(answer, list):
            raise PuzzleError(f"{kind}: the answer is a list of cards")
        chosen = set()
        for card in answer:
            if str(card) not in entries:
                raise PuzzleError(f"{kind}: {str(card)[:40]!r} is not a card of the hand")
            chosen.add(str(card))
        legal = {a for a, v in entries.items() if v["verdict"] == "legal"}
        extra = sorted(chosen - legal)
        missing = sorted(legal - chosen)
        if not extra and not missing:
            return {"verdict": "correct"}
        reasons = {c: entries[c]["reason"] for c in extra}
        return {"verdict": "wrong", "extra": extra, "missing": missing, "reasons": reasons}
    key = str(answer)
    if how == "card":
        try:
            key = str(Card.parse(key))
        except NotationError:
            raise PuzzleError(f"{kind}: {key[:40]!r} is not a card") from None
    if key not in entries:
        raise PuzzleError(f"{kind}: {key[:40]!r} is not one of the answers ({', '.join(entries)})"[:400])
    return dict(entries[key])
