"""The kinds asked at a position of trick play (the player to move is "you"):

* ``legal-card``   pick any legal card;
* ``all-legal``    mark every legal card;
* ``trick-winner`` ``then`` completes the trick; pick the card that wins it;
* ``best-card``    pick the card that is best with all hands known (the solver); accepted cards
                   are every optimal card;
* ``declare``      declare trump (which suit) or lead without declaring (``none``), best by the
                   solver.

The solver judges live (in the browser) only endings of at most ``MAX_SOLVER_TRICKS`` tricks; in
build mode (``engine.search.memo.build_mode``) a lesson puzzle may be deeper, and costly results are
cached by content (``engine.search.memo.cached``). A card or choice that is not the best carries the
solver's lines: one best line after it and one after the best choice (``lines``), cards named.
"""

from __future__ import annotations

from abc import abstractmethod
from functools import lru_cache

from ..core.actions import AskFull, AskHalf, Declare, Play, parse_action
from ..core.cards import Card, Suit
from ..core.declare import PAIR_BITS, half_suits, questions_allowed
from ..core.notation import format_position, parse_position
from ..core.play import mask_of, play_duty, why_not_winner, winning_index
from ..core.seats import seat_places
from ..search import memo
from .base import Kind, PuzzleError, reason_of, register
from .reading import position_deal, then_cards
from .table import table_view

MAX_SOLVER_TRICKS = 6  # puzzles judged live by the solver keep to small endings
MAX_SEATS_SHOWN = 4


def _solve_now(deal) -> dict:
    from ..search.solver import solve

    return solve(deal).to_dict()


def _line_now(deal, side: int) -> list[dict]:
    from ..search.solver import Solver, best_line

    solver = Solver(deal, max_side=side)
    return best_line(solver, solver.value())


def _searched(position: str, payload: dict, compute):
    """Live, only small endings; in build mode any depth, cached by content."""
    deal = parse_position(position)
    left = deal.rules.hand_size - deal.tricks_played
    if left <= MAX_SOLVER_TRICKS:
        return compute(deal)
    if not memo.in_build_mode():
        raise PuzzleError(
            f"the solver judges puzzles with at most {MAX_SOLVER_TRICKS} tricks left; this one has {left}",
            "too_many_tricks",
            most=MAX_SOLVER_TRICKS,
            count=left,
        )
    return memo.cached({**payload, "position": position}, lambda: compute(deal))


@lru_cache(maxsize=64)
def solve_position(position: str) -> dict:
    """The solver's values at a position for the side to move (``Solution.to_dict``)."""
    return _searched(position, {"what": "solve"}, _solve_now)


@lru_cache(maxsize=256)
def line_from(position: str, side: int) -> list[dict]:
    """One line of best play from a position to the end of the deal, ``side`` playing for the
    most points and the others together against it (as a puzzle values its answers)."""
    return _searched(position, {"what": "solve-line", "side": side}, lambda deal: _line_now(deal, side))


def line_after(deal, action) -> list[dict]:
    """One line of best play after ``action`` (included, first) to the end of the deal, trick
    by trick as the player to move sees the table: each trick's declarations and questions
    (``calls``), the trumps they declared (``declared``: where, suit, bonus; a question's
    answer declares too), its cards (``plays``), where its winner sits and its card points."""
    after = deal.copy()
    after.apply(action)
    moves = [{"seat": deal.to_move, "action": str(action)}]
    if not after.is_over:  # the learner's side against the others, as the puzzle's values are
        moves += line_from(format_position(after), deal.rules.side_of(deal.to_move))
    return tricks_of(deal, moves)


