"""The kinds answered by typing a number:

* ``score``  ``then`` plays the deal to its end (or ``position`` is the record of a whole deal);
             enter the deal score of ``side`` (with ``before``, that side's match total after
             the deal);
* ``count``  enter a number the engine counts from what the player to move has seen
             (``question``, see ``COUNT_QUESTIONS``).

Each table carries the right ``number`` and the ``mistakes`` the engine recognises: wrong numbers
that come from a known slip (the bidder's total typed instead of the contract, a declaration
forgotten, the discard or the last trick left out, a card counted at a wrong value, number cards
counted at their face value, a trick another player won counted, ...), each with its code and the
figures that name it (site/messages: ``mistakes``), never the answer. A number that is no known
slip gets ``check``: what part to count again, as a reason; the breakdown, which holds the
answer, is the solution's (the page opens it with the second wrong answer).
"""

from __future__ import annotations

from ..core.actions import Discard, Play
from ..core.cards import Card, Suit, is_number
from ..core.notation import parse_record
from ..core.play import winning_index
from ..search.estimate import knowledge_from_position, knowledge_from_record
from .base import PuzzleError, is_record, register
from .position import PositionKind
from .reading import finished_record, spec_discard, then_cards
from .table import played_cards, record_log, table_view, you_seat

COUNT_QUESTIONS = ("points-out", "trumps-out", "suit-out:S", "points-taken:N")
MAX_BEFORE = 100_000


def recognised(right: int, found: list[tuple[int, str, dict]]) -> list[dict]:
    """The recognised wrong numbers, each once (the first reading of a number wins), never the
    right one."""
    out, seen = [], {right}
    for number, code, params in found:
        if number not in seen:
            seen.add(number)
            out.append({"number": number, "code": code, "params": params})
    return out


def played_tricks(start, actions) -> list[dict]:
    """The tricks completed while ``actions`` are applied to a copy of ``start``: each with its
    cards, the seat that won it, the winning card and its card points (a trick already begun at
    ``start`` counts with the cards on the table)."""
    replay = start.copy()
    rules = replay.rules
    tricks, cards = [], list(replay.trick)
    for action in actions:
        if isinstance(action, Play):
            if not replay.trick:
                cards = []
            cards.append(action.card)
        before = replay.tricks_played
        replay.apply(action)
        if replay.tricks_played > before:
            winner = replay.leader if replay.phase != "done" else replay.last_trick_winner
            won_with = cards[winning_index(rules, cards, replay.trump)]
            points = sum(rules.points[c.rank] for c in cards)
            tricks.append({"cards": cards, "winner": winner, "card": str(won_with), "points": points})
    return tricks


# the values a card is taken for by mistake: a number card's face value, the ace's and the ten's
# or the king's and the queen's swapped
RANKS = "ATKQJ9876"  # the order of rules.points
FACE_VALUES = {"9": 9, "8": 8, "7": 7, "6": 6}
SWAPPED = {"A": "T", "T": "A", "K": "Q", "Q": "K"}


def counting_mistakes(deal, side, own: int, tricks) -> list[tuple[int, str, dict]]:
    """Slips in counting a side's card points: one card taken for another value, every number
    card counted at its face value, a trick another side won counted, or one of the side's own
    tricks left out (``tricks``: the tricks the puzzle shows being played)."""
    rules = deal.rules
    cards = [c for seat in side.seats for c in deal.piles[seat]]
    found = []
    seen_ranks = set()
    for card in cards:
        rank = str(card)[1]
        if rank in seen_ranks:
            continue
        seen_ranks.add(rank)
        worth = rules.points[card.rank]
        if rank in FACE_VALUES:
            taken = FACE_VALUES[rank]
        elif rank in SWAPPED:
            taken = rules.points[RANKS.index(SWAPPED[rank])]
        else:
            continue
        if taken != worth:
            found.append(
                (own + taken - worth, "card_value_wrong", {"card": str(card), "value": taken, "points": worth})
            )
    pips = sum(FACE_VALUES[str(c)[1]] - rules.points[c.rank] for c in cards if str(c)[1] in FACE_VALUES)
    if pips > 0:
        found.append((own + pips, "pips_counted", {"extra": pips}))
    for trick in tricks:
        if not trick["points"]:
            continue
        if trick["winner"] in side.seats:
            found.append(
                (own - trick["points"], "own_trick_left_out", {"card": trick["card"], "points": trick["points"]})
            )
        else:
            found.append(
                (own + trick["points"], "other_trick_counted", {"card": trick["card"], "points": trick["points"]})
            )
    return found


