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
* ``score``        (also) ``position`` is the record of a whole deal: enter the deal score of ``side``;
* ``count``        enter a number the engine counts from the position (``question``, see ``COUNT_QUESTIONS``);
* ``bid``, ``raise``, ``discard``, ``give``, ``lead``: decisions with hidden cards, valued by
                   sampling the unseen cards (``engine.decisions``; at build time only);
* ``deal``         a guided complete deal: the learner plays one seat of a scripted deal, step by
                   step (``engine.guided``; at build time only).

``check(spec)`` computes the solution and raises ``PuzzleError`` when the position is malformed or
a stated ``answer`` disagrees with the engine; ``judge(spec, answer)`` returns the verdict with
the reason, the points given away, and the solution.

The solver judges live (in the browser) only endings of at most ``MAX_SOLVER_TRICKS`` tricks; in
build mode (``engine.memo.build_mode``) a lesson puzzle may be deeper, and costly results are
cached by content (``engine.memo.cached``).
"""

from __future__ import annotations

import re
from functools import lru_cache

from . import memo
from .actions import AskFull, AskHalf, Declare, Discard, Play, parse_action
from .cards import ALL_CARDS, Card, NotationError, Suit, parse_cards
from .declare import PAIR_BITS, half_suits, questions_allowed
from .notation import parse_position, parse_record
from .play import mask_of, winning_index
from .rules import PRESET_INFO

DECISION_KINDS = ("bid", "raise", "discard", "give", "lead")  # engine/decisions.py
KINDS = (
    "legal-card",
    "all-legal",
    "trick-winner",
    "best-card",
    "declare",
    "score",
    "auction",
    "count",
    *DECISION_KINDS,
    "deal",
)
NUMBER_KINDS = ("score", "count")  # answered by typing a number
MAX_SOLVER_TRICKS = 6  # puzzles judged live by the solver keep to small endings
COUNT_QUESTIONS = ("points-out", "trumps-out", "suit-out:S", "points-taken:N")


class PuzzleError(NotationError):
    """A puzzle that cannot be used; the message says what is wrong."""


def _decisions():
    from . import decisions

    return decisions


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


def is_record(text: str) -> bool:
    """Is this the text of a record (a deal from its start) rather than a position?"""
    keys = {part.partition(":")[0].strip() for part in text.split("/")}
    return bool(keys & {"dealer", "seed", "widow", "actions", "scores"})


def _score_record(spec):
    deal = parse_record(_spec_position(spec))
    if not deal.is_over or deal.redealt:
        raise PuzzleError("score: the record must be a whole deal, played to its end")
    if "then" in spec:
        raise PuzzleError("score: a record is already played to its end; it takes no then")
    return deal


def _deal(spec):
    if spec.get("kind") == "auction":
        raise PuzzleError("an auction puzzle has a record, not a position")
    if spec.get("kind") == "count" and is_record(_spec_position(spec)):
        deal = parse_record(spec["position"])
        if deal.phase != "play":
            raise PuzzleError(f"count: the record must stop during trick play; it is in the {deal.phase} phase")
        return deal
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
def _solve(position: str) -> dict:
    """The solver's values at a position (``Solution.to_dict``). Live, only small endings; in build
    mode any depth, cached by content."""
    from .solver import solve

    deal = parse_position(position)
    left = deal.rules.hand_size - deal.tricks_played
    if left <= MAX_SOLVER_TRICKS:
        return solve(deal).to_dict()
    if not memo.in_build_mode():
        raise PuzzleError(
            f"the solver judges puzzles with at most {MAX_SOLVER_TRICKS} tricks left; this one has {left}",
            "too_many_tricks",
            most=MAX_SOLVER_TRICKS,
            count=left,
        )
    return memo.cached({"what": "solve", "position": position}, lambda: solve(deal).to_dict())


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
    if kind in DECISION_KINDS:
        _spec_position(spec)
        return _decisions().solution(spec)
    if kind == "deal":
        from . import guided

        _spec_position(spec)
        return guided.solution(spec)
    if kind == "score" and is_record(_spec_position(spec)):
        return _score_solution(spec, _score_record(spec))
    if kind == "count":
        return {"number": count_answer(spec, _deal(spec))}
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
        values = {a["action"]: a["value"] for a in solved["actions"] if not a["action"].startswith(("trump:", "ask"))}
        best = max(values.values())
        return {"cards": [a for a, v in values.items() if v == best], "values": values, "side": solved["side_seats"]}
    if kind == "declare":
        choices = declaration_choices(deal)
        if all(c == "none" or deal.why_illegal(parse_action(c)) for c in choices):
            return {"choices": choices, "best": ["none"], "values": {"none": 0}}
        solved = _solve(deal.position())
        values = {a["action"]: a["value"] for a in solved["actions"]}
        lead = max(v for a, v in values.items() if not a.startswith(("trump:", "ask")))
        choices = {c: values.get(c, lead if c == "none" else None) for c in choices}
        legal = {c: v for c, v in choices.items() if v is not None}
        best = max(legal.values())
        return {"choices": list(choices), "best": [c for c, v in legal.items() if v == best], "values": legal}
    if kind == "score":
        after, _ = _then_cards(spec, deal, until_over=True)
        if not after.is_over:
            raise PuzzleError("then: the cards do not play the deal to its end")
        return _score_solution(spec, after)
    raise PuzzleError(f"unknown puzzle kind {kind!r}")


def _score_solution(spec, finished) -> dict:
    side = spec.get("side", 0)
    if not isinstance(side, int) or not 0 <= side < finished.rules.sides:
        raise PuzzleError(f"side: must be 0 to {finished.rules.sides - 1}")
    breakdown = finished.score()
    before = spec.get("before", 0)
    if not isinstance(before, int):
        raise PuzzleError("before: the match total before the deal is a whole number")
    score = before + breakdown.sides[side].deal_score
    return {"score": score, "breakdown": breakdown.to_dict(), "lines": breakdown.lines()}


def count_answer(spec, deal) -> int:
    """The number a ``count`` puzzle asks for, counted from what the player to move has seen:

    * ``points-out``     card points in the cards it has not seen (the other hands; a hidden
                         discard given as ``discard``);
    * ``trumps-out``     trumps among those cards;
    * ``suit-out:S``     cards of suit S among them;
    * ``points-taken:N`` card points in the tricks seat N has won (a bidder's discard not included)."""
    from .estimate import knowledge_from_position, knowledge_from_record

    question = spec.get("question")
    if not isinstance(question, str):
        raise PuzzleError(f"count: question must be one of {', '.join(COUNT_QUESTIONS)}")
    seat = deal.to_move
    rules = deal.rules
    if is_record(spec["position"]):
        if "discard" in spec:
            raise PuzzleError("discard: a record already says what was put away")
        unseen = knowledge_from_record(deal, seat).unseen
    else:
        hidden = _decisions()._hidden_discard(spec, deal) if "discard" in spec else ()
        unseen = knowledge_from_position(deal, seat, {}, hidden).unseen
    name, _, arg = question.partition(":")
    if question == "points-out":
        return sum(rules.points[c.rank] for c in unseen)
    if question == "trumps-out":
        if deal.trump is None:
            raise PuzzleError("count: trumps-out needs a trump, and nothing has been declared")
        return sum(c.suit == deal.trump for c in unseen)
    if name == "suit-out" and arg:
        suit = Suit.parse(arg)
        return sum(c.suit == suit for c in unseen)
    if name == "points-taken" and arg.isdigit() and int(arg) < rules.players:
        taken = int(arg)
        if is_record(spec["position"]):
            discard = [c for s, a in deal.history if s == taken and isinstance(a, Discard) for c in a.cards]
            return deal.points[taken] - sum(rules.points[c.rank] for c in discard)
        if taken == deal.bidder and "discard" not in spec:
            raise PuzzleError(
                "count: in a position the bidder's points include its discard; give the discard or use a record"
            )
        hidden = _decisions()._hidden_discard(spec, deal) if taken == deal.bidder else ()
        return deal.points[taken] - sum(rules.points[c.rank] for c in hidden)
    raise PuzzleError(f"count: unknown question {question!r}; questions: {', '.join(COUNT_QUESTIONS)}")


def count_at(spec, question: str) -> int:
    """The number a ``count`` question gives at the position of any trick-play puzzle, counted as
    the player to move sees it (the bidder's hidden ``discard`` of the spec, if any, unseen): the
    words of a puzzle quote it as ``{count:trumps-out}``, so that "two trumps are still out" is
    the engine's count, not the writer's."""
    probe = {"kind": "count", "position": _spec_position(spec), "question": question}
    if "discard" in spec:
        probe["discard"] = spec["discard"]
    return count_answer(probe, _deal(probe))


def hidden_discard(deal, spec) -> tuple:
    """The bidder's discard when the player to move has not seen it: a record's, or the
    ``discard`` a position puzzle gives; empty for the bidder itself."""
    if deal.bidder is None or deal.to_move == deal.bidder:
        return ()
    if is_record(spec["position"]):
        return tuple(c for _, a in deal.history if isinstance(a, Discard) for c in a.cards)
    return _decisions()._hidden_discard(spec, deal) if "discard" in spec else ()


def seen_points(view: dict, deal, spec) -> None:
    """Points taken as the player to move sees them: the bidder's without a discard it has not
    seen (at a table nobody counts the face-down cards), in a view of hidden cards."""
    hidden = hidden_discard(deal, spec)
    if hidden:
        view["seats"][deal.bidder]["points"] -= sum(deal.rules.points[c.rank] for c in hidden)


def check(spec) -> dict:
    """The engine's solution; raises ``PuzzleError`` if a stated ``answer`` disagrees with it."""
    sol = solution(spec)
    answer = spec.get("answer")
    kind = spec["kind"]
    if kind in DECISION_KINDS:
        _decisions().check(spec, sol)
    elif kind == "deal":
        pass  # every scripted action is checked by guided.solution
    elif kind == "count":
        if answer is not None and answer != sol["number"]:
            raise PuzzleError(f"answer {answer} but the engine counts {sol['number']}")
    elif kind == "best-card":
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
    if kind in DECISION_KINDS:
        return _decisions().answers(spec)
    if kind in NUMBER_KINDS or kind == "deal":
        return []
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
    and needs no engine for it. ``number`` is the right answer of a number puzzle; a guided deal
    has one table per step in ``steps``."""
    kind = spec.get("kind") if isinstance(spec, dict) else None
    sol = solution(spec)
    if kind in DECISION_KINDS:
        return _decisions().answer_table(spec, sol)
    if kind == "deal":
        from . import guided

        return guided.answer_table(spec, sol)
    if kind in NUMBER_KINDS:
        return {"kind": kind, "answers": {}, "number": sol["score" if kind == "score" else "number"]}
    deal = _auction(spec) if kind == "auction" else _deal(spec)
    return {"kind": kind, "answers": {a: _verdict(kind, deal, sol, a) for a in answers(spec)}}


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
    when the table has a ``number``, and for a guided deal (``steps``) the answer
    ``{"step": i, "answer": a}`` by step i's table. site/assets/answers.js does exactly this, and
    a test keeps the two equal."""
    kind = table["kind"]
    if "steps" in table:
        if not isinstance(answer, dict) or not isinstance(answer.get("step"), int):
            raise PuzzleError(f"{kind}: the answer is {{step, answer}}")
        if not 0 <= answer["step"] < len(table["steps"]):
            raise PuzzleError(f"{kind}: there is no step {answer['step']}")
        return judge_with_table(table["steps"][answer["step"]], answer.get("answer"))
    entries = table["answers"]
    if "number" in table:
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


def table_view(deal, mover: int, shown) -> dict:
    """The table as the player to move sees it: seats (the hands in ``shown`` face up, the others
    as a count), the trick, the trump, the declarations and the contract."""
    rules = deal.rules
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
    leader = deal.leader if deal.leader is not None else mover
    return {
        "rules": rules.name,
        "rules_title": PRESET_INFO.get(rules.name, (rules.name,))[0],
        "players": rules.players,
        "partnership": rules.partnership,
        "mover": mover,
        "seats": seats,
        "trick": [{"seat": (leader + i) % rules.players, "card": str(c)} for i, c in enumerate(deal.trick)],
        "then": [],
        "trump": str(deal.trump) if deal.trump is not None else None,
        "declarations": [{"suit": str(d.suit), "seat": d.seat} for d in deal.declarations],
        "contract": deal.contract,
        "bid": deal.bid,
        "bidder": deal.bidder,
        "first_trick": deal.phase == "play" and deal.first_trick,
        "all_known": False,
        "choices": [],
        "before": None,
        "where": seat_places(rules.players, rules.partnership, mover),
    }


def record_log(deal, seat: int, reveal: bool = False) -> dict:
    """What happened in a record, as ``seat`` saw it (everything with ``reveal``): the bids, the
    widow once shown, the discard and the exchange (their cards only to those who saw them), the
    raise, and every trick with its leader, cards, winner and points, and the declarations and
    partner questions made before it."""
    from .actions import Answer, Bid, Give, Hold, Pass, Raise, Redeal, Return
    from .deal import Deal

    rules = deal.rules
    replay = Deal(rules, deal.initial_hands, deal.initial_widow, deal.dealer, deal.match_scores)
    log = {"dealer": deal.dealer, "auction": [], "widow": [], "discard": None, "exchange": [], "raise": None}
    log["tricks"] = tricks = []
    calls: list[dict] = []
    for mover, action in deal.history:
        if isinstance(action, (Bid, Pass, Redeal)):
            log["auction"].append({"seat": mover, "bid": str(action)})
        elif isinstance(action, Discard):
            shown = reveal or mover == seat
            log["discard"] = {"seat": mover, "cards": [str(c) for c in action.cards] if shown else None}
            log["discard"]["count"] = len(action.cards)
        elif isinstance(action, (Give, Return)):
            shown = reveal or seat in (mover, rules.partner_of(mover))
            cards = [str(c) for c in action.cards] if shown else None
            log["exchange"].append({"seat": mover, "cards": cards, "count": len(action.cards)})
        elif isinstance(action, (Raise, Hold)):
            log["raise"] = {"seat": mover, "contract": action.amount if isinstance(action, Raise) else None}
        elif isinstance(action, (Declare, AskFull, AskHalf, Answer)):
            calls.append({"seat": mover, "action": str(action)})
        elif isinstance(action, Play):
            if not replay.trick:
                tricks.append({"leader": mover, "cards": [], "calls": calls, "winner": None, "points": 0})
                calls = []
            tricks[-1]["cards"].append({"seat": mover, "card": str(action.card)})
        replay.apply(action)
        if isinstance(action, Play) and not replay.trick:
            tricks[-1]["winner"] = replay.leader if replay.phase != "done" else replay.last_trick_winner
            tricks[-1]["points"] = sum(rules.points[Card.parse(c["card"]).rank] for c in tricks[-1]["cards"])
        if replay.bidder is not None and rules.widow_size and not log["widow"]:
            log["widow"] = [str(c) for c in deal.initial_widow]
    return log


def _you(spec, deal) -> int:
    """The seat a whole-deal puzzle is seen from: ``seat``, else the first seat of ``side``."""
    seat = spec.get("seat")
    if seat is None:
        side = spec.get("side", 0)
        return next((s for s in range(deal.rules.players) if deal.rules.side_of(s) == side), 0)
    if not isinstance(seat, int) or not 0 <= seat < deal.rules.players:
        raise PuzzleError(f"seat: must be 0 to {deal.rules.players - 1}")
    return seat


def played_cards(deal, spec) -> list[str]:
    """The cards out of play that the player to move has seen: a record's tricks, or in a
    position every card in no hand and not on the table (a hidden ``discard`` left out)."""
    if is_record(spec["position"]):
        return [str(a.card) for _, a in deal.history if isinstance(a, Play) and a.card not in deal.trick]
    hidden = set(_decisions()._hidden_discard(spec, deal)) if "discard" in spec else set()
    in_play = {c for h in deal.hands for c in h} | set(deal.trick)
    return [str(c) for c in ALL_CARDS if c not in in_play and c not in hidden]


def view(spec) -> dict:
    """What a puzzle shows: seats, hands (only those shown), the trick, trump and declarations."""
    kind = spec.get("kind")
    if kind in DECISION_KINDS:
        return _decisions().view(spec)
    if kind == "deal":
        from . import guided

        return guided.view(spec)
    if kind == "score" and is_record(_spec_position(spec)):
        deal = _score_record(spec)
        you = _you(spec, deal)
        out = {"kind": kind, **table_view(deal, you, set()), "log": record_log(deal, you, reveal=True)}
        out["before"] = spec.get("before")
        return out
    if kind == "auction":
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
    if kind in ("best-card", "declare"):
        shown = set(range(rules.players))  # judged with every hand known, so every hand is shown
    out = {"kind": kind, **table_view(deal, mover, shown)}
    if kind in ("trick-winner", "score"):
        _, cards = _then_cards(spec, deal, until_over=False)
        replay = deal.copy()  # who plays each card: after a trick its winner leads the next one
        out["then"] = []
        for card in cards:
            out["then"].append({"seat": replay.to_move, "card": str(card)})
            replay.apply(Play(card))
    out["all_known"] = kind in ("best-card", "declare")
    out["choices"] = declaration_choices(deal) if kind == "declare" else []
    if kind == "declare":
        # "none" means leading without declaring between tricks; in the middle of a trick
        # (where declaring is refused) it means playing a card: the page words it so
        out["mover_leads"] = not deal.trick
    out["before"] = spec.get("before")
    if kind == "count":
        out["question"] = spec.get("question")
        out["played"] = played_cards(deal, spec)
        for seat in out["seats"]:
            seat["points"] = None  # counting them is the puzzle: the page does not show them
        if is_record(spec["position"]):
            out["log"] = record_log(deal, mover)
    return out