def tricks_of(deal, moves: list[dict]) -> list[dict]:
    rules = deal.rules
    where = seat_places(rules.players, rules.partnership, deal.to_move)
    replay = deal.copy()
    tricks: list[dict] = []
    trick = {"calls": [], "declared": [], "plays": [], "winner": None, "points": 0}
    for i, card in enumerate(deal.trick):  # the cards already on the table belong to the first trick
        trick["plays"].append({"place": where[(deal.leader + i) % rules.players], "card": str(card)})
    for move in moves:
        action = parse_action(move["action"])
        seat = move["seat"]
        if isinstance(action, Play):
            trick["plays"].append({"place": where[seat], "card": str(action.card)})
        else:
            trick["calls"].append({"place": where[seat], "action": move["action"]})
        declared = len(replay.declarations)
        replay.apply(action)
        for d in replay.declarations[declared:]:
            trick["declared"].append(
                {"place": where[d.seat], "suit": str(d.suit), "bonus": rules.bonus[d.suit], "how": d.how}
            )
        if isinstance(action, Play) and not replay.trick:
            winner = replay.leader if replay.phase != "done" else replay.last_trick_winner
            trick["winner"] = where[winner]
            cards = [Card.parse(p["card"]) for p in trick["plays"]]
            trick["points"] = sum(rules.points[c.rank] for c in cards)
            tricks.append(trick)
            trick = {"calls": [], "declared": [], "plays": [], "winner": None, "points": 0}
    if trick["plays"] or trick["calls"]:
        tricks.append(trick)
    return tricks


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


class PositionKind(Kind):
    """A kind asked at a position of trick play: ``show`` names the other hands shown."""

    all_known = False  # judged with every hand known: every hand is shown
    keys = Kind.keys | {"show", "before", "discard"}

    def read(self) -> None:
        self.deal = position_deal(self.position)
        shown = self.spec.get("show", [])
        players = self.deal.rules.players
        if not isinstance(shown, list) or len(shown) > MAX_SEATS_SHOWN or not all(type(s) is int for s in shown):
            raise PuzzleError(f"show: a list of seats 0 to {players - 1}", "puzzle_field", field="show")
        if any(not 0 <= s < players for s in shown):
            raise PuzzleError(f"show: a list of seats 0 to {players - 1}", "puzzle_field", field="show")
        self.shown = set(shown)
        before = self.spec.get("before")
        if before is not None and (type(before) is not int or abs(before) > 100_000):
            raise PuzzleError("before: the match total before the deal is a whole number")

    def view(self) -> dict:
        deal = self.deal
        mover = deal.to_move
        shown = set(range(deal.rules.players)) if self.all_known else self.shown | {mover}
        out = {"kind": self.name, **table_view(deal, mover, shown), "form": self.form()}
        out["all_known"] = self.all_known
        out["before"] = self.spec.get("before")
        self.extend_view(out)
        return out

    def extend_view(self, out: dict) -> None:
        """Add what this kind shows beyond the table."""

    def card_reason(self, card: Card) -> dict | None:
        return reason_of(self.deal, Play(card))

    def illegal(self, card: Card) -> dict | None:
        """The verdict on a card the rules forbid here (with the engine's reason), else None."""
        reason = self.card_reason(card)
        return {"verdict": "illegal", "reason": reason, "card": str(card)} if reason else None

    def add_then(self, out: dict, cards) -> None:
        """The cards that ``then`` plays, each with its seat (after a trick its winner leads)."""
        replay = self.deal.copy()
        out["then"] = []
        for card in cards:
            out["then"].append({"seat": replay.to_move, "card": str(card)})
            replay.apply(Play(card))

    def hand_cards(self) -> list[str]:
        return [str(c) for c in self.deal.hands[self.deal.to_move]]


@register
class LegalCard(PositionKind):
    name = "legal-card"
    shape = "hand"
    answer = "card"
    hand = "answer"
    editable = True
    words = {"correct": "correct", "illegal": "illegal"}

    def compute_solution(self) -> dict:
        return {"cards": [str(c) for c in self.deal.legal_cards()]}

    def verify(self, sol: dict) -> None:
        given = self.stated()
        if given is None:
            return
        expected = sorted(sol["cards"])
        if not set(given) <= set(expected):
            raise PuzzleError(
                f"answer {', '.join(map(str, given))} includes a card that is not legal ({', '.join(expected)})",
                "answer_not_legal",
                cards=expected,
            )

    answers = PositionKind.hand_cards

    def verdict(self, answer: str) -> dict:
        card = Card.parse(answer)
        return self.illegal(card) or {"verdict": "correct", "card": str(card)}


