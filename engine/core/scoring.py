"""Scoring a finished deal, with a breakdown that shows how every number was reached.

For each side (a player in the solo games, a pair in the partnership games):
card points taken (the bidder's discard included) + last-trick bonus + declaration bonuses
= the deal total, rounded to the nearest 5 where the rule set rounds (…2 down, …3 up).

* The bidding side scores +contract when its total reaches the contract (exactly equal is
  enough) and −contract otherwise; nothing extra for overshooting (S0, S1, S2, S3). With
  ``bidder_needs_card_points`` a side that took no card points fails whatever its bonuses (S3).
  ``contract_made`` is that rule, in one place: the review asks it, and the solver's contract
  line asks ``contract_needs`` and ``lowest_making_total``.
* Every other side scores its own total, whatever the bidder did (S0).
* ``porvoo``: a non-bidding side that won no trick scores −(original bid) instead (S2); for
  the bidder the failed contract is the whole penalty (it is not doubled), or with
  ``porvoo_replaces_contract`` its Porvoo (−bid) replaces the failed contract. The house rule
  ``bidder_porvoo`` makes a trickless bidder lose twice the bid or the contract.
* House rule ``discard_needs_trick``: the discard counts only if the bidder wins a trick.
* House rule ``sweep_counts_dead_hand``: a player who wins every trick also counts the dead hand's
  card points (``sweeper``), so a sweep brings the whole pack less what another side counts.
* Without a contract (German variant, all passed) every side scores its own total.

Each side's ``result`` is a code (``RESULTS`` below) with ``result_params``: the sites render
it from their catalogs (``ui.bd_<result>``), the command line from ``messages.RESULT_CODES``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypedDict, cast

if TYPE_CHECKING:
    from .cards import Card, Suit
    from .rules import RuleSet

# Why a side scored what it did. The bidding side: made, exact, failed, made_rounded,
# failed_rounded, no_card_points, porvoo_bidder, porvoo_double; the others: porvoo or scores.
RESULTS = (
    "made",
    "exact",
    "failed",
    "made_rounded",
    "failed_rounded",
    "no_card_points",
    "porvoo",
    "porvoo_bidder",
    "porvoo_double",
    "scores",
)


def round_to_five(points: int) -> int:
    """Nearest multiple of 5: 112 → 110, 113 → 115 (S3 German)."""
    r = points % 5
    return points - r if r <= 2 else points + 5 - r


def compared_total(rules: RuleSet, total: int) -> int:
    """The bidding side's figure that is compared with the contract: the exact total, or the
    rounded one with ``rounding`` and ``contract_uses_rounded``."""
    return round_to_five(total) if rules.rounding and rules.contract_uses_rounded else total


def contract_made(rules: RuleSet, contract: int, total: int, took_card_points: bool) -> bool:
    """Does a bidding side with this deal total make the contract? ``took_card_points``: has it
    taken any card points (S3 fails a side that has none)? Porvoo aside: see ``score_deal``."""
    if rules.bidder_needs_card_points and not took_card_points:
        return False
    return compared_total(rules, total) >= contract


# what a bidding side needs besides enough points (``contract_needs``)
CARD_POINTS = "card_points"  # some card points (``bidder_needs_card_points``, S3)
SIDE_TRICK = "side_trick"  # a trick for the side (the bidder's Porvoo, ``porvoo_replaces_contract``)
SEAT_TRICK = "seat_trick"  # a trick for the bidder's own seat (house rule ``bidder_porvoo`` by seat)


def contract_needs(rules: RuleSet) -> frozenset[str]:
    """The conditions without which a bidding side loses its contract whatever its total, as
    ``score_deal`` reads the rules: ``CARD_POINTS``, ``SIDE_TRICK``, ``SEAT_TRICK``."""
    needs: set[str] = set()
    if rules.bidder_needs_card_points:
        needs.add(CARD_POINTS)
    if rules.bidder_porvoo.startswith("seat"):
        needs.add(SEAT_TRICK)
    elif rules.bidder_porvoo != "off":
        needs.add(SIDE_TRICK)
    if rules.porvoo and rules.porvoo_replaces_contract:
        needs.add(SIDE_TRICK)
    return frozenset(needs)


def lowest_making_total(rules: RuleSet, contract: int) -> int:
    """The smallest deal total that makes ``contract`` (rounding moves it by 2 at most)."""
    return next(t for t in range(contract - 2, contract + 3) if compared_total(rules, t) >= contract)


def bidder_porvoo_penalty(rules: RuleSet, bid: int, contract: int) -> int:
    """What a bidder that wins no trick loses under the house rule ``bidder_porvoo``."""
    return 2 * (bid if rules.bidder_porvoo.endswith("_bid") else contract)


class Declared(Protocol):
    """A declaration as scoring reads it (``deal.Declaration``)."""

    @property
    def suit(self) -> Suit: ...
    @property
    def seat(self) -> int: ...
    @property
    def how(self) -> str: ...


class FinishedDeal(Protocol):
    """What scoring reads of a deal: a played ``deal.Deal`` or a sheet's ``tally.RecordedDeal``
    (a protocol, so that scoring imports neither)."""

    @property
    def rules(self) -> RuleSet: ...
    @property
    def phase(self) -> str: ...
    @property
    def redealt(self) -> bool: ...
    @property
    def bidder(self) -> int | None: ...
    @property
    def bid(self) -> int | None: ...
    @property
    def contract(self) -> int | None: ...
    @property
    def points(self) -> Sequence[int]: ...
    @property
    def tricks(self) -> Sequence[int]: ...
    @property
    def tricks_played(self) -> int: ...
    @property
    def dead_points(self) -> int: ...
    @property
    def discard(self) -> Sequence[Card]: ...
    @property
    def last_trick_winner(self) -> int | None: ...
    @property
    def declarations(self) -> Sequence[Declared]: ...


class DeclarationBonus(TypedDict):
    """One declaration in a side's breakdown (``SideScore.declarations``)."""

    suit: str
    bonus: int
    seat: int
    how: str


