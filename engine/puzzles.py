"""Puzzles: checked by the site build and judged in the browser by the same functions.

A puzzle is plain data (from a lesson file, or from a shared link)::

    {"id": "overtake-1", "kind": "legal-card", "position": "rules:.../hands:.../lead:0/trick:H8-HJ",
     "answer": ["HQ"], "show": [0, 1, 2], "then": "DK-SA", "side": 0}

Kinds (the player to move is "you"):

* ``legal-card``   pick any legal card;
* ``all-legal``    mark every legal card;
* ``trick-winner`` ``then`` completes the trick; pick the card that wins it;
* ``best-card``    pick the card that is best with all hands known (the solver), accepted cards
                   being every optimal card;
* ``declare``      declare trump (which suit) or lead without declaring (``none``), best by the solver;
* ``score``        ``then`` plays the deal to its end; enter the deal score of ``side`` (or, with
                   ``before``, that side's match total after the deal);
* ``auction``      ``position`` is a record of an auction; pick the player who becomes the bidder.

``check(spec)`` computes the solution and raises ``PuzzleError`` when the position is malformed or
a stated ``answer`` disagrees with the engine; ``judge(spec, answer)`` returns the verdict with
the reason, the points given away, and the solution.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .actions import AskFull, AskHalf, Declare, Play, parse_action
from .cards import Card, NotationError, Suit, parse_cards
from .declare import PAIR_BITS, half_suits, questions_allowed
from .notation import parse_position, parse_record
from .play import mask_of, winning_index
from .rules import PRESET_INFO

KINDS = ("legal-card", "all-legal", "trick-winner", "best-card", "declare", "score", "auction")
MAX_SOLVER_TRICKS = 6  # puzzles judged by the solver keep to small endings


class PuzzleError(NotationError):
    """A puzzle that cannot be used; the message says what is wrong."""


def _spec_position(spec) -> str:
    if not isinstance(spec, dict):
        raise PuzzleError("a puzzle must be an object with kind and position")
    kind = spec.get("kind")
    if kind not in KINDS:
        raise PuzzleError(f"unknown puzzle kind {kind!r}; kinds: {', '.join(KINDS)}")
    position = spec.get("position")
    if not isinstance(position, str):
        raise PuzzleError("the puzzle has no position")
    return position


def _auction(spec):
    deal = parse_record(_spec_position(spec))
    if deal.phase == "auction" or deal.bidder is None:
        raise PuzzleError("the auction in the record is not finished with a bidder")
    return deal


def _deal(spec):
    if spec.get("kind") == "auction":
        raise PuzzleError("an auction puzzle has a record, not a position")
    deal = parse_position(_spec_position(spec))
    if deal.pending_question is not None:
        raise PuzzleError("a puzzle cannot start with an unanswered partner question")
    return deal


def _then_cards(spec, deal, until_over: bool):
    text = spec.get("then", "")
    if not isinstance(text, str):
        raise PuzzleError("then: expected cards joined by '-'")
    cards = parse_cards(text, "then")
    deal = deal.copy()
    for i, card in enumerate(cards, 1):
        reason = deal.why_illegal(Play(card))
        if reason is not None:
            raise PuzzleError(f"then: card {i} ({card}) cannot be played: {reason}")
        deal.apply(Play(card))
    return deal, cards


@lru_cache(maxsize=64)
def _solve(position: str):
    from .solver import solve

    deal = parse_position(position)
    left = deal.rules.hand_size - deal.tricks_played
    if left > MAX_SOLVER_TRICKS:
        raise PuzzleError(
            f"the solver judges puzzles with at most {MAX_SOLVER_TRICKS} tricks left; this one has {left}",
            "too_many_tricks",
            most=MAX_SOLVER_TRICKS,
            count=left,
        )
    return solve(deal)


def declaration_choices(deal) -> list[str]:
    """The choices a declare puzzle offers: each suit whose K+Q the mover holds, in the pairs game
    the partner questions (a full pair where the rules have it; a half of each suit the rules let
    the mover ask about, normally holding one of K and Q), and ``none``. Offered choices may
    still be illegal (a suit declared before): the engine then says why."""
    rules = deal.rules
    hand = mask_of(deal.hands[deal.to_move])
    choices = [str(Declare(s)) for s in Suit if hand & PAIR_BITS[s] == PAIR_BITS[s]]
    if questions_allowed(rules):
        if rules.full_pair_question:
            choices.append(str(AskFull()))
        choices += [str(AskHalf(Suit(s))) for s in half_suits(rules, hand, 0)]
    return choices + ["none"]


def solution(spec) -> dict:
    """What the engine says the answer is (used for "show the solution" and for checking)."""
    kind = spec.get("kind") if isinstance(spec, dict) else None
    if kind == "auction":
        deal = _auction(spec)
        first = deal.first_bidder
        return {
            "seat": deal.bidder,
            "contract": deal.contract,
            "player": (deal.bidder - first) % deal.rules.players + 1,
        }
    deal = _deal(spec)
    if kind in ("legal-card", "all-legal"):
        cards = [str(c) for c in deal.legal_cards()]
        return {"cards": cards}
    if kind == "trick-winner":
        after, cards = _then_cards(spec, deal, until_over=False)
        trick = deal.trick + cards
        if len(trick) != deal.rules.players:
            raise PuzzleError(f"then: the trick needs {deal.rules.players - len(deal.trick)} more cards to be complete")
        index = winning_index(deal.rules, trick, deal.trump)
        return {"cards": [str(trick[index])], "seat": (deal.leader + index) % deal.rules.players}
    if kind == "best-card":
        solved = _solve(deal.position())
        values = {a.action: a.value for a in solved.actions if not a.action.startswith(("trump:", "ask"))}
        best = max(values.values())
        return {"cards": [a for a, v in values.items() if v == best], "values": values, "side": solved.side_seats}
    if kind == "declare":
        choices = declaration_choices(deal)
        if all(c == "none" or deal.why_illegal(parse_action(c)) for c in choices):
            return {"choices": choices, "best": ["none"], "values": {"none": 0}}
        solved = _solve(deal.position())
        values = {a.action: a.value for a in solved.actions}
        lead = max(v for a, v in values.items() if not a.startswith(("trump:", "ask")))
        choices = {c: values.get(c, lead if c == "none" else None) for c in choices}
        legal = {c: v for c, v in choices.items() if v is not None}
        best = max(legal.values())
        return {"choices": list(choices), "best": [c for c, v in legal.items() if v == best], "values": legal}
    if kind == "score":
        after, _ = _then_cards(spec, deal, until_over=True)
        if not after.is_over:
            raise PuzzleError("then: the cards do not play the deal to its end")
        side = spec.get("side", 0)
        if not isinstance(side, int) or not 0 <= side < deal.rules.sides:
            raise PuzzleError(f"side: must be 0 to {deal.rules.sides - 1}")
        breakdown = after.score()
        before = spec.get("before", 0)
        if not isinstance(before, int):
            raise PuzzleError("before: the match total before the deal is a whole number")
        score = before + breakdown.sides[side].deal_score
        return {"score": score, "breakdown": breakdown.to_dict(), "lines": breakdown.lines()}
    raise PuzzleError(f"unknown puzzle kind {kind!r}")


def check(spec) -> dict:
    """The engine's solution; raises ``PuzzleError`` if a stated ``answer`` disagrees with it."""
    sol = solution(spec)
    answer = spec.get("answer")
    kind = spec["kind"]
    if kind == "best-card":
        accepted = sorted(sol["cards"])
        if answer is None and len(accepted) > 1:
            raise PuzzleError(
                f"several cards are optimal ({', '.join(accepted)}): list them all in answer",
                "several_optimal",
                cards=accepted,
            )
        if answer is not None and sorted(answer) != accepted:
            raise PuzzleError(
                f"answer {', '.join(sorted(answer))} but the optimal cards are {', '.join(accepted)}",
                "answer_not_optimal",
                cards=accepted,
            )
    elif kind == "declare":
        if answer is not None and sorted(answer) != sorted(sol["best"]):
            raise PuzzleError(
                f"answer {', '.join(sorted(answer))} but the engine says {', '.join(sorted(sol['best']))}"
            )
    elif kind == "score":
        if answer is not None and answer != sol["score"]:
            raise PuzzleError(f"answer {answer} but the engine scores {sol['score']}")
    elif kind == "auction":
        if answer is not None and answer != sol["seat"]:
            raise PuzzleError(f"answer seat {answer} but the bidder is seat {sol['seat']}")
    elif answer is not None:
        expected = sorted(sol["cards"])
        given = sorted(answer) if isinstance(answer, list) else [answer]
        if kind == "legal-card":
            if not set(given) <= set(expected):
                raise PuzzleError(
                    f"answer {', '.join(given)} includes a card that is not legal ({', '.join(expected)})",
                    "answer_not_legal",
                    cards=expected,
                )
        elif given != expected:
            raise PuzzleError(
                f"answer {', '.join(given)} but the engine says {', '.join(expected)}",
                "answer_not_all_legal",
                cards=expected,
            )
    return sol