def score_mistakes(deal, side: int, before: int, tricks=()) -> list[tuple[int, str, dict]]:
    """The slips a learner makes when scoring ``side`` of a finished deal, as (number, code, params);
    ``tricks`` (see ``played_tricks``) are the tricks whose cards the puzzle shows."""
    breakdown = deal.score()
    rules = deal.rules
    s = breakdown.sides[side]
    score = s.deal_score
    found = []
    decl = sum(d["bonus"] for d in s.declarations)
    own = s.rounded if s.rounded is not None else s.total
    if s.role == "bidder":
        contract, bid = breakdown.contract, breakdown.bid
        found.append((before + s.total, "total_not_contract", {"total": s.total, "contract": contract}))
        if s.rounded is not None and s.rounded != s.total:
            found.append((before + s.rounded, "total_not_contract", {"total": s.rounded, "contract": contract}))
        if bid != contract:
            found.append(
                (before + (bid if score > 0 else -bid), "bid_not_contract", {"bid": bid, "contract": contract})
            )
        if s.porvoo:
            found.append((before - contract, "porvoo_bidder", {"contract": contract, "penalty": -score}))
        elif score > 0:
            found.append((before - contract, "made_is_plus", {"total": s.compared, "contract": contract}))
        else:
            found.append((before + contract, "failed_is_minus", {"total": s.compared, "contract": contract}))
        discard = sum(rules.points[c.rank] for c in deal.discard) if deal.discard else 0
        if discard and score > 0 and s.compared - discard < contract and not s.discard_not_counted:
            found.append((before - contract, "discard_left_out", {"discard": discard, "contract": contract}))
    else:
        if s.porvoo:
            found.append((before + own, "porvoo_forgotten", {"bid": breakdown.bid}))
            found.append((before, "porvoo_forgotten", {"bid": breakdown.bid}))
        else:
            if breakdown.contract is not None:
                found.append((before + breakdown.contract, "contract_not_own", {"contract": breakdown.contract}))
                found.append((before - breakdown.contract, "contract_not_own", {"contract": breakdown.contract}))
            if decl:
                found.append((before + own - decl, "declaration_forgotten", {"bonus": decl}))
            if s.last_trick:
                found.append((before + own - s.last_trick, "last_trick_forgotten", {"bonus": s.last_trick}))
            if s.rounded is not None and s.rounded != s.total:
                found.append((before + s.total, "rounding_forgotten", {"total": s.total, "rounded": s.rounded}))
            for d in breakdown.sides:
                if d.side != side:
                    for other in d.declarations:
                        found.append(
                            (before + own + other["bonus"], "declaration_wrong_side", {"bonus": other["bonus"]})
                        )
            if len(s.seats) > 1:
                for seat in s.seats:
                    partner_points = s.card_points - deal.points[seat]
                    if partner_points:
                        found.append((before + own - partner_points, "partner_left_out", {"points": partner_points}))
            if s.rounded is None:  # rounded totals hide a counting slip of a few points
                found += [(before + n, code, params) for n, code, params in counting_mistakes(deal, s, own, tricks)]
    if before:
        found.append((score, "before_forgotten", {"before": before}))
    return found


def score_check(deal, side: int) -> dict:
    """What to check when a typed score is no recognised slip (the parts of the score, never their
    values), as a reason: the bidder's total against the contract, or the side's own points and
    whether it has bonuses to add."""
    s = deal.score().sides[side]
    if s.role == "bidder":
        return {"code": "check_score", "params": {"bidder": True}}
    return {"code": "check_score", "params": {"bonuses": bool(s.declarations or s.last_trick)}}