@dataclass
class SideScore:
    side: int
    seats: list[int]
    role: str  # "bidder", "defender" or "free" (no contract)
    tricks: int
    card_points: int
    last_trick: int
    declarations: list[DeclarationBonus] = field(default_factory=list)  # {"suit": "S", "bonus": 40}
    total: int = 0
    rounded: int | None = None
    compared: int | None = None  # the bidder's figure compared with the contract
    contract_made: bool | None = None
    porvoo: bool = False
    deal_score: int = 0
    result: str = "scores"  # one of RESULTS
    result_params: dict[str, int | None] = field(default_factory=dict)
    discard_not_counted: int = 0  # house rule discard_needs_trick: the bidder won no trick
    explanation: str = ""  # the result in English, for the command line


@dataclass
class DealScore:
    rules: str
    bidder: int | None
    bid: int | None
    contract: int | None
    sides: list[SideScore]

    def deal_scores(self) -> list[int]:
        return [s.deal_score for s in self.sides]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def lines(self) -> list[str]:
        out: list[str] = []
        if self.contract is not None:
            raised = f" (bid {self.bid}, raised)" if self.bid != self.contract else ""
            out.append(f"contract {self.contract} by seat {self.bidder}{raised}")
        else:
            out.append("no contract")
        for s in self.sides:
            name = "pair " + "+".join(map(str, s.seats)) if len(s.seats) > 1 else f"seat {s.seats[0]}"
            parts = [f"cards {s.card_points}"]
            if s.last_trick:
                parts.append(f"last trick {s.last_trick}")
            parts += [f"trump {d['suit']} {d['bonus']}" for d in s.declarations]
            total = f"= {s.total}" + (f" → {s.rounded}" if s.rounded is not None and s.rounded != s.total else "")
            lost = f" (discard {s.discard_not_counted} not counted: no trick)" if s.discard_not_counted else ""
            out.append(f"{name} ({s.role}, {s.tricks} tricks): {' + '.join(parts)}{lost} {total}; {s.explanation}")
        return out


def _known_zero(counted: int, unattributed: int) -> bool:
    """Did a side take none (tricks or points)? Only when nothing taken is unattributed: a deal
    read from a position without ``tricks`` or ``points`` does not say who took the rest."""
    return counted == 0 and unattributed == 0


def side_points(deal: FinishedDeal, side: int) -> int:
    """What ``side`` has so far in ``deal``: card points taken (the discard included) and bonuses
    declared (the coach's review and its card reasons count a position so)."""
    rules = deal.rules
    have = sum(deal.points[s] for s in rules.seats_of(side))
    return have + sum(rules.bonus[d.suit] for d in deal.declarations if rules.side_of(d.seat) == side)


def sweeper(deal: FinishedDeal) -> int | None:
    """The seat that won every trick of a finished deal, known to be so (every trick attributed),
    or None."""
    if deal.tricks_played != sum(deal.tricks):
        return None
    winners = [s for s, t in enumerate(deal.tricks) if t]
    return winners[0] if len(winners) == 1 else None