# the rule that allows a card, by the duty in force (engine/core/play.py: duty_mask)
ALLOWED = {
    "must_lead_ace": "allowed_ace_lead",
    "must_lead_spade": "allowed_spade_lead",
    "must_follow_suit": "allowed_follow",
    "must_overtake": "allowed_overtake",
    "ace_must_show": "allowed_ace_show",
    "must_trump": "allowed_trump",
    "must_overtrump": "allowed_overtrump",
}


@register
class AllLegal(LegalCard):
    name = "all-legal"
    answer = "cards"
    hand = "marks"
    controls = "check"
    words = {"wrong": "wrong_all_legal"}

    def verify(self, sol: dict) -> None:
        given = self.stated()
        if given is None:
            return
        expected = sorted(sol["cards"])
        if sorted(given) != expected:
            raise PuzzleError(
                f"answer {', '.join(map(str, given))} but the engine says {', '.join(expected)}",
                "answer_not_all_legal",
                cards=expected,
            )

    def verdict(self, answer: str) -> dict:
        reason = self.card_reason(Card.parse(answer))
        return (
            {"verdict": "illegal", "reason": reason} if reason else {"verdict": "legal", "reason": self.why_allowed()}
        )

    def why_allowed(self) -> dict:
        """The rule that allows the legal cards here (the same for each of them): the duty in force
        and what it names (the suit, the card to beat), never the cards themselves, so that a card
        left unmarked is explained without being named."""
        deal = self.deal
        trick, trump = deal.trick, deal.trump
        _, duty, params = play_duty(deal.rules, deal.hands[deal.to_move], trick, trump, deal.first_trick)
        if duty is None:
            return {"code": "allowed_lead" if not trick else "allowed_any", "params": {}}
        code = ALLOWED[duty]
        return {"code": code, "params": {k: str(v) for k, v in params.items() if k in ("suit", "beat")}}


@register
class TrickWinner(PositionKind):
    name = "trick-winner"
    shape = "trick"
    answer = "card"
    hand = "looking"
    words = {"wrong": "wrong_winner"}
    keys = PositionKind.keys | {"then"}

    def read(self) -> None:
        super().read()
        _, self.then = then_cards(self.spec, self.deal)
        self.trick = self.deal.trick + self.then
        if len(self.trick) != self.deal.rules.players:
            missing = self.deal.rules.players - len(self.deal.trick)
            raise PuzzleError(f"then: the trick needs {missing} more cards to be complete")

    def compute_solution(self) -> dict:
        deal = self.deal
        index = winning_index(deal.rules, self.trick, deal.trump)
        return {"cards": [str(self.trick[index])], "seat": (deal.leader + index) % deal.rules.players}

    def answers(self) -> list[str]:
        return [str(c) for c in self.trick]

    def verdict(self, answer: str) -> dict:
        if answer in self.solution()["cards"]:
            return {"verdict": "correct", "card": answer}
        reason = why_not_winner(self.deal.rules, self.trick, self.deal.trump, Card.parse(answer))
        return {"verdict": "wrong", "card": answer, "reason": reason.to_dict()}

    def extend_view(self, out: dict) -> None:
        self.add_then(out, self.then)


class SolvedKind(PositionKind):
    """Judged by the solver with every hand known; a choice that is not the best carries the lines."""

    all_known = True
    explanation_cites = "cost"

    @abstractmethod
    def best_action(self):
        """The action the best line starts with."""

    def card_values(self) -> dict[str, int]:
        """The solver's value of each card the mover may play (its side's points from here on)."""
        solved = solve_position(format_position(self.deal))
        return {a["action"]: a["value"] for a in solved["actions"] if not a["action"].startswith(("trump:", "ask"))}

    def best_lead(self) -> Play:
        values = self.card_values()
        return Play(Card.parse(min(values, key=lambda a: (-values[a], a))))

    def lines_for(self, action) -> dict:
        """The line after ``action`` and the line after the best choice, for a wrong answer."""
        return {"chosen": line_after(self.deal, action), "best": line_after(self.deal, self.best_action())}