class Score(PositionKind):
    """Shared by both forms of ``score``: reading ``side`` and ``before``, the answer, the mistakes."""

    shape = "number"
    answer = "number"
    explanation_cites = "score"
    words = {"wrong": "wrong_score"}
    controls = "number"

    def read_side(self, finished) -> None:
        side = self.spec.get("side", 0)
        if type(side) is not int or not 0 <= side < finished.rules.sides:
            raise PuzzleError(f"side: must be 0 to {finished.rules.sides - 1}")
        before = self.spec.get("before", 0)
        if before is None:
            before = 0
        if type(before) is not int or abs(before) > MAX_BEFORE:
            raise PuzzleError("before: the match total before the deal is a whole number")
        self.side, self.before, self.finished = side, before, finished

    def compute_solution(self) -> dict:
        breakdown = self.finished.score()
        score = self.before + breakdown.sides[self.side].deal_score
        return {"score": score, "breakdown": breakdown.to_dict(), "lines": breakdown.lines()}

    def verify(self, sol: dict) -> None:
        answer = self.spec.get("answer")
        if answer is not None and answer != sol["score"]:
            raise PuzzleError(f"answer {answer} but the engine scores {sol['score']}")

    def shown_tricks(self) -> list[dict]:
        """The tricks the puzzle shows being played (``then``, or every trick of a record)."""
        if self.record:
            return played_tricks(self.deal.restart(), [a for _, a in self.deal.history])
        return played_tricks(self.deal, [Play(c) for c in self.then])

    def answer_table(self) -> dict:
        right = self.solution()["score"]
        found = score_mistakes(self.finished, self.side, self.before, self.shown_tricks())
        mistakes = recognised(right, found)
        table = {"kind": self.name, **self.judging(), "answers": {}, "number": right, "mistakes": mistakes}
        return {**table, "check": score_check(self.finished, self.side)}


@register
class ScoreDeal(Score):
    name = "score"
    hand = "looking"
    keys = PositionKind.keys | {"then", "side", "seat"}

    def read(self) -> None:
        if is_record(self.position):
            self.deal = finished_record(self.position, "score")
            if "then" in self.spec:
                raise PuzzleError("score: a record is already played to its end; it takes no then")
            self.record = True
            self.then = []
            self.read_side(self.deal)
            return
        super().read()
        self.record = False
        after, self.then = then_cards(self.spec, self.deal)
        if not after.is_over:
            raise PuzzleError("then: the cards do not play the deal to its end")
        self.read_side(after)

    def form(self) -> dict:
        return {**super().form(), "layout": "record" if self.record else "table"}

    def view(self) -> dict:
        if not self.record:
            return super().view()
        deal = self.deal
        you = you_seat(self.spec, deal)
        out = {"kind": self.name, **table_view(deal, you, set()), "form": self.form()}
        out["log"] = record_log(deal, you, reveal=True)
        out["before"] = self.spec.get("before")
        return out

    def extend_view(self, out: dict) -> None:
        self.add_then(out, self.then)


def _question(spec, rules) -> tuple[str, str]:
    question = spec.get("question")
    if not isinstance(question, str) or len(question) > 20:
        raise PuzzleError(f"count: question must be one of {', '.join(COUNT_QUESTIONS)}")
    name, _, arg = question.partition(":")
    if question in ("points-out", "trumps-out"):
        return question, ""
    if name == "suit-out" and arg:
        return name, str(Suit.parse(arg))
    if name == "points-taken" and is_number(arg) and len(arg) <= 2 and int(arg) < rules.players:
        return name, arg
    raise PuzzleError(f"count: unknown question {question!r}; questions: {', '.join(COUNT_QUESTIONS)}")