def score_deal(deal: FinishedDeal) -> DealScore:
    """The breakdown of a finished deal (a ``Deal`` in phase ``done`` that was not redealt)."""
    from .messages import explain_result

    if deal.phase != "done" or deal.redealt:
        raise ValueError("only a finished deal that was played out can be scored")
    rules = deal.rules
    n_sides = rules.sides
    bidder_side = rules.side_of(deal.bidder) if deal.bidder is not None else None
    unknown_tricks = deal.tricks_played - sum(deal.tricks)
    # points out of play by rule (the dead hand, house rule dead_hand) are nobody's, not unknown
    unknown_points = 4 * sum(rules.points) - sum(deal.points) - deal.dead_points
    discard_lost = 0
    if rules.discard_needs_trick and deal.bidder is not None and _known_zero(deal.tricks[deal.bidder], unknown_tricks):
        discard_lost = sum(rules.points[c.rank] for c in deal.discard)
    sides = []
    for side in range(n_sides):
        seats = rules.seats_of(side)
        role = "free" if bidder_side is None else ("bidder" if side == bidder_side else "defender")
        card_points = sum(deal.points[s] for s in seats)
        tricks = sum(deal.tricks[s] for s in seats)
        last = rules.last_trick_bonus if deal.last_trick_winner in seats else 0
        decls: list[DeclarationBonus] = [
            {"suit": str(d.suit), "bonus": rules.bonus[d.suit], "seat": d.seat, "how": d.how}
            for d in deal.declarations
            if rules.side_of(d.seat) == side
        ]
        s = SideScore(side, seats, role, tricks, card_points, last, decls)
        if role == "bidder" and discard_lost:
            s.card_points -= discard_lost
            s.discard_not_counted = discard_lost
        if rules.sweep_counts_dead_hand and sweeper(deal) in seats:
            # house rule: the sweep brings the dead hand's points too, and a discard its bidder
            # does not count (discard_needs_trick): the whole pack less what another side counts
            s.card_points += deal.dead_points + (discard_lost if role != "bidder" else 0)
        s.total = s.card_points + last + sum(d["bonus"] for d in decls)
        s.rounded = round_to_five(s.total) if rules.rounding else None
        own = s.rounded if s.rounded is not None else s.total
        no_tricks = _known_zero(tricks, unknown_tricks)
        if role == "bidder":
            seat_no_tricks = _known_zero(deal.tricks[cast(int, deal.bidder)], unknown_tricks)  # a bidding side
            _score_bidder(deal, s, no_tricks, seat_no_tricks, _known_zero(s.card_points, unknown_points))
        elif role == "defender" and rules.porvoo and no_tricks:
            s.porvoo = True
            s.deal_score = -cast(int, deal.bid)  # a defender: there is a bid
            s.result, s.result_params = "porvoo", {"bid": deal.bid}
        else:
            s.deal_score = own
            s.result, s.result_params = "scores", {"total": own}
        s.explanation = explain_result(s.result, s.result_params)
        sides.append(s)
    return DealScore(str(rules), deal.bidder, deal.bid, deal.contract, sides)


def _score_bidder(
    deal: FinishedDeal, s: SideScore, side_no_tricks: bool, seat_no_tricks: bool, no_card_points: bool
) -> None:
    # the bidding side: the deal has a bid and a contract
    rules, bid, contract = deal.rules, cast(int, deal.bid), cast(int, deal.contract)
    s.compared = compared_total(rules, s.total)
    if rules.bidder_porvoo != "off":
        if seat_no_tricks if rules.bidder_porvoo.startswith("seat") else side_no_tricks:
            penalty = bidder_porvoo_penalty(rules, bid, contract)
            s.porvoo, s.contract_made, s.deal_score = True, False, -penalty
            basis = bid if rules.bidder_porvoo.endswith("_bid") else contract
            s.result, s.result_params = "porvoo_double", {"basis": basis, "penalty": penalty}
            return
    if rules.porvoo and rules.porvoo_replaces_contract and side_no_tricks:
        s.porvoo, s.contract_made, s.deal_score = True, False, -bid
        s.result, s.result_params = "porvoo_bidder", {"bid": bid, "contract": contract}
        return
    s.contract_made = contract_made(rules, contract, s.total, not no_card_points)
    s.deal_score = contract if s.contract_made else -contract
    params: dict[str, int | None] = {"total": s.compared, "contract": contract}
    if rules.bidder_needs_card_points and no_card_points:
        s.result, s.result_params = "no_card_points", {"contract": contract}
    elif s.compared != s.total:
        s.result = "made_rounded" if s.contract_made else "failed_rounded"
        s.result_params = {**params, "exact": s.total}
    elif s.contract_made:
        s.result, s.result_params = ("exact" if s.compared == contract else "made"), params
    else:
        s.result, s.result_params = "failed", params
