"""What a puzzle shows, in the pieces several kinds share: where each seat sits as seen by the
player to move, the table (``table_view``), what happened in a record as one seat saw it
(``record_log``), the cards out of play that seat has seen, and the points it can see taken."""

from __future__ import annotations

from ..core.actions import (
    Play,
)
from ..core.cards import ALL_CARDS
from ..core.rules import PRESET_INFO
from ..core.seats import seat_places
from ..core.story import AUCTION_KINDS, CALL_KINDS, tell
from .base import PuzzleError, is_record
from .reading import hidden_discard, spec_discard


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
    partner questions made before it (``core.story``)."""
    log = {"dealer": deal.dealer, "auction": [], "widow": [], "discard": None, "exchange": [], "raise": None}
    log["tricks"] = tricks = []
    calls: list[dict] = []
    for event in tell(deal):
        kind = event.kind
        cards = [str(c) for c in event.cards] if event.cards is not None else None
        shown = reveal or event.visible_to(seat)
        if kind in AUCTION_KINDS:
            log["auction"].append({"seat": event.seat, "bid": str(event.action)})
        elif kind == "widow" and event.seat is not None:  # the contract's widow (not one left untaken)
            log["widow"] = cards if shown else []
        elif kind == "discard":
            log["discard"] = {"seat": event.seat, "cards": cards if shown else None, "count": event.count}
        elif kind in ("give", "return"):
            log["exchange"].append({"seat": event.seat, "cards": cards if shown else None, "count": event.count})
        elif kind in ("raise", "hold"):
            log["raise"] = {"seat": event.seat, "contract": event.amount if kind == "raise" else None}
        elif kind in CALL_KINDS:
            calls.append({"seat": event.seat, "action": str(event.action)})
        elif kind == "play":
            if not event.trick:
                tricks.append({"leader": event.seat, "cards": [], "calls": calls, "winner": None, "points": 0})
                calls = []
            tricks[-1]["cards"].append({"seat": event.seat, "card": str(event.card)})
        elif kind == "trick":
            tricks[-1]["winner"], tricks[-1]["points"] = event.seat, event.points
    return log


def you_seat(spec, deal) -> int:
    """The seat a whole-deal puzzle is seen from: ``seat``, else the first seat of ``side``."""
    seat = spec.get("seat")
    if seat is None:
        side = spec.get("side", 0)
        return next(iter(deal.rules.seats_of(side)), 0)
    if not isinstance(seat, int) or not 0 <= seat < deal.rules.players:
        raise PuzzleError(f"seat: must be 0 to {deal.rules.players - 1}")
    return seat


def played_cards(deal, spec) -> list[str]:
    """The cards out of play that the player to move has seen: a record's tricks, or in a
    position every card in no hand and not on the table (a hidden ``discard`` and the dead hand,
    house rule ``dead_hand``, left out: nobody has seen them)."""
    if is_record(spec["position"]):
        return [str(a.card) for _, a in deal.history if isinstance(a, Play) and a.card not in deal.trick]
    hidden = set(spec_discard(spec, deal)) | set(deal.dead)
    in_play = {c for h in deal.hands for c in h} | set(deal.trick)
    return [str(c) for c in ALL_CARDS if c not in in_play and c not in hidden]


def seen_points(view: dict, deal, spec) -> None:
    """Points taken as the player to move sees them: the bidder's without a discard it has not
    seen (at a table nobody counts the face-down cards), in a view of hidden cards."""
    hidden = hidden_discard(spec, deal)
    if hidden:
        view["seats"][deal.bidder]["points"] -= sum(deal.rules.points[c.rank] for c in hidden)