@register
class Count(PositionKind):
    """``count``: the number counted from what the player to move has seen:

    * ``points-out``     card points in the cards it has not seen (the other hands; a hidden
                         discard given as ``discard``);
    * ``trumps-out``     trumps among those cards;
    * ``suit-out:S``     cards of suit S among them;
    * ``points-taken:N`` card points in the tricks seat N has won (a bidder's discard not included)."""

    name = "count"
    shape = "number"
    answer = "number"
    controls = "number"
    keys = PositionKind.keys | {"question"}
    words = {"wrong": "wrong_count"}

    def read(self) -> None:
        self.record = is_record(self.position)
        if self.record:
            deal = parse_record(self.position)
            if deal.phase != "play":
                raise PuzzleError(f"count: the record must stop during trick play; it is in the {deal.phase} phase")
            self.deal = deal
            self.shown = set()
            if "discard" in self.spec:
                raise PuzzleError("discard: a record already says what was put away")
        else:
            super().read()
        self.question, self.arg = _question(self.spec, self.deal.rules)
        deal = self.deal
        seat = deal.to_move
        if self.record:
            self.hidden = ()
            self.unseen = knowledge_from_record(deal, seat).unseen
        else:
            self.hidden = spec_discard(self.spec, deal)
            self.unseen = knowledge_from_position(deal, seat, {}, self.hidden).unseen
        if self.question == "trumps-out" and deal.trump is None:
            raise PuzzleError("count: trumps-out needs a trump, and nothing has been declared")
        if self.question == "points-taken":
            taken = int(self.arg)
            if not self.record and taken == deal.bidder and "discard" not in self.spec:
                raise PuzzleError(
                    "count: in a position the bidder's points include its discard; give the discard or use a record"
                )

    def _discard_of(self, seat: int) -> list:
        deal = self.deal
        if self.record:
            return [c for s, a in deal.history if s == seat and isinstance(a, Discard) for c in a.cards]
        return list(self.hidden) if seat == deal.bidder else []

    def _counted(self, cards) -> int:
        rules, deal = self.deal.rules, self.deal
        if self.question == "points-out":
            return sum(rules.points[c.rank] for c in cards)
        if self.question == "trumps-out":
            return sum(c.suit == deal.trump for c in cards)
        suit = Suit.parse(self.arg)
        return sum(c.suit == suit for c in cards)

    def number(self) -> int:
        deal, rules = self.deal, self.deal.rules
        if self.question == "points-taken":
            taken = int(self.arg)
            return deal.points[taken] - sum(rules.points[c.rank] for c in self._discard_of(taken))
        return self._counted(self.unseen)

    def compute_solution(self) -> dict:
        return {"number": self.number()}

    def verify(self, sol: dict) -> None:
        answer = self.spec.get("answer")
        if answer is not None and answer != sol["number"]:
            raise PuzzleError(f"answer {answer} but the engine counts {sol['number']}")

    def mistakes(self) -> list[tuple[int, str, dict]]:
        deal, rules = self.deal, self.deal.rules
        right = self.number()
        found = []
        if self.question == "points-taken":
            taken = int(self.arg)
            discard = sum(rules.points[c.rank] for c in self._discard_of(taken))
            if discard:
                found.append((right + discard, "discard_counted", {"discard": discard}))
            mine = deal.points[deal.to_move] - sum(rules.points[c.rank] for c in self._discard_of(deal.to_move))
            if taken != deal.to_move:
                found.append((mine, "own_points_counted", {"points": mine}))
            return found
        own = deal.hands[deal.to_move]
        found.append((right + self._counted(own), "own_hand_counted", {"count": self._counted(own)}))
        played = [Card.parse(c) for c in played_cards(deal, self.spec)]
        found.append((right + self._counted(played), "played_counted", {"count": self._counted(played)}))
        if deal.trick:
            found.append((right + self._counted(deal.trick), "trick_counted", {"count": self._counted(deal.trick)}))
        if self.hidden or (self.record and deal.to_move != deal.bidder):
            hidden = self._discard_of(deal.bidder) if deal.bidder is not None else []
            if hidden and self._counted(hidden):
                found.append((right - self._counted(hidden), "discard_forgotten", {"count": self._counted(hidden)}))
        return found

    def answer_table(self) -> dict:
        right = self.number()
        mistakes = recognised(right, self.mistakes())
        check = {"code": "check_count", "params": {"taken": self.question == "points-taken"}}
        return {
            "kind": self.name,
            **self.judging(),
            "answers": {},
            "number": right,
            "mistakes": mistakes,
            "check": check,
        }

    def view(self) -> dict:
        out = super().view()
        out["question"] = self.spec.get("question")
        out["played"] = played_cards(self.deal, self.spec)
        for seat in out["seats"]:
            seat["points"] = None  # counting them is the puzzle: the page does not show them
        if self.record:
            out["log"] = record_log(self.deal, self.deal.to_move)
        return out


def count_at(spec, question: str) -> int:
    """The number a ``count`` question gives at the position of any trick-play puzzle, counted as
    the player to move sees it (the bidder's hidden ``discard`` of the spec, if any, unseen): the
    words of a puzzle quote it as ``{count:trumps-out}``, so that "two trumps are still out" is
    the engine's count, not the writer's."""
    probe = {"kind": "count", "position": spec["position"], "question": question}
    if "discard" in spec:
        probe["discard"] = spec["discard"]
    return Count(probe).number()