def _reason(deal, card: Card) -> dict | None:
    reason = deal.why_illegal(Play(card))
    return reason.to_dict() if reason else None


def answers(spec) -> list[str]:
    """Every single answer a learner can give to a puzzle, as the strings ``judge`` takes: a card
    of the hand (``legal-card``, ``best-card``, and each card that may be marked in ``all-legal``),
    a card of the trick (``trick-winner``), a choice (``declare``), a seat (``auction``). A number
    answer (``score``) has none: its table holds the one right number."""
    kind = spec.get("kind") if isinstance(spec, dict) else None
    if kind == "auction":
        return [str(seat) for seat in range(_auction(spec).rules.players)]
    deal = _deal(spec)
    if kind in ("legal-card", "all-legal", "best-card"):
        return [str(c) for c in deal.hands[deal.to_move]]
    if kind == "trick-winner":
        _, cards = _then_cards(spec, deal, until_over=False)
        return [str(c) for c in deal.trick + cards]
    if kind == "declare":
        return declaration_choices(deal)
    if kind == "score":
        return []
    raise PuzzleError(f"unknown puzzle kind {kind!r}")


def _verdict(kind: str, deal, sol: dict, answer: str) -> dict:
    """The engine's verdict on one single answer (see ``answers``)."""
    if kind == "auction":
        seat = int(answer)
        player = (seat - deal.first_bidder) % deal.rules.players + 1
        return {"verdict": "correct" if seat == sol["seat"] else "wrong", "seat": seat, "player": player}
    if kind == "all-legal":
        reason = _reason(deal, Card.parse(answer))
        return {"verdict": "illegal", "reason": reason} if reason else {"verdict": "legal"}
    if kind in ("legal-card", "best-card"):
        card = str(Card.parse(answer))
        reason = _reason(deal, Card.parse(card))
        if reason:
            return {"verdict": "illegal", "reason": reason, "card": card}
        if kind == "legal-card" or card in sol["cards"]:
            return {"verdict": "correct", "card": card}
        return {"verdict": "legal-not-best", "loss": max(sol["values"].values()) - sol["values"][card], "card": card}
    if kind == "trick-winner":
        return {"verdict": "correct" if answer in sol["cards"] else "wrong", "card": answer}
    if kind == "declare":
        if answer != "none":
            reason = deal.why_illegal(parse_action(answer))
            if reason is not None:
                return {"verdict": "illegal", "reason": reason.to_dict(), "choice": answer}
        if answer in sol["best"]:
            return {"verdict": "correct", "choice": answer}
        return {
            "verdict": "legal-not-best",
            "loss": max(sol["values"].values()) - sol["values"][answer],
            "choice": answer,
        }
    raise PuzzleError(f"unknown puzzle kind {kind!r}")