@register
class BestCard(SolvedKind):
    name = "best-card"
    shape = "hand"
    answer = "card"
    hand = "answer"
    editable = True
    editor_default = True
    words = {"correct": "best", "illegal": "illegal", "legal-not-best": "legal_not_best"}

    def compute_solution(self) -> dict:
        solved = solve_position(format_position(self.deal))
        values = {a["action"]: a["value"] for a in solved["actions"] if not a["action"].startswith(("trump:", "ask"))}
        best = max(values.values())
        cards = [a for a, v in values.items() if v == best]
        return {"cards": cards, "values": values, "side": solved["side_seats"]}

    def best_action(self):
        return self.best_lead()

    def verify(self, sol: dict) -> None:
        answer = self.stated()
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

    answers = PositionKind.hand_cards

    def verdict(self, answer: str) -> dict:
        card = Card.parse(answer)
        if self.illegal(card):
            return self.illegal(card)
        sol = self.solution()
        if str(card) in sol["cards"]:
            return {"verdict": "correct", "card": str(card)}
        loss = max(sol["values"].values()) - sol["values"][str(card)]
        return {"verdict": "legal-not-best", "loss": loss, "card": str(card), "lines": self.lines_for(Play(card))}


@register
class DeclareOrLead(SolvedKind):
    name = "declare"
    shape = "choices"
    answer = "choice"
    controls = "calls"
    words = {"illegal": "illegal_choice", "legal-not-best": "legal_not_best_choice"}

    def read(self) -> None:
        super().read()
        self.choices = declaration_choices(self.deal)

    def compute_solution(self) -> dict:
        deal = self.deal
        choices = self.choices
        if all(c == "none" or deal.why_illegal(parse_action(c)) for c in choices):
            return {"choices": choices, "best": ["none"], "values": {"none": 0}}
        solved = solve_position(format_position(deal))
        values = {a["action"]: a["value"] for a in solved["actions"]}
        lead = max(v for a, v in values.items() if not a.startswith(("trump:", "ask")))
        offered = {c: values.get(c, lead if c == "none" else None) for c in choices}
        legal = {c: v for c, v in offered.items() if v is not None}
        best = max(legal.values())
        return {"choices": list(offered), "best": [c for c, v in legal.items() if v == best], "values": legal}

    def best_action(self):
        best = sorted(self.solution()["best"])[0]
        return self.best_lead() if best == "none" else parse_action(best)

    def verify(self, sol: dict) -> None:
        answer = self.stated()
        if answer is not None and sorted(answer) != sorted(sol["best"]):
            raise PuzzleError(
                f"answer {', '.join(sorted(answer))} but the engine says {', '.join(sorted(sol['best']))}"
            )

    def answers(self) -> list[str]:
        return list(self.choices)

    def verdict(self, answer: str) -> dict:
        deal = self.deal
        if answer != "none":
            reason = reason_of(deal, parse_action(answer))
            if reason is not None:
                return {"verdict": "illegal", "reason": reason, "choice": answer}
        sol = self.solution()
        if answer in sol["best"]:
            return {"verdict": "correct", "choice": answer}
        out = {"verdict": "legal-not-best", "loss": max(sol["values"].values()) - sol["values"][answer]}
        out["choice"] = answer
        # leading without declaring: the line starts with the best lead
        out["lines"] = self.lines_for(self.best_lead() if answer == "none" else parse_action(answer))
        return out

    def extend_view(self, out: dict) -> None:
        out["choices"] = list(self.choices)
        # "none" means leading without declaring between tricks; in the middle of a trick
        # (where declaring is refused) it means playing a card: the page words it so
        out["mover_leads"] = not self.deal.trick
