"""What one seat can see of a deal, and made-up deals that fit what it saw.

A computer player or a hint must never read another hand. ``observe(deal, seat)`` keeps only
what that seat has seen: its own cards, the bids, the widow once it is shown, its own part of
the widow discard or of the card exchange, every card played, every declaration, question and
answer. ``sample_deals`` then deals the unseen cards at random among the places they can be and
keeps only deals in which every action seen would have been legal, checked by replaying them
through ``Deal`` (so the rules stay in ``play`` and ``deal``):

* a player who did not follow suit, did not trump or did not overtake held no card that would
  have obliged it to (``play.why_card_illegal`` on that card and the one played);
* the king and queen of a declared suit are in the declarer's hand until played (between the
  asker and the partner after a half question);
* an answer "no pair" means the partner held none; a half question shows by its outcome
  whether the partner held the other half;
* the widow cards, once shown, are in the bidder's hand or its discard; the cards a seat gave
  or received in the exchange are where it put them.

Bids are a softer hint: a deal in which a player who bid of its own accord (not the forced
opening) holds a hand that the simple player's estimate puts far below that bid is kept only
now and then.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import cast

from ..core.actions import Action, Answer, AskHalf, Bid, Declare, Play
from ..core.cards import ALL_CARDS, Card, Rank, Suit, format_hand, sort_cards
from ..core.deal import Deal, Declaration, Phase
from ..core.play import IllegalAction, why_card_illegal
from ..core.rules import RuleSet, format_rules
from ..core.story import tell, widow_seen

BID_SLACK = 25  # a voluntary bid this far above the hand's estimate makes the deal unlikely
UNLIKELY_KEPT = 0.2  # how often such a deal is kept anyway
# places an unseen card can be, besides the other seats' hands (0..3)
DISCARD = -1  # the bidder's discard in the solo games, when this seat is not the bidder
WIDOW = -2  # the widow, before the auction ends
DEAD = -3  # the dead hand (house rule dead_hand): never seen, never played


@dataclass(frozen=True)
class Observation:
    """Everything one seat has seen of a deal (and nothing else)."""

    rules: RuleSet
    seat: int
    dealer: int
    match_scores: tuple[int, ...] | None
    phase: str
    to_move: int | None
    hand: tuple[Card, ...]  # own cards now
    sizes: tuple[int, ...]  # how many cards each seat holds now
    auction: tuple[tuple[int, Action], ...]  # (seat, Bid | Pass | Redeal), all public
    bidder: int | None
    bid: int | None
    contract: int | None
    widow: tuple[Card, ...]  # the widow once shown to this seat (``widow_seen``), else ()
    discarded: bool  # has the bidder put its cards away (a public fact)
    discard: tuple[Card, ...]  # the cards put away, if this seat is the bidder
    given: tuple[Card, ...] | None  # exchange: partner to bidder, if this seat took part
    returned: tuple[Card, ...] | None  # exchange: bidder to partner, if this seat took part
    pre_play: tuple[tuple[int, Action | None], ...]  # (seat, action) before trick play; hidden contents are None
    plays: tuple[tuple[int, Action], ...]  # (seat, action) of trick play, in order, all public
    declarations: tuple[Declaration, ...]

    @property
    def side(self) -> int:
        return self.rules.side_of(self.seat)

    @property
    def partner(self) -> int | None:
        return self.rules.partner_of(self.seat)

    def played(self) -> list[Card]:
        return [a.card for _, a in self.plays if isinstance(a, Play)]

    def unseen(self) -> list[Card]:
        """Cards whose place this seat has not seen: in another hand, the widow, a discard or the
        dead hand."""
        seen = set(self.hand) | set(self.played()) | set(self.discard)
        if self.bidder is None:  # a widow shown in a deal without a contract stays where it is
            seen |= set(self.widow)
        return [c for c in ALL_CARDS if c not in seen]


def observe(deal: Deal, seat: int) -> Observation:
    """What ``seat`` has seen of ``deal``."""
    rules = deal.rules
    pre_play: list[tuple[int, Action | None]] = []
    plays: list[tuple[int, Action]] = []
    given: tuple[Card, ...] | None = None
    returned: tuple[Card, ...] | None = None
    discard: tuple[Card, ...] = ()
    discarded = False
    for event in tell(deal):
        if event.action is None:
            continue  # what the rules added (the contract, the widow, a trick): read from the deal
        if event.phase == Phase.PLAY:
            plays.append((cast(int, event.seat), event.action))  # an action has its seat
            continue
        action = event.action if event.visible_to(seat) else None  # its cards unseen: the move alone
        if event.kind == "discard":
            discarded = True
            if action is not None:
                discard = tuple(cast(tuple[Card, ...], event.cards))  # seen: the cards are told
        elif event.kind == "give" and action is not None:
            given = tuple(cast(tuple[Card, ...], event.cards))  # seen: the cards are told
        elif event.kind == "return" and action is not None:
            returned = tuple(cast(tuple[Card, ...], event.cards))  # seen: the cards are told
        pre_play.append((cast(int, event.seat), action))  # an action has its seat
    widow_shown = widow_seen(rules, deal.bidder, seat, deal.phase)
    return Observation(
        rules=rules,
        seat=seat,
        dealer=deal.dealer,
        match_scores=tuple(deal.match_scores) if deal.match_scores is not None else None,
        phase=deal.phase,
        to_move=deal.to_move,
        hand=tuple(deal.hands[seat]),
        sizes=tuple(len(h) for h in deal.hands),
        auction=tuple(deal.auction),
        bidder=deal.bidder,
        bid=deal.bid,
        contract=deal.contract,
        widow=tuple(deal.initial_widow) if widow_shown else (),
        discarded=discarded,
        discard=discard,
        given=given,
        returned=returned,
        pre_play=tuple(pre_play),
        plays=tuple(plays),
        declarations=tuple(deal.declarations),
    )


# -- where the unseen cards can be ---------------------------------------------------------------
def _places(obs: Observation) -> dict[int, int]:
    """The places unseen cards can be now, with how many cards each holds."""
    rules = obs.rules
    places = {s: obs.sizes[s] for s in range(rules.players) if s != obs.seat}
    if rules.widow_size and (obs.phase == "auction" or obs.bidder is None) and not obs.widow:
        places[WIDOW] = rules.widow_size  # before the auction ends, or untaken in a deal without a contract
    if obs.discarded and obs.seat != obs.bidder:
        places[DISCARD] = rules.widow_size
    if rules.dead_hand:
        places[DEAD] = rules.dead_size
    return places


def card_plays(obs: Observation) -> Iterator[tuple[int, Card, list[Card], Suit | None, bool]]:
    """``(seat, card, trick before it, trump, first trick)`` for every card played so far."""
    rules = obs.rules
    trick: list[Card] = []
    tricks = declared = 0
    trump: Suit | None = None
    for mover, action in obs.plays:
        if isinstance(action, Play):
            yield mover, action.card, list(trick), trump, tricks == 0
            trick.append(action.card)
            if len(trick) == rules.players:
                trick, tricks = [], tricks + 1
        elif declared < len(obs.declarations) and _declares(action, obs.declarations[declared]):
            trump = obs.declarations[declared].suit
            declared += 1


def _declares(action: Action, declaration: Declaration) -> bool:
    """Is ``action`` the one that made ``declaration`` (the next public one)?"""
    if isinstance(action, Declare):
        return True
    if isinstance(action, Answer):
        return action.suit is not None
    if isinstance(action, AskHalf):
        return declaration.how == "half" and declaration.suit == action.suit
    return False


def _allowed_places(obs: Observation, unseen: list[Card], places: dict[int, int]) -> dict[Card, list[int]]:
    """For every unseen card, the places it can be in, from the rules and everything seen."""
    rules = obs.rules
    allowed = {c: sorted(places) for c in unseen}

    def only(card: Card, where: Iterable[int | None]) -> None:
        if card in allowed:
            allowed[card] = [p for p in allowed[card] if p in where]

    if DISCARD in places:
        for card in unseen:
            if rules.no_discard_aces_tens and card.rank in (Rank.ACE, Rank.TEN):
                allowed[card].remove(DISCARD)
        for card in obs.widow:  # shown, then taken by the bidder: in its hand or its discard
            only(card, (obs.bidder, DISCARD))
    if obs.bidder is not None and rules.partnership:
        partner = rules.partner_of(obs.bidder)
        if obs.seat == obs.bidder:
            for card in obs.returned or ():
                only(card, (partner,))
        elif obs.seat == partner:
            for card in obs.given or ():
                only(card, (obs.bidder,))
    for d in obs.declarations:
        holders = (d.seat,) if d.how != "half" else (d.seat, rules.partner_of(d.seat))
        for card in (Card(d.suit, Rank.KING), Card(d.suit, Rank.QUEEN)):
            only(card, holders)
    # voids, and the cards that would have had to be played instead of the one played
    for mover, card, trick, trump, first in card_plays(obs):
        if mover == obs.seat:
            continue
        for other in unseen:
            if mover in allowed[other] and why_card_illegal(rules, [card, other], trick, trump, first, card):
                allowed[other].remove(mover)
    return allowed


def _assign(
    cards: list[Card], allowed: dict[Card, list[int]], places: dict[int, int], rng: random.Random
) -> dict[int, list[Card]] | None:
    """Deal ``cards`` into ``places`` (place -> how many), each card to one of its allowed
    places, at random (the most constrained cards first, each to a place chosen in proportion
    to its free room). None when there is no way."""
    for _ in range(24):
        room = dict(places)
        out: dict[int, list[Card]] = {p: [] for p in places}
        for card in sorted(cards, key=lambda c: (len(allowed[c]), rng.random())):
            choices = [p for p in allowed[card] if room[p] > 0]
            if not choices:
                break
            pick = rng.random() * sum(room[p] for p in choices)
            for place in choices:
                pick -= room[place]
                if pick < 0:
                    break
            out[place].append(card)
            room[place] -= 1
        else:
            return out
    return _match(cards, allowed, places, rng)


def _match(
    cards: list[Card], allowed: dict[Card, list[int]], places: dict[int, int], rng: random.Random
) -> dict[int, list[Card]] | None:
    """Any assignment at all (augmenting paths over the free slots, in a random order)."""
    slots = [p for p in sorted(places) for _ in range(places[p])]
    rng.shuffle(slots)
    owner: dict[int, Card] = {}

    def seat(card: Card, tried: set[int]) -> bool:
        for i, slot in enumerate(slots):
            if slot in allowed[card] and i not in tried:
                tried.add(i)
                if i not in owner or seat(owner[i], tried):
                    owner[i] = card
                    return True
        return False

    order = list(cards)
    rng.shuffle(order)
    if not all(seat(card, set()) for card in order):
        return None
    out: dict[int, list[Card]] = {p: [] for p in places}
    for i, card in owner.items():
        out[slots[i]].append(card)
    return out


def sample_deals(
    obs: Observation, rng: random.Random, count: int, tries: int | None = None, deadline: float | None = None
) -> list[Deal]:
    """Up to ``count`` complete deals at the moment of ``obs`` that agree with everything seen.

    Each is a ``Deal`` in the same phase, with this seat's cards as they are and the unseen
    cards dealt at random among the places they can be; deals in which an action seen would
    have been illegal are thrown away. Deals that fit the bids badly are kept only now and then
    (and fill up the count at the end if too few others were found). Past ``deadline`` (a
    ``time.perf_counter()`` reading) it stops as soon as it has one deal.
    """
    import time

    tries = tries if tries is not None else count * 6
    unseen = obs.unseen()
    places = _places(obs)
    allowed = _allowed_places(obs, unseen, places)
    kept: list[Deal] = []
    unlikely: list[Deal] = []
    for _ in range(tries):
        if len(kept) >= count or (deadline is not None and (kept or unlikely) and time.perf_counter() >= deadline):
            break
        layout = _assign(unseen, allowed, places, rng)
        if layout is None:
            break
        deal = _rebuild(obs, layout)
        if deal is None:
            continue
        if not _bids_fit(obs, deal) and rng.random() >= UNLIKELY_KEPT:
            unlikely.append(deal)
            continue
        kept.append(deal)
    return kept + unlikely[: count - len(kept)]


def _bids_fit(obs: Observation, deal: Deal) -> bool:
    """Does every other player who bid of its own accord hold a hand that could bid so high?"""
    from .hand_value import hand_estimate

    rules = obs.rules
    highest: dict[int, int] = {}
    for i, (mover, action) in enumerate(obs.auction):
        if isinstance(action, Bid) and mover != obs.seat:
            if not (rules.forced_opening and i == 0 and action.amount == rules.min_bid):
                highest[mover] = max(highest.get(mover, 0), action.amount)
    return all(hand_estimate(rules, deal.initial_hands[m]) >= amount - BID_SLACK for m, amount in highest.items())


def _rebuild(obs: Observation, layout: dict[int, list[Card]]) -> Deal | None:
    """The deal at the moment of ``obs`` with the unseen cards placed as in ``layout``; None if
    an action seen would have been illegal in it."""
    rules = obs.rules
    hands = [list(layout.get(s, ())) for s in range(rules.players)]
    hands[obs.seat] = list(obs.hand)
    if obs.phase in ("play", "done"):
        return _rebuild_play(obs, hands, layout.get(DISCARD, list(obs.discard)), layout.get(DEAD, []))
    # Before trick play the seat to act knows every card moved so far: undo the moves.
    initial = hands
    bidder = obs.bidder
    if bidder is not None and rules.widow_size:
        initial[bidder] = [c for c in initial[bidder] + list(obs.discard) if c not in obs.widow]
    if obs.given is not None:  # an exchange: the pairs game, after the auction
        bidder = cast(int, bidder)
        partner = cast(int, rules.partner_of(bidder))
        returned = list(obs.returned or ())
        initial[bidder] = [c for c in initial[bidder] + returned if c not in obs.given]
        initial[partner] = [c for c in initial[partner] if c not in returned] + list(obs.given)
    deal = Deal(
        rules, initial, layout.get(WIDOW, list(obs.widow)), obs.dealer, obs.match_scores, dead=layout.get(DEAD, ())
    )
    try:
        for _, action in obs.pre_play:
            if action is None:
                raise ValueError("only the seat that made a hidden move can rebuild the deal before trick play")
            deal.apply(action)
    except IllegalAction:
        return None
    if deal.phase != obs.phase:
        return None  # a demand for a redeal that failed would have held in this deal
    return deal


def _rebuild_play(obs: Observation, hands: list[list[Card]], discard: list[Card], dead: list[Card]) -> Deal | None:
    """Trick play from its start (each hand then: its cards now and the cards it played),
    replayed to now through ``Deal``; the deal's ``history`` holds the trick play only."""
    from ..core.notation import parse_position

    rules = obs.rules
    start = [list(h) for h in hands]
    for mover, action in obs.plays:
        if isinstance(action, Play):
            start[mover].append(action.card)
    leader = obs.plays[0][0] if obs.plays else first_leader(obs)
    fields = [
        f"rules:{format_rules(rules)}",
        "hands:" + ",".join(format_hand(sort_cards(h)) for h in start),
        f"lead:{leader}",
    ]
    if rules.dead_hand:
        fields.append("dead:" + format_hand(sort_cards(dead)))
    if obs.bidder is not None:
        fields += [f"bidder:{obs.bidder}", f"bid:{obs.bid}", f"contract:{obs.contract}"]
        kept = sum(rules.points[c.rank] for c in discard)
        if kept:
            fields.append("points:" + ",".join(str(kept if s == obs.bidder else 0) for s in range(rules.players)))
    deal = parse_position("/".join(fields))
    deal.dealer = obs.dealer
    deal.auction = list(obs.auction)  # (its history holds only the trick play)
    deal.match_scores = list(obs.match_scores) if obs.match_scores is not None else None
    if obs.bidder is not None and rules.widow_size:
        deal.piles[obs.bidder] = list(discard)
    try:
        for _, action in obs.plays:
            deal.apply(action)
    except IllegalAction:
        return None
    if tuple(deal.declarations) != obs.declarations:
        return None
    return deal


def first_leader(obs: Observation) -> int:
    """Who leads the first trick: the bidder, or without a contract the dealer's left."""
    if obs.bidder is not None:
        return obs.bidder
    return (obs.dealer + 1) % obs.rules.players