def answer_table(spec) -> dict:
    """The engine's verdict on every answer of a puzzle, computed once: the build ships it with
    each lesson puzzle and the worker sends it with drills and shared positions, so that a page
    judges a click by looking it up (``judge_with_table``, mirrored in site/assets/answers.js)
    and needs no engine for it. ``number`` is the right answer of a number puzzle."""
    kind = spec.get("kind") if isinstance(spec, dict) else None
    sol = solution(spec)
    deal = _auction(spec) if kind == "auction" else _deal(spec)
    table = {"kind": kind, "answers": {a: _verdict(kind, deal, sol, a) for a in answers(spec)}}
    if kind == "score":
        table["number"] = sol["score"]
    return table


MAX_NUMBER_DIGITS = 6
_NUMBER = re.compile(rf"-?[0-9]{{1,{MAX_NUMBER_DIGITS}}}")


def read_number(text) -> int | None:
    """A typed number answer: optional minus (also the typographic −), at most six ASCII digits,
    spaces around it allowed; anything else is None."""
    text = str(text).strip().replace("\u2212", "-")
    return int(text) if _NUMBER.fullmatch(text) else None


def judge_with_table(table: dict, answer) -> dict:
    """The verdict on an answer from a puzzle's answer table: a lookup for single answers, the
    marked set against the legal cards for ``all-legal``, the typed number against the right one
    for ``score``. site/assets/answers.js does exactly this, and a test keeps the two equal."""
    kind = table["kind"]
    entries = table["answers"]
    if kind == "score":
        number = read_number(answer)
        if number is None:
            return {"verdict": "not-a-number"}
        return {"verdict": "correct" if number == table["number"] else "wrong", "number": number}
    if kind == "all-legal":
        if not isinstance(answer, list):
            raise PuzzleError("all-legal: the answer is a list of cards")
        chosen = set()
        for card in answer:
            if str(card) not in entries:
                raise PuzzleError(f"all-legal: {card!r} is not a card of the hand")
            chosen.add(str(card))
        legal = {a for a, v in entries.items() if v["verdict"] == "legal"}
        extra = sorted(chosen - legal)
        missing = sorted(legal - chosen)
        if not extra and not missing:
            return {"verdict": "correct"}
        reasons = {c: entries[c]["reason"] for c in extra}
        return {"verdict": "wrong", "extra": extra, "missing": missing, "reasons": reasons}
    key = str(answer)
    if kind in ("legal-card", "best-card", "trick-winner"):
        try:
            key = str(Card.parse(key))
        except NotationError:
            raise PuzzleError(f"{kind}: {answer!r} is not a card") from None
    if key not in entries:
        raise PuzzleError(f"{kind}: {answer!r} is not one of the answers ({', '.join(entries)})")
    return dict(entries[key])


