"""Estimates from one seat's point of view: deal the cards it cannot see at random, many times,
consistently with what it has seen, and evaluate each made-up deal with the solver.

The build uses this for the puzzles whose answer depends on hidden cards (``bid``, ``discard``,
``raise``, ``give``, ``lead`` in ``engine.puzzles``); every estimate is seeded, so the same
puzzle always gets the same answer table.

The API, small on purpose (a computer player that guesses hidden hands can share it):

* ``knowledge_from_record(deal, seat)`` / ``knowledge_from_position(deal, seat, voids, hidden_discard)``
  → ``Knowledge``: the places the unseen cards can be (the other hands, the widow before the
  auction ends, the bidder's discard for the others, the dead hand) with their sizes, and for each unseen card
  the places it cannot be. From a record (a whole deal so far) everything is derived: every card
  played, the voids and missing cards that the duties reveal (a card another seat did not play
  although a duty would have forced it), the widow once shown, the king and queen of a declared
  suit, cards passed in an exchange the seat took part in. From a position (trick play only)
  the cards no longer in any hand count as seen, and the voids and the hidden discard are given.
* ``sample_layouts(knowledge, count, rng)`` → ``count`` layouts ``{place: [cards]}``, each drawn
  with equal probability from **all** layouts consistent with the knowledge (exact counting, no
  rejection: see ``_Counter``). Bids are not used as a hint about the others' hands.
* ``with_layout(deal, layout)`` → a copy of ``deal`` with the unseen cards placed so.
* ``made(deal, side, step)`` → what ``side`` ends the deal with (card points taken so far,
  declaration bonuses made, and the solver's value of the rest with every hand known and the
  other players together against it), rounded down to a multiple of ``step``; found with
  zero-window searches only ("at least X?"), which cost far less than exact values.
* ``discard_by_rule(deal)`` and ``return_by_rule(deal)``: the stated rule a bidder follows in an
  estimate (put away the cards with the fewest points, never a king or queen of a pair).
* ``seed_of(data)``: a deterministic seed from any JSON-able data.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from math import comb
from typing import TYPE_CHECKING, cast

from ..core.actions import Discard, Give, Return
from ..core.cards import ALL_CARDS, Card, Rank, Suit, sort_cards
from ..core.deal import Deal, Phase
from ..core.declare import PAIR_BITS
from ..core.play import mask_of, why_card_illegal
from ..core.rules import RuleSet
from ..core.story import tell

if TYPE_CHECKING:
    from .solver import Solver

WIDOW = "widow"  # the widow, before the auction ends
DISCARD = "discard"  # the bidder's discard, for a seat that is not the bidder
DEAD = "dead"  # the dead hand (house rule dead_hand): nobody sees it

# where an unseen card can be: another seat (its number), WIDOW, DISCARD or DEAD
Place = int | str
# unseen cards by place (``sample_layouts``)
Layout = dict[Place, list[Card]]


class EstimateError(ValueError):
    """Knowledge that no deal fits, or a position an estimate cannot evaluate."""


@dataclass(frozen=True)
class Knowledge:
    """What one seat knows about where the cards it cannot see are.

    ``places`` maps each place (another seat's number, ``WIDOW`` or ``DISCARD``) to how many unseen
    cards it holds; ``excluded`` maps an unseen card to the places it cannot be (a void, a duty
    it would have forced, a declared pair that must be in the declarer's hand); ``unseen`` lists
    the cards in canonical order."""

    seat: int
    places: tuple[tuple[Place, int], ...]
    unseen: tuple[Card, ...]
    excluded: tuple[tuple[Card, frozenset[Place]], ...] = ()

    def allowed(self, card: Card) -> tuple[Place, ...]:
        banned: frozenset[Place] = dict(self.excluded).get(card, frozenset())
        return tuple(p for p, _ in self.places if p not in banned)

    def to_dict(self) -> dict[str, object]:
        return {
            "seat": self.seat,
            "places": [[p, n] for p, n in self.places],
            "unseen": [str(c) for c in self.unseen],
            "excluded": {str(c): sorted(map(str, ps)) for c, ps in self.excluded},
        }


# -- what a seat knows ---------------------------------------------------------------------------
def _true_discard(deal: Deal) -> list[Card]:
    """The bidder's discard (the engine's own bookkeeping: a seat other than the bidder never
    sees it, it only learns how many cards it holds)."""
    for _, action in deal.history:
        if isinstance(action, Discard):
            return list(action.cards)
    return []


def _places_of(deal: Deal, seat: int, discard: list[Card]) -> tuple[list[tuple[Place, int]], list[Card]]:
    """The places unseen cards can be, with their sizes, and the unseen cards themselves: the
    other hands, the widow before the auction ends, the bidder's discard for the others, the
    dead hand."""
    places: list[tuple[Place, int]] = []
    unseen: set[Card] = set()
    for other in range(deal.rules.players):
        if other != seat and deal.hands[other]:
            places.append((other, len(deal.hands[other])))
            unseen.update(deal.hands[other])
    if deal.phase == "auction" and deal.widow:
        places.append((WIDOW, len(deal.widow)))
        unseen.update(deal.widow)
    if discard and seat != deal.bidder:
        places.append((DISCARD, len(discard)))
        unseen.update(discard)
    if deal.dead:
        places.append((DEAD, len(deal.dead)))
        unseen.update(deal.dead)
    return places, sorted(unseen, key=lambda c: c.index)


def _pair_places(deal: Deal, names: set[Place]) -> dict[Card, set[Place]]:
    """The king and queen of a declared suit stay with the declarer (or, after a partner
    question, with the pair) until played: every other place is excluded."""
    out: dict[Card, set[Place]] = {}
    for d in deal.declarations:
        holders: set[Place] = {d.seat}
        if d.how != "own":  # a question: the pairs game
            holders.add(cast(int, deal.rules.partner_of(d.seat)))
        for rank in (Rank.KING, Rank.QUEEN):
            out.setdefault(Card(d.suit, rank), set()).update(names - holders)
    return out


def knowledge_from_position(
    deal: Deal,
    seat: int,
    voids: Mapping[int, Iterable[Suit]] | None = None,
    hidden_discard: Iterable[Card] = (),
) -> Knowledge:
    """Knowledge of ``seat`` at a trick-play position: its own hand and the trick are seen, the
    cards no longer in any hand count as seen (played), except ``hidden_discard`` (the bidder's
    discard, unseen by the others); ``voids`` maps a seat to the suits it is known to lack."""
    discard = list(hidden_discard)
    places, unseen = _places_of(deal, seat, discard)
    names = {p for p, _ in places}
    excluded = _pair_places(deal, names)
    for other, suits in (voids or {}).items():
        for card in unseen:
            if card.suit in suits:
                excluded.setdefault(card, set()).add(other)
    if discard:
        _discard_limits(deal, unseen, names, excluded)
    return _knowledge(seat, places, unseen, excluded)


def knowledge_from_record(deal: Deal, seat: int) -> Knowledge:
    """Knowledge of ``seat`` after the actions of a record (``deal`` replayed from its start):
    every card played; a card another seat did not hold because a duty would have forced it
    (each play is asked of ``play.why_card_illegal`` with that card beside the one played); the
    widow once shown; the declared kings and queens; cards passed in an exchange it took part in."""
    rules = deal.rules
    discard = _true_discard(deal)
    places, unseen = _places_of(deal, seat, discard)
    names = {p for p, _ in places}
    excluded: dict[Card, set[Place]] = {}
    passed_to: dict[Card, int] = {}  # cards this seat saw passed in the exchange, and where they went
    for event in tell(deal):
        if event.kind == "play" and event.seat != seat:
            played = cast(Card, event.card)  # a play names its card
            for card in unseen:
                if card is not played and why_card_illegal(
                    rules, [played, card], list(event.trick), event.trump, event.first_trick, played
                ):
                    excluded.setdefault(card, set()).add(cast(int, event.seat))
        elif event.kind in ("give", "return") and event.visible_to(seat):
            for card in cast(tuple[Card, ...], event.cards):  # seen: the cards are told
                passed_to[card] = cast(int, event.to)
    for card, target in passed_to.items():
        if card in unseen:
            excluded.setdefault(card, set()).update(names - {target})
    if rules.widow_size and deal.bidder is not None and seat != deal.bidder:
        for card in deal.initial_widow:  # shown to everyone, then in the bidder's hand or discard
            if card in unseen:
                excluded.setdefault(card, set()).update(names - {deal.bidder, DISCARD})
    for card, ps in _pair_places(deal, names).items():
        excluded.setdefault(card, set()).update(ps)
    if DISCARD in names:
        _discard_limits(deal, unseen, names, excluded)
    return _knowledge(seat, places, unseen, excluded)


def _discard_limits(deal: Deal, unseen: Iterable[Card], names: set[Place], excluded: dict[Card, set[Place]]) -> None:
    for card in unseen:
        if not _discardable(deal.rules, card):
            excluded.setdefault(card, set()).add(DISCARD)


def _discardable(rules: RuleSet, card: Card) -> bool:
    """May ``card`` be put away after the widow? Asked of the deal's own discard rule."""
    # the rest of the probe discard: low cards of the other suits (six of them: enough for the
    # six-card widow), which no discard rule refuses
    low = (Rank.SIX, Rank.SEVEN)
    others = [c for c in ALL_CARDS if c.suit != card.suit and c.rank in low][: rules.widow_size - 1]
    probe = Deal(rules, [[card, *others]] + [[] for _ in range(rules.players - 1)], dealer=rules.players - 1)
    probe.phase, probe.bidder = Phase.DISCARD, 0
    return probe.why_illegal(Discard((card, *others))) is None


def _knowledge(
    seat: int, places: list[tuple[Place, int]], unseen: list[Card], excluded: dict[Card, set[Place]]
) -> Knowledge:
    if sum(n for _, n in places) != len(unseen):
        raise EstimateError(f"{len(unseen)} unseen cards for {sum(n for _, n in places)} places")
    names = [p for p, _ in places]
    unseen_set = set(unseen)
    excl = tuple(
        (c, frozenset(ps) & frozenset(names))
        for c, ps in sorted(excluded.items(), key=lambda x: x[0].index)
        if c in unseen_set and frozenset(ps) & frozenset(names)
    )
    knowledge = Knowledge(seat, tuple(places), tuple(unseen), excl)
    for card in unseen:
        if not knowledge.allowed(card):
            raise EstimateError(f"{card} cannot be in any of the places {', '.join(map(str, names))}")
    if _Counter(knowledge).total() == 0:
        raise EstimateError("no deal fits what this seat has seen")
    return knowledge


# -- sampling ------------------------------------------------------------------------------------
class _Counter:
    """Counts and draws layouts exactly. Cards with the same allowed places form a group; a
    layout is a choice, per group, of how many of its cards go to each place (a composition),
    times the ways to pick those cards: ``multinomial(group; counts)``. ``ways(g, free)`` is the
    number of layouts of groups ``g..`` into the free room ``free`` of each place."""

    def __init__(self, knowledge: Knowledge):
        self.places = [p for p, _ in knowledge.places]
        self.room = tuple(n for _, n in knowledge.places)
        groups: dict[tuple[int, ...], list[Card]] = {}
        for card in knowledge.unseen:
            key = tuple(self.places.index(p) for p in knowledge.allowed(card))
            groups.setdefault(key, []).append(card)
        self.groups = sorted(groups.items())
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def compositions(self, g: int, free: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], int, tuple[int, ...]]]:
        allowed, cards = self.groups[g]
        n = len(cards)

        def split(i: int, left: int) -> Iterator[tuple[int, ...]]:
            if i == len(allowed) - 1:
                if left <= free[allowed[i]]:
                    yield (left,)
                return
            for k in range(min(left, free[allowed[i]]) + 1):
                for rest in split(i + 1, left - k):
                    yield (k, *rest)

        for counts in split(0, n):
            ways, left = 1, n
            for k in counts:
                ways *= comb(left, k)
                left -= k
            after = list(free)
            for place, k in zip(allowed, counts):
                after[place] -= k
            yield counts, ways, tuple(after)

    def ways(self, g: int, free: tuple[int, ...]) -> int:
        if g == len(self.groups):
            return 1 if not any(free) else 0
        key = (g, free)
        if key not in self.memo:
            self.memo[key] = sum(w * self.ways(g + 1, after) for _, w, after in self.compositions(g, free))
        return self.memo[key]

    def total(self) -> int:
        return self.ways(0, self.room)

    def _choose(self, g: int, free: tuple[int, ...], pick: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        for counts, w, after in self.compositions(g, free):
            weight = w * self.ways(g + 1, after)
            if pick < weight:
                return counts, after
            pick -= weight
        raise EstimateError("layout count out of range")  # cannot happen: pick < ways(g, free)

    def draw(self, rng: random.Random) -> Layout:
        layout: Layout = {p: [] for p in self.places}
        free = self.room
        for g, (allowed, cards) in enumerate(self.groups):
            counts, free = self._choose(g, free, rng.randrange(self.ways(g, free)))
            shuffled = list(cards)
            rng.shuffle(shuffled)
            start = 0
            for place, k in zip(allowed, counts):
                layout[self.places[place]] += shuffled[start : start + k]
                start += k
        return {p: sorted(cs, key=lambda c: c.index) for p, cs in layout.items()}


def sample_layouts(knowledge: Knowledge, count: int, rng: random.Random) -> list[Layout]:
    """``count`` layouts of the unseen cards, each drawn uniformly from all that fit."""
    counter = _Counter(knowledge)
    return [counter.draw(rng) for _ in range(count)]


def with_layout(deal: Deal, layout: Layout, true_discard: Sequence[Card] | None = None) -> Deal:
    """A copy of ``deal`` whose unseen cards are placed as in ``layout``: the other hands, the
    widow, the dead hand, the bidder's discard (whose points move with its cards; ``true_discard`` is the
    discard of a position, a record's is found in its history)."""
    other = deal.copy()
    rules = deal.rules
    for place, cards in layout.items():
        if place == WIDOW:
            other.widow = list(cards)
        elif place == DEAD:
            other.dead = tuple(sort_cards(cards))
        elif place == DISCARD:
            old = _true_discard(deal) if true_discard is None else true_discard
            other.points[cast(int, deal.bidder)] += (
                sum(  # a discard: there is a bidderrules.points[c.rank] for c in cards) - sum(
                    rules.points[c.rank] for c in old
                )
            )
        else:
            other.hands[cast(int, place)] = sorted(cards, key=lambda c: c.index)
    return other


def seed_of(data: object) -> int:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return int(hashlib.sha256(text.encode()).hexdigest()[:16], 16)


# -- the bidder's stated rules ---------------------------------------------------------------------
def _keep_order(rules: RuleSet, hand: Sequence[Card]) -> list[Card]:
    """Cards in the order a bidder gives them away: not a king or queen of a pair, fewest points,
    weakest first."""
    mask = mask_of(hand)

    def in_pair(card: Card) -> bool:
        return card.rank in (Rank.KING, Rank.QUEEN) and mask & PAIR_BITS[card.suit] == PAIR_BITS[card.suit]

    return sorted(hand, key=lambda c: (in_pair(c), rules.points[c.rank], rules.strength[c.rank], c.index))


def _by_rule[A: (Discard, Give, Return)](deal: Deal, kind: type[A], size: int) -> A:
    order = _keep_order(deal.rules, deal.hands[cast(int, deal.to_move)])  # a discard or exchange: someone to move
    for combo in itertools.combinations(order, size):  # in order: the first legal set of cheapest cards
        action = kind(tuple(combo))
        if deal.why_illegal(action) is None:
            return action
    raise EstimateError(f"no legal {kind.__name__.lower()} for seat {deal.to_move}")


def discard_by_rule(deal: Deal) -> Discard:
    """The bidder's discard in an estimate: the cards with the fewest points, keeping pairs."""
    return _by_rule(deal, Discard, deal.rules.widow_size)


def return_by_rule(deal: Deal) -> Return:
    """The bidder's return to the partner in an estimate: same rule as the discard."""
    return _by_rule(deal, Return, deal.rules.exchange_size)


# -- evaluating one deal ---------------------------------------------------------------------------
def side_has(deal: Deal, side: int) -> int:
    """Points ``side`` has already: card points taken (the discard included) and the bonuses of
    its declarations."""
    rules = deal.rules
    have = sum(deal.points[s] for s in rules.seats_of(side))
    return have + sum(rules.bonus[d.suit] for d in deal.declarations if rules.side_of(d.seat) == side)


def made(deal: Deal, side: int, step: int, solver_class: type[Solver] | None = None) -> int:
    """What ``side`` ends the deal with, rounded down to a multiple of ``step``: the points it has
    and the most it can still take with every hand known against all the other players."""
    from .solver import Solver

    solver = (solver_class or Solver)(deal, max_side=side)
    have = side_has(deal, side)
    rules = deal.rules
    low, high = have // step, (have + rules.pack_points + sum(rules.bonus)) // step
    while low < high:  # the largest k with have + value >= k * step
        mid = (low + high + 1) // 2
        if solver.at_least(mid * step - have):
            low = mid
        else:
            high = mid - 1
    return low * step


def play_deal(deal: Deal) -> Deal:
    """Bring a deal from after the auction to the start of trick play by the stated rules: the
    bidder discards (or the pair exchanges) by rule and keeps the contract."""
    from ..core.actions import Hold

    deal = deal.copy()
    while deal.phase in ("discard", "give", "return", "raise"):
        if deal.phase == "discard":
            deal.apply(discard_by_rule(deal))
        elif deal.phase == "give":
            deal.apply(_by_rule(deal, Give, deal.rules.exchange_size))
        elif deal.phase == "return":
            deal.apply(return_by_rule(deal))
        else:
            deal.apply(Hold())
    return deal


# -- summaries -------------------------------------------------------------------------------------
def expected_score(made_values: list[int], contract: int) -> float:
    """The bidder's expected deal score at ``contract``: +contract when made, -contract not."""
    return sum(contract if m >= contract else -contract for m in made_values) / len(made_values)


def spread(values: list[int]) -> dict[str, int]:
    """Percentiles (10, 25, 50, 75, 90) and the lowest and highest of sampled values."""
    ordered = sorted(values)
    n = len(ordered)

    def pct(p: int) -> int:
        return ordered[min(n - 1, (p * n) // 100)]

    return {
        "min": ordered[0],
        "p10": pct(10),
        "p25": pct(25),
        "p50": pct(50),
        "p75": pct(75),
        "p90": pct(90),
        "max": ordered[-1],
    }


__all__ = [
    "DISCARD",
    "WIDOW",
    "EstimateError",
    "Knowledge",
    "discard_by_rule",
    "expected_score",
    "knowledge_from_position",
    "knowledge_from_record",
    "made",
    "play_deal",
    "return_by_rule",
    "sample_layouts",
    "seed_of",
    "side_has",
    "spread",
    "with_layout",
]