def judge(spec, answer) -> dict:
    """The verdict on one answer: ``correct``, ``legal-not-best`` (with ``loss``), ``illegal``
    (with ``reason``), ``wrong`` (with details) or ``not-a-number``, plus the solution. It is the
    answer table's verdict, so a page that looks the answer up in the table says the same."""
    kind = spec.get("kind") if isinstance(spec, dict) else None
    return {"kind": kind, "solution": solution(spec), **judge_with_table(answer_table(spec), answer)}


def seat_places(players: int, partnership: bool, mover: int) -> list[str]:
    """Where each seat sits as seen by the player to move: you, left, right, partner or across."""
    places = []
    for seat in range(players):
        offset = (seat - mover) % players
        if offset == 0:
            places.append("you")
        elif players == 2:
            places.append("across")
        elif offset == 1:
            places.append("left")
        elif offset == players - 1:
            places.append("right")
        else:
            places.append("partner" if partnership else "across")
    return places


def view(spec) -> dict:
    """What a puzzle shows: seats, hands (only those shown), the trick, trump and declarations."""
    if spec.get("kind") == "auction":
        deal = _auction(spec)
        first = deal.first_bidder
        return {
            "kind": "auction",
            "rules": deal.rules.name,
            "rules_title": PRESET_INFO.get(deal.rules.name, (deal.rules.name,))[0],
            "players": deal.rules.players,
            "order": [(first + i) % deal.rules.players for i in range(deal.rules.players)],
            "bids": [{"seat": seat, "bid": str(action)} for seat, action in deal.auction],
        }
    deal = _deal(spec)
    rules = deal.rules
    mover = deal.to_move
    shown = set(spec.get("show", [])) | {mover}
    if spec["kind"] in ("best-card", "declare"):
        shown = set(range(rules.players))  # judged with every hand known, so every hand is shown
    seats = []
    for seat in range(rules.players):
        seats.append(
            {
                "seat": seat,
                "side": rules.side_of(seat),
                "partner": rules.partner_of(mover) == seat,
                "you": seat == mover,
                "cards": [str(c) for c in deal.hands[seat]] if seat in shown else None,
                "count": len(deal.hands[seat]),
                "points": deal.points[seat],
                "tricks": deal.tricks[seat],
                "bidder": deal.bidder == seat,
            }
        )
    trick = [{"seat": (deal.leader + i) % rules.players, "card": str(c)} for i, c in enumerate(deal.trick)]
    then = []
    if spec.get("kind") in ("trick-winner", "score"):
        _, cards = _then_cards(spec, deal, until_over=False)
        replay = deal.copy()  # who plays each card: after a trick its winner leads the next one
        for card in cards:
            then.append({"seat": replay.to_move, "card": str(card)})
            replay.apply(Play(card))
    return {
        "kind": spec["kind"],
        "rules": rules.name,
        "rules_title": PRESET_INFO.get(rules.name, (rules.name,))[0],
        "players": rules.players,
        "partnership": rules.partnership,
        "mover": mover,
        "seats": seats,
        "trick": trick,
        "then": then,
        "trump": str(deal.trump) if deal.trump is not None else None,
        "declarations": [{"suit": str(d.suit), "seat": d.seat} for d in deal.declarations],
        "contract": deal.contract,
        "bid": deal.bid,
        "bidder": deal.bidder,
        "first_trick": deal.first_trick,
        "all_known": spec["kind"] in ("best-card", "declare"),
        "choices": declaration_choices(deal) if spec["kind"] == "declare" else [],
        "before": spec.get("before"),
        "where": seat_places(rules.players, rules.partnership, mover),
    }
